/**
 * The acquirer boundary. Activities talk to an acquirer only through this interface, so a real one can be
 * plugged in by configuration; the sandbox acquirer (src/acquirer/sandbox) implements it over HTTP.
 */
export type ChargeMethod = 'PIX' | 'BOLETO' | 'CREDIT_CARD' | 'OPEN_FINANCE';

export interface ChargeCustomer {
  name: string;
  document: string;
  email: string;
}

export interface CardForCharge {
  number: string;
  holderName: string;
  expirationMonth: string;
  expirationYear: string;
  cvv: string;
}

export interface CreateChargeRequest {
  /** Our payin id; the acquirer echoes it in callbacks. */
  paymentId: string;
  method: ChargeMethod;
  amount: number;
  description: string;
  customer: ChargeCustomer;
  merchant: { name: string; city: string; document: string };
  /** PIX: end of the payment window (ISO 8601). */
  expiresAt?: string;
  /** BOLETO: due date (YYYY-MM-DD). */
  dueDate?: string;
  /** OPEN_FINANCE: the payer's bank. */
  bankId?: string;
  card?: CardForCharge;
  cardToken?: string;
  installments?: number;
  antifraudSessionId?: string;
}

export type AcquirerChargeStatus = 'PENDING' | 'PENDING_3DS' | 'APPROVED' | 'REFUSED';

export interface ChargeResult {
  externalId: string;
  status: AcquirerChargeStatus;
  pix?: { qrcode: string };
  boleto?: { digitableLine: string; barcode: string };
  openFinance?: { redirectUrl: string };
  threeDS?: { session: string; transactionId: string; sdkUrl: string };
  refusalReason?: string;
}

export interface TransferRequest {
  paymentId: string;
  /** What reaches the beneficiary (net of our fee). */
  amount: number;
  /** What left the merchant's balance. */
  grossAmount: number;
  pixKeyType: string;
  pixKey: string;
  beneficiaryName?: string | null;
  beneficiaryDocument?: string | null;
}

export interface TransferResult {
  externalId: string;
  status: 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'REFUSED';
  reason?: string;
}

export interface PixKeyLookup {
  found: boolean;
  ownerName?: string;
  bank?: string;
}

/** A refusal by the acquirer or the payment system: final, never retried. */
export class AcquirerRejection extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = 'AcquirerRejection';
  }
}

/** The acquirer could not be reached or answered 5xx/timeout: retryable. */
export class AcquirerUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AcquirerUnavailable';
  }
}

export interface CardToken {
  token: string;
  last4: string;
  brand: string;
  expirationMonth: string;
  expirationYear: string;
}

export interface Acquirer {
  /** Stores the card in the acquirer's vault; the service keeps only the token and a summary. */
  tokenizeCard(card: CardForCharge, idempotencyKey: string): Promise<CardToken>;
  getCardToken(token: string): Promise<CardToken | null>;
  createCharge(req: CreateChargeRequest, idempotencyKey: string): Promise<ChargeResult>;
  refundCharge(externalId: string, amount: number, idempotencyKey: string): Promise<{ refundId: string }>;
  createTransfer(req: TransferRequest, idempotencyKey: string): Promise<TransferResult>;
  lookupPixKey(type: string, key: string): Promise<PixKeyLookup>;
  /** Sandbox only: makes the acquirer emit the callback a real payment event would. */
  simulate?(kind: 'charge' | 'transfer', externalId: string, event: string): Promise<void>;
}

/** What the acquirer posts back to the service (HMAC-signed). */
export interface AcquirerCallback {
  eventId: string;
  kind: 'charge' | 'transfer';
  externalId: string;
  paymentId: string;
  /** Per-object, increasing: lets the service order callbacks that arrive out of order. */
  sequence: number;
  status: string;
  reason?: string | null;
  occurredAt: string;
}
