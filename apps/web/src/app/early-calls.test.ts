import {
  EARLY_ANSWERS_GLOBAL,
  EARLY_CALLS_ELEMENT_ID,
  type EarlyCalls,
  firstAnswerKey,
  getUser,
  OIDC_USER_PREFIX,
  withdrawApply,
} from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint, runtimeConfig, useSessionStore } from '../platform';
import { serviceEndpointOf } from '../platform/runtime-config';
import { PREVIEW_LOGIN_NAME } from '../platform/storage-keys';
import { loadTestRuntimeConfig } from '../platform/testing/runtime-config-fixture';
import { PROFILE as profile } from './testing/app-harness';

const envelope = (data: unknown) => JSON.stringify({ ErrCode: 0, ErrMsg: '', Data: data });

// The edge: the network. The early script and the HTTP client between are the real code.
const fetchMock = vi.fn<typeof fetch>();
const userKey = firstAnswerKey(getUser, new URLSearchParams());

/** A host page naming GetUser, a stored sign-in, and early-calls.ts evaluated on it. */
async function openSignedInPage({ expiresIn = 3600, stored = true } = {}) {
  const config = runtimeConfig();
  const storageKey = `${OIDC_USER_PREFIX}${config.WebSite.UserClient.ClientID}`;
  const now = Math.floor(Date.now() / 1000);
  localStorage.clear();
  if (stored)
    localStorage.setItem(
      storageKey,
      JSON.stringify({ access_token: 'tok1', token_type: 'Bearer', expires_at: now + expiresIn }),
    );
  const island: EarlyCalls = {
    storageKey,
    calls: [
      {
        key: userKey,
        url: `${serviceEndpointOf(config, getUser.service)}${getUser.path}`,
      },
    ],
  };
  document.body.innerHTML = `<script type="application/json" id="${EARLY_CALLS_ELEMENT_ID}">${JSON.stringify(island)}</script>`;
  vi.resetModules();
  await import('./early-calls');
}

beforeEach(() => {
  loadTestRuntimeConfig();
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.getState().resetSession();
  localStorage.clear();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  delete (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL];
  document.body.innerHTML = '';
});

describe("a signed-in screen's first calls, sent before the app (early-calls.ts)", () => {
  it('names the same island and global as @portal/contracts', async () => {
    const early = await import('./early-calls');
    expect(early.EARLY_CALLS_ID).toBe(EARLY_CALLS_ELEMENT_ID);
    expect(early.EARLY_ANSWERS_KEY).toBe(EARLY_ANSWERS_GLOBAL);
    expect(early.PREVIEW_LOGIN_NAME_KEY).toBe(PREVIEW_LOGIN_NAME);
  });

  it('sends them with the stored token; the app takes the answer once, then asks', async () => {
    fetchMock.mockResolvedValueOnce(new Response(envelope({ ...profile, Name: '早到' })));
    await openSignedInPage();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/OpenService\/v1\/User\/GetUser$/);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok1');

    useSessionStore.getState().setToken('tok1', 'Bearer');
    expect((await callEndpoint(getUser, {})).Name).toBe('早到');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(new Response(envelope(profile)));
    expect((await callEndpoint(getUser, {})).Name).toBe('张三');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("another token's call, or one after a failed early call, asks the server", async () => {
    fetchMock.mockResolvedValueOnce(new Response(envelope({ ...profile, Name: '早到' })));
    await openSignedInPage();
    useSessionStore.getState().setToken('tok2', 'Bearer');
    fetchMock.mockResolvedValueOnce(new Response(envelope(profile)));
    expect((await callEndpoint(getUser, {})).Name).toBe('张三');
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await openSignedInPage();
    useSessionStore.getState().setToken('tok1', 'Bearer');
    fetchMock.mockResolvedValueOnce(new Response(envelope(profile)));
    expect((await callEndpoint(getUser, {})).Name).toBe('张三');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('sends nothing without a valid stored sign-in, or in the reviewer’s preview', async () => {
    await openSignedInPage({ expiresIn: -60 });
    await openSignedInPage({ stored: false });
    sessionStorage.setItem(PREVIEW_LOGIN_NAME, 'reviewer');
    await openSignedInPage();
    sessionStorage.clear();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a write drops the answers not yet taken: the next read asks the server', async () => {
    fetchMock.mockResolvedValueOnce(new Response(envelope({ ...profile, Name: '早到' })));
    await openSignedInPage();
    useSessionStore.getState().setToken('tok1', 'Bearer');
    fetchMock.mockResolvedValueOnce(new Response(envelope({ ApplyId: 1 })));
    await callEndpoint(withdrawApply, { ApplyId: 1 }).catch(() => undefined);
    fetchMock.mockResolvedValueOnce(new Response(envelope(profile)));
    expect((await callEndpoint(getUser, {})).Name).toBe('张三');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('a call given up while its early answer is on its way is given up, not settled', async () => {
    let arrive: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    await openSignedInPage();
    useSessionStore.getState().setToken('tok1', 'Bearer');
    const controller = new AbortController();
    const call = callEndpoint(getUser, {}, { signal: controller.signal });
    controller.abort(new DOMException('left the page', 'AbortError'));
    arrive(new Response(envelope(profile), { status: 500 }));
    await expect(call).rejects.toThrow('left the page');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
