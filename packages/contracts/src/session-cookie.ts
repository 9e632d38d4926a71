// A signed-in screen drawn by the server (issue 31, point 5): the app keeps its sign-in record in
// local storage (§3), which the server never sees, so it also leaves the record's access token in
// a cookie sent only with page addresses, for the host page to ask the screen's first calls with.

// In every browser and in Node 16+; this package compiles without the DOM's or Node's types.
declare const atob: (data: string) => string;
declare const TextDecoder: new () => { decode(input: Uint8Array): string };

export const SESSION_COOKIE = 'portal_session';
/** Only page requests carry it: the services read the Authorization header, never a cookie. */
export const SESSION_COOKIE_PATH = '/views';

/** The access token a Cookie header (or `document.cookie`) carries for page requests, if any. */
export function sessionTokenOf(cookieHeader: string | undefined): string | null {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.trim().split('=', 2);
    if (name === SESSION_COOKIE && value) return value;
  }
  return null;
}

/**
 * The cookie as `document.cookie` takes it: the token until it expires, or its removal (null).
 * SameSite=Lax: a link from WeChat's chat or another site still opens the drawn screen, while no
 * other site's request for a subresource carries it.
 */
export function sessionCookie(
  token: string | null,
  { maxAgeSeconds, secure }: { maxAgeSeconds: number; secure: boolean },
): string {
  const attributes = `Path=${SESSION_COOKIE_PATH}; SameSite=Lax${secure ? '; Secure' : ''}`;
  return token && maxAgeSeconds > 0
    ? `${SESSION_COOKIE}=${token}; Max-Age=${Math.floor(maxAgeSeconds)}; ${attributes}`
    : `${SESSION_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes}`;
}

/** A base64url part of a JWT, decoded as UTF-8 JSON (throws on anything else). */
export function base64UrlJson(part: string): unknown {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  // Padded: an older WebKit's atob refuses base64 without its '='.
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  return JSON.parse(
    new TextDecoder().decode(Uint8Array.from(atob(padded), (c: string) => c.charCodeAt(0))),
  );
}

/**
 * Whose answers a drawing holds: its access token's subject (`sub`), read without verifying (the
 * host draws only after the token's calls were answered; the browser compares its own token's).
 */
export function tokenSubjectOf(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const sub = (base64UrlJson(payload) as { sub?: unknown } | null)?.sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}
