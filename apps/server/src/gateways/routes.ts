import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/deps.js';
import { registerPaymentRoutes } from './payment/index.js';
import { registerPdfRoutes } from './pdf/index.js';
import { registerSmsRoutes } from './sms/index.js';
import { registerWeChatRoutes } from './wechat/index.js';

/** Gateways' pages under /gateways: the demo's cashier, WeChat authorisation and SMS outbox. */
export async function registerGatewayRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  if (deps.config.payment.sandbox) await registerPaymentRoutes(app, deps);
  await registerPdfRoutes(app, deps);
  await registerSmsRoutes(app, deps);
  // The sandbox's WeChat authorisation would bind any identity: never in production.
  if (deps.config.mode !== 'production') await registerWeChatRoutes(app, deps);
}
