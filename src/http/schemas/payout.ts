import { z } from 'zod';
import { PAYOUT_STATUSES, PIX_KEY_TYPES } from '../../domain/payout';
import { isValidPixKey } from '../../domain/pix-key';
import { Centavos, CpfOrCnpj, ReferenceId, Text } from './common';
import { webhookUrlSchema } from './payin';

/** POST /payout (spec 4.5). A malformed key answers INVALID_PIX_KEY; every other problem INVALID_DATA. */
export function createPayoutBody(options: { requireHttpsWebhooks: boolean }) {
  return z
    .strictObject({
      amount: Centavos,
      pixKey: z.string().min(1).max(77),
      pixKeyType: z.enum(PIX_KEY_TYPES),
      referenceId: ReferenceId,
      beneficiaryName: Text(200).optional(),
      beneficiaryDocument: CpfOrCnpj.optional(),
      webhookUrl: webhookUrlSchema(options.requireHttpsWebhooks).optional(),
    })
    .superRefine((b, ctx) => {
      if (!isValidPixKey(b.pixKeyType, b.pixKey)) {
        ctx.addIssue({ code: 'custom', path: ['pixKey'], message: `is not a well-formed ${b.pixKeyType} key`, params: { code: 'INVALID_PIX_KEY' } });
      }
    });
}
export type CreatePayoutBody = z.infer<ReturnType<typeof createPayoutBody>>;

const IsoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

/** GET /payout query (spec 4.6). limit defaults to 10 and is capped at 100. */
export const ListPayoutsQuery = z.strictObject({
  status: z.enum(PAYOUT_STATUSES).optional(),
  startDate: IsoDate.optional(),
  endDate: IsoDate.optional(),
  referenceId: z.string().min(1).max(128).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const SimulatePayoutBody = z.strictObject({ event: z.literal('refund') });
export const RejectPayoutBody = z.strictObject({ reason: Text(500) });
export const PayoutIdParam = z.string().regex(/^payout_[0-9A-Z]{26}$/);
