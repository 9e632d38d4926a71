import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/client.js';
import type { Gateways } from '../domain/ports.js';
import type { KeyValueStore } from './kv-store.js';
import type { ServerSecrets } from './secrets.js';
import type { TokenVerifier } from './tokens.js';

/** Everything a service or the identity provider needs, built once by server.ts (or a test). */
export interface AppDeps {
  config: ServerConfig;
  db: Database;
  store: KeyValueStore;
  tokens: TokenVerifier;
  secrets: ServerSecrets;
  gateways: Gateways;
  /** Current time; tests may move it. */
  now(): Date;
  log?: FastifyBaseLogger;
}
