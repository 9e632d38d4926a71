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
import { CAPTCHA_LOAD_FAILED_MESSAGE, SLIDE_OUTCOME_MESSAGES } from './outcomes';

const CHALLENGE = {
  ChallengeId: 'c1',
  TrackWidth: 300,
  PieceWidth: 44,
  Image: 'data:image/png;base64,iVBORw0KGgo=',
  ImageHeight: 150,
  Piece: 'data:image/png;base64,iVBORw0KGgo=',
  PieceY: 40,
  ExpiresInSeconds: 60,
};

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

/** Drags in steps, as a person does, then lets go (Enter). */
async function slideTo(x: number) {
  const slider = await screen.findByRole('slider', { name: /安全验证/ });
  for (const step of [1, 2, 3, 4, 5]) {
    fireEvent.change(slider, { target: { value: String(Math.round((x * step) / 5)) } });
  }
  fireEvent.keyDown(slider, { key: 'Enter' });
}

describe('§5 local slide-to-verify (no NVC app key)', () => {
  it('sends the released position and the sampled trail for the scene and yields the CaptchaToken', async () => {
    const sent = serve(() => ok({ CaptchaToken: 'token-1' }));
    const onVerified = vi.fn();
    render(<Captcha onVerified={onVerified} />);
    await slideTo(120);
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith('token-1'));
    const check = sent.find((s) => s.path.endsWith('/Captcha/Check'))?.body as {
      ChallengeId: string;
      Scene: string;
      X: number;
      Trail: { X: number; T: number }[];
    };
    expect(check).toMatchObject({ ChallengeId: 'c1', Scene: CAPTCHA_SCENE, X: 120 });
    // The trail starts where the piece was.
    expect(check.Trail.map((p) => p.X)).toEqual([0, 24, 48, 72, 96, 120]);
    expect(await screen.findByText('验证通过')).toBeTruthy();
  });

  it('shows the picture with the gap and the piece, which follows the slider', async () => {
    serve(() => ok({ CaptchaToken: 't' }));
    const { container } = render(<Captcha onVerified={() => undefined} />);
    const slider = await screen.findByRole('slider', { name: /安全验证/ });
    const image = container.querySelector<HTMLImageElement>('.captcha__image');
    const piece = container.querySelector<HTMLImageElement>('.captcha__piece');
    expect(image?.getAttribute('src')).toBe(CHALLENGE.Image);
    expect(piece?.getAttribute('src')).toBe(CHALLENGE.Piece);
    expect(piece?.style.top).toBe(`${(40 * 100) / 150}%`);
    fireEvent.change(slider, { target: { value: '150' } });
    expect(piece?.style.left).toBe('50%');
  });

  it('the slider is a labelled range reachable by keyboard (arrow keys move it, Enter releases)', async () => {
    serve(() => ok({ CaptchaToken: 't' }));
    render(<Captcha onVerified={() => undefined} />);
    const slider = await screen.findByRole('slider', { name: /方向键移动后按回车/ });
    expect(slider.getAttribute('type')).toBe('range');
    expect(slider.getAttribute('max')).toBe('256');
    await waitFor(() => expect(document.activeElement).toBe(slider));
  });

  const refusal = (outcome: string) => () =>
    json(400, {
      ErrCode: 400,
      ErrMsg: '验证未通过',
      Data: { FieldErrors: { Captcha: outcome } },
    });
  const cases = [
    ['TooFast', refusal('TooFast')],
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
      await slideTo(200);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(SLIDE_OUTCOME_MESSAGES[outcome]);
      const feedback = screen.getByRole('link', { name: '反馈问题' });
      await waitFor(() => expect(feedback.getAttribute('href')).toBe('tel:400-000-0000'));
      expect(onVerified).not.toHaveBeenCalled();
      expect(toasts).toEqual([]);
      // Retry fetches a fresh challenge and shows the slider again.
      const before = sent.filter((s) => s.path.endsWith('/Captcha/GetChallenge')).length;
      fireEvent.click(screen.getByRole('button', { name: '再来一次' }));
      await screen.findByRole('slider');
      expect(sent.filter((s) => s.path.endsWith('/Captcha/GetChallenge')).length).toBe(before + 1);
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
