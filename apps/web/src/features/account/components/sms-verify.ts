import { MOBILE_PATTERN, SMS_CODE_LENGTH } from '@portal/contracts';

export interface SmsFormErrors {
  mobile?: string;
  code?: string;
}

/** The number and the code, checked before ShortMessage/Verify is called. */
export function validateMobileAndCode(mobile: string, code: string): SmsFormErrors {
  const errors: SmsFormErrors = {};
  if (!MOBILE_PATTERN.test(mobile.trim())) errors.mobile = '请填写正确的11位手机号码';
  if (!new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(code.trim()))
    errors.code = `请填写${SMS_CODE_LENGTH}位短信验证码`;
  return errors;
}

export const maskMobile = (mobile: string) =>
  mobile.trim().replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');
