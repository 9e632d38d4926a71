const MOBILE_UA = /Android|webOS|iPhone|iPod|iPad|BlackBerry|IEMobile|Opera Mini|Mobile|HarmonyOS/i;

/**
 * §2 §9: the mobile layout is chosen by the user agent. Shared: the SPA picks its layout with it,
 * the host page names that layout's chunks to preload.
 */
export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}

/** §9: where the page runs — mini-program web-view 1001, WeChat 1000, Alipay 2000, otherwise 0. */
export const PLATFORM_CODES = {
  miniProgram: 1001,
  weChat: 1000,
  alipay: 2000,
  other: 0,
} as const;
export type PlatformCode = (typeof PLATFORM_CODES)[keyof typeof PLATFORM_CODES];
export type DeviceType = 'mobile' | 'desktop';
