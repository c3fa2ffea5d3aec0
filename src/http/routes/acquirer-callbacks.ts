import { Router } from 'express';
import { z } from 'zod';
import { WorkflowNotFoundError } from '@temporalio/client';
import type { AppDeps } from '../app';
import { ApiError } from '../errors';
import { parseOrThrow } from '../validate';
import { verifyCallback } from '../../acquirer/callback-signature';
import { acquirerEventSignal } from '../../../workflows/payin-definitions';

const Callback = z.object({
  eventId: z.string().min(1).max(128),
  kind: z.enum(['charge', 'transfer']),
  externalId: z.string().min(1).max(128),
  paymentId: z.string().regex(/^(payin|payout)_[0-9A-Z]{26}$/),
  sequence: z.number().int().min(1),
  status: z.string().min(1).max(64),
  reason: z.string().max(256).nullable().optional(),
  occurredAt: z.string().max(64),
});

/**
 * The acquirer's callbacks: authenticated by HMAC over the raw body, turned into a signal to the
 * transaction's workflow, acknowledged at once. Duplicates and out-of-order arrivals are the workflow's
 * job (event ids and per-charge sequence numbers).
 */
export function acquirerCallbackRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post('/acquirer/callbacks', async (req, res) => {
    if (!req.rawBody || !verifyCallback(req.rawBody, req.header('x-acquirer-signature'), deps.config.ACQUIRER_CALLBACK_SECRET)) {
      throw new ApiError('INVALID_CREDENTIALS', 'Invalid acquirer signature');
    }
    const cb = parseOrThrow(Callback, req.body, 'callback');
    const signal = { eventId: cb.eventId, sequence: cb.sequence, status: cb.status, reason: cb.reason ?? null, occurredAt: cb.occurredAt };
    try {
      await deps.temporal.workflow.getHandle(cb.paymentId).signal(acquirerEventSignal, signal);
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
      // The transaction's workflow has closed (final state or dispute window over): nothing can change.
      req.log?.warn({ paymentId: cb.paymentId, eventId: cb.eventId, status: cb.status }, 'callback for a closed transaction ignored');
      res.status(200).json({ received: true, applied: false });
      return;
    }
    res.status(200).json({ received: true });
  });
  return router;
}
