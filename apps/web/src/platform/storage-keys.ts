/** §9: where a login-needed route remembers the path it was going to. */
export const LOGIN_BACK_NEXT_PATH = 'loginBackNextPath';
/** §9: the sidebar flag cookie, '1' open and '0' closed. */
export const SIDEBAR_STATUS_COOKIE = 'sidebarStatus';
/** §3: preview mode keeps the reviewer's login name in session storage. */
export const PREVIEW_LOGIN_NAME = 'PreviewLoginName';
/** §3: the stored sign-in record's key prefix (the host page names it to the page's first script). */
export { OIDC_USER_PREFIX } from '@portal/contracts';
/** The state and nonce of a sign-in in progress, kept in session storage until the callback. */
export const OIDC_STATE = 'oidc.state';
export const OIDC_NONCE = 'oidc.nonce';
