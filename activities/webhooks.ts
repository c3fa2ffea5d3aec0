import type { Logger } from '../src/logger';
import type { Metrics } from '../src/metrics';
import type { Models, WebhookAttemptDoc, WebhookEventDoc } from '../src/persistence/models';
import { isDuplicateKeyError } from '../src/persistence/unique-insert';
import type { SecretBox } from '../src/security/encryption';
import { postWebhook } from '../src/webhooks/delivery';
import { signWebhookPayload, PREVIOUS_SECRET_VALIDITY_MS } from '../src/webhooks/signature';
import type { WebhookEventInput } from '../workflows/webhook-definitions';

export interface WebhookActivityDeps {
  models: Models;
  secretBox: SecretBox;
  logger: Logger;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  metrics?: Metrics;
  /** Injectable clock (tests of rotation); seconds since the epoch. */
  now?: () => number;
}

const isDuplicate = isDuplicateKeyError;

export function createWebhookActivities(deps: WebhookActivityDeps) {
  const { models } = deps;
  const nowSeconds = deps.now ?? (() => Math.floor(Date.now() / 1000));

  async function signingHeader(companyId: string, body: string): Promise<string | null> {
    const account = await models.Account.findById(companyId, { webhookSigning: 1 }).lean();
    const signing = account?.webhookSigning;
    if (!signing?.current) return null;
    const t = nowSeconds();
    const previousValid = signing.previous && signing.rotatedAt && t * 1000 - new Date(signing.rotatedAt).getTime() < PREVIOUS_SECRET_VALIDITY_MS;
    return signWebhookPayload(body, { current: deps.secretBox.open(signing.current), previous: previousValid ? deps.secretBox.open(signing.previous!) : null }, t);
  }

  /** Claims the attempt number: an insert into a unique index, so no number is ever used twice. */
  async function claimAttempt(event: WebhookEventDoc, attempt: number | null, trigger: 'schedule' | 'resend'): Promise<number> {
    if (attempt !== null) {
      try {
        await models.WebhookAttempt.collection.insertOne(attemptDoc(event, attempt, trigger) as never);
      } catch (err) {
        if (!isDuplicate(err)) throw err; // an activity retry re-sends under the number it already claimed
      }
      return attempt;
    }
    for (;;) {
      const last = await models.WebhookAttempt.findOne({ eventId: event._id }).sort({ attempt: -1 }).lean<WebhookAttemptDoc>();
      const next = (last?.attempt ?? 0) + 1;
      try {
        await models.WebhookAttempt.collection.insertOne(attemptDoc(event, next, trigger) as never);
        return next;
      } catch (err) {
        if (!isDuplicate(err)) throw err;
      }
    }
  }

  const attemptDoc = (event: WebhookEventDoc, attempt: number, trigger: 'schedule' | 'resend'): WebhookAttemptDoc => ({
    _id: `${event._id}:${attempt}`,
    eventId: event._id,
    attempt,
    trigger,
    url: event.url,
    startedAt: new Date(),
    durationMs: null,
    httpStatus: null,
    error: null,
    outcome: 'pending',
  });

  return {
    async recordWebhookEvent(e: WebhookEventInput): Promise<void> {
      try {
        await models.WebhookEvent.collection.insertOne({
          _id: e.eventId,
          companyId: e.companyId,
          transactionId: e.transactionId,
          transactionType: e.transactionType,
          type: e.type,
          url: e.url,
          body: e.body,
          status: 'pending',
          attemptCount: 0,
          createdAt: new Date(),
          updatedAt: new Date(),
        } as never);
      } catch (err) {
        if (!isDuplicate(err)) throw err;
      }
    },

    /** One delivery attempt. Returns the outcome; only infrastructure faults throw (and are retried). */
    async deliverWebhook(input: { eventId: string; attempt: number | null; trigger: 'schedule' | 'resend' }): Promise<{ success: boolean; attempt: number }> {
      const event = await models.WebhookEvent.findById(input.eventId).lean<WebhookEventDoc>();
      if (!event) throw new Error(`webhook event ${input.eventId} not found`);
      const attempt = await claimAttempt(event, input.attempt, input.trigger);
      const signature = await signingHeader(event.companyId, event.body);
      const res = await postWebhook(
        event.url,
        event.body,
        {
          'content-type': 'application/json',
          'user-agent': 'pagobr-webhooks/1',
          'x-webhook-id': event._id,
          'x-webhook-event': event.type,
          'x-webhook-attempt': String(attempt),
          ...(signature ? { 'x-webhook-signature': signature } : {}),
        },
        { timeoutMs: deps.timeoutMs, allowPrivateNetworks: deps.allowPrivateNetworks },
      );
      const success = res.httpStatus !== null && res.httpStatus >= 200 && res.httpStatus < 300;
      deps.metrics?.webhookAttempts.inc({ outcome: success ? 'success' : res.httpStatus === null ? 'error' : `http_${Math.floor(res.httpStatus / 100)}xx` });
      await models.WebhookAttempt.updateOne(
        { _id: `${event._id}:${attempt}` },
        { $set: { durationMs: res.durationMs, httpStatus: res.httpStatus, error: res.error, outcome: success ? 'success' : 'failure' } },
      );
      await models.WebhookEvent.updateOne({ _id: event._id }, { $max: { attemptCount: attempt }, $set: { updatedAt: new Date() } });
      deps.logger.info({ eventId: event._id, transactionId: event.transactionId, attempt, httpStatus: res.httpStatus, error: res.error, durationMs: res.durationMs }, 'webhook attempt');
      return { success, attempt };
    },

    async finishWebhookEvent(input: { eventId: string; status: 'delivered' | 'undelivered' }): Promise<void> {
      const filter = input.status === 'undelivered' ? { _id: input.eventId, status: { $ne: 'delivered' } } : { _id: input.eventId };
      await models.WebhookEvent.updateOne(filter, { $set: { status: input.status, updatedAt: new Date() } });
    },
  };
}
