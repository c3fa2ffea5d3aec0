import { Router } from 'express';
import { ulid } from 'ulid';
import type { AppDeps } from '../app';
import { ApiError } from '../errors';
import type { WebhookAttemptDoc, WebhookEventDoc } from '../../persistence/models';
import { recordAudit } from '../../persistence/audit';
import type { webhookResendWorkflow } from '../../../workflows/webhook-delivery';

const attemptView = (a: WebhookAttemptDoc) => ({
  attempt: a.attempt,
  trigger: a.trigger,
  url: a.url,
  startedAt: a.startedAt.toISOString(),
  durationMs: a.durationMs,
  httpStatus: a.httpStatus,
  error: a.error,
  outcome: a.outcome,
});

/** Operators: the webhook log (every event and attempt) and manual resend. Paths and fields are a contract. */
export function adminWebhookRoutes(deps: AppDeps): Router {
  const { models } = deps;
  const router = Router();

  router.get('/admin/webhook-events', async (req, res) => {
    const filter: Record<string, unknown> = {};
    if (typeof req.query.companyId === 'string') filter.companyId = req.query.companyId;
    if (typeof req.query.transactionId === 'string') filter.transactionId = req.query.transactionId;
    if (typeof req.query.status === 'string') {
      if (!['pending', 'delivered', 'undelivered'].includes(req.query.status)) throw new ApiError('INVALID_DATA', 'status must be pending, delivered or undelivered');
      filter.status = req.query.status;
    }
    const events = await models.WebhookEvent.find(filter).sort({ createdAt: -1 }).limit(Math.min(200, Number(req.query.limit) || 50)).lean<WebhookEventDoc[]>();
    const attempts = await models.WebhookAttempt.find({ eventId: { $in: events.map((e) => e._id) } }).sort({ attempt: 1 }).lean<WebhookAttemptDoc[]>();
    res.json({
      data: events.map((e) => ({
        id: e._id,
        type: e.type,
        transactionId: e.transactionId,
        transactionType: e.transactionType,
        companyId: e.companyId,
        url: e.url,
        status: e.status,
        body: JSON.parse(e.body) as unknown,
        createdAt: e.createdAt.toISOString(),
        attempts: attempts.filter((a) => a.eventId === e._id).map(attemptView),
      })),
    });
  });

  router.post('/admin/webhook-events/:id/resend', async (req, res) => {
    const event = await models.WebhookEvent.findById(String(req.params.id)).lean<WebhookEventDoc>();
    if (!event) throw new ApiError('NOT_FOUND', `No webhook event ${req.params.id}`);
    const handle = await deps.temporal.workflow.start<typeof webhookResendWorkflow>('webhookResendWorkflow', {
      taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
      workflowId: `${event._id}-resend-${ulid()}`,
      args: [{ eventId: event._id }],
      staticSummary: `Resend ${event.type} of ${event.transactionId}`,
    });
    const result = await handle.result();
    await recordAudit(models, { actor: req.adminActor ?? 'admin', action: 'webhook.resend', target: { type: 'webhook_event', id: event._id }, before: { status: event.status }, after: result, requestId: String(req.id ?? '') || null });
    const attempts = await models.WebhookAttempt.find({ eventId: event._id }).sort({ attempt: 1 }).lean<WebhookAttemptDoc[]>();
    res.json({ id: event._id, delivered: result.delivered, attempt: result.attempts, attempts: attempts.map(attemptView) });
  });

  return router;
}
