import { CAPTCHA_SCENE } from '@portal/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RUNTIME_CONFIG_GLOBAL } from '@portal/contracts';
import { loadRuntimeConfig } from '../runtime-config';
import { setNotifier } from '../notifier';
import { loadTestRuntimeConfig, testRuntimeConfig } from '../testing/runtime-config-fixture';
import {
  ALIYUN_NVC_SCRIPTS,
  aliyunNvcOptions,
  CaptchaLoadError,
  loadAliyunNvc,
} from './aliyun-nvc';
import { Captcha } from './captcha';
import { CAPTCHA_LOAD_FAILED_MESSAGE, CAPTCHA_OUTCOME_MESSAGES } from './outcomes';
import { testChallenge } from '../testing/captcha-fixture';

const CHALLENGE = await testChallenge();

type Handler = (url: URL, body: unknown) => Response;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const ok = (Data: unknown) => json(200, { ErrCode: 0, ErrMsg: '', Data });

function serve(check: Handler) {
  const sent: { path: string; body: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input));
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    sent.push({ path: url.pathname, body });
    if (url.pathname.endsWith('/Captcha/GetChallenge')) return ok(CHALLENGE);
    if (url.pathname.endsWith('/Captcha/Check')) return check(url, body);
    if (url.pathname.endsWith('/PageConfig/GetPageConfig'))
      return ok({
        IsNotFound: false,
        TenantId: 1,
        TenantName: '示例',
        LogoUrl: '',
        ServicePhone: '400-000-0000',
      });
    return json(404, { ErrCode: 404, ErrMsg: 'not found', Data: null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

const toasts: string[] = [];
beforeEach(() => {
  loadTestRuntimeConfig();
  setNotifier({ error: (m) => toasts.push(m) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toasts.length = 0;
});

describe('§5 the local proof of work (no NVC app key)', () => {
  it('does the work by itself, sends the solution for the number and yields the CaptchaToken', async () => {
    const sent = serve(() => ok({ CaptchaToken: 'token-1' }));
    const onVerified = vi.fn();
    render(<Captcha onVerified={onVerified} mobile="13800138000" />);
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith('token-1'));
    const asked = sent.find((s) => s.path.endsWith('/Captcha/GetChallenge'));
    expect(asked?.path).toBeTruthy();
    const check = sent.find((s) => s.path.endsWith('/Captcha/Check'))?.body;
    expect(check).toMatchObject({
      Scene: CAPTCHA_SCENE,
      Challenge: CHALLENGE.Challenge,
      Solution: { counter: 3, derivedKey: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(await screen.findByText('安全验证已通过')).toBeTruthy();
  });

  it('asks the challenge for the number the codes go to', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        asked.push(String(input));
        return ok(CHALLENGE);
      }),
    );
    render(<Captcha onVerified={() => undefined} mobile="13800138000" />);
    await waitFor(() => expect(asked.some((url) => url.includes('Mobile=13800138000'))).toBe(true));
    await screen.findByRole('alert');
  });

  it('has nothing to see or drag: a status line says what is happening, for screen readers too', async () => {
    serve(() => ok({ CaptchaToken: 't' }));
    const { container } = render(<Captcha onVerified={() => undefined} />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('正在进行安全验证，请稍候…');
    expect(container.querySelector('img, canvas, input[type="range"]')).toBeNull();
    await screen.findByText('安全验证已通过');
  });

  const refusal = (outcome: string) => () =>
    json(400, {
      ErrCode: 400,
      ErrMsg: '安全验证未通过',
      Data: { FieldErrors: { Captcha: outcome } },
    });
  const cases = [
    ['Timeout', refusal('Timeout')],
    ['Failed', refusal('Failed')],
    [
      'NetworkError',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ] as const;

  for (const [outcome, answer] of cases) {
    it(`outcome ${outcome} shows its message, a retry and a feedback link, and no toast`, async () => {
      const sent = serve(answer as Handler);
      const onVerified = vi.fn();
      render(<Captcha onVerified={onVerified} />);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(CAPTCHA_OUTCOME_MESSAGES[outcome]);
      const feedback = screen.getByRole('link', { name: '反馈问题' });
      await waitFor(() => expect(feedback.getAttribute('href')).toBe('tel:400-000-0000'));
      expect(onVerified).not.toHaveBeenCalled();
      expect(toasts).toEqual([]);
      // Retry fetches a fresh challenge and works again.
      const before = sent.filter((s) => s.path.endsWith('/Captcha/GetChallenge')).length;
      fireEvent.click(screen.getByRole('button', { name: '再来一次' }));
      await waitFor(() =>
        expect(sent.filter((s) => s.path.endsWith('/Captcha/GetChallenge')).length).toBe(
          before + 1,
        ),
      );
      expect(await screen.findByRole('alert')).toBeTruthy();
    });
  }
});

describe('§5 §7 §8 Aliyun NVC (an app key is configured)', () => {
  it('loads its three scripts, in order: verification guide, smart captcha, quiz captcha', async () => {
    const load = vi.fn(async (_src: string) => undefined);
    await loadAliyunNvc(ALIYUN_NVC_SCRIPTS, load);
    expect(load.mock.calls.flat()).toEqual([
      ALIYUN_NVC_SCRIPTS.guide,
      ALIYUN_NVC_SCRIPTS.smartCaptcha,
      ALIYUN_NVC_SCRIPTS.quizCaptcha,
    ]);
  });

  for (const failing of ['guide', 'smartCaptcha', 'quizCaptcha'] as const) {
    it(`a ${failing} script that fails to load rejects with '动态加载文件失败！'`, async () => {
      const load = async (src: string) => {
        if (src === ALIYUN_NVC_SCRIPTS[failing]) throw new Error('404');
      };
      const error = await loadAliyunNvc(ALIYUN_NVC_SCRIPTS, load).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CaptchaLoadError);
      expect((error as Error).message).toBe('动态加载文件失败！');
    });
  }

  it("shows exactly '动态加载文件失败！' on the page when a script does not load", async () => {
    const config = testRuntimeConfig();
    config.Aliyun.NVC.Appkey = 'FFFF0N000000000085DE';
    loadRuntimeConfig({ [RUNTIME_CONFIG_GLOBAL]: config });
    serve(() => ok({}));
    // happy-dom does not fetch scripts: fail each one as a blocked network would.
    const append = vi
      .spyOn(document.head, 'appendChild')
      .mockImplementation(<T extends Node>(node: T): T => {
        if (node instanceof HTMLScriptElement)
          queueMicrotask(() => node.onerror?.(new Event('error')));
        return node;
      });
    render(<Captcha onVerified={() => undefined} />);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('.captcha__message')?.textContent).toBe(CAPTCHA_LOAD_FAILED_MESSAGE);
    expect(CAPTCHA_LOAD_FAILED_MESSAGE).toBe('动态加载文件失败！');
    expect(screen.getByRole('button', { name: '再来一次' })).toBeTruthy();
    append.mockRestore();
  });

  it('configures NVC with the app key and scene ic_message_h5, and hands the value on', async () => {
    const onValue = vi.fn();
    const options = aliyunNvcOptions({ appkey: 'KEY', renderTo: '#nvc', onValue });
    expect(options).toMatchObject({ appkey: 'KEY', scene: 'ic_message_h5', renderTo: '#nvc' });
    act(() => options.nvcCallback('nvc-value'));
    expect(onValue).toHaveBeenCalledWith('nvc-value');
  });

  it('each outcome (too fast, timeout, network error, failure) has its message, a retry and a feedback link', () => {
    const { cn } = aliyunNvcOptions({ appkey: 'KEY', renderTo: '#nvc', onValue: () => {} }).upLang;
    const outcomes = {
      tooFast: cn._ggk_too_fast,
      timeout: cn._ggk_action_timeout,
      network: cn._ggk_net_err,
      failure: cn._ggk_fail,
    };
    expect(Object.values(outcomes).map((text) => text[0])).toEqual([
      '您刮得太快啦<br/>请',
      '我等得太久啦<br/>请',
      '网络实在不给力<br/>请',
      '呀，盾牌不见了<br/>请',
    ]);
    for (const [, retryHref, retryText, , feedbackHref, feedbackText] of Object.values(outcomes)) {
      expect([retryHref, retryText]).toEqual(['javascript:noCaptcha.reset()', '再来一次']);
      expect(feedbackHref).toMatch(/^https:\/\//);
      expect(feedbackText).toBe('反馈问题');
    }
  });
});
