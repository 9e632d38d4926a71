import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { GatewayContext } from '../index.js';
import type { WeChatGateway } from '../types.js';

// PLACEHOLDER during parallel development: replaced by the working local implementation.
export function createWeChatGateway(_context: GatewayContext): WeChatGateway {
  return new Proxy({} as WeChatGateway, {
    get: (_target, member) => () => {
      throw new Error(`wechat gateway is not built yet (${String(member)})`);
    },
  });
}

/** Pages and endpoints this gateway serves under /gateways/wechat (sandbox pages, callbacks, outbox). */
export async function registerWeChatRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
