import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { GatewayContext } from '../index.js';
import type { SmsGateway } from '../types.js';

// PLACEHOLDER during parallel development: replaced by the working local implementation.
export function createSmsGateway(_context: GatewayContext): SmsGateway {
  return new Proxy({} as SmsGateway, {
    get: (_target, member) => () => {
      throw new Error(`sms gateway is not built yet (${String(member)})`);
    },
  });
}

/** Pages and endpoints this gateway serves under /gateways/sms (sandbox pages, callbacks, outbox). */
export async function registerSmsRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
