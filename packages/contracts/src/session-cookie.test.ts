import { describe, expect, it } from 'vitest';
import { sessionCookie, sessionTokenOf, tokenSubjectOf } from './session-cookie.js';

// This package's tests run without Node's types: base64url by hand from btoa's base64.
declare const btoa: (data: string) => string;
declare const TextEncoder: new () => { encode(input: string): Uint8Array };
const base64url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const tokenFor = (claims: unknown) => `${base64url({ alg: 'RS256' })}.${base64url(claims)}.sig`;

describe('session cookie (a signed-in screen drawn by the server)', () => {
  it('reads the token from a Cookie header, and nothing from another cookie', () => {
    expect(sessionTokenOf('a=b; portal_session=x.y.z; portal_elder=1')).toBe('x.y.z');
    expect(sessionTokenOf('xportal_session=x.y.z')).toBeNull();
    expect(sessionTokenOf('portal_session=')).toBeNull();
    expect(sessionTokenOf(undefined)).toBeNull();
  });

  it('is kept for page addresses only until the token expires, Secure over https', () => {
    expect(sessionCookie('x.y.z', { maxAgeSeconds: 7199.6, secure: true })).toBe(
      'portal_session=x.y.z; Max-Age=7199; Path=/views; SameSite=Lax; Secure',
    );
    expect(sessionCookie('x.y.z', { maxAgeSeconds: 60, secure: false })).toBe(
      'portal_session=x.y.z; Max-Age=60; Path=/views; SameSite=Lax',
    );
    // No token, or an expired one: the cookie is removed.
    expect(sessionCookie(null, { maxAgeSeconds: 60, secure: false })).toBe(
      'portal_session=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/views; SameSite=Lax',
    );
    expect(sessionCookie('x.y.z', { maxAgeSeconds: -5, secure: true })).toBe(
      'portal_session=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/views; SameSite=Lax; Secure',
    );
  });

  it("names the token's account by its subject, and none for what is not a token", () => {
    expect(tokenSubjectOf(tokenFor({ sub: '42', name: '李明' }))).toBe('42');
    expect(tokenSubjectOf(tokenFor({ name: '李明' }))).toBeNull();
    expect(tokenSubjectOf(tokenFor({ sub: 42 }))).toBeNull();
    expect(tokenSubjectOf('not-a-token')).toBeNull();
    expect(tokenSubjectOf('a.!!!.c')).toBeNull();
  });
});
