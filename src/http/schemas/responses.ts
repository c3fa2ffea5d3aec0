import { z } from 'zod';
import { KYC_STATUSES, PAYMENT_METHOD_SLUGS } from '../../domain/account';
import { PAYIN_STATUSES, PAYMENT_METHODS } from '../../domain/payin';
import { PAYOUT_STATUSES, PIX_KEY_TYPES } from '../../domain/payout';
import { ERROR_STATUS } from '../errors';

/** Response shapes: the OpenAPI document's source, and what the integration tests validate responses against. */
const isoDate = z.string().meta({ format: 'date-time', example: '2026-11-22T15:00:00.000Z' });

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...Array<keyof typeof ERROR_STATUS>]),
      message: z.string(),
      details: z.array(z.object({ field: z.string().optional(), message: z.string() }).catchall(z.unknown())),
    }),
  })
  .meta({ id: 'Error', description: 'The one error body of the API' });

export const WhoamiResponse = z
  .object({
    scope: z.enum(['company', 'public']),
    companyId: z.string(),
    companyName: z.string(),
    tradeName: z.string().nullable().optional(),
    document: z.string().optional(),
    kycStatus: z.enum(KYC_STATUSES),
    blocked: z.boolean(),
    canTransact: z.boolean(),
    reason: z.enum(['KYC_NOT_APPROVED', 'COMPANY_BLOCKED']).nullable(),
    paymentMethods: z.array(z.enum(PAYMENT_METHOD_SLUGS)),
    capabilities: z.object({
      tokenization: z.union([z.object({ enabled: z.literal(true), mode: z.enum(['backend', 'vault']), cardOnFile: z.boolean(), cvvRequired: z.boolean() }), z.object({ enabled: z.literal(false) })]),
      threeDS: z.union([z.object({ enabled: z.literal(true), flow: z.enum(['pre-order', 'post-order']) }), z.object({ enabled: z.literal(false) })]),
      antifraud: z.object({ enabled: z.boolean() }),
    }),
  })
  .strict()
  .meta({ id: 'Whoami' });

export const PayinCreation = z
  .object({
    id: z.string().meta({ example: 'payin_01JD3Z8Q6W9V5K2M7N4P8R1T6Y' }),
    externalId: z.string().nullable(),
    referenceId: z.string(),
    status: z.enum(PAYIN_STATUSES),
    amount: z.number().int(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    createdAt: isoDate,
    pix: z.object({ qrcode: z.string() }).optional(),
    boleto: z.object({ barcode: z.string(), url: z.string() }).optional(),
    openFinanceRedirectUrl: z.string().optional(),
    threeDSecurePending: z.boolean().optional(),
    threeDSecureSession: z.string().optional(),
    threeDSecureTransactionId: z.string().optional(),
    threeDSecureSdkUrl: z.string().optional(),
  })
  .strict()
  .meta({ id: 'PayinCreation', description: 'Creation response (spec 2.1.1): common fields plus the method\'s extra fields' });

export const Payin = z
  .object({
    id: z.string(),
    externalId: z.string().nullable(),
    referenceId: z.string(),
    status: z.enum(PAYIN_STATUSES),
    statusReason: z.string().nullable(),
    amount: z.number().int(),
    currency: z.literal('BRL'),
    paymentMethod: z.enum(PAYMENT_METHODS),
    installments: z.number().int(),
    customer: z.record(z.string(), z.unknown()),
    items: z.array(z.record(z.string(), z.unknown())),
    pixCopyAndPaste: z.string().nullable(),
    boletoBarcode: z.string().nullable(),
    boletoUrl: z.string().nullable(),
    openFinanceRedirectUrl: z.string().nullable(),
    card: z.object({ brand: z.string(), last4: z.string(), expirationMonth: z.string(), expirationYear: z.string() }).nullable(),
    feeAmount: z.number().int().nullable(),
    netAmount: z.number().int().nullable(),
    reservedAmount: z.number().int().nullable(),
    expiresAt: isoDate.nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .strict()
  .meta({ id: 'Payin', description: 'Full payin record (spec 2.1)' });

export const Banks = z.object({ banks: z.array(z.object({ id: z.string(), name: z.string(), logo: z.string().nullable() })) }).meta({ id: 'Banks' });

const payoutFields = {
  id: z.string().meta({ example: 'payout_01JD3Z8Q6W9V5K2M7N4P8R1T6Y' }),
  externalId: z.string().nullable(),
  status: z.enum(PAYOUT_STATUSES),
  amount: z.number().int(),
  currency: z.literal('BRL'),
  pixKey: z.string(),
  pixKeyType: z.enum(PIX_KEY_TYPES),
  referenceId: z.string(),
  beneficiaryName: z.string().nullable(),
  beneficiaryDocument: z.string().nullable(),
  feeAmount: z.number().int().nullable(),
  netAmount: z.number().int().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
};
export const Payout = z.object({ ...payoutFields, bankReceipt: z.record(z.string(), z.unknown()).nullable(), statusReason: z.string().nullable().optional() }).strict().meta({ id: 'Payout', description: 'Payout record (spec 2.2)' });
export const PayoutList = z
  .object({
    data: z.array(z.object(payoutFields).strict()),
    meta: z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int(), totalPages: z.number().int() }),
  })
  .meta({ id: 'PayoutList', description: 'Elements omit bankReceipt (spec 4.6)' });

export const CardToken = z.object({ token: z.string(), brand: z.string(), last4: z.string(), expirationMonth: z.string(), expirationYear: z.string() }).strict().meta({ id: 'CardToken' });
export const SimulationAccepted = z.object({ id: z.string(), event: z.string(), status: z.string(), message: z.string().optional() }).meta({ id: 'SimulationAccepted' });

export const PayinWebhookEvent = z
  .object({ id: z.string(), externalId: z.string().nullable(), referenceId: z.string(), status: z.enum(PAYIN_STATUSES), amount: z.number().int(), paymentMethod: z.enum(PAYMENT_METHODS), createdAt: isoDate })
  .strict()
  .meta({ id: 'PayinEvent' });
export const PayoutWebhookEvent = z
  .object({ id: z.string(), externalId: z.string().nullable(), status: z.enum(PAYOUT_STATUSES), amount: z.number().int(), referenceId: z.string(), created_at: isoDate, reason: z.string().optional() })
  .strict()
  .meta({ id: 'PayoutEvent' });

/** Admin responses: documented, typed loosely where they are operator-facing. */
export const AnyObject = z.record(z.string(), z.unknown()).meta({ id: 'AdminObject' });
export const DataList = z.object({ data: z.array(z.record(z.string(), z.unknown())) }).meta({ id: 'AdminList' });
export const ApiKeyCreated = z.object({ id: z.string(), publicKey: z.string(), secretKey: z.string() }).strict().meta({ id: 'ApiKeyCreated' });
export const WebhookSecretCreated = z.object({ secret: z.string(), rotated: z.boolean(), previousValidUntil: isoDate.nullable() }).strict().meta({ id: 'WebhookSecretCreated' });
