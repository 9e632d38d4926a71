/** §8: what a captcha script that failed to load shows. */
export const CAPTCHA_LOAD_FAILED_MESSAGE = '动态加载文件失败！';

/** §5: the outcomes a captcha can end in besides success. */
export type CaptchaOutcome = 'TooFast' | 'Timeout' | 'NetworkError' | 'Failed';

/** §5: the local slider's words for each outcome; each is shown with a retry and a feedback link. */
export const SLIDE_OUTCOME_MESSAGES: Record<CaptchaOutcome, string> = {
  TooFast: '您滑得太快啦，请慢一点再试',
  Timeout: '我等得太久啦，验证已超时',
  NetworkError: '网络实在不给力，验证没有完成',
  Failed: '验证未通过，请把方块拖到虚线缺口处',
};

export const CAPTCHA_RETRY_TEXT = '再来一次';
export const CAPTCHA_FEEDBACK_TEXT = '反馈问题';
