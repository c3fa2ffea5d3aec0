import type { AccountDoc, PayinDoc } from '../persistence/models';
import type { Balances } from '../domain/ledger';

/** The admin view of an account: never the sealed webhook secrets, only whether signing is on. */
export function adminAccountView(a: AccountDoc, balance?: Balances) {
  const previousValidUntil = a.webhookSigning?.previous && a.webhookSigning.rotatedAt ? new Date(a.webhookSigning.rotatedAt.getTime() + 24 * 3600 * 1000) : null;
  return {
    companyId: a._id,
    companyName: a.companyName,
    tradeName: a.tradeName,
    document: a.document,
    kycStatus: a.kycStatus,
    blocked: a.blocked,
    payoutApproval: a.payoutApproval,
    cardEnabled: a.cardEnabled,
    paymentMethods: a.paymentMethods,
    openFinanceBanks: a.openFinanceBanks,
    fees: a.fees,
    reservePercentBps: a.reservePercentBps,
    payoutLimits: a.payoutLimits,
    pixExpirySeconds: a.pixExpirySeconds,
    payoutApprovalTimeoutSeconds: a.payoutApprovalTimeoutSeconds ?? null,
    webhookSigning: {
      enabled: a.webhookSigning !== null,
      rotatedAt: a.webhookSigning?.rotatedAt?.toISOString() ?? null,
      previousValidUntil: previousValidUntil && previousValidUntil.getTime() > Date.now() ? previousValidUntil.toISOString() : null,
    },
    ...(balance ? { balance } : {}),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** The full payin record of spec 2.1 (no internal fields, no card data beyond brand and last four). */
export function payinView(p: PayinDoc) {
  return {
    id: p._id,
    externalId: p.externalId,
    referenceId: p.referenceId,
    status: p.status,
    statusReason: p.statusReason,
    amount: p.amount,
    currency: 'BRL' as const,
    paymentMethod: p.paymentMethod,
    installments: p.installments,
    customer: p.customer,
    items: p.items,
    pixCopyAndPaste: p.pixCopyAndPaste,
    boletoBarcode: p.boletoBarcode,
    boletoUrl: p.boletoUrl,
    openFinanceRedirectUrl: p.openFinanceRedirectUrl,
    card: p.card ? { brand: p.card.brand, last4: p.card.last4, expirationMonth: p.card.expirationMonth, expirationYear: p.card.expirationYear } : null,
    feeAmount: p.feeAmount,
    netAmount: p.netAmount,
    reservedAmount: p.reservedAmount,
    expiresAt: p.expiresAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
