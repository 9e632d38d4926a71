import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { GatewayContext } from '../index.js';
import type { PdfGateway } from '../types.js';

// PLACEHOLDER during parallel development: replaced by the working local implementation.
export function createPdfGateway(_context: GatewayContext): PdfGateway {
  return new Proxy({} as PdfGateway, {
    get: (_target, member) => () => {
      throw new Error(`pdf gateway is not built yet (${String(member)})`);
    },
  });
}

/** Pages and endpoints this gateway serves under /gateways/pdf (sandbox pages, callbacks, outbox). */
export async function registerPdfRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
