function base64Url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned test JWT (the SPA decodes tokens; the services verify them). */
export function testJwt(payload: Record<string, unknown>): string {
  return `${base64Url({ alg: 'RS256', typ: 'at+jwt' })}.${base64Url(payload)}.c2lnbmF0dXJl`;
}

/** Stores a valid §3 sign-in record for `sub` the way the callback does; returns its token. */
export function storeTestSignIn(clientId: string, sub = '7'): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { sub, iat: now, exp: now + 3600 };
  const accessToken = testJwt(payload);
  localStorage.setItem(
    `oidc.user:${clientId}`,
    JSON.stringify({
      header: { alg: 'RS256', typ: 'at+jwt' },
      payload,
      signature: 'c2lnbmF0dXJl',
      access_token: accessToken,
      token_type: 'Bearer',
      expires_at: now + 3600,
      difference_ntime: 0,
    }),
  );
  return accessToken;
}
