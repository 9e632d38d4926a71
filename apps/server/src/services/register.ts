import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { ServiceId } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PREVIEW_SESSION_EXPIRED } from '../domain/preview/preview.js';
import { unauthorized } from '../domain/errors.js';
import { RATE_LIMITS, type RateLimits } from '../config.js';
import type { AppDeps } from '../platform/deps.js';
import { ok } from '../platform/envelope.js';
import { privateAnswers } from './pipeline/cache-control.js';
import { callLimitsOf, identifyCaller } from './pipeline/caller.js';
import { claimIdempotency, settleIdempotency } from './pipeline/idempotency.js';
import { identifyReviewer, previewProofOf, requirePreviewProof } from './pipeline/preview-proof.js';
import {
  contractSchemas,
  MULTIPART_LIMITS,
  parsedInputOf,
  readRawInput,
} from './pipeline/request-input.js';
import { sharedAnswers as sharedAnswersOf } from './pipeline/shared-answers.js';
import type { ServiceRoute } from './route.js';

export { RATE_LIMITS, type RateLimits } from '../config.js';
export { authenticate } from './pipeline/caller.js';
export { PREVIEW_COOKIE, previewCookiePath } from './pipeline/preview-proof.js';

/**
 * One Fastify plugin per ServiceID. Each call goes through the pipeline's hooks in Fastify's
 * order — onRequest: private caching, who calls (counted), a kept anonymous answer;
 * preValidation: the preview proof, the raw input; validation: the contract's schema;
 * preHandler: the reviewer, the idempotency key; the handler; the answer checked against the
 * contract; onSend: the answer kept, the key settled.
 */
export async function registerService(
  app: FastifyInstance,
  serviceId: ServiceId,
  routes: readonly ServiceRoute[],
  deps: AppDeps,
  rateLimits: RateLimits = RATE_LIMITS,
): Promise<void> {
  const limits = callLimitsOf(serviceId, rateLimits, deps);
  const sharedAnswers = sharedAnswersOf(deps.config.anonymousAnswerTtlMs);
  await app.register(
    async (plugin) => {
      const service = plugin.withTypeProvider<ZodTypeProvider>();
      service.setValidatorCompiler(validatorCompiler);
      service.setSerializerCompiler(serializerCompiler);
      for (const name of [
        'caller',
        'reviewer',
        'uploadedFiles',
        'sharedAnswerKey',
        'idempotentCall',
      ])
        service.decorateRequest(name, null);
      await service.register(cookie);
      await service.register(multipart, { limits: MULTIPART_LIMITS });
      for (const { endpoint, handler, options } of routes) {
        if (endpoint.service !== serviceId)
          throw new Error(`${endpoint.name} belongs to ${endpoint.service}, not ${serviceId}`);
        service.route({
          method: endpoint.method,
          url: endpoint.path,
          config: { sheddable: !options.neverTurnedAway },
          schema: contractSchemas(endpoint),
          onRequest: [
            privateAnswers(endpoint),
            identifyCaller(endpoint, options, limits, deps),
            sharedAnswers.serveKept(endpoint, options),
          ],
          preValidation: [requirePreviewProof(endpoint), readRawInput(endpoint)],
          preHandler: [identifyReviewer(endpoint, deps), claimIdempotency(endpoint, deps.store)],
          onSend: [sharedAnswers.keep, settleIdempotency],
          handler: async (request, reply) => {
            const { caller, reviewer } = request;
            const data = await handler({
              input: parsedInputOf(request, endpoint) as never,
              user: caller,
              requireUser: () => {
                if (!caller) throw unauthorized('请先登录');
                return caller;
              },
              requireReviewer: () => {
                if (!reviewer) throw unauthorized(PREVIEW_SESSION_EXPIRED);
                return reviewer;
              },
              previewProof: previewProofOf(request, reply, deps),
              deps,
              clientIp: request.ip,
              files: request.uploadedFiles ?? [],
              host: request.hostname.toLowerCase(),
            });
            return ok(data);
          },
        });
      }
    },
    { prefix: `/services/${serviceId}` },
  );
}
