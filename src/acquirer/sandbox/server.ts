import crypto from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { ulid } from 'ulid';
import type { Logger } from '../../logger';
import { buildDynamicPixBrCode } from '../../domain/brcode';
import { barcodeToDigitableLine, buildBoletoBarcode } from '../../domain/boleto';
import { cardBrand, luhnValid } from '../../domain/card';
import { signCallback } from '../callback-signature';
import type { AcquirerCallback } from '../types';
import { SANDBOX_BANKS } from './banks';

export interface SandboxFaults {
  /** Probability that an API call fails with 503 before doing anything. */
  errorRate: number;
  /** Added latency, applied with probability latencyRate. */
  latencyMs: number;
  latencyRate: number;
  /** Probability that an API call is processed but its response never arrives (the client times out). */
  timeoutRate: number;
}

export interface SandboxAcquirerOptions {
  logger: Logger;
  publicUrl: string;
  callbackUrl: string;
  callbackSecret: string;
  faults: SandboxFaults;
}

interface SandboxCharge {
  id: string;
  paymentId: string;
  method: string;
  amount: number;
  status: string;
  sequence: number;
  merchantName: string;
  txid: string;
  pixCode?: string;
  boleto?: { digitableLine: string; barcode: string };
  consentId?: string;
  threeDS?: { session: string; transactionId: string };
  cardLast4?: string;
  createdAt: string;
}

interface SandboxTransfer {
  id: string;
  paymentId: string;
  amount: number;
  status: string;
  sequence: number;
  createdAt: string;
}

/** Card numbers with a fixed outcome (docs/sandbox.md); any other Luhn-valid number is approved. */
export const TEST_CARDS: Record<string, { kind: 'approve' } | { kind: 'refuse' } | { kind: 'reject'; code: string } | { kind: 'unavailable' } | { kind: '3ds' }> = {
  '4111111111111111': { kind: 'approve' },
  '5555555555554444': { kind: 'approve' },
  '4000000000000002': { kind: 'refuse' },
  '4000000000009995': { kind: 'reject', code: 'PAYER_LIMIT_REJECTED' },
  '4000000000000127': { kind: 'reject', code: 'INVALID_CVV' },
  '4100000000000019': { kind: 'reject', code: 'REJECTED_BY_RISK' },
  '4000000000000119': { kind: 'unavailable' },
  '4000000000003220': { kind: '3ds' },
};

const CHARGE_EVENTS: Record<string, { from: string[]; to: string }> = {
  pay: { from: ['PENDING'], to: 'APPROVED' },
  expire: { from: ['PENDING'], to: 'EXPIRED' },
  fail: { from: ['PENDING'], to: 'FAILED' },
  cancel: { from: ['PENDING'], to: 'CANCELED' },
  refund: { from: ['APPROVED'], to: 'REFUNDED' },
  chargeback: { from: ['APPROVED'], to: 'CHARGEBACK' },
  med: { from: ['APPROVED'], to: 'MED' },
  med_release: { from: ['MED'], to: 'APPROVED' },
};

const html = (title: string, body: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${title}</title><meta name="viewport" content="width=device-width">` +
  `<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2937}button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem;border-radius:.4rem;border:1px solid #9ca3af;cursor:pointer}.ok{background:#047857;color:#fff;border-color:#047857}.bad{background:#fff;color:#b91c1c}</style>` +
  `</head><body>${body}</body></html>`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A sandbox acquirer that behaves like a real one: its own process, idempotency keys, dynamic BR Codes,
 * valid boletos, an Open Finance bank page, PIX transfers and DICT lookups, HMAC-signed callbacks
 * to the service, and fault injection.
 */
export function createSandboxAcquirerApp(options: SandboxAcquirerOptions): Express {
  const { logger } = options;
  const faults: SandboxFaults = { ...options.faults };
  const charges = new Map<string, SandboxCharge>();
  const transfers = new Map<string, SandboxTransfer>();
  const idempotency = new Map<string, { hash: string; status: number; body: unknown }>();
  const tokens = new Map<string, { number: string; holderName: string; expirationMonth: string; expirationYear: string }>();
  const stats = { apiCalls: 0, chargesCreated: 0, transfersCreated: 0, callbacksSent: 0, callbacksFailed: 0 };

  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '256kb' }));
  app.use(express.urlencoded({ extended: false }));

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', faults, stats });
  });
  app.post('/_sandbox/faults', (req, res) => {
    for (const k of ['errorRate', 'latencyMs', 'latencyRate', 'timeoutRate'] as const) {
      if (typeof req.body?.[k] === 'number') faults[k] = req.body[k];
    }
    res.json({ faults });
  });

  // --- callbacks -------------------------------------------------------------------------------
  async function sendCallback(cb: AcquirerCallback, attempt = 1): Promise<void> {
    const body = JSON.stringify(cb);
    try {
      const res = await fetch(options.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-acquirer-signature': signCallback(body, options.callbackSecret) },
        body,
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      stats.callbacksSent++;
    } catch (err) {
      stats.callbacksFailed++;
      if (attempt >= 12) {
        logger.error({ eventId: cb.eventId, err: (err as Error).message }, 'callback abandoned');
        return;
      }
      const delay = Math.min(30_000, 250 * 2 ** (attempt - 1));
      logger.warn({ eventId: cb.eventId, attempt, delay, err: (err as Error).message }, 'callback failed; retrying');
      setTimeout(() => void sendCallback(cb, attempt + 1), delay).unref();
    }
  }

  function emitCharge(c: SandboxCharge, status: string, reason: string | null = null): void {
    c.status = status;
    c.sequence += 1;
    void sendCallback({ eventId: `aev_${ulid()}`, kind: 'charge', externalId: c.id, paymentId: c.paymentId, sequence: c.sequence, status, reason, occurredAt: new Date().toISOString() });
  }

  function emitTransfer(t: SandboxTransfer, status: string, reason: string | null = null): void {
    t.status = status;
    t.sequence += 1;
    void sendCallback({ eventId: `aev_${ulid()}`, kind: 'transfer', externalId: t.id, paymentId: t.paymentId, sequence: t.sequence, status, reason, occurredAt: new Date().toISOString() });
  }

  // --- API (faults and idempotency apply here) ---------------------------------------------------
  const api = express.Router();
  api.use(async (_req: Request, res: Response, next: NextFunction) => {
    stats.apiCalls++;
    if (faults.latencyRate > 0 && Math.random() < faults.latencyRate) await new Promise((r) => setTimeout(r, faults.latencyMs));
    if (faults.errorRate > 0 && Math.random() < faults.errorRate) {
      res.status(503).json({ error: { code: 'TEMPORARY_UNAVAILABLE', message: 'injected fault' } });
      return;
    }
    next();
  });

  /** Runs a mutating handler once per Idempotency-Key; replays return the first response. */
  const idempotent =
    (handler: (req: Request) => Promise<{ status: number; body: unknown }> | { status: number; body: unknown }) => async (req: Request, res: Response) => {
      const key = req.header('idempotency-key');
      if (!key) {
        res.status(400).json({ error: { code: 'IDEMPOTENCY_KEY_REQUIRED', message: 'Idempotency-Key header is required' } });
        return;
      }
      const hash = crypto.createHash('sha256').update(`${req.path}:${JSON.stringify(req.body ?? {})}`).digest('hex');
      let stored = idempotency.get(key);
      if (stored && stored.hash !== hash) {
        res.status(422).json({ error: { code: 'IDEMPOTENCY_KEY_REUSED', message: 'different request with the same key' } });
        return;
      }
      if (!stored) {
        stored = { hash, ...(await handler(req)) };
        if (stored.status < 500) idempotency.set(key, stored);
      } else {
        res.setHeader('Idempotent-Replayed', 'true');
      }
      // Injected "lost response": the work is done, the caller never hears back.
      if (faults.timeoutRate > 0 && Math.random() < faults.timeoutRate) {
        setTimeout(() => res.destroy(), 60_000).unref();
        return;
      }
      res.status(stored.status).json(stored.body);
    };

  const tokenView = (token: string) => {
    const t = tokens.get(token)!;
    return { token, last4: t.number.slice(-4), brand: cardBrand(t.number), expirationMonth: t.expirationMonth, expirationYear: t.expirationYear };
  };

  const chargeView = (c: SandboxCharge) => ({
    id: c.id,
    paymentId: c.paymentId,
    method: c.method,
    amount: c.amount,
    status: c.status,
    sequence: c.sequence,
    ...(c.pixCode ? { pix: { qrcode: c.pixCode } } : {}),
    ...(c.boleto ? { boleto: c.boleto } : {}),
    ...(c.consentId ? { openFinance: { redirectUrl: `${options.publicUrl}/open-finance/consents/${c.consentId}` } } : {}),
    ...(c.threeDS ? { threeDS: { session: c.threeDS.session, transactionId: c.threeDS.transactionId, sdkUrl: `${options.publicUrl}/3ds/sdk.js` } } : {}),
    createdAt: c.createdAt,
  });

  api.post(
    '/charges',
    idempotent((req) => {
      const b = req.body ?? {};
      const id = `ch_${ulid()}`;
      const charge: SandboxCharge = {
        id,
        paymentId: String(b.paymentId),
        method: String(b.method),
        amount: Number(b.amount),
        status: 'PENDING',
        sequence: 0,
        merchantName: String(b.merchant?.name ?? 'LOJA SANDBOX'),
        txid: crypto.randomBytes(16).toString('hex'),
        createdAt: new Date().toISOString(),
      };
      if (!Number.isInteger(charge.amount) || charge.amount <= 0) return { status: 400, body: { error: { code: 'INVALID_AMOUNT', message: 'amount must be positive centavos' } } };
      switch (charge.method) {
        case 'PIX':
          charge.pixCode = buildDynamicPixBrCode({
            locationUrl: `${new URL(options.publicUrl).host}/pix/qr/${charge.txid}`,
            merchantName: charge.merchantName,
            merchantCity: String(b.merchant?.city ?? 'SAO PAULO'),
          });
          break;
        case 'BOLETO': {
          const [year, month, day] = String(b.dueDate ?? '').split('-').map(Number);
          const ourNumber = String(Number.parseInt(charge.txid.slice(0, 12), 16) % 10 ** 13).padStart(13, '0');
          const barcode = buildBoletoBarcode({ bankCode: '001', dueDate: { year, month, day }, amountCentavos: charge.amount, freeField: `000000${ourNumber}000017`.slice(0, 25) });
          charge.boleto = { digitableLine: barcodeToDigitableLine(barcode), barcode };
          break;
        }
        case 'OPEN_FINANCE':
          if (b.bankId && !SANDBOX_BANKS(options.publicUrl).some((bank) => bank.id === b.bankId)) {
            return { status: 422, body: { error: { code: 'UNKNOWN_BANK', message: `unknown bank ${b.bankId}` } } };
          }
          charge.consentId = `consent_${ulid()}`;
          break;
        case 'CREDIT_CARD': {
          const stored = typeof b.cardToken === 'string' ? tokens.get(b.cardToken) : undefined;
          const number = stored?.number ?? String(b.card?.number ?? '');
          if (!luhnValid(number)) return { status: 422, body: { error: { code: 'INVALID_CARD', message: 'card number fails the Luhn check' } } };
          charge.cardLast4 = number.slice(-4);
          const outcome = TEST_CARDS[number] ?? { kind: 'approve' };
          if (outcome.kind === 'reject') return { status: 422, body: { error: { code: outcome.code, message: `declined: ${outcome.code}` } } };
          if (outcome.kind === 'unavailable') return { status: 503, body: { error: { code: 'PROVIDER_ERROR', message: 'issuer unavailable' } } };
          if (outcome.kind === 'refuse') charge.status = 'REFUSED';
          else if (outcome.kind === '3ds') {
            charge.status = 'PENDING_3DS';
            charge.threeDS = { session: `3ds_sess_${crypto.randomBytes(24).toString('base64url')}`, transactionId: `3ds_${ulid()}` };
          } else charge.status = 'APPROVED';
          break;
        }
        default:
          return { status: 400, body: { error: { code: 'INVALID_METHOD', message: `unknown method ${charge.method}` } } };
      }
      charges.set(id, charge);
      stats.chargesCreated++;
      return { status: 201, body: chargeView(charge) };
    }),
  );

  api.get('/charges', (req, res) => {
    const paymentId = typeof req.query.paymentId === 'string' ? req.query.paymentId : undefined;
    res.json({ data: [...charges.values()].filter((c) => !paymentId || c.paymentId === paymentId).map(chargeView) });
  });
  api.get('/charges/:id', (req, res) => {
    const c = charges.get(req.params.id);
    if (!c) return void res.status(404).json({ error: { code: 'NOT_FOUND', message: 'no such charge' } });
    res.json(chargeView(c));
  });

  api.post(
    '/charges/:id/refunds',
    idempotent((req) => {
      const c = charges.get(String(req.params.id));
      if (!c) return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'no such charge' } } };
      if (c.status !== 'APPROVED') return { status: 409, body: { error: { code: 'INVALID_STATE', message: `charge is ${c.status}` } } };
      emitCharge(c, 'REFUNDED', 'REQUESTED_BY_MERCHANT');
      return { status: 201, body: { refundId: `rf_${ulid()}` } };
    }),
  );

  /** Test mode: make the acquirer emit what a real payment event would (the service hears it by callback). */
  api.post('/charges/:id/simulate', (req, res) => {
    const c = charges.get(req.params.id);
    const event = String(req.body?.event ?? '');
    if (!c) return void res.status(404).json({ error: { code: 'NOT_FOUND', message: 'no such charge' } });
    const rule = CHARGE_EVENTS[event];
    if (!rule) return void res.status(400).json({ error: { code: 'INVALID_EVENT', message: `unknown event ${event}` } });
    if (!rule.from.includes(c.status)) return void res.status(409).json({ error: { code: 'INVALID_STATE', message: `cannot ${event} a ${c.status} charge` } });
    const reason = { expire: 'PAYMENT_WINDOW_EXPIRED', fail: 'SETTLEMENT_FAILED', cancel: 'CANCELED_BY_PAYER_BANK', refund: 'REQUESTED_BY_MERCHANT', chargeback: 'DISPUTED_BY_PAYER', med: 'MED_FRAUD_SUSPECTED' }[event as 'expire'] ?? null;
    emitCharge(c, rule.to, reason);
    if (event === 'med' && req.body?.outcome === 'released') setTimeout(() => emitCharge(c, 'APPROVED', 'MED_RELEASED'), 300).unref();
    res.status(202).json(chargeView(c));
  });

  api.post(
    '/tokens',
    idempotent((req) => {
      const card = req.body?.card ?? {};
      if (!luhnValid(String(card.number ?? ''))) return { status: 422, body: { error: { code: 'INVALID_CARD', message: 'card number fails the Luhn check' } } };
      const token = `tok_${crypto.randomBytes(18).toString('base64url')}`;
      tokens.set(token, { number: String(card.number), holderName: String(card.holderName), expirationMonth: String(card.expirationMonth), expirationYear: String(card.expirationYear) });
      return { status: 201, body: tokenView(token) };
    }),
  );
  api.get('/tokens/:token', (req, res) => {
    if (!tokens.has(req.params.token)) return void res.status(404).json({ error: { code: 'NOT_FOUND', message: 'no such token' } });
    res.json(tokenView(req.params.token));
  });

  // --- PIX transfers and the key directory ------------------------------------------------------
  api.get('/dict/keys/:type/:key', (req, res) => {
    const key = decodeURIComponent(String(req.params.key));
    if (req.params.type === 'EMAIL' && key.toLowerCase().endsWith('@notfound.test')) {
      return void res.status(404).json({ error: { code: 'KEY_NOT_FOUND', message: 'key not found in DICT' } });
    }
    res.json({ found: true, ownerName: 'FULANO DE TAL', bank: 'Banco Sandbox' });
  });

  api.post(
    '/transfers',
    idempotent((req) => {
      const b = req.body ?? {};
      const amount = Number(b.amount);
      // Outcomes are decided by the merchant's amount (docs/sandbox.md), whatever the fee.
      const cents = Number(b.grossAmount ?? b.amount) % 100;
      if (cents === 15) return { status: 503, body: { error: { code: 'TEMPORARY_UNAVAILABLE', message: 'SPI unavailable (sandbox: amount ending in 15)' } } };
      if (cents === 16) return { status: 422, body: { error: { code: 'PROVIDER_REJECTED', message: 'rejected by the national payment system (sandbox: amount ending in 16)' } } };
      const t: SandboxTransfer = { id: `tr_${ulid()}`, paymentId: String(b.paymentId), amount, status: 'PROCESSING', sequence: 0, createdAt: new Date().toISOString() };
      transfers.set(t.id, t);
      stats.transfersCreated++;
      setTimeout(() => {
        if (cents === 13) emitTransfer(t, 'FAILED', 'SETTLEMENT_FAILED');
        else if (cents === 14) emitTransfer(t, 'REFUSED', 'BENEFICIARY_ACCOUNT_BLOCKED');
        else {
          emitTransfer(t, 'APPROVED');
          setTimeout(() => emitTransfer(t, 'COMPLETED'), 100).unref();
        }
      }, 150).unref();
      return { status: 201, body: { id: t.id, status: t.status } };
    }),
  );
  api.get('/transfers', (req, res) => {
    const paymentId = typeof req.query.paymentId === 'string' ? req.query.paymentId : undefined;
    res.json({ data: [...transfers.values()].filter((t) => !paymentId || t.paymentId === paymentId) });
  });
  api.post('/transfers/:id/simulate', (req, res) => {
    const t = transfers.get(req.params.id);
    if (!t) return void res.status(404).json({ error: { code: 'NOT_FOUND', message: 'no such transfer' } });
    if (req.body?.event !== 'refund') return void res.status(400).json({ error: { code: 'INVALID_EVENT', message: 'only refund' } });
    if (t.status !== 'COMPLETED') return void res.status(409).json({ error: { code: 'INVALID_STATE', message: `transfer is ${t.status}` } });
    emitTransfer(t, 'REFUNDED', 'RETURNED_BY_BENEFICIARY_BANK');
    res.status(202).json({ id: t.id, status: t.status });
  });

  app.use('/v1', api);

  // --- payer-facing pages -----------------------------------------------------------------------
  app.get('/pix/qr/:txid', (req, res) => {
    const c = [...charges.values()].find((x) => x.txid === req.params.txid);
    if (!c) return void res.status(404).json({ error: 'not found' });
    res.json({ txid: c.txid, valor: { original: (c.amount / 100).toFixed(2) }, status: c.status === 'PENDING' ? 'ATIVA' : 'CONCLUIDA', recebedor: c.merchantName });
  });

  app.get('/open-finance/logos/:id.svg', (req, res) => {
    res.type('image/svg+xml').send(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="12" fill="#4f46e5"/><text x="32" y="40" font-size="18" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeHtml(req.params.id.slice(-3))}</text></svg>`);
  });

  app.get('/open-finance/consents/:consentId', (req, res) => {
    const c = [...charges.values()].find((x) => x.consentId === req.params.consentId);
    if (!c) return void res.status(404).send(html('Consent not found', '<h1>Consent not found</h1>'));
    const amount = (c.amount / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
    res.send(
      html(
        'Banco Sandbox — autorizar pagamento',
        `<h1>Banco Sandbox</h1><p>Pagamento via Open Finance para <strong>${escapeHtml(c.merchantName)}</strong></p><p>Valor: <strong id="amount">${amount}</strong></p>` +
          (c.status === 'PENDING'
            ? `<form method="post"><button class="ok" name="decision" value="authorize">Authorize</button><button class="bad" name="decision" value="reject">Reject</button></form>`
            : `<p id="status">Status: ${escapeHtml(c.status)}</p>`),
      ),
    );
  });
  app.post('/open-finance/consents/:consentId', (req, res) => {
    const c = [...charges.values()].find((x) => x.consentId === req.params.consentId);
    if (!c) return void res.status(404).send(html('Consent not found', '<h1>Consent not found</h1>'));
    if (c.status === 'PENDING') {
      if (req.body?.decision === 'authorize') emitCharge(c, 'APPROVED');
      else emitCharge(c, 'CANCELED', 'CONSENT_REJECTED_BY_PAYER');
    }
    res.send(html('Banco Sandbox', `<h1>Banco Sandbox</h1><p id="status">${c.status === 'APPROVED' ? 'Pagamento autorizado.' : 'Pagamento não autorizado.'}</p>`));
  });

  // --- 3DS (post-order challenge) -----------------------------------------------------------------
  // The acquirer's SDK opens the challenge in an iframe with the session token; only results posted with that
  // token are accepted, so a challenge cannot be completed without the SDK.
  app.get('/3ds/sdk.js', (_req, res) => {
    res.type('application/javascript').send(THREEDS_SDK(options.publicUrl));
  });
  const challengeOf = (transactionId: string, session: unknown) => {
    const c = [...charges.values()].find((x) => x.threeDS?.transactionId === transactionId);
    if (!c?.threeDS || typeof session !== 'string') return undefined;
    const a = Buffer.from(session);
    const b = Buffer.from(c.threeDS.session);
    return a.length === b.length && crypto.timingSafeEqual(a, b) ? c : undefined;
  };
  app.get('/3ds/challenge/:transactionId', (req, res) => {
    const c = challengeOf(req.params.transactionId, req.query.session);
    if (!c) return void res.status(403).send(html('3DS', '<h1>Invalid challenge session</h1>'));
    const amount = (c.amount / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
    res.send(
      html(
        'Banco Sandbox — 3D Secure',
        `<h1>Verificação 3D Secure</h1><p>Compra de <strong>${amount}</strong> em ${escapeHtml(c.merchantName)}, cartão final ${escapeHtml(c.cardLast4 ?? '')}.</p>` +
          (c.status === 'PENDING_3DS'
            ? `<p><button class="ok" id="authenticate">Authenticate</button><button class="bad" id="fail">Fail</button></p>`
            : `<p id="status">${escapeHtml(c.status)}</p>`) +
          `<script>
            const post = (outcome) => fetch(location.pathname + '/result', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ session: ${JSON.stringify(c.threeDS!.session)}, outcome }) })
              .then((r) => r.json()).then((r) => parent.postMessage({ type: 'sandbox-3ds-result', transactionId: ${JSON.stringify(c.threeDS!.transactionId)}, status: r.status }, '*'));
            document.getElementById('authenticate')?.addEventListener('click', () => post('authenticated'));
            document.getElementById('fail')?.addEventListener('click', () => post('failed'));
          </script>`,
      ),
    );
  });
  app.post('/3ds/challenge/:transactionId/result', (req, res) => {
    const c = challengeOf(req.params.transactionId, req.body?.session);
    if (!c) return void res.status(403).json({ error: { code: 'INVALID_SESSION', message: 'challenge session not recognized' } });
    if (c.status === 'PENDING_3DS') {
      if (req.body?.outcome === 'authenticated') emitCharge(c, 'APPROVED', 'THREE_DS_AUTHENTICATED');
      else emitCharge(c, 'REFUSED', 'THREE_DS_FAILED');
    }
    res.json({ status: c.status });
  });

  return app;
}

const THREEDS_SDK = (base: string) => `/* Sandbox acquirer 3DS SDK */
(function () {
  function challenge(opts) {
    return new Promise(function (resolve, reject) {
      if (!opts || !opts.session || !opts.transactionId) return reject(new Error('session and transactionId are required'));
      var frame = document.createElement('iframe');
      frame.src = ${JSON.stringify(base)} + '/3ds/challenge/' + encodeURIComponent(opts.transactionId) + '?session=' + encodeURIComponent(opts.session);
      frame.title = '3D Secure';
      frame.style.cssText = 'width:100%;max-width:420px;height:320px;border:1px solid #d1d5db;border-radius:8px;background:#fff';
      (opts.container || document.body).appendChild(frame);
      function onMessage(e) {
        if (!e.data || e.data.type !== 'sandbox-3ds-result' || e.data.transactionId !== opts.transactionId) return;
        window.removeEventListener('message', onMessage);
        frame.remove();
        resolve({ status: e.data.status });
      }
      window.addEventListener('message', onMessage);
    });
  }
  window.SandboxAcquirer3DS = { challenge: challenge };
})();
`;
