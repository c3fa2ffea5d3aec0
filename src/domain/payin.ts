/** The payin state machine (docs/state-machines.md). Pure: used by the workflow, the API and tests. */
export const PAYIN_STATUSES = ['PENDING', 'PENDING_3DS', 'APPROVED', 'REFUSED', 'FAILED', 'CANCELED', 'REFUNDED', 'CHARGEBACK', 'MED', 'EXPIRED'] as const;
export type PayinStatus = (typeof PAYIN_STATUSES)[number];

export const PAYMENT_METHODS = ['PIX', 'BOLETO', 'CREDIT_CARD', 'OPEN_FINANCE'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What the acquirer reports about a charge (callbacks), plus the workflow's own timers. */
export type PayinEventKind = 'APPROVED' | 'REFUSED' | 'FAILED' | 'CANCELED' | 'EXPIRED' | 'REFUNDED' | 'CHARGEBACK' | 'MED' | 'MED_RETURNED';

/**
 * Allowed transitions: from → event → to. Anything else is ignored (stale, duplicate or out of order);
 * MED_RETURNED settles an open MED without changing the status; APPROVED while in MED is a released MED.
 */
const TRANSITIONS: Partial<Record<PayinStatus, Partial<Record<PayinEventKind, PayinStatus>>>> = {
  PENDING: { APPROVED: 'APPROVED', FAILED: 'FAILED', CANCELED: 'CANCELED', EXPIRED: 'EXPIRED' },
  PENDING_3DS: { APPROVED: 'APPROVED', REFUSED: 'REFUSED', FAILED: 'FAILED' },
  APPROVED: { REFUNDED: 'REFUNDED', CHARGEBACK: 'CHARGEBACK', MED: 'MED' },
  MED: { APPROVED: 'APPROVED', MED_RETURNED: 'MED' },
};

export function nextPayinStatus(current: PayinStatus, event: PayinEventKind): PayinStatus | null {
  return TRANSITIONS[current]?.[event] ?? null;
}

/** Statuses after which nothing can happen any more. */
export function isFinalPayinStatus(status: PayinStatus, medSettled = false): boolean {
  if (status === 'MED') return medSettled;
  return status === 'REFUSED' || status === 'FAILED' || status === 'CANCELED' || status === 'EXPIRED' || status === 'REFUNDED' || status === 'CHARGEBACK';
}

export function transitionTable(): Array<{ from: PayinStatus; event: PayinEventKind; to: PayinStatus }> {
  return Object.entries(TRANSITIONS).flatMap(([from, events]) =>
    Object.entries(events ?? {}).map(([event, to]) => ({ from: from as PayinStatus, event: event as PayinEventKind, to: to as PayinStatus })),
  );
}

export interface PayinAmounts {
  amount: number;
  feeAmount: number;
  netAmount: number;
  reservedAmount: number;
}

/** On approval the merchant is credited the net amount; a share of it (reserve %) is held as reserve. */
export function payinSettlement(amount: number, fee: { percentBps: number; fixedCentavos: number }, reservePercentBps: number): PayinAmounts {
  const pct = Math.floor((amount * fee.percentBps + 5_000) / 10_000);
  const feeAmount = Math.min(amount, pct + fee.fixedCentavos);
  const netAmount = amount - feeAmount;
  const reservedAmount = Math.floor((netAmount * reservePercentBps) / 10_000);
  return { amount, feeAmount, netAmount, reservedAmount };
}

export type LedgerDelta = { available?: number; reserved?: number; pendingPayouts?: number };

/**
 * Ledger movement for a payin entering a status (null: none). Approval credits net (reserve held apart);
 * refund and chargeback take the whole gross amount back (the fee is not returned); a MED first holds
 * the gross amount, then either returns it (MED_RETURNED) or releases it (back to APPROVED).
 */
export function payinLedgerDelta(from: PayinStatus | null, event: PayinEventKind, a: PayinAmounts): { kind: string; delta: LedgerDelta } | null {
  switch (event) {
    case 'APPROVED':
      if (from === 'MED') return { kind: 'payin_med_release', delta: { available: a.amount, reserved: -a.amount } };
      return { kind: 'payin_credit', delta: { available: a.netAmount - a.reservedAmount, reserved: a.reservedAmount } };
    case 'REFUNDED':
    case 'CHARGEBACK':
      return { kind: event === 'REFUNDED' ? 'payin_refund' : 'payin_chargeback', delta: { available: -(a.amount - a.reservedAmount), reserved: -a.reservedAmount } };
    case 'MED':
      return { kind: 'payin_med_hold', delta: { available: -a.amount, reserved: a.amount } };
    case 'MED_RETURNED':
      return { kind: 'payin_med_return', delta: { reserved: -a.amount } };
    default:
      return null;
  }
}
