import { ApplicationFailure } from '@temporalio/activity';
import type { Acquirer, PixKeyLookup } from '../src/acquirer/types';
import { AcquirerRejection } from '../src/acquirer/types';
import type { Models, PayoutDoc } from '../src/persistence/models';
import { insertClaimingKey } from '../src/persistence/unique-insert';
import { InsufficientFundsError, type Ledger } from '../src/persistence/ledger';
import type { PayoutRecord, PayoutWorkflowInput } from '../workflows/payout-definitions';
import type { PayoutStatus } from '../src/domain/payout';
import type { Metrics } from '../src/metrics';

export interface PayoutActivityDeps {
  models: Models;
  ledger: Ledger;
  acquirer: Acquirer;
  metrics?: Metrics;
}


export function payoutRecord(p: PayoutDoc): PayoutRecord {
  return {
    id: p._id,
    externalId: p.externalId,
    status: p.status as PayoutStatus,
    amount: p.amount,
    currency: 'BRL',
    pixKey: p.pixKey,
    pixKeyType: p.pixKeyType,
    referenceId: p.referenceId,
    beneficiaryName: p.beneficiaryName,
    beneficiaryDocument: p.beneficiaryDocument,
    feeAmount: p.feeAmount,
    netAmount: p.netAmount,
    bankReceipt: null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function createPayoutActivities(deps: PayoutActivityDeps) {
  const { models, ledger, acquirer } = deps;
  const rejection = (err: unknown) =>
    err instanceof AcquirerRejection ? ApplicationFailure.create({ type: 'ACQUIRER_REJECTION', message: err.message, details: [{ code: err.code }], nonRetryable: true }) : err;

  return {
    async lookupPixKey(input: { pixKeyType: string; pixKey: string }): Promise<PixKeyLookup> {
      try {
        return await acquirer.lookupPixKey(input.pixKeyType, input.pixKey);
      } catch (err) {
        throw rejection(err);
      }
    },

    async recordPayout(input: PayoutWorkflowInput): Promise<{ created: true } | { created: false; existingId: string }> {
      return insertClaimingKey(
        models.Payout,
        {
          _id: input.payoutId,
          companyId: input.companyId,
          referenceId: input.referenceId,
          status: 'CREATING',
          statusVersion: 0,
          statusReason: null,
          statusHistory: [],
          externalId: null,
          amount: input.amount,
          currency: 'BRL',
          pixKey: input.pixKey,
          pixKeyType: input.pixKeyType,
          beneficiaryName: input.beneficiaryName,
          beneficiaryDocument: input.beneficiaryDocument,
          webhookUrl: input.webhookUrl,
          feeAmount: null,
          netAmount: null,
          bankReceipt: null,
          approvedBy: null,
          createdAt: new Date(input.createdAt),
          updatedAt: new Date(input.createdAt),
        } as PayoutDoc,
        { companyId: input.companyId, referenceId: input.referenceId },
      );
    },

    /** Removes a payout refused at creation (nothing was left debited), so its referenceId can be used again. */
    async discardPayout(input: { payoutId: string }): Promise<void> {
      await models.Payout.deleteOne({ _id: input.payoutId, statusVersion: 0 });
    },

    /** One ledger movement; its idempotency key makes activity retries and replays no-ops. */
    async moveMoney(m: { companyId: string; payoutId: string; idempotencyKey: string; kind: string; delta: { available?: number; reserved?: number; pendingPayouts?: number }; requireFunds: boolean }): Promise<void> {
      try {
        await ledger.append({ accountId: m.companyId, idempotencyKey: m.idempotencyKey, kind: m.kind, delta: m.delta, ref: { type: 'payout', id: m.payoutId }, requireFunds: m.requireFunds });
      } catch (err) {
        if (err instanceof InsufficientFundsError) throw ApplicationFailure.create({ type: 'INSUFFICIENT_FUNDS', message: err.message, nonRetryable: true });
        throw err;
      }
    },

    /**
     * Asks the acquirer for the transfer under a per-payout idempotency key. The request must be the same on
     * every execution (a local activity re-runs after a worker crash, possibly after later steps changed the
     * record), so it is built from the immutable fields and the net amount the workflow passes in.
     */
    async createTransfer(input: { payoutId: string; netAmount?: number }): Promise<{ externalId: string }> {
      const p = await models.Payout.findById(input.payoutId).lean<PayoutDoc>();
      if (!p) throw ApplicationFailure.nonRetryable(`payout ${input.payoutId} not recorded`, 'PAYOUT_NOT_FOUND');
      try {
        const t = await acquirer.createTransfer(
          {
            paymentId: p._id,
            amount: input.netAmount ?? p.amount - (p.feeAmount ?? 0),
            grossAmount: p.amount,
            pixKeyType: p.pixKeyType,
            pixKey: p.pixKey,
            beneficiaryName: p.beneficiaryName,
            beneficiaryDocument: p.beneficiaryDocument,
          },
          `payout:${p._id}:transfer`,
        );
        return { externalId: t.externalId };
      } catch (err) {
        throw rejection(err);
      }
    },

    /**
     * Writes one transition. The payout's workflow is the record's only writer and runs one activity at a time,
     * so the version check needs no conditional update: it turns a retried or replayed write into a no-op and
     * never regresses a status. Both the read and the write are by primary key only (FerretDB v1 would scan
     * the collection for `{_id, statusVersion}`).
     */
    async applyPayoutTransition(t: { payoutId: string; version: number; status: string; reason: string | null; fields: Record<string, unknown> }): Promise<PayoutRecord> {
      const doc = await models.Payout.findById(t.payoutId).lean<PayoutDoc>();
      if (!doc) throw ApplicationFailure.nonRetryable(`payout ${t.payoutId} not recorded`, 'PAYOUT_NOT_FOUND');
      if (doc.statusVersion >= t.version) return payoutRecord(doc);
      const now = new Date();
      const set = { ...t.fields, status: t.status, statusVersion: t.version, statusReason: t.reason, updatedAt: now };
      await models.Payout.updateOne({ _id: t.payoutId }, { $set: set, $push: { statusHistory: { status: t.status, at: now, reason: t.reason } } });
      deps.metrics?.transactions.inc({ kind: 'payout', method: 'PIX', status: t.status });
      return payoutRecord({ ...doc, ...set } as PayoutDoc);
    },
  };
}
