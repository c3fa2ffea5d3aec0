import {
  type ActivityOptions,
  type LocalActivityOptions,
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  ParentClosePolicy,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  startChild,
  upsertSearchAttributes,
  uuid4,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import { takeNextEvent } from '../src/domain/event-order';
import { isFinalPayoutStatus, nextPayoutStatus, payoutMovements, type Delta, type PayoutStatus, type TransferEventKind } from '../src/domain/payout';
import type { AcquirerEvent } from './payin-definitions';
import { approvalSignal, createPayoutUpdate, payoutStatusQuery, transferEventSignal, type ApprovalDecision, type PayoutRecord, type PayoutWorkflowInput } from './payout-definitions';
import { webhookDeliveryWorkflow } from './webhook-delivery';

const persistenceOptions: ActivityOptions & LocalActivityOptions = {
  startToCloseTimeout: '30s',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '10s', nonRetryableErrorTypes: ['INSUFFICIENT_FUNDS'] },
};
const acquirerOptions: ActivityOptions & LocalActivityOptions = {
  startToCloseTimeout: '6s',
  scheduleToCloseTimeout: '20s',
  retry: { initialInterval: '250ms', backoffCoefficient: 2, maximumAttempts: 4, nonRetryableErrorTypes: ['ACQUIRER_REJECTION'] },
};
const persistence = proxyActivities<Activities>(persistenceOptions);
const acquirer = proxyActivities<Activities>(acquirerOptions);
// While the merchant waits (early return), the creation steps run as local activities, as for payins: no
// server round trip per step. Histories recorded before this change replay with remote activities (patched()).
const localPersistence = proxyLocalActivities<Activities>(persistenceOptions);
const localAcquirer = proxyLocalActivities<Activities>(acquirerOptions);

type Creation = { ok: true; record: PayoutRecord } | { ok: false; code: string; message: string; details: Record<string, unknown>[] };
const TRANSFER_EVENTS: readonly string[] = ['APPROVED', 'COMPLETED', 'FAILED', 'REFUSED', 'REFUNDED'];

function isAcquirerRejection(err: unknown): boolean {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  return cause instanceof ApplicationFailure && cause.type === 'ACQUIRER_REJECTION';
}

function failureCode(err: unknown): string | null {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (!(cause instanceof ApplicationFailure)) return null;
  if (cause.type === 'ACQUIRER_REJECTION') return String((cause.details?.[0] as { code?: string })?.code ?? 'PROVIDER_REJECTED');
  return cause.type ?? null;
}

/**
 * One payout. Creation (key lookup, record, debit or hold, and for automatic approval the transfer
 * request) happens inside the merchant's request through the `createPayout` update; then the workflow
 * waits for the approver's signal (manual approval) and for the acquirer's transfer callbacks.
 */
export async function payoutWorkflow(input: PayoutWorkflowInput): Promise<{ status: PayoutStatus | 'REJECTED'; creation: Creation }> {
  let creation: Creation | undefined;
  let status: PayoutStatus | undefined;
  let version = 0;
  let externalId: string | null = null;
  let decision: ApprovalDecision | undefined;
  let lastSequence = 0;
  const events: AcquirerEvent[] = [];
  let arrivals = 0;
  let handledArrivals = 0;
  const seen = new Set<string>();
  const netAmount = input.amount - input.feeAmount;

  setHandler(createPayoutUpdate, async () => {
    await condition(() => creation !== undefined);
    if (!creation!.ok) throw ApplicationFailure.create({ type: creation!.code, message: creation!.message, details: creation!.details, nonRetryable: true });
    return creation!.record;
  });
  setHandler(approvalSignal, (d) => {
    if (status === 'AWAITING_APPROVAL' && !decision) decision = d;
  });
  setHandler(transferEventSignal, (e) => {
    if (seen.has(e.eventId) || !TRANSFER_EVENTS.includes(e.status)) return;
    seen.add(e.eventId);
    events.push(e);
    arrivals++;
  });
  setHandler(payoutStatusQuery, () => ({ status: status ?? 'CREATING', version }));

  const refuse = async (code: string, message: string, details: Record<string, unknown>[] = []) => {
    creation = { ok: false, code, message, details };
    upsertSearchAttributes({ TransactionStatus: ['REJECTED'] });
    await condition(allHandlersFinished);
    return { status: 'REJECTED' as const, creation };
  };

  const fastCreation = patched('payout-creation-local-activities');
  /** Local activities until the creation answer is settled; remote ones (with their own history events) after. */
  const store = () => (fastCreation && creation === undefined ? localPersistence : persistence);
  const bank = () => (fastCreation && creation === undefined ? localAcquirer : acquirer);

  // 1. The key must exist in the PIX directory.
  const lookup = await bank().lookupPixKey({ pixKeyType: input.pixKeyType, pixKey: input.pixKey });
  if (!lookup.found) return refuse('INVALID_PIX_KEY', 'The PIX key was not found in the PIX key directory', [{ field: 'pixKey', message: 'not found in DICT' }]);

  // 2. Record it (the unique referenceId index rejects duplicates atomically).
  const recorded = await store().recordPayout(input);
  if (!recorded.created) {
    return refuse('DUPLICATE_REFERENCE_ID', `referenceId ${input.referenceId} was already used by ${recorded.existingId}`, [{ field: 'referenceId', message: 'already used', existingId: recorded.existingId }]);
  }

  const move = async (m: { kind: string; delta: Delta }, requireFunds = false) =>
    store().moveMoney({ companyId: input.companyId, payoutId: input.payoutId, idempotencyKey: `payout:${input.payoutId}:${m.kind}`, kind: m.kind, delta: m.delta, requireFunds });

  const transition = async (to: PayoutStatus, reason: string | null, fields: Record<string, unknown> = {}) => {
    version += 1;
    const record = await store().applyPayoutTransition({ payoutId: input.payoutId, version, status: to, reason, fields });
    status = to;
    upsertSearchAttributes({ TransactionStatus: [to] });
    if (input.webhookUrl) {
      const eventId = `evt_${uuid4().replace(/-/g, '')}`;
      const withReason = to === 'FAILED' || to === 'REFUSED' || to === 'CANCELED' || to === 'REFUNDED';
      const body = JSON.stringify({ id: input.payoutId, externalId, status: to, amount: input.amount, referenceId: input.referenceId, created_at: input.createdAt, ...(withReason ? { reason: reason ?? to } : {}) });
      await startChild(webhookDeliveryWorkflow, {
        workflowId: eventId,
        parentClosePolicy: ParentClosePolicy.ABANDON,
        args: [{ eventId, companyId: input.companyId, transactionId: input.payoutId, transactionType: 'payout', type: `payout.${to.toLowerCase()}`, url: input.webhookUrl, body, retryDelaysMs: input.webhook.retryDelaysMs }],
      });
    }
    return record;
  };

  // 3. Debit (automatic) or hold (manual) — never more than the available balance.
  try {
    await move(input.approval === 'automatic' ? payoutMovements.debit(input.amount) : payoutMovements.hold(input.amount), true);
  } catch (err) {
    if (failureCode(err) !== 'INSUFFICIENT_FUNDS') throw err;
    await store().discardPayout({ payoutId: input.payoutId });
    return refuse('INSUFFICIENT_FUNDS', 'The available balance (after reserves and pending withdrawals) does not cover the amount', [{ field: 'amount', message: 'insufficient funds' }]);
  }

  /** Asks the acquirer for the transfer; a refusal returns the money. */
  const requestTransfer = async (): Promise<{ ok: true } | { ok: false; code: string }> => {
    try {
      const t = await bank().createTransfer({ payoutId: input.payoutId, netAmount });
      externalId = t.externalId;
      return { ok: true };
    } catch (err) {
      // A rejection is final; anything else means the acquirer stayed unreachable through the bounded retries.
      return { ok: false, code: isAcquirerRejection(err) ? 'PROVIDER_REJECTED' : 'TEMPORARY_UNAVAILABLE' };
    }
  };

  if (input.approval === 'automatic') {
    const t = await requestTransfer();
    if (!t.ok) {
      await move(payoutMovements.reverse(input.amount));
      if (t.code === 'TEMPORARY_UNAVAILABLE') {
        // Nothing happened: the merchant retries later, with the same referenceId.
        await store().discardPayout({ payoutId: input.payoutId });
        return refuse('TEMPORARY_UNAVAILABLE', 'The acquirer is temporarily unavailable; nothing was debited. Retry in 5 to 10 minutes', []);
      }
      await transition('FAILED', 'PROVIDER_REJECTED');
      return refuse('PROVIDER_REJECTED', 'The transfer was rejected by the national payment system; the balance was refunded', [{ message: 'recorded as FAILED', payoutId: input.payoutId }]);
    }
    const record = await transition('PENDING', null, { externalId, feeAmount: input.feeAmount, netAmount });
    creation = { ok: true, record };
  } else {
    const record = await transition('AWAITING_APPROVAL', null);
    creation = { ok: true, record };
    const decided = await condition(() => decision !== undefined, input.approvalTimeoutSeconds * 1000);
    if (!decided || !decision!.approved) {
      await move(payoutMovements.releaseHold(input.amount));
      await transition('CANCELED', decided ? (decision!.reason ?? 'REJECTED_BY_APPROVER') : 'APPROVAL_TIMEOUT', decided ? { approvedBy: null, rejectedBy: decision!.actor } : {});
      await condition(allHandlersFinished);
      return { status: 'CANCELED', creation };
    }
    await move(payoutMovements.captureHold(input.amount));
    const t = await requestTransfer();
    await transition('PENDING', null, { approvedBy: decision!.actor, ...(t.ok ? { externalId } : {}) });
    if (!t.ok) {
      await move(payoutMovements.reverse(input.amount));
      await transition('FAILED', t.code);
      await condition(allHandlersFinished);
      return { status: 'FAILED', creation };
    }
  }

  // 4. The transfer is with the acquirer.
  await transition('PROCESSING', null, { externalId, feeAmount: input.feeAmount, netAmount });
  let listening = true;
  while (listening && !isFinalPayoutStatus(status!)) {
    // A completed transfer can still come back (REFUNDED) for a while; then the workflow closes.
    if (status === 'COMPLETED') listening = await condition(() => arrivals > handledArrivals, '30 days');
    else await condition(() => arrivals > handledArrivals);
    handledArrivals = arrivals;
    for (let next = takeNextEvent(events, lastSequence, (e) => nextPayoutStatus(status!, e.status as TransferEventKind)); next; next = takeNextEvent(events, lastSequence, (e) => nextPayoutStatus(status!, e.status as TransferEventKind))) {
      lastSequence = next.event.sequence;
      const to = next.to;
      if (!to) continue;
      if (to === 'FAILED' || to === 'REFUSED') await move(payoutMovements.reverse(input.amount));
      if (to === 'REFUNDED') await move(payoutMovements.refund(input.amount));
      await transition(to, next.event.reason, to === 'COMPLETED' ? { bankReceipt: { endToEndId: `E${externalId}`, completedAt: next.event.occurredAt, netAmount } } : {});
    }
  }
  await condition(allHandlersFinished);
  return { status: status!, creation: creation! };
}
