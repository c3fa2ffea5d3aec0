import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { ulid } from 'ulid';
import type { AppDeps } from '../app';
import { ApiError } from '../errors';
import { authContext, authDeps, authenticate, requireActiveAccount } from '../middleware/auth';
import { parseOrThrow } from '../validate';
import { createPayin } from './payins';
import { createPayinBody } from '../schemas/payin';
import { HttpAcquirer } from '../../acquirer/http-client';
import { payinView } from '../views';
import { findOwned } from '../../persistence/by-id';

/**
 * The browser client SDK (public key only). It runs the post-order 3DS challenge: loads the acquirer's SDK
 * from `threeDSecureSdkUrl` and resolves with the outcome; the final status arrives by webhook or polling.
 */
const CHECKOUT_SDK = `/* pagobr checkout SDK v1 */
(function () {
  var origin = (function () { try { return new URL(document.currentScript.src).origin; } catch (e) { return location.origin; } })();
  var loaded = {};
  function loadScript(src) {
    if (loaded[src]) return loaded[src];
    loaded[src] = new Promise(function (resolve, reject) {
      var s = document.createElement('script');
      s.src = src; s.async = true; s.onload = resolve; s.onerror = function () { reject(new Error('could not load ' + src)); };
      document.head.appendChild(s);
    });
    return loaded[src];
  }
  function PagoBR(publicKey, options) {
    if (!(this instanceof PagoBR)) return new PagoBR(publicKey, options);
    if (!/^pk_live_/.test(publicKey || '')) throw new Error('PagoBR needs your public key (pk_live_...)');
    this.publicKey = publicKey;
    this.apiBaseUrl = (options && options.apiBaseUrl) || origin;
  }
  PagoBR.prototype._fetch = function (path, init) {
    init = init || {};
    init.headers = Object.assign({ 'x-public-key': this.publicKey }, init.headers || {});
    return fetch(this.apiBaseUrl + path, init).then(function (r) {
      return r.json().then(function (body) { if (!r.ok) { var e = new Error((body.error && body.error.message) || ('HTTP ' + r.status)); e.code = body.error && body.error.code; throw e; } return body; });
    });
  };
  PagoBR.prototype.whoami = function () { return this._fetch('/whoami'); };
  /** Saves a card in the vault (card on file); returns {token, brand, last4, expirationMonth, expirationYear}. */
  PagoBR.prototype.tokenizeCard = function (card) {
    return this._fetch('/cards/tokens', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(card) });
  };
  /** Runs the post-order 3DS challenge of a creation response; resolves {outcome: 'authenticated' | 'failed'}. */
  PagoBR.prototype.completeChallenge = function (payin, options) {
    if (!payin || !payin.threeDSecurePending) return Promise.resolve({ outcome: 'not_required', status: payin && payin.status });
    var container = options && options.container;
    return this.whoami().then(function (who) {
      if (!who.capabilities || !who.capabilities.threeDS || !who.capabilities.threeDS.enabled) throw new Error('3DS is not enabled for this account');
      return loadScript(payin.threeDSecureSdkUrl);
    }).then(function () {
      if (!window.SandboxAcquirer3DS) throw new Error('the acquirer SDK did not load');
      return window.SandboxAcquirer3DS.challenge({ session: payin.threeDSecureSession, transactionId: payin.threeDSecureTransactionId, container: container });
    }).then(function (r) {
      return { outcome: r.status === 'APPROVED' ? 'authenticated' : 'failed', paymentId: payin.id };
    });
  };
  window.PagoBR = PagoBR;
})();
`;

const DEMO_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pagobr demo checkout</title>
<meta name="viewport" content="width=device-width">
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#111827}label{display:block;margin:.6rem 0 .2rem;font-size:.9rem}
input{width:100%;padding:.5rem;border:1px solid #d1d5db;border-radius:.4rem;font-size:1rem}button{margin-top:1rem;padding:.6rem 1.4rem;font-size:1rem;background:#4f46e5;color:#fff;border:0;border-radius:.4rem;cursor:pointer}
#status{margin-top:1rem;font-weight:600}#challenge{margin-top:1rem}</style>
<script src="/sdk/v1/checkout.js"></script></head><body>
<h1>Demo checkout</h1><p>Sandbox only. Test cards: see docs/sandbox.md (4000000000003220 asks for a 3DS challenge).</p>
<form id="pay"><label>Card number<input id="number" value="4000000000003220" autocomplete="off"></label>
<label>Amount (centavos)<input id="amount" value="4990"></label>
<button type="submit" id="payButton">Pay</button></form>
<div id="challenge"></div><div id="status" role="status"></div>
<script>
const params = new URLSearchParams(location.search);
const pk = params.get('pk');
const pagobr = PagoBR(pk);
const status = (t) => (document.getElementById('status').textContent = t);
document.getElementById('pay').addEventListener('submit', async (e) => {
  e.preventDefault();
  status('Creating payment…');
  const res = await fetch('/demo/checkout/payins', { method: 'POST', headers: { 'content-type': 'application/json', 'x-public-key': pk },
    body: JSON.stringify({ cardNumber: document.getElementById('number').value, amount: Number(document.getElementById('amount').value), webhookUrl: params.get('webhookUrl') || undefined }) });
  const payin = await res.json();
  if (!res.ok) return status('Error: ' + payin.error.code);
  document.body.dataset.payinId = payin.id;
  if (payin.threeDSecurePending) {
    status('Waiting for 3D Secure…');
    const r = await pagobr.completeChallenge(payin, { container: document.getElementById('challenge') });
    status('Challenge ' + r.outcome + '; confirming…');
  }
  for (let i = 0; i < 60; i++) {
    const p = await (await fetch('/demo/checkout/payins/' + payin.id, { headers: { 'x-public-key': pk } })).json();
    if (p.status !== 'PENDING_3DS') return status(p.status);
    await new Promise((r) => setTimeout(r, 500));
  }
  status('Still pending');
});
</script></body></html>`;

const DemoPayin = z.strictObject({
  cardNumber: z.string().regex(/^\d{12,19}$/),
  amount: z.number().int().positive().max(1_000_000),
  webhookUrl: z.url().optional(),
});

export function checkoutRoutes(deps: AppDeps): Router {
  const router = Router();
  const acquirer = new HttpAcquirer(deps.config.ACQUIRER_URL, deps.config.ACQUIRER_TIMEOUT_MS);
  const bodySchema = createPayinBody({ requireHttpsWebhooks: false, maxInstallments: deps.config.CARD_MAX_INSTALLMENTS });

  router.get('/sdk/v1/checkout.js', (_req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/javascript').send(CHECKOUT_SDK);
  });

  // A demo merchant checkout, only with the sandbox acquirer. Its tiny "merchant backend" creates the payin
  // for the account of the public key; a real merchant does that server side with its secret key.
  const sandboxOnly: RequestHandler = (_req, _res, next) => {
    if (deps.config.ACQUIRER !== 'sandbox') return next(new ApiError('SANDBOX_ONLY', 'The demo checkout exists only with the sandbox acquirer'));
    next();
  };
  const publicAuth = authenticate(authDeps(deps), { whoami: true });

  router.get('/demo/checkout', sandboxOnly, (_req, res) => {
    res.type('html').send(DEMO_PAGE);
  });
  router.post('/demo/checkout/payins', sandboxOnly, publicAuth, requireActiveAccount, async (req, res) => {
    const { account } = authContext(req);
    const demo = parseOrThrow(DemoPayin, req.body);
    const body = parseOrThrow(bodySchema, {
      paymentMethod: 'CREDIT_CARD',
      amount: demo.amount,
      referenceId: `demo-${ulid()}`,
      isPhysicalProduct: false,
      payerIp: '200.100.50.25',
      customer: { name: 'Cliente Demo', document: '52998224725', email: 'demo@example.com', phone: '5511987654321', address: { street: 'Rua Demo', number: '1', zipCode: '01310100', city: 'São Paulo', state: 'SP' } },
      items: [{ title: 'Demo item', quantity: 1, unitPrice: demo.amount }],
      card: { holderName: 'CLIENTE DEMO', number: demo.cardNumber, expirationMonth: '12', expirationYear: String(new Date().getUTCFullYear() + 3), cvv: '123', installments: 1 },
      ...(demo.webhookUrl ? { webhookUrl: demo.webhookUrl } : {}),
    });
    const result = await createPayin(deps, acquirer, account, body, undefined);
    res.status(result.status).json(result.body);
  });
  router.get('/demo/checkout/payins/:id', sandboxOnly, publicAuth, async (req, res) => {
    const { account } = authContext(req);
    const payin = await findOwned(deps.models.Payin, String(req.params.id), account._id);
    if (!payin) throw new ApiError('NOT_FOUND', 'No such payin');
    const view = payinView(payin);
    res.json({ id: view.id, status: view.status, statusReason: view.statusReason });
  });
  return router;
}
