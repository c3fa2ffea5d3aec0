import path from 'node:path';
import { freePort, startNodeService, type ManagedProcess } from '../../scripts/lib/stack';
import { testStack } from './stack';

/**
 * A separate API + worker pair on its own task queue, sharing the suite's Temporal, MongoDB and acquirer:
 * what a crash test kills and restarts without disturbing the other suites.
 */
export async function startIsolatedServices(name: string, env: Record<string, string> = {}) {
  const stack = testStack();
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const fullEnv = { ...stack.env, PORT: String(port), PUBLIC_BASE_URL: apiUrl, TEMPORAL_TASK_QUEUE: `tq-${name}`, API_INSTANCE_ID: name, WORKER_METRICS_PORT: '0', TEMPORAL_SDK_METRICS_PORT: '0', ...env };
  const log = (p: string) => path.join(stack.logsDir, `${name}-${p}.log`);
  const startWorker = () => startNodeService({ name: `${name}-worker`, entry: 'src/worker.js', env: fullEnv, logFile: log('worker'), readyLogLine: /"msg":"worker running"/, timeoutMs: 120_000 });
  const api = await startNodeService({ name: `${name}-api`, entry: 'src/api.js', env: fullEnv, logFile: log('api'), readyUrl: `${apiUrl}/ready` });
  let worker: ManagedProcess = await startWorker();
  return {
    apiUrl,
    get worker() {
      return worker;
    },
    async restartWorker() {
      worker = await startWorker();
      return worker;
    },
    async stop() {
      await Promise.all([api.stop(), worker.stop()]);
    },
  };
}

/** A second API instance only (no worker), on the suite's task queue: two instances behind one load balancer. */
export async function startExtraApi(name: string, env: Record<string, string> = {}) {
  const stack = testStack();
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const fullEnv = { ...stack.env, PORT: String(port), PUBLIC_BASE_URL: apiUrl, API_INSTANCE_ID: name, WORKER_METRICS_PORT: '0', TEMPORAL_SDK_METRICS_PORT: '0', ...env };
  const api = await startNodeService({ name: `${name}-api`, entry: 'src/api.js', env: fullEnv, logFile: path.join(stack.logsDir, `${name}-api.log`), readyUrl: `${apiUrl}/ready` });
  return { apiUrl, stop: () => api.stop() };
}
