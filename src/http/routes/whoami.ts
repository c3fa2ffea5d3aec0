import { Router } from 'express';
import type { AppDeps } from '../app';
import { authContext, authDeps, authenticate } from '../middleware/auth';
import { createRateLimiter } from '../middleware/rate-limit';
import { accountCapabilities, availablePaymentMethods, whoamiStatus } from '../../domain/capabilities';
import { maskCnpj } from '../../domain/documents';

export function whoamiRoutes(deps: AppDeps): Router {
  const router = Router();
  const perIp = createRateLimiter({ name: 'whoami', limitPerMinute: deps.config.WHOAMI_RATE_LIMIT_PER_MINUTE, store: deps.config.RATE_LIMIT_STORE, model: deps.models.RateLimit });

  // Public-key calls may come from a browser: answer the CORS preflight for the public header only.
  router.options('/whoami', (_req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET');
    res.setHeader('Access-Control-Allow-Headers', 'x-public-key');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  });

  router.get('/whoami', perIp, (req, res, next) => {
    if (typeof req.headers['x-public-key'] === 'string' && !req.headers.authorization) res.setHeader('Access-Control-Allow-Origin', '*');
    next();
  }, authenticate(authDeps(deps), { whoami: true }), (req, res) => {
    const { scope, account } = authContext(req);
    const { canTransact, reason } = whoamiStatus(account);
    res.json({
      scope,
      companyId: account._id,
      companyName: account.companyName,
      ...(scope === 'company' ? { tradeName: account.tradeName, document: maskCnpj(account.document) } : {}),
      kycStatus: account.kycStatus,
      blocked: account.blocked,
      canTransact,
      reason,
      paymentMethods: availablePaymentMethods(account),
      capabilities: accountCapabilities(account),
    });
  });
  return router;
}
