import { randomBytes } from 'node:crypto';
import type { AltchaChallenge } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { InMemoryWebStorage, OidcClient, WebStorageStateStore } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { oidcPayloads, users } from '../db/schema/index.js';
import { SESSION_TTL_SECONDS } from '../domain/accounts/sessions.js';
import { DEMO_MOBILE, DEMO_PASSWORD } from '../testing/demo-fixtures.js';
import { hashPassword } from '../domain/accounts/passwords.js';
import { API_AUDIENCE, createRemoteVerifier } from '../platform/tokens.js';
import { solveProofOfWork } from '../testing/proof-of-work.js';
import { CAPTCHA_REQUIRED } from '../platform/attempt-limiter.js';
import { SIGN_IN_FAILED } from '../domain/accounts/sign-in.js';
import { acceptPolicies } from '../domain/privacy/consents.js';
import {
  callbackUrlOf,
  CookieBrowser,
  formAction,
  openSignInPage,
  signInWithPasswordForm,
  useIdentityTestServer,
} from './test-server.js';

const server = useIdentityTestServer();

const CLIENT_ID = 'portal-web';
const SCOPE = 'openid profile';
const random32 = () => randomBytes(24).toString('base64url');
const callbackUrl = () => callbackUrlOf(server);

function oidcClient() {
  return new OidcClient({
    authority: server.issuer,
    client_id: CLIENT_ID,
    redirect_uri: callbackUrl(),
    response_type: 'code',
    scope: SCOPE,
    // The access token is for the services; the profile comes from the id token.
    loadUserInfo: false,
    stateStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
  });
}

/** The authorize URL the SPA builds (spec §4): token id_token, state and nonce of 32 characters. */
async function implicitRequest() {
  const discovery = (await (
    await fetch(`${server.issuer}/.well-known/openid-configuration`)
  ).json()) as { authorization_endpoint: string; jwks_uri: string };
  const state = random32();
  const nonce = random32();
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: callbackUrl(),
    response_type: 'token id_token',
    scope: SCOPE,
    state,
    nonce,
  }).toString();
  return { url: url.href, state, nonce, jwksUri: discovery.jwks_uri };
}

const fragmentOf = (url: string) => new URLSearchParams(new URL(url).hash.slice(1));

describe('sign-in with a client library written elsewhere (oidc-client-ts)', () => {
  // oidc-client-ts 3 speaks only the code flow with PKCE; the provider offers it beside implicit.
  it('completes sign-in unmodified and gets an access token the services accept', async () => {
    const client = oidcClient();
    const nonce = random32();
    const request = await client.createSigninRequest({ nonce });
    const result = await signInWithPasswordForm(
      server,
      new CookieBrowser(),
      request.url,
      DEMO_MOBILE,
      DEMO_PASSWORD,
    );
    expect(result.url.startsWith(`${callbackUrl()}?`)).toBe(true);

    const response = await client.processSigninResponse(result.url);
    expect(response.token_type).toBe('Bearer');
    expect(response.profile.sub).toBe(String(server.demoUserId));
    expect(response.profile.name).toBe('李明');
    const subject = await createRemoteVerifier(server.issuer).verify(response.access_token);
    expect(subject).toMatchObject({ userId: server.demoUserId, name: '李明' });
  });

  it('refuses, in the library, a response whose id token carries another nonce', async () => {
    const client = oidcClient();
    const request = await client.createSigninRequest({ nonce: random32() });
    const stored = JSON.parse(
      (await client.settings.stateStore.get(request.state.id)) ?? '{}',
    ) as Record<string, unknown>;
    await client.settings.stateStore.set(
      request.state.id,
      JSON.stringify({ ...stored, nonce: random32() }),
    );
    const result = await signInWithPasswordForm(
      server,
      new CookieBrowser(),
      request.url,
      DEMO_MOBILE,
      DEMO_PASSWORD,
    );
    await expect(client.processSigninResponse(result.url)).rejects.toThrow(/nonce/);
  });
});

describe('the implicit flow the SPA uses (spec §4)', () => {
  it('returns a JWT access token (exp, iat, sub, name) and a signed id token with the nonce', async () => {
    const request = await implicitRequest();
    const result = await signInWithPasswordForm(
      server,
      new CookieBrowser(),
      request.url,
      DEMO_MOBILE,
      DEMO_PASSWORD,
    );
    expect(result.url.startsWith(`${callbackUrl()}#`)).toBe(true);
    const fragment = fragmentOf(result.url);
    expect(fragment.get('state')).toBe(request.state);
    expect(fragment.get('token_type')).toBe('Bearer');

    const accessToken = fragment.get('access_token')!;
    // The services' own verifier, fetching the provider's published keys over HTTP.
    const subject = await createRemoteVerifier(server.issuer).verify(accessToken);
    // The session it was issued in (`sid`): signing out of that session revokes the token.
    expect(subject).toMatchObject({
      userId: server.demoUserId,
      name: '李明',
      sessionId: expect.any(String),
    });
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({ aud: API_AUDIENCE, client_id: CLIENT_ID });
    expect(typeof claims.exp).toBe('number');
    expect(typeof claims.iat).toBe('number');

    const idToken = await jwtVerify(
      fragment.get('id_token')!,
      createRemoteJWKSet(new URL(request.jwksUri)),
      { issuer: server.issuer, audience: CLIENT_ID },
    );
    expect(idToken.payload).toMatchObject({
      nonce: request.nonce,
      sub: String(server.demoUserId),
      name: '李明',
    });
  });

  it('signs in again without the form while the provider session lasts', async () => {
    const browser = new CookieBrowser();
    await signInWithPasswordForm(
      server,
      browser,
      (await implicitRequest()).url,
      DEMO_MOBILE,
      DEMO_PASSWORD,
    );
    const second = await implicitRequest();
    const { url } = await browser.follow(second.url, callbackUrl());
    const fragment = fragmentOf(url);
    expect(fragment.get('state')).toBe(second.state);
    expect(decodeJwt(fragment.get('id_token')!).nonce).toBe(second.nonce);
  });

  it('slides the provider session: a sign-in through it (no form) gives it another SESSION_TTL_SECONDS, cookie too', async () => {
    const browser = new CookieBrowser();
    await signInWithPasswordForm(
      server,
      browser,
      (await implicitRequest()).url,
      DEMO_MOBILE,
      DEMO_PASSWORD,
    );
    // The session as it stands a minute before its end: 14 days after a sign-in never repeated.
    const nearEnd = Math.floor(Date.now() / 1000) + 60;
    const aged = await server.db
      .update(oidcPayloads)
      .set({
        expiresAt: new Date(nearEnd * 1000),
        payload: sql`jsonb_set(${oidcPayloads.payload}, '{exp}', ${String(nearEnd)}::jsonb)`,
      })
      // The browser's session: its cookie names it.
      .where(
        and(eq(oidcPayloads.model, 'Session'), eq(oidcPayloads.id, browser.cookie('_session')!)),
      )
      .returning({ id: oidcPayloads.id });
    expect(aged).toHaveLength(1);
    // The SPA's next sign-in (its access token expired): the provider answers it without the form.
    const first = await browser.request((await implicitRequest()).url);
    expect(first.status).toBe(303);
    const cookie = first.headers.getSetCookie().find((line) => line.startsWith('_session='));
    const cookieEnd = Date.parse(/expires=([^;]+)/i.exec(cookie ?? '')?.[1] ?? '');
    const { url } = await browser.follow(first.headers.get('location')!, callbackUrl());
    expect(fragmentOf(url).get('access_token')).toBeTruthy();
    const [session] = await server.db
      .select({ expiresAt: oidcPayloads.expiresAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, 'Session'), eq(oidcPayloads.id, aged[0]!.id)));
    const fullTerm = Date.now() + SESSION_TTL_SECONDS * 1000;
    expect(Math.abs(session!.expiresAt!.getTime() - fullTerm)).toBeLessThan(60_000);
    expect(Math.abs(cookieEnd - fullTerm)).toBeLessThan(60_000);
  });

  it('refuses a request without a nonce', async () => {
    const { url } = await implicitRequest();
    const withoutNonce = new URL(url);
    withoutNonce.searchParams.delete('nonce');
    const { url: landed } = await new CookieBrowser().follow(withoutNonce.href, callbackUrl());
    expect(fragmentOf(landed).get('error')).toBe('invalid_request');
    expect(fragmentOf(landed).get('access_token')).toBeNull();
  });

  it('answers an unregistered redirect address with its own page, not a redirect', async () => {
    const { url } = await implicitRequest();
    const evil = new URL(url);
    evil.searchParams.set('redirect_uri', 'https://evil.example/views/auth/callback');
    const response = await new CookieBrowser().request(evil.href);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('lang="zh-CN"');
    expect(page).not.toMatch(/fonts\.googleapis|<script src=/);
  });
});

describe('the sign-in form', () => {
  it('shows labelled fields in Chinese with no third-party resources', async () => {
    const { url } = await implicitRequest();
    const { page } = await openSignInPage(server, new CookieBrowser(), url);
    expect(page).toContain('<html lang="zh-CN">');
    expect(page).toMatch(/<label for="mobile">手机号<\/label>/);
    expect(page).toMatch(/<label for="password">密码<\/label>/);
    const password = /<input id="password"[^>]*>/.exec(page)?.[0];
    expect(password).toContain('name="password"');
    expect(password).toContain('type="password"');
    expect(page).toContain('<button type="submit">登录</button>');
    expect(page).toMatch(/href="[^"]+\/signup">注册新账号<\/a>/);
    expect(page).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[^"']*\.(js|css|woff2?)/);
  });

  it('refuses a wrong password with one message and keeps the typed number', async () => {
    const { url } = await implicitRequest();
    const browser = new CookieBrowser();
    const { response } = await signInWithPasswordForm(
      server,
      browser,
      url,
      DEMO_MOBILE,
      'Wrong@123456',
    );
    expect(response?.status).toBe(401);
    const page = await response!.text();
    expect(page).toContain(`role="alert">${SIGN_IN_FAILED}</div>`);
    expect(page).toContain(`value="${DEMO_MOBILE}"`);
    expect(page).not.toContain('Wrong@123456');
  });

  it('gives an unknown number the same message as a wrong password', async () => {
    const { url } = await implicitRequest();
    const { response } = await signInWithPasswordForm(
      server,
      new CookieBrowser(),
      url,
      '13700000001',
      DEMO_PASSWORD,
    );
    expect(response?.status).toBe(401);
    expect(await response!.text()).toContain(`role="alert">${SIGN_IN_FAILED}</div>`);
  });

  it('never signs a closed account in', async () => {
    const passwordHash = await hashPassword('Closed@123456');
    const [tenant] = await server.db
      .select({ tenantId: users.tenantId })
      .from(users)
      .where(eq(users.id, server.demoUserId));
    // Closed the way the account service closes: number released, status closed.
    await server.db.insert(users).values({
      tenantId: tenant!.tenantId,
      mobile: null,
      closedMobile: '13600000002',
      name: '已注销',
      passwordHash,
      status: 'closed',
    });
    // And one closed but still holding its number, in case a closing forgot to release it.
    await server.db.insert(users).values({
      tenantId: tenant!.tenantId,
      mobile: '13600000003',
      name: '已注销二',
      passwordHash,
      status: 'closed',
    });
    for (const mobile of ['13600000002', '13600000003']) {
      const { url } = await implicitRequest();
      const { response } = await signInWithPasswordForm(
        server,
        new CookieBrowser(),
        url,
        mobile,
        'Closed@123456',
      );
      expect(response?.status).toBe(401);
      expect(await response!.text()).toContain(SIGN_IN_FAILED);
    }
  });

  it('stops a provider session of an account closed since', async () => {
    const passwordHash = await hashPassword('Closing@123456');
    const [tenant] = await server.db.select({ tenantId: users.tenantId }).from(users).limit(1);
    const [user] = await server.db
      .insert(users)
      .values({ tenantId: tenant!.tenantId, mobile: '13600000004', name: '将注销', passwordHash })
      .returning({ id: users.id });
    await acceptPolicies(server.db, {
      userId: user!.id,
      kinds: ['user-agreement', 'privacy-policy'],
      address: null,
      at: new Date(),
    });
    const browser = new CookieBrowser();
    const first = await signInWithPasswordForm(
      server,
      browser,
      (await implicitRequest()).url,
      '13600000004',
      'Closing@123456',
    );
    expect(first.url).toContain('access_token=');
    await server.db
      .update(users)
      .set({ status: 'closed', mobile: null, closedMobile: '13600000004' })
      .where(eq(users.id, user!.id));
    const { url, response } = await browser.follow((await implicitRequest()).url, callbackUrl());
    expect(url).toContain('/identity/interaction/');
    expect(response?.status).toBe(200);
  });

  it('after 3 failures asks for the human check on the page; with the proof of work done, the right password signs in', async () => {
    const mobile = '13900139000';
    const [tenant] = await server.db.select({ tenantId: users.tenantId }).from(users).limit(1);
    await server.db
      .insert(users)
      .values({
        tenantId: tenant!.tenantId,
        mobile,
        name: '验证用户',
        passwordHash: await hashPassword('Demo@654321'),
      })
      .onConflictDoNothing();
    const tryOnce = async (password: string, captcha?: Record<string, string>) => {
      const { url } = await implicitRequest();
      const browser = new CookieBrowser();
      const { page, pageUrl } = await openSignInPage(server, browser, url);
      const fields = { mobile, password, ...(captcha ? await solve(browser, pageUrl) : {}) };
      return browser.follow(formAction(page, server.baseUrl), callbackUrlOf(server), {
        form: fields,
      });
    };
    const solve = async (browser: CookieBrowser, pageUrl: string) => {
      const interactionUrl = pageUrl.split('?')[0]!;
      const { challenge } = (await (
        await browser.request(`${interactionUrl}/captcha`, { json: { mobile } })
      ).json()) as { challenge: AltchaChallenge };
      return {
        captchaChallenge: JSON.stringify(challenge),
        captchaSolution: JSON.stringify(await solveProofOfWork(challenge)),
      };
    };
    for (let i = 1; i <= 3; i += 1) {
      const { response } = await tryOnce('Bad@1234');
      expect(response?.status).toBe(401);
      const page = await response!.text();
      expect(page.includes('data-captcha-required')).toBe(i === 3);
    }
    const unchecked = await tryOnce('Demo@654321');
    expect(unchecked.response?.status).toBe(400);
    const page = await unchecked.response!.text();
    expect(page).toContain(CAPTCHA_REQUIRED);
    expect(page).toContain('id="captcha-challenge"');
    // Not a lock: with the check done, the right password gets in.
    const { url } = await tryOnce('Demo@654321', {});
    expect(url.startsWith(callbackUrlOf(server))).toBe(true);
  });

  it('counts simultaneous guesses too: no more than 3 get a verdict before the human check', async () => {
    const mobile = '13700000001';
    const requests = await Promise.all(Array.from({ length: 8 }, () => implicitRequest()));
    const answers = await Promise.all(
      requests.map(({ url }) =>
        signInWithPasswordForm(server, new CookieBrowser(), url, mobile, 'Bad@1234'),
      ),
    );
    const statuses = answers.map((a) => a.response?.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThanOrEqual(5);
  });

  it('refuses a form posted without the interaction cookie (CSRF)', async () => {
    const { url } = await implicitRequest();
    const { page } = await openSignInPage(server, new CookieBrowser(), url);
    const response = await new CookieBrowser().request(formAction(page, server.baseUrl), {
      form: { mobile: DEMO_MOBILE, password: DEMO_PASSWORD },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('登录请求已过期');
  });
});

describe('the access token at the services', () => {
  it('is accepted by the verifier the services use and by User/GetUser', async () => {
    const { url } = await implicitRequest();
    const result = await signInWithPasswordForm(
      server,
      new CookieBrowser(),
      url,
      DEMO_MOBILE,
      DEMO_PASSWORD,
    );
    const accessToken = fragmentOf(result.url).get('access_token')!;
    await expect(server.deps.tokens.verify(accessToken)).resolves.toMatchObject({
      userId: server.demoUserId,
      name: '李明',
    });
    const call = await server.app.inject({
      method: 'GET',
      url: '/services/exam-account/OpenService/v1/User/GetUser',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(call.statusCode).toBe(200);
    expect(call.json()).toMatchObject({ ErrCode: 0, Data: { Name: '李明' } });
  });
});
