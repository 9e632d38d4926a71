import type { WeChatJsApiPay } from '@portal/contracts';

/** getBrandWCPayRequest's arguments as the server answers them (the values are the tests'). */
export const JSAPI_PAY_ARGUMENTS: WeChatJsApiPay = {
  appId: 'wx0000000000000000',
  timeStamp: '1764000000',
  nonceStr: 'abc',
  package: 'prepay_id=wx123',
  signType: 'RSA',
  paySign: 'c2lnbg==',
};
