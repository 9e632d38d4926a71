import { PLATFORM_CODES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { PAY_GUIDES, payOffers, type PayFacts } from './channels.js';

const BOTH: PayFacts = {
  providers: ['wechatpay', 'alipay'],
  payerOpenId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
  miniProgramPayPath: '/pages/pay/index',
};
const ways = (platform: number, device: 'mobile' | 'desktop', facts = BOTH) =>
  payOffers({ platform: platform as 0, device }, facts).map((o) => [
    o.Provider,
    o.Channel ?? o.Guide,
  ]);

describe('the channel is the server’s decision, by where the candidate is', () => {
  it('inside WeChat: JSAPI with the payer’s openid; Alipay only as the open-in-browser guide', () => {
    expect(ways(PLATFORM_CODES.weChat, 'mobile')).toEqual([
      ['wechatpay', 'jsapi'],
      ['alipay', PAY_GUIDES.alipayInWeChat],
    ]);
    expect(PAY_GUIDES.alipayInWeChat).toContain('在浏览器中打开');
  });

  it('inside WeChat without a bound WeChat: says so and what to do, never H5', () => {
    expect(ways(PLATFORM_CODES.weChat, 'mobile', { ...BOTH, payerOpenId: null })[0]).toEqual([
      'wechatpay',
      PAY_GUIDES.weChatNotBound,
    ]);
  });

  it('on a desktop: Native (QR) and page pay; in a phone browser: H5 and wap', () => {
    expect(ways(PLATFORM_CODES.other, 'desktop')).toEqual([
      ['wechatpay', 'native'],
      ['alipay', 'page'],
    ]);
    expect(ways(PLATFORM_CODES.other, 'mobile')).toEqual([
      ['wechatpay', 'h5'],
      ['alipay', 'wap'],
    ]);
  });

  it('in a mini-program’s web-view: its payment page; in the Alipay app: tradePay', () => {
    expect(ways(PLATFORM_CODES.miniProgram, 'mobile')).toEqual([
      ['wechatpay', 'miniprogram'],
      ['alipay', PAY_GUIDES.alipayInMiniProgram],
    ]);
    expect(
      ways(PLATFORM_CODES.miniProgram, 'mobile', { ...BOTH, miniProgramPayPath: '' })[0],
    ).toEqual(['wechatpay', PAY_GUIDES.noMiniProgramPayPage]);
    expect(ways(PLATFORM_CODES.alipay, 'mobile')).toEqual([
      ['wechatpay', PAY_GUIDES.weChatInAlipay],
      ['alipay', 'app'],
    ]);
  });

  it('offers only the providers the deployment has, in its order', () => {
    expect(ways(PLATFORM_CODES.other, 'desktop', { ...BOTH, providers: ['alipay'] })).toEqual([
      ['alipay', 'page'],
    ]);
  });
});
