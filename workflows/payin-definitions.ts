import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { Fee } from '../src/domain/account';
import type { PaymentMethod, PayinStatus } from '../src/domain/payin';

export interface PayinCustomer {
  name: string;
  document: string;
  email: string;
  phone: string;
  address?: { street: string; number: string; zipCode: string; city: string; state: string; complement?: string; neighborhood?: string };
}

export interface PayinItem {
  title: string;
  quantity: number;
  unitPrice: number;
  description?: string;
}

/** Everything the workflow needs, decided by the API at creation (settings travel as input, never env). */
export interface PayinWorkflowInput {
  payinId: string;
  companyId: string;
  referenceId: string;
  paymentMethod: PaymentMethod;
  amount: number;
  installments: number;
  customer: PayinCustomer;
  items: PayinItem[];
  isPhysicalProduct: boolean;
  payerIp: string;
  webhookUrl: string | null;
  bankId: string | null;
  subSellerId: string | null;
  split: unknown[] | null;
  antifraudSessionId: string | null;
  /** Cards: a vault token at the acquirer and a summary. The number and CVV never enter the workflow. */
  cardToken: string | null;
  card: { brand: string; last4: string; expirationMonth: string; expirationYear: string; fingerprint: string } | null;
  merchant: { name: string; city: string; document: string };
  fee: Fee;
  reservePercentBps: number;
  /** Seconds the payer has to pay (PIX and Open Finance window; BOLETO: until the end of its due date). */
  paymentWindowSeconds: number;
  /** BOLETO: due date, YYYY-MM-DD; the workflow expires it at the end of that day (São Paulo). */
  boletoDueDate: string | null;
  boletoUrl: string | null;
  threeDSTimeoutSeconds: number;
  disputeWindowDays: number;
  webhook: { retryDelaysMs: number[] };
  createdAt: string;
}

/** The creation response of spec 2.1.1 (shorter record), per method. */
export interface PayinCreationResponse {
  id: string;
  externalId: string | null;
  referenceId: string;
  status: PayinStatus;
  amount: number;
  paymentMethod: PaymentMethod;
  createdAt: string;
  pix?: { qrcode: string };
  boleto?: { barcode: string; url: string };
  openFinanceRedirectUrl?: string;
  threeDSecurePending?: boolean;
  threeDSecureSession?: string;
  threeDSecureTransactionId?: string;
  threeDSecureSdkUrl?: string;
}

/** An acquirer callback turned into a signal. `sequence` orders events of one charge. */
export interface AcquirerEvent {
  eventId: string;
  sequence: number;
  status: string;
  reason: string | null;
  occurredAt: string;
}

export interface PayinStatusView {
  status: PayinStatus | 'CREATING';
  externalId: string | null;
  version: number;
}

/** Early return: the API waits on this update; it completes once the acquirer has answered. */
export const createPayinUpdate = defineUpdate<PayinCreationResponse>('createPayin');
export const acquirerEventSignal = defineSignal<[AcquirerEvent]>('acquirerEvent');
export const payinStatusQuery = defineQuery<PayinStatusView>('getPayinStatus');
