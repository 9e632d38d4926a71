import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPlatformCode, deviceTypeOf, isMobileUserAgent, platformCodeOf } from './device';
import { paths, routePath } from './paths';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const WECHAT = `${IPHONE} MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN`;
const MINI_PROGRAM = `${WECHAT} miniProgram`;
const ALIPAY = `${ANDROID} AlipayClient/10.5.0`;

describe('§2 §9 mobile detected by user agent', () => {
  it('phones are mobile', () => {
    expect(isMobileUserAgent(IPHONE)).toBe(true);
    expect(isMobileUserAgent(ANDROID)).toBe(true);
    expect(deviceTypeOf(IPHONE)).toBe('mobile');
  });

  it('a desktop browser is desktop', () => {
    expect(isMobileUserAgent(DESKTOP)).toBe(false);
    expect(deviceTypeOf(DESKTOP)).toBe('desktop');
  });
});

describe('§9 platform codes from the user agent', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.__wxjs_environment;
  });

  it('mini-program is 1001 (miniProgram in the UA)', () => {
    expect(platformCodeOf(MINI_PROGRAM)).toBe(1001);
  });

  it('mini-program is 1001 (window.__wxjs_environment is miniprogram)', () => {
    expect(platformCodeOf(WECHAT, 'miniprogram')).toBe(1001);
  });

  it('WeChat is 1000', () => {
    expect(platformCodeOf(WECHAT)).toBe(1000);
  });

  it('Alipay is 2000', () => {
    expect(platformCodeOf(ALIPAY)).toBe(2000);
  });

  it('anything else is 0', () => {
    expect(platformCodeOf(DESKTOP)).toBe(0);
    expect(platformCodeOf(IPHONE)).toBe(0);
  });

  it('reads this browser', () => {
    vi.stubGlobal('navigator', { userAgent: WECHAT });
    window.__wxjs_environment = 'miniprogram';
    expect(currentPlatformCode()).toBe(1001);
  });
});

describe('the flow preview’s phone frame', () => {
  const at = (url: string) => new URL(url, 'http://localhost');

  it('is the mobile layout on a desktop browser, only on /views/flowPreview with Frame=mobile', () => {
    expect(deviceTypeOf(DESKTOP, at(paths.flowPreview({ ProjectId: 1, Frame: 'mobile' })))).toBe(
      'mobile',
    );
    expect(deviceTypeOf(DESKTOP, at(paths.flowPreview({ ProjectId: 1 })))).toBe('desktop');
    expect(deviceTypeOf(DESKTOP, at(routePath('projectList', { Frame: 'mobile' })))).toBe(
      'desktop',
    );
  });
});
