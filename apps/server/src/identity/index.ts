import type { IncomingMessage } from 'node:http';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../platform/deps.js';
import { scheduleAppJob } from '../platform/scheduled-jobs.js';
import { deleteExpiredPayloads, IDENTITY_SWEEP_SCHEDULE } from './adapter.js';
import type { KeyValueStore } from '../platform/kv-store.js';
import { count, counterFor, isOver, limitedAddress, secondsLeft } from '../platform/rate-limits.js';
import { dropEndedSession, outLoginRoute, registerInteractionRoutes } from './interactions.js';
import { loadPageScript } from './page-script.js';
import { authorityBasePath, createProvider } from './provider.js';
import { createAttemptLimiter } from '../platform/attempt-limiter.js';
import { renderMessagePage } from './pages/index.js';
import { createSmsSignIn } from './sms.js';
import { loggableError } from '../platform/loggable-error.js';

/** Where the provider is mounted in this process; the Authority's public URL may differ. */
export const IDENTITY_PREFIX = '/identity';

/**
 * New sign-in requests (each stores an interaction row) per address and minute: an exam room of
 * 500 behind one address signs in within a few minutes, while a flood is cut to a bounded number
 * of rows that the identity sweep deletes once they expire.
 */
export const AUTHORIZE_PER_ADDRESS_PER_MINUTE = 300;
export const authorizeCounter = (store: KeyValueStore) =>
  counterFor(store, {
    name: 'authorize',
    points: AUTHORIZE_PER_ADDRESS_PER_MINUTE,
    durationSeconds: 60,
  });
const AUTHORIZE_PATH = '/connect/authorize';
const OUT_LOGIN_PATH = '/auth/outlogin';

/** The OpenID Connect provider under /identity (the Authority). */
export async function registerIdentity(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const provider = createProvider(deps);
  const sms = createSmsSignIn(deps, createAttemptLimiter(deps.store));
  const pageScript = loadPageScript(authorityBasePath(deps.config.authorityUrl));
  const outLogin = outLoginRoute(provider, deps);
  provider.on('server_error', (_ctx, error) =>
    app.log.error({ failure: loggableError(error) }, 'identity provider error'),
  );
  if (deps.config.mode !== 'production')
    app.log.warn(
      'identity: http:// and localhost redirect URIs are accepted for the implicit client (development only)',
    );
  const callback = provider.callback();
  scheduleAppJob(app, {
    name: 'identity sweep',
    schedule: IDENTITY_SWEEP_SCHEDULE,
    sharedBy: deps.db,
    run: () => deleteExpiredPayloads(deps.db, deps.now()).then(() => undefined),
  });

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && path.toLowerCase() === `${IDENTITY_PREFIX}${OUT_LOGIN_PATH}`)
      return outLogin(request, reply);
    if (path === `${IDENTITY_PREFIX}${AUTHORIZE_PATH}`) {
      const counted = await count(authorizeCounter(deps.store), limitedAddress(request.ip));
      if (isOver(authorizeCounter(deps.store), counted))
        return reply
          .status(429)
          .header('retry-after', String(secondsLeft(counted)))
          .type('text/html; charset=utf-8')
          .send(
            renderMessagePage({
              brand: deps.config.share.title,
              title: '请求过于频繁',
              message: '当前网络发起的登录请求过多，请一分钟后再试。',
            }),
          );
    }
    // The sign-in request and its resumption (`/connect/authorize/:uid`).
    if (path.startsWith(`${IDENTITY_PREFIX}${AUTHORIZE_PATH}`))
      await dropEndedSession(provider, deps, request, reply);
    reply.hijack();
    // Koa sees the path below the mount point; oidc-provider rebuilds its URLs from originalUrl.
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = raw.url?.slice(IDENTITY_PREFIX.length) || '/';
    callback(raw, reply.raw);
  };

  await app.register(
    async (identity) => {
      await identity.register(cookie);
      // Our pages beside the provider, plain Fastify routes; the rest is the provider's.
      await identity.register(registerInteractionRoutes, {
        provider,
        deps,
        sms,
        pageScript,
        outLogin,
      });
      await identity.register(async (scope) => {
        // Koa reads the raw body itself.
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
        scope.all('/', handOver);
        scope.all('/*', handOver);
      });
    },
    { prefix: IDENTITY_PREFIX },
  );
}
