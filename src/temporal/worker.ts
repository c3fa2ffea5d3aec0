import { DefaultLogger, NativeConnection, Runtime, Worker, type LogLevel } from '@temporalio/worker';
import type { Connection } from 'mongoose';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { createActivities } from '../../activities';
import type { Metrics } from '../metrics';

export interface WorkerDeps {
  config: Config;
  logger: Logger;
  mongo: Connection;
  metrics: Metrics;
}

let runtimeInstalled = false;

/** Routes the SDK's own logs (worker lifecycle, workflow and activity loggers) into our JSON logger. */
function installRuntime(logger: Logger, level: string, sdkMetricsPort: number): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  const sdkLevel: LogLevel = level === 'debug' || level === 'trace' ? 'DEBUG' : level === 'warn' ? 'WARN' : level === 'error' ? 'ERROR' : 'INFO';
  Runtime.install({
    ...(sdkMetricsPort > 0 ? { telemetryOptions: { metrics: { prometheus: { bindAddress: `127.0.0.1:${sdkMetricsPort}` } } } } : {}),
    logger: new DefaultLogger(sdkLevel, (entry) => {
      const method = entry.level === 'ERROR' ? 'error' : entry.level === 'WARN' ? 'warn' : entry.level === 'INFO' ? 'info' : 'debug';
      logger[method]({ ...(entry.meta ?? {}), sdk: true }, entry.message);
    }),
  });
}

export async function createPaymentsWorker(deps: WorkerDeps): Promise<{ worker: Worker; close: () => Promise<void> }> {
  const { config, logger } = deps;
  installRuntime(logger, config.LOG_LEVEL, config.TEMPORAL_SDK_METRICS_PORT);
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities: createActivities(deps),
    identity: `worker-${process.pid}`,
    ...(config.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS ? { maxConcurrentWorkflowTaskExecutions: config.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS } : {}),
    ...(config.WORKER_MAX_CONCURRENT_ACTIVITIES ? { maxConcurrentActivityTaskExecutions: config.WORKER_MAX_CONCURRENT_ACTIVITIES } : {}),
    ...(config.WORKER_MAX_CONCURRENT_LOCAL_ACTIVITIES ? { maxConcurrentLocalActivityExecutions: config.WORKER_MAX_CONCURRENT_LOCAL_ACTIVITIES } : {}),
    ...(config.WORKER_MAX_CACHED_WORKFLOWS !== undefined ? { maxCachedWorkflows: config.WORKER_MAX_CACHED_WORKFLOWS } : {}),
  });
  return { worker, close: () => connection.close() };
}
