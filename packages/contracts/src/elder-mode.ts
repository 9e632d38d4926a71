// 长辈模式 (issue 29): one first-party cookie read by the host page, the SPA and the identity pages,
// so the server's first drawing is already in elder mode. Imports nothing: the identity pages'
// browser script bundles it (`@portal/contracts/elder-mode`).

export const ELDER_MODE_COOKIE = 'portal_elder';
/** Set on <html> while elder mode is on: the layouts' elder styles hang from it. */
export const ELDER_MODE_ATTRIBUTE = 'data-elder';
/** Browsers keep a cookie at most 400 days. */
const ELDER_MODE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** Whether a Cookie header (or `document.cookie`) has elder mode on. */
export function isElderMode(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((pair) => pair.trim() === `${ELDER_MODE_COOKIE}=1`);
}

/**
 * The cookie that turns elder mode on or off, as `document.cookie` and `Set-Cookie` take it. Not
 * httpOnly (the page sets it) and not Secure (a display preference, and demo mode runs on http).
 */
export function elderModeCookie(on: boolean): string {
  return on
    ? `${ELDER_MODE_COOKIE}=1; Path=/; Max-Age=${ELDER_MODE_MAX_AGE_SECONDS}; SameSite=Lax`
    : `${ELDER_MODE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
