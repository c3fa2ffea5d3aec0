/** Account rules shared by the API, the activities and the workflows (pure). */
export const KYC_STATUSES = ['approved', 'pending', 'rejected', 'needs_more_info', 'not_submitted'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const PAYMENT_METHOD_SLUGS = ['pix', 'credit_card', 'boleto', 'open_finance'] as const;
export type PaymentMethodSlug = (typeof PAYMENT_METHOD_SLUGS)[number];

export type PayoutApprovalMode = 'automatic' | 'manual';

export interface Fee {
  /** Percentage in basis points (1 bps = 0.01 %). */
  percentBps: number;
  fixedCentavos: number;
}

export interface FeeSchedule {
  pix: Fee;
  boleto: Fee;
  credit_card: Fee;
  open_finance: Fee;
  payout: Fee;
}

/** Defaults documented in docs/accounts.md; each account can override them through the admin API. */
export const DEFAULT_FEES: FeeSchedule = {
  pix: { percentBps: 99, fixedCentavos: 0 },
  boleto: { percentBps: 0, fixedCentavos: 349 },
  credit_card: { percentBps: 399, fixedCentavos: 0 },
  open_finance: { percentBps: 79, fixedCentavos: 0 },
  payout: { percentBps: 0, fixedCentavos: 100 },
};

export interface PayoutLimits {
  /** Largest single payout between 06:00 and 20:00 America/Sao_Paulo, centavos. */
  daytimeMaxCentavos: number;
  /** Largest single payout between 20:00 and 06:00 America/Sao_Paulo (PIX night-time rule), centavos. */
  nighttimeMaxCentavos: number;
}

export const DEFAULT_PAYOUT_LIMITS: PayoutLimits = { daytimeMaxCentavos: 100_000_00, nighttimeMaxCentavos: 1_000_00 };

/** Fee in centavos for an amount: percentage rounded half up, plus the fixed part, never above the amount. */
export function computeFee(amount: number, fee: Fee): number {
  const pct = Math.floor((amount * fee.percentBps + 5_000) / 10_000);
  return Math.min(amount, pct + fee.fixedCentavos);
}

export interface AccountState {
  kycStatus: KycStatus;
  blocked: boolean;
}

export type TransactBlockReason = 'KYC_NOT_APPROVED' | 'COMPANY_BLOCKED';

/** Why an account may not transact now (blocked wins over KYC), or null when it may. */
export function transactBlockReason(account: AccountState): TransactBlockReason | null {
  if (account.blocked) return 'COMPANY_BLOCKED';
  if (account.kycStatus !== 'approved') return 'KYC_NOT_APPROVED';
  return null;
}
