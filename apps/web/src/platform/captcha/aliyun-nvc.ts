import { CAPTCHA_SCENE } from '@portal/contracts';
import { CAPTCHA_FEEDBACK_TEXT, CAPTCHA_LOAD_FAILED_MESSAGE, CAPTCHA_RETRY_TEXT } from './outcomes';

/**
 * §7: Aliyun NVC's three scripts for H5 (its documented addresses): the verification guide, the
 * smart captcha and the quiz (scratch-card) captcha. Overridable for a mirror.
 */
export const ALIYUN_NVC_SCRIPTS = {
  guide: 'https://g.alicdn.com/sd/nvc/1.1.112/guide.js',
  smartCaptcha: 'https://g.alicdn.com/sd/smartCaptcha/0.0.4/index.js',
  quizCaptcha: 'https://g.alicdn.com/sd/quizCaptcha/0.0.1/index.js',
} as const;
export type AliyunNvcScripts = Record<keyof typeof ALIYUN_NVC_SCRIPTS, string>;

/** Aliyun's own feedback form for its captcha (%TOKEN is filled by the script). */
export const ALIYUN_FEEDBACK_URL = 'https://survey.taobao.com/survey/QgzQDdDd?token=%TOKEN';
/** The scratch card's own retry action. */
const ALIYUN_RETRY_HREF = 'javascript:noCaptcha.reset()';

/** A script that did not load; its message is the one §8 gives. */
export class CaptchaLoadError extends Error {
  override readonly name = 'CaptchaLoadError';
  constructor(readonly src: string) {
    super(CAPTCHA_LOAD_FAILED_MESSAGE);
  }
}

const loaded = new Map<string, Promise<void>>();

/** Adds one <script>; a failed load is forgotten so a retry tries again. */
export function loadScript(src: string): Promise<void> {
  const known = loaded.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = false;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loaded.delete(src);
      reject(new CaptchaLoadError(src));
    };
    document.head.appendChild(script);
  });
  loaded.set(src, promise);
  return promise;
}

/** §7 §8: loads the three scripts in order; any failure rejects with '动态加载文件失败！'. */
export async function loadAliyunNvc(
  scripts: AliyunNvcScripts = ALIYUN_NVC_SCRIPTS,
  load: (src: string) => Promise<void> = loadScript,
): Promise<void> {
  for (const src of [scripts.guide, scripts.smartCaptcha, scripts.quizCaptcha]) {
    try {
      await load(src);
    } catch {
      throw new CaptchaLoadError(src);
    }
  }
}

/** One of Aliyun's outcome texts: [message, retry href, retry text, '或', feedback href, feedback text]. */
type AliyunOutcomeText = [string, string, string, string, string, string];
const outcome = (message: string, feedbackUrl: string): AliyunOutcomeText => [
  `${message}<br/>请`,
  ALIYUN_RETRY_HREF,
  CAPTCHA_RETRY_TEXT,
  '或',
  feedbackUrl,
  CAPTCHA_FEEDBACK_TEXT,
];

export interface AliyunNvcOptions {
  appkey: string;
  scene: typeof CAPTCHA_SCENE;
  isH5: true;
  popUp: false;
  renderTo: string;
  nvcCallback: (value: string) => void;
  language: 'cn';
  upLang: {
    cn: {
      _ggk_guide: string;
      _ggk_success: string;
      _ggk_loading: string;
      _ggk_fail: AliyunOutcomeText;
      _ggk_action_timeout: AliyunOutcomeText;
      _ggk_net_err: AliyunOutcomeText;
      _ggk_too_fast: AliyunOutcomeText;
    };
  };
}

/**
 * §5 window.NVC_Opt: the configured app key, scene ic_message_h5, and the scratch card's four
 * outcomes (failure, timeout, network error, too fast), each with a retry and a feedback link.
 */
export function aliyunNvcOptions(input: {
  appkey: string;
  renderTo: string;
  onValue: (value: string) => void;
  feedbackUrl?: string;
}): AliyunNvcOptions {
  const feedback = input.feedbackUrl ?? ALIYUN_FEEDBACK_URL;
  return {
    appkey: input.appkey,
    scene: CAPTCHA_SCENE,
    isH5: true,
    popUp: false,
    renderTo: input.renderTo,
    nvcCallback: input.onValue,
    language: 'cn',
    upLang: {
      cn: {
        _ggk_guide: '请在屏幕上滑动，刮出两面盾牌',
        _ggk_success: '恭喜您成功刮出盾牌<br/>继续下一步操作吧',
        _ggk_loading: '加载中',
        _ggk_fail: outcome('呀，盾牌不见了', feedback),
        _ggk_action_timeout: outcome('我等得太久啦', feedback),
        _ggk_net_err: outcome('网络实在不给力', feedback),
        _ggk_too_fast: outcome('您刮得太快啦', feedback),
      },
    },
  };
}

/** What Aliyun's scripts define on window. */
export interface AliyunNvcGlobals {
  NVC_Opt?: AliyunNvcOptions;
  /** The silent check's value for the first send. */
  getNVCValAsync?: (callback: (value: string) => void) => void;
  /** Wakes the scratch card when the server asked for a second check. */
  getSC?: () => Promise<void> | void;
  getNC?: () => Promise<void> | void;
}
