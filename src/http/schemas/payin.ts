import { z } from 'zod';
import { PAYMENT_METHODS } from '../../domain/payin';
import { BRAZILIAN_STATES, isValidBrazilianPhone, isValidCep, normalizeCep } from '../../domain/contact';
import { Centavos, Cpf, ReferenceId, Text } from './common';
import { isExpired, luhnValid } from '../../domain/card';

const Address = z.strictObject({
  street: Text(200),
  number: Text(20),
  zipCode: z.string().max(16).refine(isValidCep, 'must be a CEP of 8 digits').transform(normalizeCep),
  city: Text(100),
  state: z.string().transform((s) => s.toUpperCase()).pipe(z.enum(BRAZILIAN_STATES as unknown as [string, ...string[]], 'must be a two-letter state code (UF)')),
  complement: Text(200).optional(),
  neighborhood: Text(100).optional(),
});

export const Customer = z.strictObject({
  name: Text(200),
  document: Cpf,
  email: z.email('must be a valid e-mail').max(254),
  phone: z.string().regex(/^\d{12,13}$/, 'must be digits with country and area code, e.g. 5511987654321').refine(isValidBrazilianPhone, 'must be a valid Brazilian phone number with country code 55'),
  address: Address.optional(),
});

export const Item = z.strictObject({
  title: Text(200),
  quantity: z.number().int().min(1, 'must be at least 1').max(100_000),
  unitPrice: z.number().int('must be an integer number of centavos').min(0).max(100_000_000_000),
  description: Text(500).optional(),
});

/** Raw card data (tokenization); the number never leaves the API process except to the acquirer's vault. */
export const CardData = z
  .strictObject({
    holderName: Text(100),
    number: z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits').refine(luhnValid, 'is not a valid card number'),
    expirationMonth: z.string().regex(/^(0[1-9]|1[0-2])$/, 'must be two digits, 01 to 12'),
    expirationYear: z.string().regex(/^\d{4}$/, 'must be four digits'),
    cvv: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  })
  .superRefine((c, ctx) => {
    const now = new Date();
    if (isExpired(c.expirationMonth, c.expirationYear, { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 })) {
      ctx.addIssue({ code: 'custom', path: ['expirationYear'], message: 'the card is expired' });
    }
  });

export const Card = z.strictObject({
  holderName: Text(100).optional(),
  number: z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits').optional(),
  expirationMonth: z.string().regex(/^(0[1-9]|1[0-2])$/, 'must be two digits, 01 to 12').optional(),
  expirationYear: z.string().regex(/^\d{4}$/, 'must be four digits').optional(),
  cvv: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits').optional(),
  installments: z.number().int().min(1, 'must be at least 1'),
  token: z.string().min(8).max(128).optional(),
  threeDSecure: z.record(z.string(), z.unknown()).optional(),
});

export function webhookUrlSchema(requireHttps: boolean) {
  return z
    .url({ protocol: requireHttps ? /^https$/ : /^https?$/, error: requireHttps ? 'must be an https URL' : 'must be an http(s) URL' })
    .max(2048);
}

/** POST /payin (spec 4.2). Cross-field rules are documented in docs/payins.md. */
export function createPayinBody(options: { requireHttpsWebhooks: boolean; maxInstallments: number }) {
  return z
    .strictObject({
      paymentMethod: z.enum(PAYMENT_METHODS),
      amount: Centavos,
      referenceId: ReferenceId,
      isPhysicalProduct: z.boolean(),
      payerIp: z.ipv4('must be an IPv4 address'),
      customer: Customer,
      items: z.array(Item).min(1, 'must have at least one item').max(200),
      webhookUrl: webhookUrlSchema(options.requireHttpsWebhooks).optional(),
      card: Card.optional(),
      bankId: z.string().min(1).max(64).optional(),
      antifraud: z.strictObject({ sessionId: z.string().min(1).max(256) }).optional(),
      subSellerId: z.string().min(1).max(64).optional(),
      split: z.array(z.record(z.string(), z.unknown())).max(20).optional(),
    })
    .superRefine((b, ctx) => {
      const total = b.items.reduce((sum, i) => sum + i.quantity * i.unitPrice, 0);
      if (total !== b.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: `must equal the sum of items (quantity × unitPrice) = ${total}` });
      if (b.paymentMethod !== 'OPEN_FINANCE' && !b.customer.address) ctx.addIssue({ code: 'custom', path: ['customer', 'address'], message: `is required for ${b.paymentMethod}` });
      if (b.paymentMethod === 'CREDIT_CARD' && !b.card) ctx.addIssue({ code: 'custom', path: ['card'], message: 'is required for CREDIT_CARD' });
      if (b.card && b.card.installments > options.maxInstallments) ctx.addIssue({ code: 'custom', path: ['card', 'installments'], message: `must be at most ${options.maxInstallments}` });
      if (b.card?.token && (b.card.number || b.card.cvv || b.card.holderName || b.card.expirationMonth || b.card.expirationYear)) {
        ctx.addIssue({ code: 'custom', path: ['card', 'token'], message: 'send either a token or the card data, not both' });
      }
      if (b.card && !b.card.token) {
        const { token: _t, installments: _i, threeDSecure: _3, ...data } = b.card;
        const parsed = CardData.safeParse(data);
        if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['card', ...issue.path.map(String)], message: issue.message });
      }
      if (b.paymentMethod !== 'CREDIT_CARD' && b.card) ctx.addIssue({ code: 'custom', path: ['card'], message: 'is only accepted for CREDIT_CARD' });
      if (b.paymentMethod !== 'OPEN_FINANCE' && b.bankId) ctx.addIssue({ code: 'custom', path: ['bankId'], message: 'is only accepted for OPEN_FINANCE' });
    });
}
export type CreatePayinBody = z.infer<ReturnType<typeof createPayinBody>>;

export const SimulatePayinBody = z.strictObject({
  event: z.enum(['pay', 'expire', 'fail', 'cancel', 'chargeback', 'med', 'refund']),
  outcome: z.enum(['returned', 'released']).optional(),
});

export const PayinIdParam = z.string().regex(/^payin_[0-9A-Z]{26}$/);
