import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/deps.js';

/** The OpenID Connect provider under /identity (the Authority). */
export async function registerIdentity(_app: FastifyInstance, _deps: AppDeps): Promise<void> {
  // Built by the identity owner.
}
