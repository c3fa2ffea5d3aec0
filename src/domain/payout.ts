/** The payout state machine and its money movements (docs/state-machines.md). Pure. */
export const PAYOUT_STATUSES = ['AWAITING_APPROVAL', 'PENDING', 'PROCESSING', 'APPROVED', 'COMPLETED', 'FAILED', 'CANCELED', 'REFUSED', 'REFUNDED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PIX_KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'] as const;

/** Acquirer transfer callbacks. */
export type TransferEventKind = 'APPROVED' | 'COMPLETED' | 'FAILED' | 'REFUSED' | 'REFUNDED';

const TRANSITIONS: Partial<Record<PayoutStatus, Partial<Record<TransferEventKind, PayoutStatus>>>> = {
  PROCESSING: { APPROVED: 'APPROVED', COMPLETED: 'COMPLETED', FAILED: 'FAILED', REFUSED: 'REFUSED' },
  APPROVED: { COMPLETED: 'COMPLETED', FAILED: 'FAILED', REFUSED: 'REFUSED' },
  COMPLETED: { REFUNDED: 'REFUNDED' },
};

export function nextPayoutStatus(current: PayoutStatus, event: TransferEventKind): PayoutStatus | null {
  return TRANSITIONS[current]?.[event] ?? null;
}

export function isFinalPayoutStatus(s: PayoutStatus): boolean {
  return s === 'FAILED' || s === 'CANCELED' || s === 'REFUSED' || s === 'REFUNDED';
}

export type Delta = { available?: number; reserved?: number; pendingPayouts?: number };

/**
 * Money movements of a payout (amount = what leaves the balance; the fee comes out of it):
 * automatic approval debits at creation; manual approval holds at creation (pendingPayouts), the hold is
 * captured on approval or released on rejection/timeout; a failed, refused or refunded transfer returns it.
 */
export const payoutMovements = {
  debit: (amount: number): { kind: string; delta: Delta } => ({ kind: 'payout_debit', delta: { available: -amount } }),
  hold: (amount: number) => ({ kind: 'payout_hold', delta: { available: -amount, pendingPayouts: amount } }),
  captureHold: (amount: number) => ({ kind: 'payout_hold_capture', delta: { pendingPayouts: -amount } }),
  releaseHold: (amount: number) => ({ kind: 'payout_hold_release', delta: { available: amount, pendingPayouts: -amount } }),
  reverse: (amount: number) => ({ kind: 'payout_reversal', delta: { available: amount } }),
  refund: (amount: number) => ({ kind: 'payout_refund', delta: { available: amount } }),
};

export interface LimitWindow {
  nighttime: boolean;
  maxCentavos: number;
}

/** PIX night-time rule: 20:00–06:00 America/Sao_Paulo (UTC−3, no daylight saving) uses the night limit. */
export function payoutLimitAt(nowUtcMs: number, limits: { daytimeMaxCentavos: number; nighttimeMaxCentavos: number }): LimitWindow {
  const hour = new Date(nowUtcMs - 3 * 3600_000).getUTCHours();
  const nighttime = hour >= 20 || hour < 6;
  return { nighttime, maxCentavos: nighttime ? limits.nighttimeMaxCentavos : limits.daytimeMaxCentavos };
}
