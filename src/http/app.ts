import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import { ulid } from 'ulid';
import type { Client } from '@temporalio/client';
import type { Connection } from 'mongoose';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Models } from '../persistence/models';
import type { Ledger } from '../persistence/ledger';
import type { SecretBox } from '../security/encryption';
import { errorHandler, notFoundHandler } from './middleware/errors';
import type { Metrics } from '../metrics';
import { authDeps, authenticate, requireActiveAccount } from './middleware/auth';
import { requireAdmin } from './middleware/admin-auth';
import { createRateLimiter } from './middleware/rate-limit';
import { healthRoutes } from './routes/health';
import { whoamiRoutes } from './routes/whoami';
import { adminAccountRoutes } from './routes/admin-accounts';
import { merchantAccountRoutes } from './routes/merchant-account';
import { boletoPdfRoutes, cardTokenRoutes, payinRoutes } from './routes/payins';
import { acquirerCallbackRoutes } from './routes/acquirer-callbacks';
import { adminPayoutRoutes, payoutRoutes } from './routes/payouts';
import { adminWebhookRoutes } from './routes/admin-webhooks';
import { checkoutRoutes } from './routes/checkout';
import { docsRoutes } from './routes/docs';
import { dashboardRoutes } from './routes/dashboard';

export interface AppDeps {
  metrics: Metrics;
  config: Config;
  logger: Logger;
  mongo: Connection;
  temporal: Client;
  models: Models;
  ledger: Ledger;
  secretBox: SecretBox;
}

declare module 'http' {
  interface IncomingMessage {
    /** Exact bytes of the request body, kept for HMAC checks (acquirer callbacks). */
    rawBody?: Buffer;
  }
}

/** Paths served to merchants with their API credential (everything but whoami, health and admin). */
export const MERCHANT_PREFIXES = ['/payin', '/payout', '/sandbox'];

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
  // Latency by route template (never the raw URL: ids would explode the label set).
  app.use((req, res, next) => {
    const end = deps.metrics.httpDuration.startTimer();
    res.on('finish', () => {
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : res.statusCode === 404 ? 'unmatched' : req.baseUrl || 'middleware';
      end({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  });
  app.get('/metrics', async (_req, res) => {
    res.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
  });
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
  app.use(docsRoutes(deps));
  app.use(dashboardRoutes());
  app.use(whoamiRoutes(deps));
  app.use(acquirerCallbackRoutes(deps));
  app.use(boletoPdfRoutes(deps));
  app.use(cardTokenRoutes(deps));
  app.use(checkoutRoutes(deps));
  app.use('/admin', requireAdmin(deps.config.ADMIN_TOKEN));
  app.use(adminAccountRoutes(deps));
  app.use(adminPayoutRoutes(deps));
  app.use(adminWebhookRoutes(deps));

  // Merchant endpoints: Basic credential, a per-credential rate limit, then the account must be able to transact.
  app.use(
    MERCHANT_PREFIXES,
    authenticate(authDeps(deps)),
    createRateLimiter({
      name: 'api',
      limitPerMinute: deps.config.RATE_LIMIT_PER_MINUTE,
      store: deps.config.RATE_LIMIT_STORE,
      model: deps.models.RateLimit,
      keyGenerator: (req) => req.auth?.apiKeyId ?? 'anonymous',
    }),
    requireActiveAccount,
  );
  app.use(merchantAccountRoutes(deps));
  app.use(payinRoutes(deps));
  app.use(payoutRoutes(deps));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
