import v8 from 'node:v8';
import { ConfigError, loadConfig } from './config.js';
import { DataDirInUseError } from './db/data-dir-claim.js';
import {
  DEMO_MOBILE,
  DEMO_PASSWORD,
  DEMO_REVIEWER_LOGIN,
  DEMO_REVIEWER_PASSWORD,
} from './demo-data/20-users.js';
import { openPortal } from './portal.js';
import { CLOSING_NOTICE_MS, DRAIN_LIMIT_MS } from './platform/shutdown.js';
import { loggableError } from './platform/loggable-error.js';

/**
 * The old generation may grow to twice what the last full collection kept before the next one
 * starts. V8's own factor falls towards 1.1 when the CPU is busy, and a server under a flood of
 * refused requests then ran a full collection every 150 ms, each pausing it 20–60 ms
 * (docs/performance.md, "Abuse"). The live heap is about 45 MB: this costs tens of megabytes.
 */
const HEAP_GROWING_PERCENT = 100;

/** What closing the jobs, the store and the pool may take after the drain. */
const SHUTDOWN_GRACE_MS = 5_000;

async function main(): Promise<void> {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const config = loadConfig();
  if (config.mode === 'test')
    throw new ConfigError(
      'NODE_ENV=test is the test suite’s mode: start the demo with PORTAL_MODE=demo, or configure production',
    );
  const portal = await openPortal(config, { logger: { level: config.logLevel } });
  const { app } = portal;
  if (config.mode === 'demo')
    app.log.warn(
      `演示模式 (PORTAL_MODE=demo): 演示数据、沙箱收银台、短信发件箱 /gateways/sms/outbox、开发审核 /dev/review 均已开启，密钥生成在 DATA_DIR。演示账号: 考生 ${DEMO_MOBILE} / ${DEMO_PASSWORD}；审核人 ${DEMO_REVIEWER_LOGIN} / ${DEMO_REVIEWER_PASSWORD}。切勿用于正式环境。`,
    );

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A close that hangs past the drain (a pool that will not end) gives up.
    setTimeout(
      () => {
        app.log.error('shutdown did not finish in time');
        process.exit(1);
      },
      CLOSING_NOTICE_MS + DRAIN_LIMIT_MS + SHUTDOWN_GRACE_MS,
    );
    try {
      await app.announceClosing();
      await portal.close();
    } catch (error) {
      app.log.error({ failure: loggableError(error) }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Portal is up on ${config.publicUrl}/views/home/project`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError)
    console.error(error.message);
  else console.error(error);
  process.exit(1);
});
