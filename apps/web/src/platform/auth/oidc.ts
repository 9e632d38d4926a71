import {
  FALLBACK_ROUTE,
  type RuntimeConfig,
  sessionCookie,
  sessionTokenOf,
} from '@portal/contracts';
import { paths } from '../paths';
import { randomString } from '../../shared/random';
import { authorityOf } from '../runtime-config';
import { LOGIN_BACK_NEXT_PATH, OIDC_NONCE, OIDC_STATE, OIDC_USER_PREFIX } from '../storage-keys';
import { decodeJwt, INVALID_JWT } from './jwt';
import { leaveTo } from '../navigation';

/** §9: length of the random state and nonce. */
export const STATE_LENGTH = 32;
export const RESPONSE_TYPE = 'token id_token';

/** §8 sign-in failures, worded exactly as the spec has them; the last two are ours (beyond §4). */
export const SIGN_IN_FAILURES = {
  accessTokenNull: 'access_token is null',
  invalidJwt: INVALID_JWT,
  userOuttime: 'user is outtime',
  noUser: 'user is null',
  stateMismatch: '登录校验失败：返回的 state 与发出的不一致，请重新登录',
  nonceMismatch: '登录校验失败：身份令牌的 nonce 与发出的不一致，请重新登录',
} as const;

export class AuthError extends Error {
  override readonly name = 'AuthError';
  constructor(readonly code: keyof typeof SIGN_IN_FAILURES) {
    super(SIGN_IN_FAILURES[code]);
  }
}

/** §3: the stored sign-in record, exactly these fields. */
export interface OidcUserRecord {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signature: string;
  access_token: string;
  token_type: 'Bearer';
  /** Seconds since the epoch, from the token's exp claim. */
  expires_at: number;
  /** Local clock minus the token's iat claim, in seconds. */
  difference_ntime: number;
}

type Go = (url: string) => void;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export function oidcUserKey(clientId: string): string {
  return OIDC_USER_PREFIX + clientId;
}

/** §4: the address the browser goes to for a sign-in. */
export function authorizeUrl(
  config: RuntimeConfig,
  state: string,
  nonce: string,
  origin = window.location.origin,
): string {
  const client = config.WebSite.UserClient;
  const query = new URLSearchParams({
    client_id: client.ClientID,
    redirect_uri: `${origin}${paths.authCallback()}`,
    response_type: RESPONSE_TYPE,
    scope: client.ClientScope,
    state,
    nonce,
  });
  return `${authorityOf(config)}/connect/authorize?${query.toString()}`;
}

/** §4: starts a sign-in; state and nonce wait in session storage for the callback. */
export function signinRedirect(config: RuntimeConfig, go: Go = leaveTo): void {
  const state = randomString(STATE_LENGTH);
  const nonce = randomString(STATE_LENGTH);
  sessionStorage.setItem(OIDC_STATE, state);
  sessionStorage.setItem(OIDC_NONCE, nonce);
  go(authorizeUrl(config, state, nonce));
}

/** §4: reads the token from the callback's URL fragment, checks it and stores the record. */
export function signinCallback(
  config: RuntimeConfig,
  fragment: string,
  now: number = nowSeconds(),
): OidcUserRecord {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const sentState = sessionStorage.getItem(OIDC_STATE);
  const sentNonce = sessionStorage.getItem(OIDC_NONCE);
  // A state and a nonce are good for one answer only.
  sessionStorage.removeItem(OIDC_STATE);
  sessionStorage.removeItem(OIDC_NONCE);

  const accessToken = params.get('access_token');
  if (!accessToken) throw new AuthError('accessTokenNull');
  if (!sentState || params.get('state') !== sentState) throw new AuthError('stateMismatch');
  let token;
  try {
    token = decodeJwt(accessToken);
  } catch {
    throw new AuthError('invalidJwt');
  }
  let idNonce: unknown;
  try {
    idNonce = decodeJwt(params.get('id_token') ?? '').payload.nonce;
  } catch {
    idNonce = undefined;
  }
  if (!sentNonce || idNonce !== sentNonce) throw new AuthError('nonceMismatch');

  const exp = Number(token.payload.exp);
  const iat = Number(token.payload.iat);
  const record: OidcUserRecord = {
    header: token.header,
    payload: token.payload,
    signature: token.signature,
    access_token: accessToken,
    token_type: 'Bearer',
    expires_at: Number.isFinite(exp) ? exp : 0,
    difference_ntime: Number.isFinite(iat) ? now - iat : 0,
  };
  localStorage.setItem(oidcUserKey(config.WebSite.UserClient.ClientID), JSON.stringify(record));
  keepSessionCookie(record, now);
  return record;
}

/**
 * The page requests' copy of the record's token (SESSION_COOKIE), so the server can draw a signed-in
 * screen: written when it differs from the record, until the token expires; removed without one.
 */
export function keepSessionCookie(record: OidcUserRecord | null, now: number = nowSeconds()): void {
  const token = record?.access_token ?? null;
  if (sessionTokenOf(document.cookie) === token) return;
  document.cookie = sessionCookie(token, {
    maxAgeSeconds: record ? record.expires_at - (now - record.difference_ntime) : 0,
    secure: window.location.protocol === 'https:',
  });
}

/** §4: the stored record while valid; an expired one is removed and fails 'user is outtime'. */
export function getUser(config: RuntimeConfig, now: number = nowSeconds()): OidcUserRecord {
  const key = oidcUserKey(config.WebSite.UserClient.ClientID);
  const raw = localStorage.getItem(key);
  let record: OidcUserRecord | null = null;
  try {
    record = raw ? (JSON.parse(raw) as OidcUserRecord) : null;
  } catch {
    record = null;
  }
  if (!record?.access_token) throw new AuthError('noUser');
  if (!(record.expires_at > now - record.difference_ntime)) {
    localStorage.removeItem(key);
    throw new AuthError('userOuttime');
  }
  return record;
}

/** §4: a failed lookup is treated as not signed in. */
export function signedInUser(config: RuntimeConfig, now?: number): OidcUserRecord | null {
  try {
    return getUser(config, now);
  } catch {
    return null;
  }
}

/** §4: removes the record and goes to the provider's Auth/OutLogin, back to /views/auth/loginout. */
export function signout(config: RuntimeConfig, go: Go = leaveTo): void {
  localStorage.removeItem(oidcUserKey(config.WebSite.UserClient.ClientID));
  keepSessionCookie(null);
  const returnUrl = encodeURIComponent(`${window.location.origin}${paths.authLoginout()}`);
  go(`${authorityOf(config)}/Auth/OutLogin?ReturnUrl=${returnUrl}`);
}

/** The sign-in machinery's own pages: never where a candidate is sent back to. */
const SIGN_IN_PAGES = [paths.authLogin(), paths.authCallback(), paths.authLoginout()];

/**
 * §2: a login-needed route remembers where it was going (local-storage loginBackNextPath). A call
 * answering 401 after the page has moved on to sign in must not make the sign-in page the way
 * back (the candidate would land on the project list instead of where they were).
 */
export function rememberNextPath(path: string): void {
  if (SIGN_IN_PAGES.includes(path.split('?')[0]!)) return;
  localStorage.setItem(LOGIN_BACK_NEXT_PATH, path);
}

/** After the callback: the remembered path (then forgotten), else the project list. */
export function takeNextPath(): string {
  const path = localStorage.getItem(LOGIN_BACK_NEXT_PATH);
  localStorage.removeItem(LOGIN_BACK_NEXT_PATH);
  // Only a path on this site: never a protocol-relative or absolute address.
  return path && path.startsWith('/') && !path.startsWith('//') ? path : FALLBACK_ROUTE;
}
