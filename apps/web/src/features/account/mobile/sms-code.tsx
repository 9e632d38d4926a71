import './sms-code.css';
import { SMS_CODE_LENGTH } from '@portal/contracts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Captcha } from '../../../platform/captcha';
import { type SmsCodeOptions, useSmsCode } from '../use-sms-code';
import { TextField } from './text-field';

/** 获取验证码: the button, the captcha when asked for, and what became of the sending. */
export function SmsCodeButton(props: SmsCodeOptions) {
  const sms = useSmsCode(props);
  return (
    <div className="account-sms">
      <button
        type="button"
        className="account-sms__button"
        disabled={sms.left > 0 || sms.sending}
        aria-expanded={sms.captchaOpen}
        onClick={sms.open}
      >
        {sms.label}
      </button>
      {sms.captchaOpen ? (
        <div className="account-sms__captcha">
          <Captcha
            key={sms.captchaRound}
            secondCheck={sms.secondCheck}
            mobile={sms.target}
            onVerified={(t) => void sms.send(t)}
          />
        </div>
      ) : null}
      <p className="account-sms__status" role="status" aria-live="polite">
        {sms.status}
      </p>
    </div>
  );
}

/** 获取验证码 and the code's field, as every form that proves a number shows them. */
export function SmsCodeFields({
  id,
  sms,
  code,
  error,
}: {
  id: string;
  sms: SmsCodeOptions;
  code: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <>
      <SmsCodeButton {...sms} />
      <TextField
        id={id}
        label="短信验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_LENGTH}
        {...code}
        error={error}
      />
    </>
  );
}
