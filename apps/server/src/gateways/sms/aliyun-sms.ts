import { ERROR_CODES } from '@portal/contracts';
import type { AliyunSmsSettings } from '../../config.js';
import { badRequest, DomainError, tooManyRequests } from '../../domain/errors.js';
import { signedRpcUrl } from '../aliyun-rpc.js';
import type { SmsGateway } from '../../domain/ports.js';

export const SMS_UNAVAILABLE = '短信服务暂不可用，请稍后再试或联系客服';

/** Aliyun's answer codes (SendSms 错误码) → what the person asking for a code can do about it. */
const PROVIDER_ERRORS: Record<string, () => DomainError> = {
  'isv.MOBILE_NUMBER_ILLEGAL': () =>
    badRequest('手机号码无法接收短信，请检查号码是否正确', { Mobile: '手机号码无效' }),
  'isv.BUSINESS_LIMIT_CONTROL': () => tooManyRequests('该手机号获取验证码过于频繁，请稍后再试'),
  'isv.DAY_LIMIT_CONTROL': () => tooManyRequests('该手机号今日获取验证码次数已达上限，请明天再试'),
  'isv.MOBILE_COUNT_OVER_LIMIT': () => tooManyRequests('该手机号获取验证码过于频繁，请稍后再试'),
  'isv.BLACK_KEY_CONTROL_LIMIT': () =>
    badRequest('该手机号暂时无法接收短信，请更换手机号或联系客服', { Mobile: '暂时无法接收短信' }),
  'isv.AMOUNT_NOT_ENOUGH': () => new DomainError(ERROR_CODES.SERVICE_UNAVAILABLE, SMS_UNAVAILABLE),
  'isv.OUT_OF_SERVICE': () => new DomainError(ERROR_CODES.SERVICE_UNAVAILABLE, SMS_UNAVAILABLE),
};

/** Not the visitor's to fix (signature, template, keys): said plainly, logged with the code. */
export class SmsProviderError extends DomainError {
  override name = 'SmsProviderError';
  constructor(
    readonly providerCode: string,
    readonly providerMessage: string,
  ) {
    super(ERROR_CODES.SERVICE_UNAVAILABLE, '短信发送失败，请稍后再试或联系客服');
  }
}

export interface AliyunSmsOptions extends AliyunSmsSettings {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/** Aliyun's limit on one variable's value (短信模板变量规范): a longer project title is cut. */
export const TEMPLATE_VALUE_MAX_CHARS = 35;
const clip = (value: string) =>
  [...value].length > TEMPLATE_VALUE_MAX_CHARS
    ? `${[...value].slice(0, TEMPLATE_VALUE_MAX_CHARS - 1).join('')}…`
    : value;

/**
 * Aliyun SMS SendSms (RPC API 2017-05-25, signature v1): each message is its approved template
 * (the verification code's, each notification kind's) filled with the template's values.
 */
export function createAliyunSmsGateway(options: AliyunSmsOptions): SmsGateway {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    async send(mobile, _text, template) {
      if (!template) throw new SmsProviderError('NoTemplate', 'a template is required');
      const templateCode = options.templateCodes[template.name];
      if (!templateCode)
        throw new SmsProviderError('NoTemplate', `no template code for ${template.name}`);
      const params = Object.fromEntries(
        Object.entries(template.params).map(([name, value]) => [name, clip(value)]),
      );
      const url = signedRpcUrl(options.endpoint, options, {
        Action: 'SendSms',
        Version: '2017-05-25',
        RegionId: 'cn-hangzhou',
        PhoneNumbers: mobile,
        SignName: options.signName,
        TemplateCode: templateCode,
        TemplateParam: JSON.stringify(params),
      });
      const response = await fetchImpl(url, {
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      const body = (await response.json().catch(() => ({}))) as { Code?: string; Message?: string };
      if (response.ok && body.Code === 'OK') return;
      const code = body.Code ?? `HTTP ${response.status}`;
      throw PROVIDER_ERRORS[code]?.() ?? new SmsProviderError(code, body.Message ?? '');
    },
  };
}
