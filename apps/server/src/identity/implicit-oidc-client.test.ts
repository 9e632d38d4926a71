/**
 * The implicit flow the SPA uses (spec §4, `response_type=token id_token`), driven by a client
 * library written elsewhere: oidc-client (oidc-client-js 1.11), the predecessor of oidc-client-ts,
 * whose 2.0 line dropped the implicit flow (authts/oidc-client-ts#153). The library reads the
 * discovery document and the JWKS itself, checks the id token's RS256 signature, iss, aud, exp,
 * nonce and at_hash, and the state: its verdict is the proof, not ours.
 *
 * oidc-client runs in a browser. It gets one here, scoped to the library: a happy-dom window at
 * the SPA's callback address, exposed as `window` and `XMLHttpRequest` before the library loads
 * (it reads `window.crypto` at load time for its state and nonce). Its discovery and JWKS requests
 * are same-origin from that address, so happy-dom's CORS rules pass untouched. The file does not
 * run in vitest's happy-dom environment: that would also replace Node's fetch, Request, Response,
 * Headers and URL for the whole worker: the server under test would run on browser globals, and
 * the test's cookie-keeping HTTP client would get happy-dom's fetch, which applies CORS to it and
 * hides Set-Cookie.
 */
import { Window } from 'happy-dom';
import type * as OidcClientLibrary from 'oidc-client';
import type { OidcClient } from 'oidc-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_MOBILE, DEMO_PASSWORD } from '../testing/demo-fixtures.js';
import { createRemoteVerifier } from '../platform/tokens.js';
import {
  callbackUrlOf,
  CookieBrowser,
  signInWithPasswordForm,
  startIdentityTestServer,
  type IdentityTestServer,
} from './test-server.js';

let server: IdentityTestServer;
let browserWindow: Window;
let library: typeof OidcClientLibrary;

beforeAll(async () => {
  server = await startIdentityTestServer();
  browserWindow = new Window({ url: callbackUrlOf(server) });
  vi.stubGlobal('window', browserWindow);
  vi.stubGlobal('XMLHttpRequest', browserWindow.XMLHttpRequest);
  library = await import('oidc-client');
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await browserWindow?.happyDOM.close();
  await server?.close();
});

function oidcClient(): OidcClient {
  const { InMemoryWebStorage, OidcClient, WebStorageStateStore } = library;
  return new OidcClient({
    authority: server.issuer,
    client_id: 'portal-web',
    redirect_uri: callbackUrlOf(server),
    response_type: 'id_token token',
    scope: 'openid profile',
    // The access token is for the services, not userinfo; the profile comes from the id token.
    loadUserInfo: false,
    stateStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
  });
}

/** Signs the demo user in from the library's authorize URL; returns the callback URL reached. */
async function signIn(authorizeUrl: string): Promise<string> {
  const { url } = await signInWithPasswordForm(
    server,
    new CookieBrowser(),
    authorizeUrl,
    DEMO_MOBILE,
    DEMO_PASSWORD,
  );
  expect(url.startsWith(`${callbackUrlOf(server)}#`)).toBe(true);
  return url;
}

const fragmentOf = (url: string) => new URLSearchParams(new URL(url).hash.slice(1));

/** The callback URL with one fragment parameter replaced, the others byte for byte. */
function withParameter(url: string, name: string, value: string): string {
  const [base, fragment = ''] = url.split('#');
  const parts = fragment.split('&');
  expect(parts.some((part) => part.startsWith(`${name}=`))).toBe(true);
  const changed = parts.map((part) =>
    part.startsWith(`${name}=`) ? `${name}=${encodeURIComponent(value)}` : part,
  );
  return `${base}#${changed.join('&')}`;
}

describe('the implicit flow with a client library written elsewhere (oidc-client 1.11)', () => {
  it('completes sign-in, and the access token is one the services accept', async () => {
    const client = oidcClient();
    const request = await client.createSigninRequest();
    const sent = new URL(request.url).searchParams;
    expect(request.url.startsWith(`${server.issuer}/connect/authorize?`)).toBe(true);
    expect(sent.get('response_type')).toBe('id_token token');
    expect(sent.get('nonce')).toBeTruthy();

    const callback = await signIn(request.url);
    const fragment = fragmentOf(callback);
    expect(fragment.get('state')).toBe(sent.get('state'));
    expect(fragment.get('access_token')).toBeTruthy();
    expect(fragment.get('id_token')).toBeTruthy();

    const response = await client.processSigninResponse(callback);
    expect(response.access_token).toBe(fragment.get('access_token'));
    expect(response.token_type.toLowerCase()).toBe('bearer');
    expect(response.profile.sub).toBe(String(server.demoUserId));
    expect(response.profile.name).toBe('李明');
    expect(response.expires_in).toBeGreaterThan(0);
    const subject = await createRemoteVerifier(server.issuer).verify(response.access_token);
    expect(subject).toMatchObject({ userId: server.demoUserId, name: '李明' });
  });

  const tamperings: [string, (callback: string, client: OidcClient) => Promise<string>, RegExp][] =
    [
      [
        'a state this client never issued',
        async (callback) => withParameter(callback, 'state', 'f'.repeat(32)),
        /No matching state/,
      ],
      [
        "the state of the client's other pending request",
        async (callback, client) => {
          const other = await client.createSigninRequest();
          return withParameter(callback, 'state', other.state.id as string);
        },
        /Invalid nonce/,
      ],
      [
        'an access token other than the one the id token was issued with',
        async (callback) => {
          const token = fragmentOf(callback).get('access_token')!;
          const last = token.endsWith('A') ? 'B' : 'A';
          return withParameter(callback, 'access_token', `${token.slice(0, -1)}${last}`);
        },
        /at_hash/,
      ],
      [
        'an id token whose claims were changed after signing (another user)',
        async (callback) => {
          const [header, payload, signature] = fragmentOf(callback).get('id_token')!.split('.');
          const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object;
          const forged = Buffer.from(
            JSON.stringify({ ...claims, sub: String(server.demoUserId + 1) }),
          ).toString('base64url');
          return withParameter(callback, 'id_token', `${header}.${forged}.${signature}`);
        },
        /signature validation failed/,
      ],
    ];

  it.each(tamperings)('refuses a response with %s', async (_, tamper, refusal) => {
    const client = oidcClient();
    const request = await client.createSigninRequest();
    const callback = await signIn(request.url);
    await expect(client.processSigninResponse(await tamper(callback, client))).rejects.toThrow(
      refusal,
    );
  });
});
