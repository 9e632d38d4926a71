import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSeedUploads } from '../demo-data/files.js';
import {
  SERVICE_IDS,
  type Endpoint,
  type Envelope,
  type RequestOf,
  type ResponseOf,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { DEMO_MOBILE } from '../demo-data/20-users.js';
import { createGateways } from '../gateways/index.js';
import type { Gateways } from '../domain/ports.js';
import type { AppDeps } from '../platform/deps.js';
import { createMemoryStore, type KeyValueStore } from '../platform/kv-store.js';
import { createSecrets } from '../platform/secrets.js';
import { installDataKeys } from '../platform/sealed-values.js';
import { createLocalVerifier, signAccessToken } from '../platform/tokens.js';
import { openTestDatabase } from './test-database.js';
import { TEMPLATE_DATA_KEY } from './template-db.js';

export interface TestAppOptions extends BuildAppOptions {
  /** Extra settings, as environment variables. */
  env?: Record<string, string>;
  gateways?: Partial<Gateways>;
  now?: () => Date;
  /** What is shared across instances (memory unless told); the app closes it when it closes. */
  store?: KeyValueStore;
}

export interface CallOptions {
  /** A user id to sign in as, or a raw Authorization header value. */
  as?: number | string;
  headers?: Record<string, string>;
  /** The caller's address (127.0.0.1 unless told). */
  remoteAddress?: string;
}

export interface CallResult<T> {
  status: number;
  body: Envelope<T>;
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  db: Database;
  /** The database's handle (PGlite or PostgreSQL), for what a test reads beneath drizzle. */
  handle: DatabaseHandle;
  demoUserId: number;
  /** `Bearer <jwt>` signed like the provider signs. */
  authorization(userId: number, expiresInSeconds?: number): Promise<string>;
  /** Sends a contract call the way the web does: GET in the query, POST as JSON. */
  call<E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E> | Record<string, unknown>,
    options?: CallOptions,
  ): Promise<CallResult<ResponseOf<E>>>;
  close(): Promise<void>;
}

export function toQuery(input: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
}

/** A whole app on a fresh copy of the seeded database, built without listening (inject()). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const database = await openTestDatabase('portal_t');
  const { handle } = database;
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:8080',
    DATA_DIR: dataDir,
    SERVICES: SERVICE_IDS.join(','),
    // The test runner fills both cores itself: a renderer yielding to everything would wait past
    // its time limit. Priority is the abuse benchmark's to measure.
    PDF_RENDERER_NICE: '0',
    // PGlite runs its queries on the test's own event loop, which the runner keeps busy on both
    // cores: a lagging loop there is no overload (load-shedding.test.ts sets its own limits).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  // Sealed under the template's key, as the demo rows are: no app start has any to seal again.
  const secrets = { ...(await createSecrets()), dataKeys: [TEMPLATE_DATA_KEY] };
  installDataKeys(secrets.dataKeys);
  const store = options.store ?? createMemoryStore();
  const deps: AppDeps = {
    config,
    db: handle.db,
    store,
    tokens: createLocalVerifier(secrets.signingJwk, config.authorityUrl),
    secrets,
    gateways: {
      ...(await createGateways({ config, secrets, store, query: handle.query })),
      ...options.gateways,
    },
    now: options.now ?? (() => new Date()),
  };
  await writeSeedUploads(handle.db, deps.gateways.files);
  const app = await buildApp(deps, options);
  await app.ready();
  const [demo] = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, DEMO_MOBILE));
  const authorization = async (userId: number, expiresInSeconds?: number) =>
    `Bearer ${await signAccessToken(secrets.signingJwk, config.authorityUrl, { userId, name: '' }, expiresInSeconds)}`;

  return {
    app,
    deps,
    db: handle.db,
    handle,
    demoUserId: demo!.id,
    authorization,
    async call(endpoint, input, callOptions = {}) {
      const headers: Record<string, string> = { ...callOptions.headers };
      if (typeof callOptions.as === 'number')
        headers.authorization = await authorization(callOptions.as);
      else if (typeof callOptions.as === 'string') headers.authorization = callOptions.as;
      const url = `/services/${endpoint.service}${endpoint.path}`;
      const { remoteAddress } = callOptions;
      const response =
        endpoint.method === 'GET'
          ? await app.inject({
              method: 'GET',
              url,
              query: toQuery(input as Record<string, unknown>),
              headers,
              remoteAddress,
            })
          : await app.inject({
              method: 'POST',
              url,
              payload: input as object,
              headers,
              remoteAddress,
            });
      return { status: response.statusCode, body: response.json() };
    },
    async close() {
      await app.close();
      await store.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
