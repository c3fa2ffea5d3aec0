/**
 * The whole local stack: Temporal dev server, FerretDB, sandbox acquirer, API and worker, each a child
 * process on its own port. External Temporal/MongoDB are used instead when their addresses are given.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, startFerret, startNodeService, startTemporal, type ManagedProcess } from './stack';

export interface StackOptions {
  dataDir: string;
  logsDir: string;
  /** Fixed ports (npm start); free ports are picked when absent (tests). */
  ports?: Partial<Record<'api' | 'acquirer' | 'temporal' | 'temporalUi' | 'mongo', number>>;
  temporalAddress?: string;
  mongoUri?: string;
  withTemporalUi?: boolean;
  secrets: { adminToken: string; apiKeyPepper: string; acquirerCallbackSecret: string; secretsEncryptionKey: string };
  /** Extra environment for the API and the worker (timeouts, retry schedules…). */
  env?: Record<string, string>;
  acquirerEnv?: Record<string, string>;
  echo?: boolean;
  onStep?: (message: string) => void;
}

export interface StackInfo {
  apiUrl: string;
  acquirerUrl: string;
  temporalAddress: string;
  temporalUiUrl: string | null;
  mongoUri: string;
  adminToken: string;
  env: Record<string, string>;
  logsDir: string;
}

export interface RunningStack extends StackInfo {
  processes: Partial<Record<'temporal' | 'ferretdb' | 'acquirer' | 'api' | 'worker', ManagedProcess>>;
  startWorker(): Promise<ManagedProcess>;
  startApi(): Promise<ManagedProcess>;
  stop(): Promise<void>;
}

export function generateSecrets(): StackOptions['secrets'] {
  const rnd = () => crypto.randomBytes(24).toString('base64url');
  return { adminToken: `adm_${rnd()}`, apiKeyPepper: rnd(), acquirerCallbackSecret: rnd(), secretsEncryptionKey: rnd() };
}

export async function startServiceStack(opts: StackOptions): Promise<RunningStack> {
  const step = opts.onStep ?? (() => undefined);
  const processes: RunningStack['processes'] = {};
  const started: ManagedProcess[] = [];
  const port = async (k: keyof NonNullable<StackOptions['ports']>) => opts.ports?.[k] ?? freePort();
  const log = (name: string) => path.join(opts.logsDir, `${name}.log`);
  fs.mkdirSync(opts.dataDir, { recursive: true });

  try {
    let temporalAddress = opts.temporalAddress;
    let temporalUiUrl: string | null = null;
    if (!temporalAddress) {
      const tPort = await port('temporal');
      const uiPort = opts.withTemporalUi ? await port('temporalUi') : undefined;
      step(`starting Temporal dev server on 127.0.0.1:${tPort}${uiPort ? ` (UI on ${uiPort})` : ''}`);
      processes.temporal = await startTemporal({ port: tPort, uiPort, dbFile: path.join(opts.dataDir, 'temporal.sqlite'), logFile: log('temporal') });
      started.push(processes.temporal);
      temporalAddress = `127.0.0.1:${tPort}`;
      temporalUiUrl = uiPort ? `http://127.0.0.1:${uiPort}` : null;
    }

    let mongoUri = opts.mongoUri;
    if (!mongoUri) {
      const mPort = await port('mongo');
      step(`starting FerretDB (MongoDB wire protocol on SQLite) on 127.0.0.1:${mPort}`);
      processes.ferretdb = await startFerret({ port: mPort, dataDir: path.join(opts.dataDir, 'ferretdb'), logFile: log('ferretdb') });
      started.push(processes.ferretdb);
      mongoUri = `mongodb://127.0.0.1:${mPort}/payments`;
    }

    const apiPort = await port('api');
    const acquirerPort = await port('acquirer');
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const acquirerUrl = `http://127.0.0.1:${acquirerPort}`;

    const env: Record<string, string> = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      PUBLIC_BASE_URL: apiUrl,
      MONGODB_URI: mongoUri,
      TEMPORAL_ADDRESS: temporalAddress,
      TEMPORAL_UI_URL: temporalUiUrl ?? 'http://127.0.0.1:8233',
      ADMIN_TOKEN: opts.secrets.adminToken,
      API_KEY_PEPPER: opts.secrets.apiKeyPepper,
      SECRETS_ENCRYPTION_KEY: opts.secrets.secretsEncryptionKey,
      ACQUIRER_URL: acquirerUrl,
      ACQUIRER_CALLBACK_SECRET: opts.secrets.acquirerCallbackSecret,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      ...opts.env,
    };

    step(`starting the sandbox acquirer on ${acquirerUrl}`);
    processes.acquirer = await startNodeService({
      name: 'acquirer',
      entry: 'src/acquirer/sandbox/main.js',
      env: {
        ...env,
        ACQUIRER_PORT: String(acquirerPort),
        ACQUIRER_PUBLIC_URL: acquirerUrl,
        ACQUIRER_CALLBACK_URL: `${apiUrl}/acquirer/callbacks`,
        ...opts.acquirerEnv,
      },
      logFile: log('acquirer'),
      readyUrl: `${acquirerUrl}/health`,
      echo: opts.echo,
    });
    started.push(processes.acquirer);

    const startWorker = async (): Promise<ManagedProcess> => {
      step('starting the worker (bundles workflow code on start)');
      const w = await startNodeService({ name: 'worker', entry: 'src/worker.js', env, logFile: log('worker'), readyLogLine: /"msg":"worker running"/, echo: opts.echo, timeoutMs: 120_000 });
      processes.worker = w;
      started.push(w);
      return w;
    };
    const startApi = async (): Promise<ManagedProcess> => {
      step(`starting the API on ${apiUrl}`);
      const a = await startNodeService({ name: 'api', entry: 'src/api.js', env, logFile: log('api'), readyUrl: `${apiUrl}/ready`, echo: opts.echo });
      processes.api = a;
      started.push(a);
      return a;
    };
    await Promise.all([startWorker(), startApi()]);

    return {
      apiUrl,
      acquirerUrl,
      temporalAddress,
      temporalUiUrl,
      mongoUri,
      adminToken: opts.secrets.adminToken,
      env,
      logsDir: opts.logsDir,
      processes,
      startWorker,
      startApi,
      async stop() {
        // The service first (drains against live dependencies), then the infrastructure.
        await Promise.all([processes.api?.stop(), processes.worker?.stop(), processes.acquirer?.stop()]);
        await Promise.all([processes.temporal?.stop(), processes.ferretdb?.stop()]);
      },
    };
  } catch (err) {
    await Promise.all(started.map((p) => p.stop(2000)));
    throw err;
  }
}
