import { Router } from 'express';
import type { AppDeps } from '../app';
import { authContext } from '../middleware/auth';

/** Merchant routes about the account itself (authentication is applied by the app on the merchant prefixes). */
export function merchantAccountRoutes(_deps: AppDeps): Router {
  const router = Router();
  router.get('/payin/open-finance/banks', (req, res) => {
    const { account } = authContext(req);
    res.json({ banks: account.openFinanceBanks.map((b) => ({ id: b.id, name: b.name, logo: b.logo ?? null })) });
  });
  return router;
}
