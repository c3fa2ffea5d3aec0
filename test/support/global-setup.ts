import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSecrets, startServiceStack, type RunningStack, type StackInfo } from '../../scripts/lib/service-stack';
import { freePort, ROOT } from '../../scripts/lib/stack';

/**
 * Starts one real stack for the integration and e2e suites: its own Temporal dev server and FerretDB
 * on free ports (never colliding with `npm start`), the sandbox acquirer, the API and the worker.
 */
export default async function globalSetup(): Promise<void> {
  const build = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('TypeScript build failed');

  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagobr-test-'));
  const logsDir = path.join(ROOT, 'test-artifacts', 'logs');
  fs.rmSync(logsDir, { recursive: true, force: true });
  const stack = await startServiceStack({
    dataDir: runDir,
    logsDir,
    secrets: generateSecrets(),
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '100000',
      WORKER_METRICS_PORT: String(await freePort()),
      TEMPORAL_SDK_METRICS_PORT: String(await freePort()),
    },
  });
  (globalThis as { __STACK__?: RunningStack }).__STACK__ = stack;
  const info: StackInfo & { runDir: string } = {
    apiUrl: stack.apiUrl,
    acquirerUrl: stack.acquirerUrl,
    temporalAddress: stack.temporalAddress,
    temporalUiUrl: stack.temporalUiUrl,
    mongoUri: stack.mongoUri,
    adminToken: stack.adminToken,
    env: stack.env,
    logsDir: stack.logsDir,
    runDir,
  };
  const infoFile = path.join(runDir, 'stack.json');
  fs.writeFileSync(infoFile, JSON.stringify(info, null, 2));
  process.env.PAGOBR_TEST_STACK = infoFile;
}
