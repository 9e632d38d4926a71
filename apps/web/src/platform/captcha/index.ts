export { Captcha, type CaptchaProps } from './captcha';
export { CAPTCHA_LOAD_FAILED_MESSAGE, type CaptchaOutcome } from './outcomes';
