import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { boundedString, MAX_TOKEN_LENGTH, timeSchema, urlSchema } from '../envelope.js';
import { lazySchema } from '../lazy-schema.js';

export const weChatBindUserSchema = lazySchema(() =>
  z.object({
    IsBind: z.boolean(),
    NickName: z.string(),
    HeadImgUrl: z.string(),
    BindTime: timeSchema.nullable(),
  }),
);
export type WeChatBindUser = z.infer<typeof weChatBindUserSchema>;

/**
 * Where to send the visitor to authorise binding; WeChat returns to ReturnUrl with `code`. Way:
 * `inside` in WeChat's own browser (the 公众号's 网页授权), `qr` (the default) elsewhere — the
 * website app's QR page, scanned with WeChat on the phone.
 */
export const getWeChatConfig = defineEndpoint('BindWeChat/GetWeChatConfig', {
  method: 'GET',
  client: 'exam-account',
  request: () => z.object({ ReturnUrl: urlSchema, Way: z.enum(['inside', 'qr']).optional() }),
  response: () => z.object({ AppId: z.string(), AuthorizeUrl: z.string().url() }),
});

export const getWeChatBindUser = defineEndpoint('BindWeChat/GetWeChatBindUser', {
  method: 'GET',
  client: 'exam-account',
  request: () => z.object({}),
  response: () => weChatBindUserSchema,
});

export const bindAccount = defineEndpoint('BindWeChat/BindAccount', {
  method: 'POST',
  client: 'exam-account',
  /** State: the one GetWeChatConfig put in the authorisation address, spent once by the server. */
  request: () =>
    z.object({
      Code: boundedString(MAX_TOKEN_LENGTH).min(1, '微信授权码缺失，请重新授权'),
      State: boundedString(MAX_TOKEN_LENGTH).min(1, '微信授权校验信息缺失，请重新绑定'),
    }),
  response: () => weChatBindUserSchema,
});
