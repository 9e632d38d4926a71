import { MOBILE_PATTERN, SMS_RESEND_SECONDS, type SmsScene } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { HttpError } from '../../../platform';
import { Captcha } from '../../../platform/captcha';
import { sendSmsCode } from '../api/sms';

/**
 * 获取验证码: the number is checked, then the captcha (scene ic_message_h5), then the code is sent
 * and a resend countdown runs. A 419 (the captcha token was refused) starts the captcha again.
 */
export function SmsCodeButton({
  mobile,
  scene,
  onInvalidMobile,
  onSent,
  check,
}: {
  mobile: string;
  /** A further rule for the number (the account's own number for CloseAccount). */
  check?: (mobile: string) => string | undefined;
  scene: SmsScene;
  /** The number is not one a code can go to; the screen marks its field. */
  onInvalidMobile: (message: string) => void;
  onSent?: () => void;
}) {
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [secondCheck, setSecondCheck] = useState(false);
  const [sending, setSending] = useState(false);
  const [left, setLeft] = useState(0);
  const [status, setStatus] = useState('');

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const open = () => {
    setStatus('');
    const problem = MOBILE_PATTERN.test(mobile.trim())
      ? check?.(mobile.trim())
      : '请填写正确的11位手机号码';
    if (problem) {
      onInvalidMobile(problem);
      return;
    }
    setSecondCheck(false);
    setCaptchaRound((n) => n + 1);
    setCaptchaOpen(true);
  };

  const send = async (captchaToken: string) => {
    setSending(true);
    try {
      const sent = await sendSmsCode({
        Mobile: mobile.trim(),
        Scene: scene,
        CaptchaToken: captchaToken,
      });
      setCaptchaOpen(false);
      setLeft(sent.ResendAfterSeconds || SMS_RESEND_SECONDS);
      setStatus(`验证码已发送至 ${mobile.trim().replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2')}`);
      onSent?.();
    } catch (error) {
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

  return (
    <div className="account-sms">
      <button
        type="button"
        className="account-sms__button"
        disabled={left > 0 || sending}
        aria-expanded={captchaOpen}
        onClick={open}
      >
        {sending ? '发送中…' : left > 0 ? `${left}秒后重新获取` : '获取验证码'}
      </button>
      {captchaOpen ? (
        <div className="account-sms__captcha">
          <Captcha key={captchaRound} secondCheck={secondCheck} onVerified={(t) => void send(t)} />
        </div>
      ) : null}
      <p className="account-sms__status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
