import { loadConfigOrExit } from './config';
import { createLogger } from './logger';
import { connectMongo } from './persistence/db';
import http from 'node:http';
import { createPaymentsWorker } from './temporal/worker';
import { createMetrics } from './metrics';

/** Production entry point of the Temporal worker: `node dist/src/worker.js`, configured by environment variables. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'worker' });
  const mongo = await connectMongo(config.MONGODB_URI, { maxPoolSize: config.MONGODB_MAX_POOL_SIZE });
  const metrics = createMetrics('worker');
  const { worker, close } = await createPaymentsWorker({ config, logger, mongo, metrics });
  if (config.WORKER_METRICS_PORT > 0) {
    http
      .createServer(async (req, res) => {
        if (req.url !== '/metrics') return void res.writeHead(404).end();
        res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(await metrics.registry.metrics());
      })
      .listen(config.WORKER_METRICS_PORT, config.HOST)
      .unref();
  }

  const shutdown = (signal: string): void => {
    logger.info({ signal }, 'worker shutting down');
    worker.shutdown();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // Lifecycle lines are logged whatever LOG_LEVEL says: supervisors wait for "worker running".
  logger.child({}, { level: 'info' }).info({ taskQueue: config.TEMPORAL_TASK_QUEUE }, 'worker running');
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
