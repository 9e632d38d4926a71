import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/deps.js';
import { registerPaymentRoutes } from './payment/index.js';
import { registerPdfRoutes } from './pdf/index.js';
import { registerSmsRoutes } from './sms/index.js';
import { registerWeChatRoutes } from './wechat/index.js';

/** Local gateways' pages under /gateways: payment cashier, WeChat authorisation, SMS outbox. */
export async function registerGatewayRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await registerPaymentRoutes(app, deps);
  await registerPdfRoutes(app, deps);
  await registerSmsRoutes(app, deps);
  await registerWeChatRoutes(app, deps);
}
