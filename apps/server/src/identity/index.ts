import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../platform/deps.js';
import { interactionRoutes } from './interactions.js';
import { createProvider } from './provider.js';
import { createAttemptLimiter } from './accounts.js';
import { createSmsSignIn } from './sms.js';

/** Where the provider is mounted in this process; the Authority's public URL may differ. */
export const IDENTITY_PREFIX = '/identity';

/** The OpenID Connect provider under /identity (the Authority). */
export async function registerIdentity(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const provider = createProvider(deps);
  const sms = createSmsSignIn(deps, createAttemptLimiter(deps.store));
  provider.use(interactionRoutes(provider, deps, { sms }));
  provider.on('server_error', (_ctx, error) =>
    app.log.error({ err: error }, 'identity provider error'),
  );
  if (deps.config.mode !== 'production')
    app.log.warn(
      'identity: http:// and localhost redirect URIs are accepted for the implicit client (development only)',
    );
  const callback = provider.callback();

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    // Koa sees the path below the mount point; oidc-provider rebuilds its URLs from originalUrl.
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = raw.url?.slice(IDENTITY_PREFIX.length) || '/';
    callback(raw, reply.raw);
  };

  await app.register(
    async (scope) => {
      // Koa reads the raw body itself.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.all('/', handOver);
      scope.all('/*', handOver);
    },
    { prefix: IDENTITY_PREFIX },
  );
}
