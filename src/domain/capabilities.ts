import { transactBlockReason, type AccountState, type PaymentMethodSlug, type TransactBlockReason } from './account';

export interface Capabilities {
  tokenization: { enabled: true; mode: 'backend' | 'vault'; cardOnFile: boolean; cvvRequired: boolean } | { enabled: false };
  threeDS: { enabled: true; flow: 'pre-order' | 'post-order' } | { enabled: false };
  antifraud: { enabled: boolean };
}

export interface AccountForWhoami extends AccountState {
  paymentMethods: PaymentMethodSlug[];
  cardEnabled: boolean;
  openFinanceBanks: unknown[];
}

/** Card features the service implements; they are offered only where card processing is approved. */
export const CARD_FEATURES_AVAILABLE = true;

/**
 * Methods actually available to the account now: enabled by the operator AND operating
 * (cards need card approval, Open Finance needs configured banks), none while it cannot transact.
 */
export function availablePaymentMethods(a: AccountForWhoami): PaymentMethodSlug[] {
  if (transactBlockReason(a)) return [];
  return a.paymentMethods.filter((m) => {
    if (m === 'credit_card') return a.cardEnabled && CARD_FEATURES_AVAILABLE;
    if (m === 'open_finance') return a.openFinanceBanks.length > 0;
    return true;
  });
}

export function accountCapabilities(a: AccountForWhoami): Capabilities {
  const cards = availablePaymentMethods(a).includes('credit_card');
  return {
    tokenization: cards ? { enabled: true, mode: 'vault', cardOnFile: true, cvvRequired: false } : { enabled: false },
    threeDS: cards ? { enabled: true, flow: 'post-order' } : { enabled: false },
    antifraud: { enabled: cards },
  };
}

export function whoamiStatus(a: AccountForWhoami): { canTransact: boolean; reason: TransactBlockReason | null } {
  const reason = transactBlockReason(a);
  return { canTransact: reason === null, reason };
}
