import {
  ApplicationFailure,
  condition,
  ParentClosePolicy,
  proxyActivities,
  setHandler,
  startChild,
  upsertSearchAttributes,
  uuid4,
  ActivityFailure,
  allHandlersFinished,
  CancellationScope,
  patched,
  proxyLocalActivities,
  sleep,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import { takeNextEvent } from '../src/domain/event-order';
import { isFinalPayinStatus, nextPayinStatus, payinLedgerDelta, payinSettlement, type PayinEventKind, type PayinStatus } from '../src/domain/payin';
import { acquirerEventSignal, createPayinUpdate, payinStatusQuery, type AcquirerEvent, type PayinCreationResponse, type PayinWorkflowInput } from './payin-definitions';
import { webhookDeliveryWorkflow } from './webhook-delivery';

const persistence = proxyActivities<Activities>({
  startToCloseTimeout: '10s',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '10s' },
});

// The charge call sits inside the merchant's request (early return): bounded retries, then PROVIDER_ERROR.
const acquirer = proxyActivities<Activities>({
  startToCloseTimeout: '6s',
  scheduleToCloseTimeout: '20s',
  retry: { initialInterval: '250ms', backoffCoefficient: 2, maximumAttempts: 4, nonRetryableErrorTypes: ['ACQUIRER_REJECTION'] },
});

// While the merchant waits (early return), the creation steps run as local activities: no server round trip
// per step. Histories recorded before this change replay with the remote activities (patched()).
const localPersistence = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10s',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '10s' },
});
const localAcquirer = proxyLocalActivities<Activities>({
  startToCloseTimeout: '6s',
  scheduleToCloseTimeout: '20s',
  retry: { initialInterval: '250ms', backoffCoefficient: 2, maximumAttempts: 4, nonRetryableErrorTypes: ['ACQUIRER_REJECTION'] },
});

type CreationOutcome = { ok: true; response: PayinCreationResponse } | { ok: false; code: string; message: string; details: Record<string, unknown>[] };

const EVENT_KINDS: readonly string[] = ['APPROVED', 'REFUSED', 'FAILED', 'CANCELED', 'EXPIRED', 'REFUNDED', 'CHARGEBACK', 'MED', 'MED_RETURNED'];

/**
 * One payin, from creation to its final state. The API starts it with update-with-start and gets the
 * creation response as soon as the acquirer has answered; the workflow then waits durably for the
 * payment (acquirer callbacks arrive as signals) or for its window to pass, and later for refunds,
 * chargebacks and MED until the dispute window closes.
 */
export async function payinWorkflow(input: PayinWorkflowInput): Promise<{ status: PayinStatus | 'DUPLICATE'; creation: CreationOutcome }> {
  let creation: CreationOutcome | undefined;
  let status: PayinStatus | undefined;
  let externalId: string | null = null;
  let version = 0;
  let medSettled = false;
  let lastSequence = 0;
  const buffered: AcquirerEvent[] = [];
  let arrivals = 0;
  let handledArrivals = 0;
  const seenEvents = new Set<string>();
  const amounts = payinSettlement(input.amount, input.fee, input.reservePercentBps);

  setHandler(createPayinUpdate, async () => {
    await condition(() => creation !== undefined);
    if (!creation!.ok) throw ApplicationFailure.create({ type: creation!.code, message: creation!.message, details: creation!.details, nonRetryable: true });
    return creation!.response;
  });
  setHandler(acquirerEventSignal, (event) => {
    if (seenEvents.has(event.eventId) || !EVENT_KINDS.includes(event.status)) return;
    seenEvents.add(event.eventId);
    buffered.push(event);
    arrivals++;
  });
  setHandler(payinStatusQuery, () => ({ status: status ?? 'CREATING', externalId, version }));

  const finish = async (final: PayinStatus | 'DUPLICATE') => {
    await condition(allHandlersFinished);
    return { status: final, creation: creation! };
  };

  const fastCreation = patched('creation-local-activities');
  // 1. Record the payin. The unique (account, referenceId) index makes duplicates fail here, atomically.
  const recorded = await (fastCreation ? localPersistence : persistence).recordPayin(input);
  if (!recorded.created) {
    creation = { ok: false, code: 'DUPLICATE_REFERENCE_ID', message: `referenceId ${input.referenceId} was already used by ${recorded.existingId}`, details: [{ field: 'referenceId', message: 'already used', existingId: recorded.existingId }] };
    upsertSearchAttributes({ TransactionStatus: ['DUPLICATE_REJECTED'] });
    return finish('DUPLICATE');
  }

  const transition = async (to: PayinStatus, event: PayinEventKind | null, reason: string | null, fields: Record<string, unknown> = {}, duringCreation = false) => {
    const from = status ?? null;
    version += 1;
    const ledger = event ? payinLedgerDelta(from, event, amounts) : null;
    await (duringCreation && fastCreation ? localPersistence : persistence).applyPayinTransition({
      payinId: input.payinId,
      companyId: input.companyId,
      version,
      status: to,
      reason,
      fields,
      ledger: ledger ? { ...ledger, idempotencyKey: `payin:${input.payinId}:v${version}:${ledger.kind}` } : null,
    });
    const changed = to !== status;
    status = to;
    upsertSearchAttributes({ TransactionStatus: [to] });
    if (changed && to !== 'PENDING_3DS' && input.webhookUrl) await emitWebhook(to);
  };

  const emitWebhook = async (to: PayinStatus) => {
    const eventId = `evt_${uuid4().replace(/-/g, '')}`;
    const body = JSON.stringify({ id: input.payinId, externalId, referenceId: input.referenceId, status: to, amount: input.amount, paymentMethod: input.paymentMethod, createdAt: input.createdAt });
    await startChild(webhookDeliveryWorkflow, {
      workflowId: eventId,
      parentClosePolicy: ParentClosePolicy.ABANDON,
      args: [{ eventId, companyId: input.companyId, transactionId: input.payinId, transactionType: 'payin', type: `payin.${to.toLowerCase()}`, url: input.webhookUrl!, body, retryDelaysMs: input.webhook.retryDelaysMs }],
    });
  };

  // 2. Ask the acquirer for the charge (retried with one idempotency key, so never charged twice).
  let charge: Awaited<ReturnType<Activities['createCharge']>>;
  try {
    charge = await (fastCreation ? localAcquirer : acquirer).createCharge({ payinId: input.payinId, companyId: input.companyId });
  } catch (err) {
    const cause = err instanceof ActivityFailure ? err.cause : err;
    const rejection = cause instanceof ApplicationFailure && cause.type === 'ACQUIRER_REJECTION' ? String((cause.details?.[0] as { code?: string })?.code ?? 'REFUSED') : null;
    if (rejection && ['REJECTED_BY_RISK', 'PAYER_LIMIT_REJECTED', 'INVALID_CVV'].includes(rejection)) {
      await transition('REFUSED', null, rejection, {}, true);
      creation = { ok: false, code: rejection, message: `The charge was declined: ${rejection}`, details: [{ message: 'recorded as REFUSED', payinId: input.payinId }] };
      return finish('REFUSED');
    }
    await transition('FAILED', null, rejection ?? 'ACQUIRER_UNAVAILABLE', {}, true);
    creation = rejection
      ? { ok: false, code: 'INVALID_DATA', message: `The acquirer rejected the charge: ${rejection}`, details: [{ message: 'recorded as FAILED', payinId: input.payinId, reason: rejection }] }
      : { ok: false, code: 'PROVIDER_ERROR', message: 'The acquirer is temporarily unavailable; the payin was recorded as FAILED', details: [{ message: 'recorded as FAILED', payinId: input.payinId }] };
    return finish('FAILED');
  }
  externalId = charge.externalId;

  const initial: PayinStatus = charge.status;
  await transition(initial, initial === 'APPROVED' ? 'APPROVED' : null, charge.refusalReason ?? null, {
    externalId,
    pixCopyAndPaste: charge.pix?.qrcode ?? null,
    boletoBarcode: charge.boleto?.digitableLine ?? null,
    boletoBarcodeDigits: charge.boleto?.barcode ?? null,
    boletoUrl: charge.boleto ? input.boletoUrl : null,
    openFinanceRedirectUrl: charge.openFinance?.redirectUrl ?? null,
    ...(initial === 'APPROVED' ? { feeAmount: amounts.feeAmount, netAmount: amounts.netAmount, reservedAmount: amounts.reservedAmount } : {}),
  }, true);
  creation = {
    ok: true,
    response: {
      id: input.payinId,
      externalId,
      referenceId: input.referenceId,
      status: initial,
      amount: input.amount,
      paymentMethod: input.paymentMethod,
      createdAt: input.createdAt,
      ...(charge.pix ? { pix: { qrcode: charge.pix.qrcode } } : {}),
      ...(charge.boleto && input.boletoUrl ? { boleto: { barcode: charge.boleto.digitableLine, url: input.boletoUrl } } : {}),
      ...(charge.openFinance ? { openFinanceRedirectUrl: charge.openFinance.redirectUrl } : {}),
      ...(charge.threeDS
        ? { threeDSecurePending: true, threeDSecureSession: charge.threeDS.session, threeDSecureTransactionId: charge.threeDS.transactionId, threeDSecureSdkUrl: charge.threeDS.sdkUrl }
        : {}),
    },
  };

  // 3. Wait for what happens next. Each status that can time out arms one durable timer on entry.
  let timerFired = false;
  let timerScope: CancellationScope | null = null;
  let timedStatus: PayinStatus | null = null;
  const windowMs = (s: PayinStatus): number | null => {
    if (s === 'PENDING') return input.paymentWindowSeconds * 1000;
    if (s === 'PENDING_3DS') return input.threeDSTimeoutSeconds * 1000;
    if (s === 'APPROVED' || s === 'MED') return input.disputeWindowDays * 24 * 3600 * 1000;
    return null;
  };
  const armTimerFor = (s: PayinStatus) => {
    if (timedStatus === s) return;
    timedStatus = s;
    timerScope?.cancel();
    timerScope = null;
    timerFired = false;
    const ms = windowMs(s);
    if (ms === null) return;
    const scope = new CancellationScope();
    timerScope = scope;
    scope.run(() => sleep(ms)).then(
      () => {
        if (timerScope === scope) timerFired = true;
      },
      () => undefined,
    );
  };

  while (!isFinalPayinStatus(status!, medSettled)) {
    armTimerFor(status!);
    await condition(() => arrivals > handledArrivals || timerFired);
    if (arrivals === handledArrivals && timerFired) {
      timedStatus = null;
      if (status === 'PENDING') await transition('EXPIRED', 'EXPIRED', 'PAYMENT_WINDOW_EXPIRED');
      else if (status === 'PENDING_3DS') await transition('REFUSED', 'REFUSED', 'THREE_DS_TIMEOUT');
      else break; // dispute window over: the payin keeps its status for good
      continue;
    }
    handledArrivals = arrivals;
    // Apply buffered callbacks in acquirer order; stale or duplicate ones are dropped, early ones wait.
    for (let next = takeNextEvent(buffered, lastSequence, (e) => nextPayinStatus(status!, e.status as PayinEventKind)); next; next = takeNextEvent(buffered, lastSequence, (e) => nextPayinStatus(status!, e.status as PayinEventKind))) {
      lastSequence = next.event.sequence;
      if (!next.to) continue;
      const kind = next.event.status as PayinEventKind;
      const settle = kind === 'APPROVED' && status !== 'MED' ? { feeAmount: amounts.feeAmount, netAmount: amounts.netAmount, reservedAmount: amounts.reservedAmount } : {};
      if (kind === 'MED_RETURNED') medSettled = true;
      await transition(next.to, kind, next.event.reason, settle);
    }
  }
  return finish(status!);
}
