import { Router } from 'express';
import { pingMongo } from '../../persistence/db';
import { pingTemporal } from '../../temporal/client';
import { ApiError } from '../errors';
import type { AppDeps } from '../app';

async function check(fn: () => Promise<void>, timeoutMs = 2000): Promise<'ok' | string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return 'ok';
  } catch (err) {
    return (err as Error).message || 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(deps: Pick<AppDeps, 'mongo' | 'temporal'>): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/ready', async (_req, res, next) => {
    const [mongodb, temporal] = await Promise.all([check(() => pingMongo(deps.mongo)), check(() => pingTemporal(deps.temporal))]);
    if (mongodb === 'ok' && temporal === 'ok') {
      res.json({ status: 'ready', checks: { mongodb, temporal } });
      return;
    }
    next(
      new ApiError('SERVICE_UNAVAILABLE', 'A dependency is unavailable', [
        ...(mongodb === 'ok' ? [] : [{ field: 'mongodb', message: mongodb }]),
        ...(temporal === 'ok' ? [] : [{ field: 'temporal', message: temporal }]),
      ]),
    );
  });
  return router;
}
