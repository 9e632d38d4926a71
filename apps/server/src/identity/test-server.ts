import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  SERVICE_IDS,
  type Endpoint,
  type Envelope,
  type RequestOf,
  type ResponseOf,
  type AltchaChallenge,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { DEMO_MOBILE } from '../testing/demo-fixtures.js';
import { createGateways } from '../gateways/index.js';
import type { AppDeps } from '../platform/deps.js';
import { createMemoryStore } from '../platform/kv-store.js';
import { createSecrets } from '../platform/secrets.js';
import { installDataKeys } from '../platform/sealed-values.js';
import { createLocalVerifier } from '../platform/tokens.js';
import getPort from 'get-port';
import { solveProofOfWork } from '../testing/proof-of-work.js';
import { toQuery } from '../testing/test-app.js';
import { openTestDatabase } from '../testing/test-database.js';
import { type CookieBrowser, formAction } from '../testing/cookie-browser.js';

export { accessTokenOf, CookieBrowser, formAction } from '../testing/cookie-browser.js';

/** A whole app listening on 127.0.0.1, its public URL (and so the issuer) on the real port. */
export interface IdentityTestServer {
  baseUrl: string;
  issuer: string;
  app: FastifyInstance;
  deps: AppDeps;
  db: Database;
  demoUserId: number;
  /** Texts the SMS gateway was asked to send, newest last. */
  sentSms: { mobile: string; text: string }[];
  /** A contract call over HTTP, as the web makes it, with the access token when one is given. */
  call<E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E> | Record<string, unknown>,
    accessToken?: string,
  ): Promise<{ status: number; body: Envelope<ResponseOf<E>> }>;
  /** Stops the app and builds a new one over the same database, keys and port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startIdentityTestServer(
  env: Record<string, string> = {},
): Promise<IdentityTestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-identity-'));
  const database = await openTestDatabase('portal_id');
  const { handle } = database;
  const port = await getPort({ host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    SERVICES: [...SERVICE_IDS, 'identity'].join(','),
    ...env,
  });
  const secrets = await createSecrets();
  installDataKeys(secrets.dataKeys);
  const store = createMemoryStore();
  const sentSms: { mobile: string; text: string }[] = [];
  const deps: AppDeps = {
    config,
    db: handle.db,
    store,
    tokens: createLocalVerifier(secrets.signingJwk, config.authorityUrl),
    secrets,
    gateways: {
      ...(await createGateways({ config, secrets, store })),
      sms: {
        async send(mobile, text) {
          sentSms.push({ mobile, text });
        },
      },
    },
    now: () => new Date(),
  };
  let app = await buildApp(deps);
  await app.listen({ port, host: '127.0.0.1' });
  const [demo] = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, DEMO_MOBILE));
  return {
    baseUrl,
    issuer: config.authorityUrl,
    get app() {
      return app;
    },
    deps,
    db: handle.db,
    demoUserId: demo!.id,
    sentSms,
    async call(endpoint, input, accessToken) {
      const url = new URL(`${baseUrl}/services/${endpoint.service}${endpoint.path}`);
      const headers: Record<string, string> = {};
      if (accessToken) headers.authorization = `Bearer ${accessToken}`;
      let body: string | undefined;
      if (endpoint.method === 'GET')
        url.search = new URLSearchParams(toQuery(input as Record<string, unknown>)).toString();
      else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(input);
      }
      const response = await fetch(url, { method: endpoint.method, headers, body });
      return { status: response.status, body: (await response.json()) as Envelope<never> };
    },
    async restart() {
      await app.close();
      app = await buildApp(deps);
      await app.listen({ port, host: '127.0.0.1' });
    },
    async close() {
      await app.close();
      await store.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's identity server (or the describe block's): started before its tests, closed
 * after them. Read it as the server itself (`server.baseUrl`) from the first test on.
 */
export function useIdentityTestServer(env: Record<string, string> = {}): IdentityTestServer {
  let started: IdentityTestServer | undefined;
  beforeAll(async () => {
    started = await startIdentityTestServer(env);
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as IdentityTestServer, {
    get(_target, key) {
      if (!started) throw new Error('the identity test server is read before its tests start');
      return Reflect.get(started, key, started);
    },
  });
}

/** The SPA's sign-in callback address on the test server (spec §4). */
export function callbackUrlOf(server: IdentityTestServer): string {
  return `${server.baseUrl}/views/auth/callback`;
}

/** Follows an authorize URL to the sign-in page; returns its address and HTML. */
export async function openSignInPage(
  server: IdentityTestServer,
  browser: CookieBrowser,
  authorizeUrl: string,
): Promise<{ pageUrl: string; page: string }> {
  const { url, response } = await browser.follow(authorizeUrl, callbackUrlOf(server));
  if (response?.status !== 200)
    throw new Error(`expected the sign-in page, got ${response?.status ?? `a redirect to ${url}`}`);
  return { pageUrl: url, page: await response.text() };
}

/**
 * Opens the sign-in page of an authorize URL and submits mobile and password on its form, as a
 * person would; follows redirects until the callback address (or a page that answers).
 */
export async function signInWithPasswordForm(
  server: IdentityTestServer,
  browser: CookieBrowser,
  authorizeUrl: string,
  mobile: string,
  password: string,
): Promise<{ url: string; response?: Response }> {
  const { page } = await openSignInPage(server, browser, authorizeUrl);
  return browser.follow(formAction(page, server.baseUrl), callbackUrlOf(server), {
    form: { mobile, password },
  });
}

/** An authorize URL as the SPA builds it (spec §4). */
export function spaAuthorizeUrl(server: IdentityTestServer): {
  url: string;
  state: string;
  nonce: string;
} {
  const state = randomBytes(24).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  const url = new URL(`${server.issuer}/connect/authorize`);
  url.search = new URLSearchParams({
    client_id: server.deps.config.oidcClientId,
    redirect_uri: `${server.baseUrl}/views/auth/callback`,
    response_type: 'token id_token',
    scope: 'openid profile',
    state,
    nonce,
  }).toString();
  return { url: url.href, state, nonce };
}

/** Goes to the sign-in page of a new authorization; returns the interaction's address. */
export async function openInteraction(
  server: IdentityTestServer,
  browser: CookieBrowser,
): Promise<{ interactionUrl: string; page: string }> {
  const { url, response } = await browser.follow(
    spaAuthorizeUrl(server).url,
    `${server.baseUrl}/views/`,
  );
  if (response?.status !== 200) throw new Error(`sign-in page answered ${response?.status}`);
  return { interactionUrl: url.split('?')[0]!, page: await response.text() };
}

/** Does the proof of work as the page script would and asks for a code; returns the code sent. */
export async function requestSmsCode(
  server: IdentityTestServer,
  browser: CookieBrowser,
  interactionUrl: string,
  mobile: string,
  scene: 'SignIn' | 'SignUp' | 'ResetPassword',
): Promise<{ status: number; body: { ok: boolean; message: string }; code?: string }> {
  const challengeResponse = await browser.request(`${interactionUrl}/captcha`, {
    json: { mobile },
  });
  const { challenge } = (await challengeResponse.json()) as { challenge: AltchaChallenge };
  const solution = await solveProofOfWork(challenge);
  const sentBefore = server.sentSms.length;
  const response = await browser.request(`${interactionUrl}/sms-code`, {
    json: { mobile, scene, challenge, solution },
  });
  const body = (await response.json()) as { ok: boolean; message: string };
  const sent = server.sentSms.slice(sentBefore).find((m) => m.mobile === mobile);
  const code = sent ? /(\d{6})/.exec(sent.text)?.[1] : undefined;
  return { status: response.status, body, code };
}
