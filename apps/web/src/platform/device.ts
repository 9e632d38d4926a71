import {
  isMobileUserAgent,
  PLATFORM_CODES,
  type DeviceType,
  type PlatformCode,
} from '@portal/contracts';
import { paths } from './paths';

/** §9: platform codes read from the user agent (the contract names them; the server decides by them). */
export { PLATFORM_CODES, type DeviceType, type PlatformCode };

/** Set by WeChat inside a mini-program's web view (weixin-js-sdk's types declare it too). */
type WeChatWindow = { __wxjs_environment?: unknown };

/** §2 §9: the layout is chosen once, by the user agent (the host page preloads by the same test). */
export { isMobileUserAgent };

/** The reviewer's phone frame: the flow preview shows the mobile layout inside its desktop page. */

export function isMobilePreviewFrame(location: Pick<Location, 'pathname' | 'search'>): boolean {
  return (
    location.pathname === paths.flowPreview() &&
    new URLSearchParams(location.search).get('Frame') === 'mobile'
  );
}

export function deviceTypeOf(
  userAgent: string,
  location?: Pick<Location, 'pathname' | 'search'>,
): DeviceType {
  if (location && isMobilePreviewFrame(location)) return 'mobile';
  return isMobileUserAgent(userAgent) ? 'mobile' : 'desktop';
}

/** §9: mini-program 1001, WeChat 1000, Alipay 2000, otherwise 0. */
export function platformCodeOf(userAgent: string, wxEnvironment?: string): PlatformCode {
  if (/miniProgram/i.test(userAgent) || wxEnvironment === 'miniprogram') {
    return PLATFORM_CODES.miniProgram;
  }
  if (/MicroMessenger/i.test(userAgent)) return PLATFORM_CODES.weChat;
  if (/AlipayClient/i.test(userAgent)) return PLATFORM_CODES.alipay;
  return PLATFORM_CODES.other;
}

/** The platform code of this browser. */
export function currentPlatformCode(): PlatformCode {
  const environment = (window as WeChatWindow).__wxjs_environment;
  return platformCodeOf(
    navigator.userAgent,
    typeof environment === 'string' ? environment : undefined,
  );
}
