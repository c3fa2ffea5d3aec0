import { loadConfigOrExit } from './config';
import { createLogger } from './logger';
import { connectMongo } from './persistence/db';
import { createPaymentsWorker } from './temporal/worker';

/** Production entry point of the Temporal worker: `node dist/src/worker.js`, configured by environment variables. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'worker' });
  const mongo = await connectMongo(config.MONGODB_URI);
  const { worker, close } = await createPaymentsWorker({ config, logger, mongo });

  const shutdown = (signal: string): void => {
    logger.info({ signal }, 'worker shutting down');
    worker.shutdown();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  logger.info({ taskQueue: config.TEMPORAL_TASK_QUEUE }, 'worker running');
  await worker.run();
  await close();
  await mongo.close();
  logger.info('worker stopped');
  process.exit(0);
}

main().catch((err) => {
  process.stderr.write(`worker failed: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
