const MOBILE_UA = /Android|webOS|iPhone|iPod|iPad|BlackBerry|IEMobile|Opera Mini|Mobile|HarmonyOS/i;

/**
 * §2 §9: the mobile layout is chosen by the user agent. Shared: the SPA picks its layout with it,
 * the host page names that layout's chunks to preload.
 */
export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}
