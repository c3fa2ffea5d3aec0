import { ApplicationFailure } from '@temporalio/activity';
import type { Logger } from '../src/logger';
import type { Metrics } from '../src/metrics';
import type { Acquirer, ChargeResult } from '../src/acquirer/types';
import { AcquirerRejection } from '../src/acquirer/types';
import type { Models, PayinDoc } from '../src/persistence/models';
import { insertClaimingKey } from '../src/persistence/unique-insert';
import type { Ledger } from '../src/persistence/ledger';
import type { PayinWorkflowInput } from '../workflows/payin-definitions';

export interface PayinActivityDeps {
  models: Models;
  ledger: Ledger;
  acquirer: Acquirer;
  logger: Logger;
  metrics?: Metrics;
}

export interface PayinTransitionInput {
  payinId: string;
  companyId: string;
  version: number;
  status: string;
  reason: string | null;
  fields: Record<string, unknown>;
  ledger: { idempotencyKey: string; kind: string; delta: { available?: number; reserved?: number; pendingPayouts?: number } } | null;
}


export function createPayinActivities(deps: PayinActivityDeps) {
  const { models, ledger, acquirer } = deps;
  return {
    /** Inserts the payin record. Replays of the same payin are no-ops; another payin's referenceId is a duplicate. */
    async recordPayin(input: PayinWorkflowInput): Promise<{ created: true } | { created: false; existingId: string }> {
      return insertClaimingKey(
        models.Payin,
        {
          _id: input.payinId,
          companyId: input.companyId,
          referenceId: input.referenceId,
          status: 'CREATING',
          statusVersion: 0,
          statusReason: null,
          statusHistory: [],
          externalId: null,
          amount: input.amount,
          currency: 'BRL',
          paymentMethod: input.paymentMethod,
          installments: input.installments,
          customer: input.customer,
          items: input.items,
          isPhysicalProduct: input.isPhysicalProduct,
          payerIp: input.payerIp,
          webhookUrl: input.webhookUrl,
          bankId: input.bankId,
          subSellerId: input.subSellerId,
          split: input.split,
          pixCopyAndPaste: null,
          boletoBarcode: null,
          boletoBarcodeDigits: null,
          boletoUrl: null,
          boletoDueDate: input.boletoDueDate,
          openFinanceRedirectUrl: null,
          card: input.card,
          cardToken: input.cardToken,
          antifraudSessionId: input.antifraudSessionId,
          feeAmount: null,
          netAmount: null,
          reservedAmount: null,
          expiresAt: input.paymentMethod === 'CREDIT_CARD' ? null : new Date(Date.parse(input.createdAt) + input.paymentWindowSeconds * 1000),
          createdAt: new Date(input.createdAt),
          updatedAt: new Date(input.createdAt),
        } as unknown as PayinDoc,
        { companyId: input.companyId, referenceId: input.referenceId },
      );
    },

    /** Asks the acquirer for the charge; the idempotency key is per payin, so retries never charge twice. */
    async createCharge(input: { payinId: string; companyId: string }): Promise<ChargeResult> {
      const payin = await models.Payin.findById(input.payinId).lean<PayinDoc>();
      if (!payin) throw ApplicationFailure.nonRetryable(`payin ${input.payinId} not recorded`, 'PAYIN_NOT_FOUND');
      const account = await models.Account.findById(payin.companyId).lean();
      const customer = payin.customer as { name: string; document: string; email: string };
      try {
        return await acquirer.createCharge(
          {
            paymentId: payin._id,
            method: payin.paymentMethod as 'PIX',
            amount: payin.amount,
            description: (payin.items as Array<{ title: string }>).map((i) => i.title).join(', ').slice(0, 140),
            customer: { name: customer.name, document: customer.document, email: customer.email },
            merchant: { name: account?.tradeName ?? account?.companyName ?? 'LOJA', city: 'SAO PAULO', document: account?.document ?? '' },
            ...(payin.expiresAt ? { expiresAt: payin.expiresAt.toISOString() } : {}),
            ...(payin.boletoDueDate ? { dueDate: payin.boletoDueDate } : {}),
            ...(payin.bankId ? { bankId: payin.bankId } : {}),
            installments: payin.installments,
            ...(payin.cardToken ? { cardToken: payin.cardToken } : {}),
            ...(payin.antifraudSessionId ? { antifraudSessionId: payin.antifraudSessionId } : {}),
          },
          `payin:${payin._id}:charge`,
        );
      } catch (err) {
        if (err instanceof AcquirerRejection) {
          throw ApplicationFailure.create({ type: 'ACQUIRER_REJECTION', message: err.message, details: [{ code: err.code }], nonRetryable: true });
        }
        throw err;
      }
    },

    /**
     * Writes one transition: the ledger movement first (its idempotency key makes a replay a no-op), then
     * the record. Only the payin's own workflow writes its record, one activity at a time, so the version
     * guard is never raced; it turns a replayed or late write into a no-op and never regresses a status.
     */
    async applyPayinTransition(t: PayinTransitionInput): Promise<void> {
      if (t.ledger) {
        await ledger.append({
          accountId: t.companyId,
          idempotencyKey: t.ledger.idempotencyKey,
          kind: t.ledger.kind,
          delta: t.ledger.delta,
          ref: { type: 'payin', id: t.payinId },
        });
      }
      // Read and write by primary key only (see applyPayoutTransition).
      const current = await models.Payin.findById(t.payinId, { statusVersion: 1, paymentMethod: 1 }).lean<Pick<PayinDoc, 'statusVersion' | 'paymentMethod'>>();
      if (!current || current.statusVersion >= t.version) return;
      const now = new Date();
      await models.Payin.updateOne(
        { _id: t.payinId },
        { $set: { ...t.fields, status: t.status, statusVersion: t.version, statusReason: t.reason, updatedAt: now }, $push: { statusHistory: { status: t.status, at: now, reason: t.reason } } },
      );
      deps.metrics?.transactions.inc({ kind: 'payin', method: current.paymentMethod, status: t.status });
    },
  };
}
