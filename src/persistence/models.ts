import { Schema, type Connection, type Model } from 'mongoose';
import { DEFAULT_FEES, DEFAULT_PAYOUT_LIMITS, KYC_STATUSES, PAYMENT_METHOD_SLUGS, type FeeSchedule, type KycStatus, type PaymentMethodSlug, type PayoutApprovalMode, type PayoutLimits } from '../domain/account';

export interface Bank {
  id: string;
  name: string;
  logo: string | null;
}

export interface AccountDoc {
  _id: string;
  companyName: string;
  tradeName: string | null;
  document: string;
  kycStatus: KycStatus;
  blocked: boolean;
  payoutApproval: PayoutApprovalMode;
  cardEnabled: boolean;
  paymentMethods: PaymentMethodSlug[];
  openFinanceBanks: Bank[];
  fees: FeeSchedule;
  reservePercentBps: number;
  payoutLimits: PayoutLimits;
  pixExpirySeconds: number | null;
  payoutApprovalTimeoutSeconds: number | null;
  /** Webhook signing secrets, sealed with SecretBox (never stored in clear). */
  webhookSigning: { current: string; previous: string | null; rotatedAt: Date | null } | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ApiKeyDoc {
  _id: string;
  companyId: string;
  publicKey: string;
  secretHash: string;
  secretLast4: string;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export interface AuditDoc {
  _id: string;
  actor: string;
  action: string;
  target: { type: string; id: string };
  before: unknown;
  after: unknown;
  requestId: string | null;
  at: Date;
}

export interface LedgerBalances {
  available: number;
  reserved: number;
  pendingPayouts: number;
}

export interface LedgerEntryDoc {
  _id: string;
  accountId: string;
  seq: number;
  idempotencyKey: string;
  kind: string;
  delta: LedgerBalances;
  balance: LedgerBalances;
  ref: { type: string; id: string } | null;
  description: string | null;
  createdAt: Date;
}

export interface RateLimitDoc {
  _id: string;
  hits: number;
  resetAt: Date;
}

export interface StatusChange {
  status: string;
  at: Date;
  reason: string | null;
}

export interface PayinDoc {
  _id: string;
  companyId: string;
  referenceId: string;
  status: string;
  /** Number of the last transition written: a replayed write with a lower or equal version is a no-op. */
  statusVersion: number;
  statusReason: string | null;
  statusHistory: StatusChange[];
  externalId: string | null;
  amount: number;
  currency: 'BRL';
  paymentMethod: string;
  installments: number;
  customer: Record<string, unknown>;
  items: Array<Record<string, unknown>>;
  isPhysicalProduct: boolean;
  payerIp: string;
  webhookUrl: string | null;
  bankId: string | null;
  subSellerId: string | null;
  split: unknown[] | null;
  pixCopyAndPaste: string | null;
  boletoBarcode: string | null;
  boletoBarcodeDigits: string | null;
  boletoUrl: string | null;
  boletoDueDate: string | null;
  openFinanceRedirectUrl: string | null;
  card: { brand: string; last4: string; expirationMonth: string; expirationYear: string; fingerprint: string } | null;
  /** The acquirer's vault token (not card data). */
  cardToken: string | null;
  antifraudSessionId: string | null;
  feeAmount: number | null;
  netAmount: number | null;
  reservedAmount: number | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PayoutDoc {
  _id: string;
  companyId: string;
  referenceId: string;
  status: string;
  statusVersion: number;
  statusReason: string | null;
  statusHistory: StatusChange[];
  externalId: string | null;
  amount: number;
  currency: 'BRL';
  pixKey: string;
  pixKeyType: string;
  beneficiaryName: string | null;
  beneficiaryDocument: string | null;
  webhookUrl: string | null;
  feeAmount: number | null;
  netAmount: number | null;
  bankReceipt: Record<string, unknown> | null;
  approvedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface CardTokenDoc {
  _id: string;
  companyId: string;
  brand: string;
  last4: string;
  expirationMonth: string;
  expirationYear: string;
  fingerprint: string;
  createdAt: Date;
}

export interface IdempotencyDoc {
  _id: string;
  companyId: string;
  requestHash: string;
  resourceId: string;
  response: { status: number; body: unknown } | null;
  createdAt: Date;
}

export interface WebhookEventDoc {
  _id: string;
  companyId: string;
  transactionId: string;
  transactionType: 'payin' | 'payout';
  type: string;
  url: string;
  /** The exact bytes sent (signatures are computed over them). */
  body: string;
  status: 'pending' | 'delivered' | 'undelivered';
  attemptCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface WebhookAttemptDoc {
  _id: string;
  eventId: string;
  attempt: number;
  trigger: 'schedule' | 'resend';
  url: string;
  startedAt: Date;
  durationMs: number | null;
  httpStatus: number | null;
  error: string | null;
  outcome: 'pending' | 'success' | 'failure';
}

const FeeSchema = new Schema({ percentBps: { type: Number, required: true }, fixedCentavos: { type: Number, required: true } }, { _id: false });
const BalancesSchema = new Schema({ available: Number, reserved: Number, pendingPayouts: Number }, { _id: false });

const AccountSchema = new Schema<AccountDoc>(
  {
    _id: { type: String, required: true },
    companyName: { type: String, required: true },
    tradeName: { type: String, default: null },
    document: { type: String, required: true },
    kycStatus: { type: String, enum: KYC_STATUSES, default: 'pending' },
    blocked: { type: Boolean, default: false },
    payoutApproval: { type: String, enum: ['automatic', 'manual'], default: 'automatic' },
    cardEnabled: { type: Boolean, default: false },
    paymentMethods: { type: [String], enum: PAYMENT_METHOD_SLUGS, default: () => [...PAYMENT_METHOD_SLUGS] },
    openFinanceBanks: { type: [new Schema({ id: String, name: String, logo: { type: String, default: null } }, { _id: false })], default: [] },
    fees: {
      type: new Schema({ pix: FeeSchema, boleto: FeeSchema, credit_card: FeeSchema, open_finance: FeeSchema, payout: FeeSchema }, { _id: false }),
      default: () => structuredClone(DEFAULT_FEES),
    },
    reservePercentBps: { type: Number, default: 0 },
    payoutLimits: {
      type: new Schema({ daytimeMaxCentavos: Number, nighttimeMaxCentavos: Number }, { _id: false }),
      default: () => ({ ...DEFAULT_PAYOUT_LIMITS }),
    },
    pixExpirySeconds: { type: Number, default: null },
    payoutApprovalTimeoutSeconds: { type: Number, default: null },
    webhookSigning: { type: new Schema({ current: String, previous: { type: String, default: null }, rotatedAt: { type: Date, default: null } }, { _id: false }), default: null },
  },
  { timestamps: true, versionKey: false },
);

const ApiKeySchema = new Schema<ApiKeyDoc>(
  {
    _id: { type: String, required: true },
    companyId: { type: String, required: true, index: true },
    publicKey: { type: String, required: true, unique: true },
    secretHash: { type: String, required: true },
    secretLast4: { type: String, required: true },
    revokedAt: { type: Date, default: null },
    lastUsedAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

const AuditSchema = new Schema<AuditDoc>(
  {
    _id: { type: String, required: true },
    actor: { type: String, required: true },
    action: { type: String, required: true },
    target: { type: new Schema({ type: String, id: String }, { _id: false }), required: true },
    before: { type: Schema.Types.Mixed, default: null },
    after: { type: Schema.Types.Mixed, default: null },
    requestId: { type: String, default: null },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
AuditSchema.index({ 'target.id': 1, at: -1 });

const LedgerEntrySchema = new Schema<LedgerEntryDoc>(
  {
    _id: { type: String, required: true },
    accountId: { type: String, required: true },
    seq: { type: Number, required: true },
    idempotencyKey: { type: String, required: true, unique: true },
    kind: { type: String, required: true },
    delta: { type: BalancesSchema, required: true },
    balance: { type: BalancesSchema, required: true },
    ref: { type: new Schema({ type: String, id: String }, { _id: false }), default: null },
    description: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// The per-account sequence is what serializes writers: two entries can never claim the same slot.
LedgerEntrySchema.index({ accountId: 1, seq: -1 }, { unique: true });

const RateLimitSchema = new Schema<RateLimitDoc>({ _id: String, hits: Number, resetAt: Date }, { versionKey: false });
RateLimitSchema.index({ resetAt: 1 });

const PayinSchema = new Schema<PayinDoc>(
  {
    _id: { type: String, required: true },
    companyId: { type: String, required: true },
    referenceId: { type: String, required: true },
    status: { type: String, required: true },
    statusVersion: { type: Number, required: true },
    statusReason: { type: String, default: null },
    statusHistory: { type: [new Schema({ status: String, at: Date, reason: { type: String, default: null } }, { _id: false })], default: [] },
    externalId: { type: String, default: null },
    amount: { type: Number, required: true },
    currency: { type: String, default: 'BRL' },
    paymentMethod: { type: String, required: true },
    installments: { type: Number, default: 1 },
    customer: { type: Schema.Types.Mixed, required: true },
    items: { type: Schema.Types.Mixed, required: true },
    isPhysicalProduct: { type: Boolean, required: true },
    payerIp: { type: String, required: true },
    webhookUrl: { type: String, default: null },
    bankId: { type: String, default: null },
    subSellerId: { type: String, default: null },
    split: { type: Schema.Types.Mixed, default: null },
    pixCopyAndPaste: { type: String, default: null },
    boletoBarcode: { type: String, default: null },
    boletoBarcodeDigits: { type: String, default: null },
    boletoUrl: { type: String, default: null },
    boletoDueDate: { type: String, default: null },
    openFinanceRedirectUrl: { type: String, default: null },
    card: { type: Schema.Types.Mixed, default: null },
    cardToken: { type: String, default: null },
    antifraudSessionId: { type: String, default: null },
    feeAmount: { type: Number, default: null },
    netAmount: { type: Number, default: null },
    reservedAmount: { type: Number, default: null },
    expiresAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
// referenceId is unique per account: the insert of a second payin with the same one fails atomically.
PayinSchema.index({ companyId: 1, referenceId: 1 }, { unique: true });
PayinSchema.index({ companyId: 1, createdAt: -1 });
PayinSchema.index({ externalId: 1 });

const PayoutSchema = new Schema<PayoutDoc>(
  {
    _id: { type: String, required: true },
    companyId: { type: String, required: true },
    referenceId: { type: String, required: true },
    status: { type: String, required: true },
    statusVersion: { type: Number, required: true },
    statusReason: { type: String, default: null },
    statusHistory: { type: [new Schema({ status: String, at: Date, reason: { type: String, default: null } }, { _id: false })], default: [] },
    externalId: { type: String, default: null },
    amount: { type: Number, required: true },
    currency: { type: String, default: 'BRL' },
    pixKey: { type: String, required: true },
    pixKeyType: { type: String, required: true },
    beneficiaryName: { type: String, default: null },
    beneficiaryDocument: { type: String, default: null },
    webhookUrl: { type: String, default: null },
    feeAmount: { type: Number, default: null },
    netAmount: { type: Number, default: null },
    bankReceipt: { type: Schema.Types.Mixed, default: null },
    approvedBy: { type: String, default: null },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
// Each list filter combination of GET /payout is served by one of these (docs/payouts.md).
PayoutSchema.index({ companyId: 1, referenceId: 1 }, { unique: true });
PayoutSchema.index({ companyId: 1, createdAt: -1, _id: -1 });
PayoutSchema.index({ companyId: 1, status: 1, createdAt: -1, _id: -1 });
PayoutSchema.index({ status: 1, createdAt: -1 });

const CardTokenSchema = new Schema<CardTokenDoc>(
  {
    _id: { type: String, required: true },
    companyId: { type: String, required: true, index: true },
    brand: String,
    last4: String,
    expirationMonth: String,
    expirationYear: String,
    fingerprint: String,
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

const IdempotencySchema = new Schema<IdempotencyDoc>(
  {
    _id: { type: String, required: true },
    companyId: { type: String, required: true },
    requestHash: { type: String, required: true },
    resourceId: { type: String, required: true },
    response: { type: Schema.Types.Mixed, default: null },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
IdempotencySchema.index({ createdAt: 1 });

const WebhookEventSchema = new Schema<WebhookEventDoc>(
  {
    _id: { type: String, required: true },
    companyId: { type: String, required: true },
    transactionId: { type: String, required: true },
    transactionType: { type: String, required: true },
    type: { type: String, required: true },
    url: { type: String, required: true },
    body: { type: String, required: true },
    status: { type: String, required: true },
    attemptCount: { type: Number, default: 0 },
  },
  { timestamps: true, versionKey: false },
);
WebhookEventSchema.index({ companyId: 1, status: 1, createdAt: -1 });
WebhookEventSchema.index({ transactionId: 1, createdAt: 1 });

const WebhookAttemptSchema = new Schema<WebhookAttemptDoc>(
  {
    _id: { type: String, required: true },
    eventId: { type: String, required: true },
    attempt: { type: Number, required: true },
    trigger: { type: String, required: true },
    url: { type: String, required: true },
    startedAt: { type: Date, required: true },
    durationMs: { type: Number, default: null },
    httpStatus: { type: Number, default: null },
    error: { type: String, default: null },
    outcome: { type: String, required: true },
  },
  { versionKey: false },
);
// One row per attempt number: an attempt can never be numbered twice, even across worker crashes.
WebhookAttemptSchema.index({ eventId: 1, attempt: 1 }, { unique: true });

export interface Models {
  Account: Model<AccountDoc>;
  ApiKey: Model<ApiKeyDoc>;
  Audit: Model<AuditDoc>;
  LedgerEntry: Model<LedgerEntryDoc>;
  RateLimit: Model<RateLimitDoc>;
  Payin: Model<PayinDoc>;
  Payout: Model<PayoutDoc>;
  Idempotency: Model<IdempotencyDoc>;
  CardToken: Model<CardTokenDoc>;
  WebhookEvent: Model<WebhookEventDoc>;
  WebhookAttempt: Model<WebhookAttemptDoc>;
}

export function getModels(conn: Connection): Models {
  const m = <T>(name: string, schema: Schema<T>, collection: string): Model<T> =>
    (conn.models[name] as Model<T> | undefined) ?? conn.model<T>(name, schema, collection);
  return {
    Account: m('Account', AccountSchema, 'accounts'),
    ApiKey: m('ApiKey', ApiKeySchema, 'api_keys'),
    Audit: m('Audit', AuditSchema, 'audit_log'),
    LedgerEntry: m('LedgerEntry', LedgerEntrySchema, 'ledger_entries'),
    RateLimit: m('RateLimit', RateLimitSchema, 'rate_limits'),
    Payin: m('Payin', PayinSchema, 'payins'),
    Payout: m('Payout', PayoutSchema, 'payouts'),
    Idempotency: m('Idempotency', IdempotencySchema, 'idempotency_keys'),
    CardToken: m('CardToken', CardTokenSchema, 'card_tokens'),
    WebhookEvent: m('WebhookEvent', WebhookEventSchema, 'webhook_events'),
    WebhookAttempt: m('WebhookAttempt', WebhookAttemptSchema, 'webhook_attempts'),
  };
}

/** Creates the indexes up front (uniqueness guarantees must exist before the first write). */
export async function ensureIndexes(models: Models): Promise<void> {
  await Promise.all(Object.values(models).map((model: Model<unknown>) => model.init()));
}
