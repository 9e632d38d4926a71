import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testJwt } from '../testing/jwt-fixture';
import { testRuntimeConfig } from '../testing/runtime-config-fixture';
import {
  authorizeUrl,
  getUser,
  keepSessionCookie,
  type OidcUserRecord,
  rememberNextPath,
  signedInUser,
  signinCallback,
  signinRedirect,
  signout,
  takeNextPath,
} from './oidc';
import { paths } from '../paths';
import { sessionTokenOf } from '@portal/contracts';

const config = testRuntimeConfig();
const KEY = 'oidc.user:portal-web';
const NOW = 1_700_000_000;

/** Starts a sign-in and answers it as the provider would; returns the fragment. */
function providerAnswer(overrides: Record<string, string | null> = {}, claims = {}): string {
  const go = vi.fn();
  signinRedirect(config, go);
  const sent = new URL(go.mock.calls[0]?.[0] as string).searchParams;
  const values: Record<string, string | null> = {
    access_token: testJwt({ sub: '7', iat: NOW - 5, exp: NOW + 3600, ...claims }),
    token_type: 'Bearer',
    id_token: testJwt({ sub: '7', nonce: sent.get('nonce') }),
    state: sent.get('state'),
    expires_in: '3600',
    ...overrides,
  };
  const fragment = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== null) fragment.set(k, v);
  return `#${fragment.toString()}`;
}

describe('§4 sign-in', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('goes to <Authority>/connect/authorize with the six parameters', () => {
    const go = vi.fn();
    signinRedirect(config, go);
    const url = new URL(go.mock.calls[0]?.[0] as string);
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://id.example.com/identity/connect/authorize',
    );
    expect([...url.searchParams.keys()].sort()).toEqual(
      ['client_id', 'nonce', 'redirect_uri', 'response_type', 'scope', 'state'].sort(),
    );
    expect(url.searchParams.get('client_id')).toBe('portal-web');
    expect(url.searchParams.get('redirect_uri')).toBe(
      `${window.location.origin}${paths.authCallback()}`,
    );
    expect(url.searchParams.get('response_type')).toBe('token id_token');
    expect(url.searchParams.get('scope')).toBe('openid profile portal');
  });

  it('state and nonce are 32 random characters each, kept until the callback', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    const go = vi.fn();
    signinRedirect(config, go);
    const url = new URL(go.mock.calls[0]?.[0] as string);
    const state = url.searchParams.get('state') ?? '';
    const nonce = url.searchParams.get('nonce') ?? '';
    expect(state).toHaveLength(32);
    expect(nonce).toHaveLength(32);
    expect(state).not.toBe(nonce);
    expect(spy).toHaveBeenCalled();
    expect(sessionStorage.getItem('oidc.state')).toBe(state);
    expect(sessionStorage.getItem('oidc.nonce')).toBe(nonce);
    spy.mockRestore();
  });

  it('builds the authorize URL from the origin it is given', () => {
    const url = new URL(authorizeUrl(config, 's'.repeat(32), 'n'.repeat(32), 'https://a.example'));
    expect(url.searchParams.get('redirect_uri')).toBe('https://a.example/views/auth/callback');
  });
});

describe('§4 sign-in callback', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("no access_token in the URL fails 'access_token is null'", () => {
    const fragment = providerAnswer({ access_token: null });
    expect(() => signinCallback(config, fragment, NOW)).toThrow('access_token is null');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("a token that is not three dot-separated parts fails 'Invalid JWT token'", () => {
    expect(() => signinCallback(config, providerAnswer({ access_token: 'a.b' }), NOW)).toThrow(
      'Invalid JWT token',
    );
    expect(() => signinCallback(config, providerAnswer({ access_token: 'a.b.c.d' }), NOW)).toThrow(
      'Invalid JWT token',
    );
  });

  it('stores exactly header, payload, signature, access_token, token_type, expires_at, difference_ntime under oidc.user:<ClientID>', () => {
    const fragment = providerAnswer();
    const record = signinCallback(config, fragment, NOW);
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as OidcUserRecord;
    expect(stored).toEqual(record);
    expect(Object.keys(stored).sort()).toEqual(
      [
        'access_token',
        'difference_ntime',
        'expires_at',
        'header',
        'payload',
        'signature',
        'token_type',
      ].sort(),
    );
    expect(stored.token_type).toBe('Bearer');
    expect(stored.expires_at).toBe(NOW + 3600);
    expect(stored.difference_ntime).toBe(5);
    expect(stored.signature).toBe('c2lnbmF0dXJl');
    expect(stored.header).toEqual({ alg: 'RS256', typ: 'at+jwt' });
    expect(stored.payload).toMatchObject({ sub: '7', exp: NOW + 3600 });
    expect(stored.access_token).toBe(new URLSearchParams(fragment.slice(1)).get('access_token'));
  });

  it('leaves the token in the page requests’ cookie too, until it expires; sign-out removes it', () => {
    // The cookie is the pages' (Path=/views): read where the app runs.
    window.history.pushState({}, '', paths.my());
    keepSessionCookie(null);
    const written: string[] = [];
    const cookie = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
    });
    let record: OidcUserRecord;
    try {
      record = signinCallback(config, providerAnswer(), NOW);
    } finally {
      cookie.mockRestore();
    }
    // Issued at NOW - 5 and read at NOW: the token's own 3,605 s (exp - iat) are all left.
    expect(written).toEqual([
      `portal_session=${record.access_token}; Max-Age=3605; Path=/views; SameSite=Lax`,
    ]);
    keepSessionCookie(record, NOW);
    expect(sessionTokenOf(document.cookie)).toBe(record.access_token);
    signout(config, vi.fn());
    expect(sessionTokenOf(document.cookie)).toBeNull();
    window.history.pushState({}, '', '/');
  });

  it('keeps the cookie in line with the record: written when it differs, removed without a record', () => {
    // The cookie is the pages' (Path=/views): read where the app runs.
    window.history.pushState({}, '', paths.my());
    const record = signinCallback(config, providerAnswer(), NOW);
    expect(sessionTokenOf(document.cookie)).toBe(record.access_token);
    keepSessionCookie(null);
    expect(sessionTokenOf(document.cookie)).toBeNull();
    keepSessionCookie(record, NOW);
    expect(sessionTokenOf(document.cookie)).toBe(record.access_token);
    keepSessionCookie(null);
    window.history.pushState({}, '', '/');
  });

  it('decodes UTF-8 claims (a Chinese name)', () => {
    const record = signinCallback(config, providerAnswer({}, { name: '张三' }), NOW);
    expect(record.payload.name).toBe('张三');
  });

  it('beyond §4: the returned state must equal the one sent', () => {
    expect(() => signinCallback(config, providerAnswer({ state: 'x'.repeat(32) }), NOW)).toThrow(
      /state/,
    );
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("beyond §4: the id token's nonce must equal the one made", () => {
    const forged = testJwt({ sub: '7', nonce: 'n'.repeat(32) });
    expect(() => signinCallback(config, providerAnswer({ id_token: forged }), NOW)).toThrow(
      /nonce/,
    );
    expect(() => signinCallback(config, providerAnswer({ id_token: null }), NOW)).toThrow(/nonce/);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('a state is good for one answer only', () => {
    const fragment = providerAnswer();
    signinCallback(config, fragment, NOW);
    expect(() => signinCallback(config, fragment, NOW)).toThrow(/state/);
  });
});

describe('§4 getting the user', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('valid while expires_at is later than now corrected by difference_ntime', () => {
    // The local clock runs 600 s ahead of the provider's.
    signinCallback(config, providerAnswer({}, { iat: NOW - 600, exp: NOW + 60 }), NOW);
    // Uncorrected, NOW + 120 is past exp; corrected by 600 s it is provider time NOW - 480.
    expect(getUser(config, NOW + 120).access_token).toBeTruthy();
    expect(getUser(config, NOW + 659).access_token).toBeTruthy();
  });

  it("an expired record is removed and fails 'user is outtime'", () => {
    signinCallback(config, providerAnswer({}, { iat: NOW, exp: NOW + 60 }), NOW);
    expect(() => getUser(config, NOW + 60)).toThrow('user is outtime');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('a failed lookup is treated as not signed in', () => {
    expect(signedInUser(config, NOW)).toBeNull();
    localStorage.setItem(KEY, '{broken');
    expect(signedInUser(config, NOW)).toBeNull();
    signinCallback(config, providerAnswer(), NOW);
    expect(signedInUser(config, NOW)?.token_type).toBe('Bearer');
  });
});

describe('§4 sign-out', () => {
  it('removes the record and goes to Auth/OutLogin with ReturnUrl /views/auth/loginout', () => {
    localStorage.setItem(KEY, '{}');
    const go = vi.fn();
    signout(config, go);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(go).toHaveBeenCalledWith(
      `https://id.example.com/identity/Auth/OutLogin?ReturnUrl=${encodeURIComponent(
        `${window.location.origin}${paths.authLoginout()}`,
      )}`,
    );
  });
});

describe('§2 loginBackNextPath round trip', () => {
  beforeEach(() => localStorage.clear());

  it('the remembered path is returned once, then forgotten', () => {
    rememberNextPath(paths.myOrder({ tab: '2' }));
    expect(localStorage.getItem('loginBackNextPath')).toBe(paths.myOrder({ tab: '2' }));
    expect(takeNextPath()).toBe(paths.myOrder({ tab: '2' }));
    expect(localStorage.getItem('loginBackNextPath')).toBeNull();
  });

  it('without one, the callback goes to /views/home/project', () => {
    expect(takeNextPath()).toBe(paths.projectList());
  });

  it('never leaves the site', () => {
    rememberNextPath('//evil.example.com/x');
    expect(takeNextPath()).toBe(paths.projectList());
  });

  it('a 401 arriving once the page is on its way to sign in keeps the way back', () => {
    rememberNextPath(paths.my());
    rememberNextPath(paths.authLogin());
    rememberNextPath(`${paths.authCallback()}?x=1`);
    expect(takeNextPath()).toBe(paths.my());
  });

  it('never sends back to a page of the sign-in itself', () => {
    rememberNextPath(paths.authLoginout());
    expect(takeNextPath()).toBe(paths.projectList());
  });
});
