import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedIfEmpty } from './db/seed/index.js';
import { createGateways } from './gateways/index.js';
import { createMemoryStore, createRedisStore } from './platform/kv-store.js';
import { loadOrCreateSecrets } from './platform/secrets.js';
import { createLocalVerifier, createRemoteVerifier } from './platform/tokens.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const secrets = await loadOrCreateSecrets(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: `${config.dataDir}/pglite`,
  });
  await database.migrate();
  const seeded = await seedIfEmpty(database.db);
  const store = config.redisUrl ? createRedisStore(config.redisUrl) : createMemoryStore();
  const tokens = config.parts.has('identity')
    ? createLocalVerifier(secrets.signingJwk, config.authorityUrl)
    : createRemoteVerifier(config.authorityUrl);
  const app = await buildApp(
    {
      config,
      db: database.db,
      store,
      tokens,
      secrets,
      gateways: createGateways({ config, secrets, store }),
      now: () => new Date(),
    },
    { logger: { level: config.logLevel } },
  );
  app.log.info(
    {
      database: database.kind,
      store: config.redisUrl ? 'redis' : 'memory',
      parts: [...config.parts],
      seeded,
    },
    'portal starting',
  );
  if (config.env !== 'production')
    app.log.warn(
      'development mode: dev keys in DATA_DIR, SMS outbox open, http redirect URIs allowed',
    );

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await store.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Portal is up on ${config.publicUrl}/views/home/project`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
