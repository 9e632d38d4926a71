import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { GatewayContext } from '../index.js';
import type { PaymentGateway } from '../types.js';

// PLACEHOLDER during parallel development: replaced by the working local implementation.
export function createPaymentGateway(_context: GatewayContext): PaymentGateway {
  return new Proxy({} as PaymentGateway, {
    get: (_target, member) => () => {
      throw new Error(`payment gateway is not built yet (${String(member)})`);
    },
  });
}

/** Pages and endpoints this gateway serves under /gateways/payment (sandbox pages, callbacks, outbox). */
export async function registerPaymentRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
