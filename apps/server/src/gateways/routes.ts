import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/deps.js';

/**
 * Pages and endpoints of the local gateways under /gateways: the payment sandbox's cashier and
 * notification, the WeChat authorisation sandbox, the development SMS outbox (off in production).
 */
export async function registerGatewayRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {
  // Each gateway owner registers its routes here.
}
