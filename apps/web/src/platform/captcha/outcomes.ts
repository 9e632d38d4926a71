/** §8: what a captcha script that failed to load shows. */
export const CAPTCHA_LOAD_FAILED_MESSAGE = '动态加载文件失败！';

/**
 * §5: the outcomes a captcha can end in besides success. §5's "too fast" belonged to the dragged
 * slider it replaced: a proof of work cannot be too fast.
 */
export type CaptchaOutcome = 'Timeout' | 'NetworkError' | 'Failed';

/** §5: the local check's words for each outcome; each is shown with a retry and a feedback link. */
export const CAPTCHA_OUTCOME_MESSAGES: Record<CaptchaOutcome, string> = {
  Timeout: '验证等待太久已超时，请点击“再来一次”',
  NetworkError: '网络实在不给力，验证没有完成，请检查网络后点击“再来一次”',
  Failed: '安全验证未通过，请点击“再来一次”',
};

export const CAPTCHA_RETRY_TEXT = '再来一次';
export const CAPTCHA_FEEDBACK_TEXT = '反馈问题';
