import { z } from 'zod';
import { KYC_STATUSES, PAYMENT_METHOD_SLUGS } from '../../domain/account';
import { Cnpj, Text } from './common';

const Fee = z.strictObject({
  percentBps: z.number().int().min(0).max(10_000),
  fixedCentavos: z.number().int().min(0).max(100_000_00),
});

const Bank = z.strictObject({ id: Text(64), name: Text(120), logo: z.url().max(512).nullable().default(null) });

export const CreateAccountBody = z.strictObject({
  companyName: Text(200),
  tradeName: Text(200).nullable().optional(),
  document: Cnpj,
  kycStatus: z.enum(KYC_STATUSES).optional(),
  payoutApproval: z.enum(['automatic', 'manual']).optional(),
  cardEnabled: z.boolean().optional(),
});
export type CreateAccountBody = z.infer<typeof CreateAccountBody>;

export const UpdateAccountBody = z
  .strictObject({
    companyName: Text(200),
    tradeName: Text(200).nullable(),
    kycStatus: z.enum(KYC_STATUSES),
    blocked: z.boolean(),
    payoutApproval: z.enum(['automatic', 'manual']),
    cardEnabled: z.boolean(),
    paymentMethods: z.array(z.enum(PAYMENT_METHOD_SLUGS)).max(4),
    openFinanceBanks: z.array(Bank).max(50),
    fees: z.strictObject({ pix: Fee, boleto: Fee, credit_card: Fee, open_finance: Fee, payout: Fee }).partial(),
    reservePercentBps: z.number().int().min(0).max(10_000),
    payoutLimits: z.strictObject({ daytimeMaxCentavos: z.number().int().min(0), nighttimeMaxCentavos: z.number().int().min(0) }).partial(),
    pixExpirySeconds: z.number().int().min(1).max(30 * 24 * 3600).nullable(),
    payoutApprovalTimeoutSeconds: z.number().int().min(1).max(90 * 24 * 3600).nullable(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'send at least one field to change');
export type UpdateAccountBody = z.infer<typeof UpdateAccountBody>;

export const BalanceAdjustmentBody = z.strictObject({
  amount: z.number().int('must be an integer number of centavos').refine((n) => n !== 0, 'must not be zero').refine((n) => Math.abs(n) <= 100_000_000_000, 'too large'),
  description: Text(500),
  idempotencyKey: z.string().min(1).max(128).optional(),
});

export const CompanyIdParam = z.strictObject({ companyId: z.string().regex(/^cmp_[0-9A-Z]{26}$/, 'unknown account') });
