import http from 'node:http';
import { loadConfigOrExit } from './config';
import { createLogger } from './logger';
import { connectMongo } from './persistence/db';
import { connectTemporal } from './temporal/client';
import { createApp } from './http/app';
import { ensureIndexes, getModels } from './persistence/models';
import { Ledger } from './persistence/ledger';
import { SecretBox } from './security/encryption';
import { createMetrics } from './metrics';

/** Production entry point of the HTTP API: `node dist/src/api.js`, configured by environment variables. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'api' });
  const mongo = await connectMongo(config.MONGODB_URI, { maxPoolSize: config.MONGODB_MAX_POOL_SIZE });
  const temporal = await connectTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE);
  const models = getModels(mongo);
  await ensureIndexes(models);
  const app = createApp({ metrics: createMetrics('api'), config, logger, mongo, temporal, models, ledger: new Ledger(models), secretBox: new SecretBox(config.SECRETS_ENCRYPTION_KEY) });

  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info({ port, host: config.HOST }, 'api listening');

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'api draining');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await Promise.allSettled([mongo.close(), temporal.connection.close()]);
      logger.info('api stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`api failed to start: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
