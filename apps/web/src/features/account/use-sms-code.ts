import { mobileSchema, SMS_RESEND_SECONDS, type SmsScene } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { HttpError } from '../../platform';
import { sendSmsCode } from './api/sms';
import { maskMobile } from '@portal/contracts';

export interface SmsCodeOptions {
  mobile: string;
  scene: SmsScene;
  /** A further rule for the number (the account's own number for CloseAccount). */
  check?: (mobile: string) => string | undefined;
  /** The number is not one a code can go to; the form marks its field. */
  onInvalidMobile: (message: string) => void;
  onSent?: () => void;
}

/**
 * 获取验证码 without its looks: the number is checked, then the captcha (scene ic_message_h5, a
 * proof of work the browser does by itself) runs, then the code is sent and a resend countdown runs. A 419 (the captcha token was
 * refused) starts the captcha again as a second check.
 */
export function useSmsCode({ mobile, scene, check, onInvalidMobile, onSent }: SmsCodeOptions) {
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaOpen, setCaptchaOpen] = useState(false);
  /** The number as it was when the button was pressed: the check and the code are for it. */
  const [target, setTarget] = useState('');
  const [secondCheck, setSecondCheck] = useState(false);
  const [sending, setSending] = useState(false);
  const [left, setLeft] = useState(0);
  const [status, setStatus] = useState('');

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  /** The button: checks the number, then asks for the captcha. */
  const open = () => {
    setStatus('');
    const parsed = mobileSchema.safeParse(mobile);
    const problem = parsed.success ? check?.(parsed.data) : parsed.error.issues[0]?.message;
    if (problem) {
      onInvalidMobile(problem);
      return;
    }
    setTarget(mobile.trim());
    setSecondCheck(false);
    setCaptchaRound((n) => n + 1);
    setCaptchaOpen(true);
  };

  /** The captcha passed: the code is sent with its token. */
  const send = async (captchaToken: string) => {
    setSending(true);
    try {
      const sent = await sendSmsCode({
        Mobile: target,
        Scene: scene,
        CaptchaToken: captchaToken,
      });
      setCaptchaOpen(false);
      setLeft(sent.ResendAfterSeconds || SMS_RESEND_SECONDS);
      setStatus(`验证码已发送至 ${maskMobile(target)}`);
      onSent?.();
    } catch (error) {
      if (error instanceof HttpError && error.code === 419 && secondCheck) {
        // Refused twice: the check runs by itself, so it waits for the person to press again.
        setCaptchaOpen(false);
        setStatus('安全验证未通过，请稍后重新获取验证码');
        return;
      }
      if (error instanceof HttpError && error.code === 419) {
        // §8: a 419 carries no message; the captcha is done again.
        setStatus('安全验证已失效，请重新验证');
        setSecondCheck(true);
        setCaptchaRound((n) => n + 1);
        return;
      }
      // The HTTP layer has said why (a wrong number, a limit).
      setCaptchaOpen(false);
      if (error instanceof HttpError && error.fieldErrors.Mobile)
        onInvalidMobile(error.fieldErrors.Mobile);
    } finally {
      setSending(false);
    }
  };

  return {
    open,
    send,
    sending,
    /** Seconds until another code may be asked for; 0 when it may. */
    left,
    status,
    captchaOpen,
    /** The number the check is for. */
    target,
    /** A new captcha each round (key it with this). */
    captchaRound,
    secondCheck,
    label: sending ? '发送中…' : left > 0 ? `${left}秒后重新获取` : '获取验证码',
  };
}
