import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../notifier';
import { loadTestRuntimeConfig } from '../testing/runtime-config-fixture';
import { signPage, WECHAT_ENTRY_TIMEOUT_MS } from './wechat-share';

const signature = { appId: 'wx1', timestamp: 1414587457, nonceStr: 'n', signature: 's' };

describe('§9 the WeChat entry has no HTTP timeout', () => {
  const toasts: string[] = [];
  beforeEach(() => {
    loadTestRuntimeConfig();
    setNotifier({ error: (message) => toasts.push(message) });
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    toasts.length = 0;
  });

  it('waits for a slow CreateWebWeChat answer past the usual 30000 ms', async () => {
    expect(WECHAT_ENTRY_TIMEOUT_MS).toBe(0);
    // The edge: the network answers after two minutes.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: unknown, init?: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
            setTimeout(
              () =>
                resolve(new Response(JSON.stringify({ ErrCode: 0, ErrMsg: '', Data: signature }))),
              120_000,
            );
          }),
      ),
    );
    const pending = signPage('https://www.example.com/views/home');
    await vi.advanceTimersByTimeAsync(120_000);
    await expect(pending).resolves.toEqual(signature);
    expect(toasts).toEqual([]);
  });
});
