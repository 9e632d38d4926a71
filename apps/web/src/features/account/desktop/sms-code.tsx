import { Button } from 'antd';
import { Captcha } from '../../../platform/captcha';
import { type SmsCodeOptions, useSmsCode } from '../use-sms-code';

/** 获取验证码 on a PC: the button, the captcha when asked for, and what became of the sending. */
export function SmsCodeButton(props: SmsCodeOptions) {
  const sms = useSmsCode(props);
  return (
    <div className="d-account__sms">
      <Button
        disabled={sms.left > 0 || sms.sending}
        aria-expanded={sms.captchaOpen}
        onClick={sms.open}
      >
        {sms.label}
      </Button>
      {sms.captchaOpen ? (
        <div className="d-account__captcha">
          <Captcha
            key={sms.captchaRound}
            secondCheck={sms.secondCheck}
            mobile={sms.target}
            onVerified={(t) => void sms.send(t)}
          />
        </div>
      ) : null}
      <p className="d-account__hint" role="status" aria-live="polite">
        {sms.status}
      </p>
    </div>
  );
}
