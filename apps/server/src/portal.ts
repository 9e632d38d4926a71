import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { writeSeedUploads } from './demo-data/files.js';
import { buildApp } from './app.js';
import type { ServerConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { seedIfEmpty } from './demo-data/index.js';
import { reconcilePendingOrders } from './domain/payments/payments.js';
import { createGateways } from './gateways/index.js';
import { createMemoryStore, createRedisStore, type KeyValueStore } from './platform/kv-store.js';
import { loadOrCreateSecrets, readSecretsFile } from './platform/secrets.js';
import { installDataKeys } from './platform/sealed-values.js';
import { closeApp } from './platform/shutdown.js';
import { createLocalVerifier, createRemoteVerifier } from './platform/tokens.js';
import { scheduleAppJob } from './platform/scheduled-jobs.js';
import { loggableError } from './platform/loggable-error.js';

/** Every five minutes: orders whose payment notification never came are asked about. */
const RECONCILE_SCHEDULE = '0 */5 * * * *';

export interface Portal {
  app: FastifyInstance;
  db: Database;
  /** Demo data was written on this start (demo mode, empty database). */
  seeded: boolean;
  /**
   * A shutdown: no new connections; the requests under way have DRAIN_LIMIT_MS to finish, then
   * their connections are closed; the jobs stop once a pass under way ends; the shared store and
   * the database pool close last.
   */
  close(): Promise<void>;
}

/**
 * Everything a started server needs, by mode: production reads its keys from SECRETS_FILE and
 * gets no demo data; demo generates keys into DATA_DIR and seeds an empty database.
 */
/** A lost Redis connection, logged once until it is back (ioredis retries it; /readyz reports it). */
function logRedisFailures(store: KeyValueStore, log: FastifyBaseLogger): void {
  const redis = store.redis?.client;
  let down = false;
  redis?.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error({ failure: loggableError(error) }, 'redis: connection failed');
  });
  redis?.on('ready', () => {
    if (down) log.info('redis: connection back');
    down = false;
  });
}

export async function openPortal(
  config: ServerConfig,
  options: { logger?: boolean | object } = {},
): Promise<Portal> {
  const secrets =
    config.mode === 'production'
      ? readSecretsFile(config.secretsFile!)
      : await loadOrCreateSecrets(config.dataDir);
  installDataKeys(secrets.dataKeys);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: `${config.dataDir}/pglite`,
  });
  const seeded = await database.whileStarting(async () => {
    await database.migrate();
    return config.mode === 'production' ? false : seedIfEmpty(database.db);
  });
  const store = config.redisUrl ? createRedisStore(config.redisUrl) : createMemoryStore();
  const tokens = config.parts.has('identity')
    ? createLocalVerifier(secrets.signingJwk, config.authorityUrl)
    : createRemoteVerifier(config.authorityUrl);
  const gateways = await createGateways({ config, secrets, store, query: database.query });
  // The demo person's uploads are files in the file store, drawn again if it lost them.
  if (config.mode !== 'production') await writeSeedUploads(database.db, gateways.files);
  const app = await buildApp(
    { config, db: database.db, store, tokens, secrets, gateways, now: () => new Date() },
    { logger: options.logger ?? false },
  );
  logRedisFailures(store, app.log);
  if (config.parts.has('exam-payment'))
    scheduleAppJob(app, {
      name: 'payment reconciliation',
      schedule: RECONCILE_SCHEDULE,
      sharedBy: database.db,
      run: () =>
        reconcilePendingOrders(database.db, gateways.payment, new Date(), (orderNo, error) =>
          app.log.warn(
            { orderNo, failure: loggableError(error) },
            'payment reconciliation: query failed',
          ),
        ),
    });
  app.log.info(
    {
      mode: config.mode,
      database: database.kind,
      store: config.redisUrl ? 'redis' : 'memory',
      files: config.fileStore,
      parts: [...config.parts],
      seeded,
    },
    'portal starting',
  );
  return {
    app,
    db: database.db,
    seeded,
    async close() {
      await closeApp(app);
      await store.close();
      await database.close();
    },
  };
}
