import http from 'node:http';
import { z } from 'zod';
import { createLogger } from '../../logger';
import { createSandboxAcquirerApp } from './server';

const SandboxEnv = z.object({
  ACQUIRER_PORT: z.coerce.number().int().min(0).max(65535).default(4100),
  ACQUIRER_HOST: z.string().default('127.0.0.1'),
  ACQUIRER_PUBLIC_URL: z.url().default('http://127.0.0.1:4100'),
  ACQUIRER_CALLBACK_URL: z.url().default('http://127.0.0.1:3000/acquirer/callbacks'),
  ACQUIRER_CALLBACK_SECRET: z.string().min(16),
  ACQUIRER_FAULT_ERROR_RATE: z.coerce.number().min(0).max(1).default(0),
  ACQUIRER_FAULT_LATENCY_MS: z.coerce.number().int().min(0).default(0),
  ACQUIRER_FAULT_LATENCY_RATE: z.coerce.number().min(0).max(1).default(0),
  ACQUIRER_FAULT_TIMEOUT_RATE: z.coerce.number().min(0).max(1).default(0),
  LOG_LEVEL: z.string().default('info'),
});

/** The sandbox acquirer runs as its own process, like a real acquirer the service reaches over HTTP. */
async function main(): Promise<void> {
  const parsed = SandboxEnv.safeParse(process.env);
  if (!parsed.success) {
    process.stderr.write(`Invalid configuration:\n  ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}\n`);
    process.exit(78);
  }
  const env = parsed.data;
  const logger = createLogger({ level: env.LOG_LEVEL, name: 'sandbox-acquirer' });
  const app = createSandboxAcquirerApp({
    logger,
    publicUrl: env.ACQUIRER_PUBLIC_URL,
    callbackUrl: env.ACQUIRER_CALLBACK_URL,
    callbackSecret: env.ACQUIRER_CALLBACK_SECRET,
    faults: {
      errorRate: env.ACQUIRER_FAULT_ERROR_RATE,
      latencyMs: env.ACQUIRER_FAULT_LATENCY_MS,
      latencyRate: env.ACQUIRER_FAULT_LATENCY_RATE,
      timeoutRate: env.ACQUIRER_FAULT_TIMEOUT_RATE,
    },
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(env.ACQUIRER_PORT, env.ACQUIRER_HOST, resolve));
  logger.info({ port: env.ACQUIRER_PORT }, 'sandbox acquirer listening');
  const stop = (): void => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  process.stderr.write(`sandbox acquirer failed: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
