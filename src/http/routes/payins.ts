import crypto from 'node:crypto';
import { Router } from 'express';
import { ulid } from 'ulid';
import type { AppDeps } from '../app';
import { ApiError } from '../errors';
import { authContext, authDeps, authenticate, requireActiveAccount } from '../middleware/auth';
import { parseOrThrow } from '../validate';
import { withIdempotency } from '../idempotency';
import { CardData, createPayinBody, PayinIdParam, SimulatePayinBody, type CreatePayinBody } from '../schemas/payin';
import { payinView } from '../views';
import { startPayin } from '../../temporal/payins';
import { availablePaymentMethods } from '../../domain/capabilities';
import type { AccountDoc, PayinDoc } from '../../persistence/models';
import { findOwned } from '../../persistence/by-id';
import type { PayinWorkflowInput } from '../../../workflows/payin-definitions';
import { HttpAcquirer } from '../../acquirer/http-client';
import { AcquirerRejection } from '../../acquirer/types';
import { renderBoletoPdf } from '../../acquirer/sandbox/boleto-pdf';

const SAO_PAULO_OFFSET_HOURS = 3; // America/Sao_Paulo is UTC−3 all year (no daylight saving since 2019)

/** Today in São Paulo plus `days`, as YYYY-MM-DD, and the seconds from now to the end of that day there. */
export function boletoDueDate(now: Date, days: number): { dueDate: string; secondsUntilEnd: number } {
  const local = new Date(now.getTime() - SAO_PAULO_OFFSET_HOURS * 3600_000);
  const due = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days));
  const endUtc = Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate(), 23 + SAO_PAULO_OFFSET_HOURS, 59, 59);
  return { dueDate: due.toISOString().slice(0, 10), secondsUntilEnd: Math.max(1, Math.floor((endUtc - now.getTime()) / 1000)) };
}

export function boletoToken(payinId: string, key: string): string {
  return crypto.createHmac('sha256', key).update(`boleto:${payinId}`).digest('base64url').slice(0, 22);
}

export function cardFingerprint(number: string, key: string): string {
  return crypto.createHmac('sha256', key).update(`card:${number}`).digest('hex').slice(0, 32);
}

/** A vault token and a summary for the card of a payin: tokenizes raw data, or checks a saved token is the account's. */
async function resolveCard(
  deps: AppDeps,
  acquirer: HttpAcquirer,
  companyId: string,
  card: NonNullable<CreatePayinBody['card']>,
): Promise<{ token: string; summary: NonNullable<PayinWorkflowInput['card']> }> {
  if (card.token) {
    const saved = await findOwned(deps.models.CardToken, card.token, companyId);
    if (!saved) throw new ApiError('INVALID_DATA', 'Unknown card token', [{ field: 'card.token', message: 'unknown token' }]);
    return { token: saved._id, summary: { brand: saved.brand, last4: saved.last4, expirationMonth: saved.expirationMonth, expirationYear: saved.expirationYear, fingerprint: saved.fingerprint } };
  }
  const data = { number: card.number!, holderName: card.holderName!, expirationMonth: card.expirationMonth!, expirationYear: card.expirationYear!, cvv: card.cvv! };
  const fingerprint = cardFingerprint(data.number, deps.config.API_KEY_PEPPER);
  try {
    const t = await acquirer.tokenizeCard(data, `card:${companyId}:${fingerprint}:${crypto.randomUUID()}`);
    return { token: t.token, summary: { brand: t.brand, last4: t.last4, expirationMonth: t.expirationMonth, expirationYear: t.expirationYear, fingerprint } };
  } catch (err) {
    if (err instanceof AcquirerRejection) throw new ApiError('INVALID_DATA', 'The card was not accepted', [{ field: 'card.number', message: err.code }]);
    throw new ApiError('PROVIDER_ERROR', 'The acquirer is temporarily unavailable');
  }
}

const METHOD_SLUG = { PIX: 'pix', BOLETO: 'boleto', CREDIT_CARD: 'credit_card', OPEN_FINANCE: 'open_finance' } as const;

/** Creates a payin for an account from a validated body: the one path for the API and the sandbox demo. */
export async function createPayin(deps: AppDeps, acquirer: HttpAcquirer, account: AccountDoc, body: CreatePayinBody, idempotencyKey: string | undefined) {
  const { config, models, temporal } = deps;
    if (!availablePaymentMethods(account).includes(METHOD_SLUG[body.paymentMethod])) {
      if (body.paymentMethod === 'CREDIT_CARD') throw new ApiError('CARD_NOT_ENABLED', 'Card processing is not approved for this account');
      throw new ApiError('INVALID_DATA', `${body.paymentMethod} is not available for this account`, [{ field: 'paymentMethod', message: 'not available' }]);
    }
    if (body.paymentMethod === 'OPEN_FINANCE' && body.bankId && !account.openFinanceBanks.some((b) => b.id === body.bankId)) {
      throw new ApiError('INVALID_DATA', `Unknown bank ${body.bankId}; list them with GET /payin/open-finance/banks`, [{ field: 'bankId', message: 'unknown bank' }]);
    }

    // Cards: the number goes to the acquirer's vault now; only the token and a summary go further.
    const card = body.card ? await resolveCard(deps, acquirer, account._id, body.card) : null;
    const fingerprintedBody = card ? { ...body, card: { installments: body.card!.installments, fingerprint: card.summary.fingerprint, token: body.card!.token ?? null } } : body;

    const result = await withIdempotency(
      models,
      { companyId: account._id, scope: 'payin', key: idempotencyKey, body: fingerprintedBody, newResourceId: () => `payin_${ulid()}` },
      async (payinId) => {
        const now = new Date();
        const boleto = body.paymentMethod === 'BOLETO' ? boletoDueDate(now, config.BOLETO_DUE_DAYS) : null;
        const input: PayinWorkflowInput = {
          payinId,
          companyId: account._id,
          referenceId: body.referenceId,
          paymentMethod: body.paymentMethod,
          amount: body.amount,
          installments: body.card?.installments ?? 1,
          customer: body.customer,
          items: body.items,
          isPhysicalProduct: body.isPhysicalProduct,
          payerIp: body.payerIp,
          webhookUrl: body.webhookUrl ?? null,
          bankId: body.bankId ?? null,
          subSellerId: body.subSellerId ?? null,
          split: body.split ?? null,
          antifraudSessionId: body.antifraud?.sessionId ?? null,
          cardToken: card?.token ?? null,
          card: card?.summary ?? null,
          merchant: { name: account.tradeName ?? account.companyName, city: 'SAO PAULO', document: account.document },
          fee: account.fees[METHOD_SLUG[body.paymentMethod]],
          reservePercentBps: account.reservePercentBps,
          paymentWindowSeconds: boleto ? boleto.secondsUntilEnd : (account.pixExpirySeconds ?? config.PIX_EXPIRY_SECONDS),
          boletoDueDate: boleto?.dueDate ?? null,
          boletoUrl: boleto ? `${config.PUBLIC_BASE_URL}/boletos/${payinId}/${boletoToken(payinId, config.API_KEY_PEPPER)}.pdf` : null,
          threeDSTimeoutSeconds: config.THREEDS_TIMEOUT_SECONDS,
          disputeWindowDays: config.DISPUTE_WINDOW_DAYS,
          webhook: { retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_MS },
          createdAt: now.toISOString(),
        };
        return { status: 201, body: await startPayin(temporal, config.TEMPORAL_TASK_QUEUE, input) };
      },
    );
    return result;

}

export function payinRoutes(deps: AppDeps): Router {
  const { config, models } = deps;
  const router = Router();
  const bodySchema = createPayinBody({ requireHttpsWebhooks: config.NODE_ENV === 'production', maxInstallments: config.CARD_MAX_INSTALLMENTS });
  const acquirer = new HttpAcquirer(config.ACQUIRER_URL, config.ACQUIRER_TIMEOUT_MS);

  router.post('/payin', async (req, res) => {
    const { account } = authContext(req);
    const body = parseOrThrow(bodySchema, req.body);
    const result = await createPayin(deps, acquirer, account, body, req.header('idempotency-key'));
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(result.status).json(result.body);
  });

  const loadOwnPayin = async (companyId: string, id: string): Promise<PayinDoc> => {
    const payin = PayinIdParam.safeParse(id).success ? await findOwned(models.Payin, id, companyId) : null;
    if (!payin || payin.status === 'CREATING') throw new ApiError('NOT_FOUND', `No payin ${id}`);
    return payin;
  };

  router.get('/payin/:id', async (req, res) => {
    const { account } = authContext(req);
    res.json(payinView(await loadOwnPayin(account._id, String(req.params.id))));
  });

  // Test mode: drives the acquirer, which calls back like a real payment (never a shortcut into the database).
  router.post('/sandbox/payins/:id/simulate', async (req, res) => {
    if (config.ACQUIRER !== 'sandbox') throw new ApiError('SANDBOX_ONLY', 'Simulation is only available with the sandbox acquirer');
    const { account } = authContext(req);
    const payin = await loadOwnPayin(account._id, String(req.params.id));
    const body = parseOrThrow(SimulatePayinBody, req.body);
    if (!payin.externalId) throw new ApiError('INVALID_STATE', `Payin ${payin._id} has no charge at the acquirer (status ${payin.status})`);
    try {
      await acquirer.simulate('charge', payin.externalId, body.event, body.outcome ? { outcome: body.outcome } : {});
    } catch (err) {
      if (err instanceof AcquirerRejection) throw new ApiError(err.code === 'INVALID_STATE' ? 'INVALID_STATE' : 'INVALID_DATA', err.message);
      throw err;
    }
    res.status(202).json({ id: payin._id, event: body.event, status: payin.status, message: 'The acquirer will call back; follow the status by webhook or GET /payin/{id}' });
  });

  return router;
}

/** Public: the payer opens the boleto PDF from the link in the creation response (unguessable token). */
export function boletoPdfRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/boletos/:id/:token.pdf', async (req, res) => {
    const id = String(req.params.id);
    const expected = boletoToken(id, deps.config.API_KEY_PEPPER);
    const given = String(req.params.token);
    const payin =
      given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))
        ? await deps.models.Payin.findById(id).lean<PayinDoc>()
        : null;
    if (!payin?.boletoBarcode || !payin.boletoBarcodeDigits) throw new ApiError('NOT_FOUND', 'No such boleto');
    const account = await deps.models.Account.findById(payin.companyId).lean();
    const customer = payin.customer as { name: string; document: string };
    const pdf = await renderBoletoPdf({
      bankCode: '001',
      beneficiaryName: account?.companyName ?? '',
      beneficiaryDocument: account?.document ?? '',
      payerName: customer.name,
      payerDocument: customer.document,
      amountCentavos: payin.amount,
      dueDate: payin.boletoDueDate ?? '',
      digitableLine: payin.boletoBarcode,
      barcode: payin.boletoBarcodeDigits,
      ourNumber: payin.externalId ?? undefined,
      instructions: [`Referência: ${payin.referenceId}`, 'Não receber após o vencimento.'],
    });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `inline; filename="boleto-${payin._id}.pdf"`);
    res.send(pdf);
  });
  return router;
}

/**
 * Card on file: `POST /cards/tokens` with the public key (from a browser) or the secret key (server side).
 * The card goes to the acquirer's vault; the service keeps the token, brand, last four, expiry and a fingerprint.
 */
export function cardTokenRoutes(deps: AppDeps): Router {
  const router = Router();
  const acquirer = new HttpAcquirer(deps.config.ACQUIRER_URL, deps.config.ACQUIRER_TIMEOUT_MS);
  router.options('/cards/tokens', (_req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'POST');
    res.setHeader('Access-Control-Allow-Headers', 'x-public-key, content-type');
    res.status(204).end();
  });
  router.post(
    '/cards/tokens',
    (req, res, next) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      next();
    },
    authenticate(authDeps(deps), { whoami: true }),
    requireActiveAccount,
    async (req, res) => {
      const { account } = authContext(req);
      if (!availablePaymentMethods(account).includes('credit_card')) throw new ApiError('CARD_NOT_ENABLED', 'Card processing is not approved for this account');
      const card = parseOrThrow(CardData, req.body);
      const fingerprint = cardFingerprint(card.number, deps.config.API_KEY_PEPPER);
      let t;
      try {
        t = await acquirer.tokenizeCard(card, `card:${account._id}:${fingerprint}:${crypto.randomUUID()}`);
      } catch (err) {
        if (err instanceof AcquirerRejection) throw new ApiError('INVALID_DATA', 'The card was not accepted', [{ field: 'number', message: err.code }]);
        throw new ApiError('PROVIDER_ERROR', 'The acquirer is temporarily unavailable');
      }
      await deps.models.CardToken.create({ _id: t.token, companyId: account._id, brand: t.brand, last4: t.last4, expirationMonth: t.expirationMonth, expirationYear: t.expirationYear, fingerprint, createdAt: new Date() });
      res.status(201).json({ token: t.token, brand: t.brand, last4: t.last4, expirationMonth: t.expirationMonth, expirationYear: t.expirationYear });
    },
  );
  return router;
}
