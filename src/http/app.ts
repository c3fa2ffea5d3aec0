import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import { ulid } from 'ulid';
import type { Client } from '@temporalio/client';
import type { Connection } from 'mongoose';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { errorHandler, notFoundHandler } from './middleware/errors';
import { healthRoutes } from './routes/health';

export interface AppDeps {
  config: Config;
  logger: Logger;
  mongo: Connection;
  temporal: Client;
}

declare module 'http' {
  interface IncomingMessage {
    /** Exact bytes of the request body, kept for HMAC checks (acquirer callbacks). */
    rawBody?: Buffer;
  }
}

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : ulid();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(
    express.json({
      limit: '1mb',
      type: ['application/json', 'application/*+json'],
      verify: (req, _res, buf) => {
        req.rawBody = buf;
      },
    }),
  );

  app.use(healthRoutes(deps));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
