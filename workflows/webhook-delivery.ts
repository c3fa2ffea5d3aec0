import { patched, proxyActivities, proxyLocalActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { WebhookDeliveryResult, WebhookEventInput } from './webhook-definitions';

const bookkeepingOptions = { startToCloseTimeout: '10s', retry: { initialInterval: '200ms', maximumInterval: '5s' } } as const;
// One attempt = one activity. A retry of the activity (worker crash mid-attempt) re-sends under the same
// attempt number; the schedule's waits are durable timers in this workflow, so a restart neither loses nor
// repeats them.
const attemptOptions = { startToCloseTimeout: '15s', retry: { initialInterval: '500ms', maximumAttempts: 3 } } as const;

const pick = (bookkeeping: Activities, attempts: Activities) => ({
  recordWebhookEvent: bookkeeping.recordWebhookEvent,
  finishWebhookEvent: bookkeeping.finishWebhookEvent,
  deliverWebhook: attempts.deliverWebhook,
});
const remote = pick(proxyActivities<Activities>(bookkeepingOptions), proxyActivities<Activities>(attemptOptions));
// The same steps as local activities: no task-queue round trip per step, a fraction of the server's work per
// event (the bench showed the Temporal server as the largest CPU user in the payout phase). The waits between
// attempts stay durable timers. Histories recorded before this change replay with the remote ones (patched()).
const local = pick(proxyLocalActivities<Activities>(bookkeepingOptions), proxyLocalActivities<Activities>(attemptOptions));

/** Delivers one event: the first attempt at once, then one retry after each configured wait. */
export async function webhookDeliveryWorkflow(event: WebhookEventInput): Promise<WebhookDeliveryResult> {
  const { recordWebhookEvent, deliverWebhook, finishWebhookEvent } = patched('webhook-local-activities') ? local : remote;
  await recordWebhookEvent(event);
  const maxAttempts = 1 + event.retryDelaysMs.length;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const outcome = await deliverWebhook({ eventId: event.eventId, attempt, trigger: 'schedule' });
    if (outcome.success) {
      await finishWebhookEvent({ eventId: event.eventId, status: 'delivered' });
      return { eventId: event.eventId, delivered: true, attempts: attempt };
    }
    if (attempt < maxAttempts) await sleep(event.retryDelaysMs[attempt - 1]);
  }
  await finishWebhookEvent({ eventId: event.eventId, status: 'undelivered' });
  return { eventId: event.eventId, delivered: false, attempts: maxAttempts };
}

/** Operator resend from the dashboard: one more attempt with the same X-Webhook-Id, fresh signature. */
export async function webhookResendWorkflow(input: { eventId: string }): Promise<WebhookDeliveryResult> {
  const outcome = await remote.deliverWebhook({ eventId: input.eventId, attempt: null, trigger: 'resend' });
  await remote.finishWebhookEvent({ eventId: input.eventId, status: outcome.success ? 'delivered' : 'undelivered' });
  return { eventId: input.eventId, delivered: outcome.success, attempts: outcome.attempt };
}
