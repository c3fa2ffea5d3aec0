import express, { type Express } from 'express';
import type { Logger } from '../../logger';

export interface SandboxFaults {
  errorRate: number;
  latencyMs: number;
  latencyRate: number;
  timeoutRate: number;
}

export interface SandboxAcquirerOptions {
  logger: Logger;
  publicUrl: string;
  callbackUrl: string;
  callbackSecret: string;
  faults: SandboxFaults;
}

export function createSandboxAcquirerApp(options: SandboxAcquirerOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '256kb' }));
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', faults: options.faults });
  });
  return app;
}
