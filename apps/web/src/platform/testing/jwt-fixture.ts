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
