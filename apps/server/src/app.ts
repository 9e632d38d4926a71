import { writeWaitingFootprints } from './domain/projects/footprints.js';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { SERVICE_IDS } from '@portal/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerDevTools } from './dev-tools/index.js';
import { registerGatewayRoutes } from './gateways/routes.js';
import { registerHost } from './host/index.js';
import { registerIdentity } from './identity/index.js';
import type { LoadLimits } from './config.js';
import type { AppDeps } from './platform/deps.js';
import { privateLogOptions } from './platform/log-privacy.js';
import { observePool, registerMetricsRoute, timeRequests } from './platform/metrics.js';
import { readinessCheck } from './platform/readiness.js';
import { shedLoadPastCapacity } from './platform/load-shedding.js';
import { passwordLine } from './domain/accounts/passwords.js';
import { installRequestIds, requestIdMixin, requestIdOf } from './platform/request-id.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { endConnectionsOnClose } from './platform/shutdown.js';
import { closeUnreadBodies } from './platform/unread-bodies.js';
import { answerClientError, installErrorHandling } from './services/errors.js';
import { startExamSweep } from './services/exam-custom/sweep.js';
import { registerProjectCoverRoute } from './services/exam-flow/cover-route.js';
import { startUploadCleanup } from './services/exam-expand/upload-cleanup.js';
import { startRetentionErasure } from './services/exam-flow/retention-job.js';
import { startPersonalDataResealing } from './services/exam-account/reseal-job.js';
import { startNotifications } from './services/exam-message/notification-job.js';
import { registerUploadRoutes } from './services/exam-expand/uploads-route.js';
import { registerTicketCheckRoute } from './services/exam-flow/ticket-check-route.js';
import { registerReceiptCheckRoute } from './services/exam-flow/receipt-check-route.js';
import { registerProviderNotifyRoute } from './services/exam-payment/provider-notify-route.js';
import { SERVICE_ROUTES } from './services/index.js';
import { registerService, type RateLimits } from './services/register.js';

export interface BuildAppOptions {
  logger?: boolean | object;
  /** The services' per-user and per-address limits (tests set them low, or out of the way). */
  rateLimits?: RateLimits;
  /** Capacity before the waiting line (tests set it low). */
  loadLimits?: LoadLimits;
}

/** Wires the parts this process serves; server.ts only listens. */
export async function buildApp(
  deps: AppDeps,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const { config } = deps;
  const logger = options.logger === true ? {} : options.logger;
  const app: FastifyInstance = Fastify({
    // Each line names its request, those logged through app.log during one included.
    logger: logger ? { ...privateLogOptions, ...logger, mixin: requestIdMixin } : false,
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: 4 * 1024 * 1024,
    // A request that reaches a route while the app closes came on a connection already open (a
    // proxy's kept one): it is answered, ending its connection, since a proxy may not send a POST
    // elsewhere and Fastify's bare 503 is no answer of the contract.
    return503OnClosing: false,
    clientErrorHandler: (error, socket) => answerClientError(error, socket, app.log),
  });
  // Work outside a request's (an SMS provider's failure) logs through the app's logger.
  deps.log ??= app.log;
  installRequestIds(app);
  endConnectionsOnClose(app);
  installErrorHandling(app);
  closeUnreadBodies(app);
  timeRequests(app);
  observePool(app, deps.db);
  await shedLoadPastCapacity(app, options.loadLimits ?? config.loadLimits);
  passwordLine.setLimits(config.passwordLine);
  await registerSecurityHeaders(app, config);
  // JSON answers and the host page, brotli or gzip as the browser accepts; built assets come
  // precompressed from the web build (the host's @fastify/static preCompressed), left as they are.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Dynamic answers: a fast brotli level (11, the default, costs far more CPU than it saves).
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  const allowedOrigins = new Set([config.publicUrl, config.clientDomain]);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || allowedOrigins.has(origin)),
    credentials: false,
  });
  for (const serviceId of SERVICE_IDS) {
    if (config.parts.has(serviceId))
      await registerService(
        app,
        serviceId,
        SERVICE_ROUTES[serviceId],
        deps,
        options.rateLimits ?? config.rateLimits,
      );
  }
  if (config.parts.has('exam-expand')) await registerUploadRoutes(app, deps);
  if (config.parts.has('exam-expand')) startUploadCleanup(app, deps);
  if (config.parts.has('exam-account')) startPersonalDataResealing(app, deps);
  if (config.parts.has('exam-flow')) await registerProjectCoverRoute(app, deps);
  if (config.parts.has('exam-flow')) app.addHook('onClose', () => writeWaitingFootprints(deps.db));
  if (config.parts.has('exam-flow')) {
    await registerTicketCheckRoute(app, deps);
    await registerReceiptCheckRoute(app, deps);
  }
  if (config.parts.has('exam-flow')) startRetentionErasure(app, deps);
  if (config.parts.has('exam-custom')) startExamSweep(app, deps);
  if (config.parts.has('exam-message')) startNotifications(app, deps);
  for (const gateway of deps.gateways.payment.all)
    await registerProviderNotifyRoute(app, deps, gateway.notifications);
  await registerGatewayRoutes(app, deps);
  if (config.devTools) await registerDevTools(app, deps);
  if (config.parts.has('identity')) await registerIdentity(app, deps);
  if (config.parts.has('web')) await registerHost(app, deps);
  registerMetricsRoute(app, config.metricsToken);
  app.get('/healthz', async () => ({ status: 'ok', parts: [...config.parts] }));
  const readiness = readinessCheck(deps);
  app.get('/readyz', async (request, reply) => {
    const answer = await readiness(request.log);
    return reply.status(answer.status === 'ready' ? 200 : 503).send(answer);
  });
  return app;
}
