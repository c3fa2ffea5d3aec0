import { z, type ZodType } from 'zod';
import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { ERROR_STATUS, type ErrorCode } from './errors';
import { createPayinBody, CardData, SimulatePayinBody } from './schemas/payin';
import { createPayoutBody, ListPayoutsQuery, RejectPayoutBody, SimulatePayoutBody } from './schemas/payout';
import { BalanceAdjustmentBody, CreateAccountBody, UpdateAccountBody } from './schemas/admin';
import * as R from './schemas/responses';

extendZodWithOpenApi(z);

type Method = 'get' | 'post' | 'patch' | 'delete' | 'options';
type Security = 'basic' | 'whoami' | 'publicKey' | 'admin' | 'acquirer' | 'none';

export interface Operation {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  security: Security;
  body?: ZodType;
  query?: z.ZodObject;
  ok: { status: number; schema?: ZodType; description?: string; contentType?: string };
  errors: ErrorCode[];
  headers?: Record<string, { description: string; required?: boolean }>;
  examples?: Record<string, unknown>;
}

const exampleCustomer = { name: 'Maria da Silva', document: '52998224725', email: 'maria@example.com', phone: '5511987654321', address: { street: 'Rua das Flores', number: '123', zipCode: '01310100', city: 'São Paulo', state: 'SP' } };
const base = { amount: 15000, referenceId: 'order-123', isPhysicalProduct: false, payerIp: '200.100.50.25', customer: exampleCustomer, items: [{ title: 'Plano mensal', quantity: 1, unitPrice: 15000 }], webhookUrl: 'https://shop.example/webhooks/pagobr' };
const year = String(new Date().getUTCFullYear() + 2);

const AUTH_ERRORS: ErrorCode[] = ['INVALID_CREDENTIALS', 'BROWSER_REQUEST_FORBIDDEN', 'KYC_NOT_APPROVED', 'COMPANY_BLOCKED', 'RATE_LIMITED'];
const idempotencyHeader = { 'Idempotency-Key': { description: 'Makes a retried POST return the original response for 24 h; another body with the same key answers 422' } };

/** Every route of the API, documented. A test checks that the app serves no route missing here. */
export const OPERATIONS: Operation[] = [
  { method: 'get', path: '/health', summary: 'Liveness', tag: 'Operations', security: 'none', ok: { status: 200, schema: z.object({ status: z.literal('ok') }) }, errors: [] },
  { method: 'get', path: '/ready', summary: 'Readiness: MongoDB and Temporal reachable', tag: 'Operations', security: 'none', ok: { status: 200, schema: z.object({ status: z.literal('ready'), checks: z.record(z.string(), z.string()) }) }, errors: ['SERVICE_UNAVAILABLE'] },
  { method: 'get', path: '/metrics', summary: 'Prometheus metrics', tag: 'Operations', security: 'none', ok: { status: 200, contentType: 'text/plain' }, errors: [] },
  { method: 'get', path: '/openapi.json', summary: 'This document', tag: 'Operations', security: 'none', ok: { status: 200, schema: R.AnyObject }, errors: [] },
  { method: 'get', path: '/docs', summary: 'Interactive reference', tag: 'Operations', security: 'none', ok: { status: 200, contentType: 'text/html' }, errors: [] },
  { method: 'get', path: '/whoami', summary: 'Which account a credential belongs to (spec 4.1)', tag: 'Account', security: 'whoami', ok: { status: 200, schema: R.WhoamiResponse }, errors: ['MISSING_CREDENTIALS', 'INVALID_CREDENTIALS', 'BROWSER_REQUEST_FORBIDDEN', 'RATE_LIMITED'] },
  { method: 'options', path: '/whoami', summary: 'CORS preflight for public-key calls', tag: 'Account', security: 'none', ok: { status: 204 }, errors: [] },
  {
    method: 'post', path: '/payin', summary: 'Create a payin (spec 4.2)', tag: 'Payins', security: 'basic', headers: idempotencyHeader,
    body: createPayinBody({ requireHttpsWebhooks: false, maxInstallments: 12 }),
    ok: { status: 201, schema: R.PayinCreation },
    errors: ['INVALID_DATA', 'CARD_NOT_ENABLED', 'DUPLICATE_REFERENCE_ID', 'IDEMPOTENCY_KEY_REUSED', 'REJECTED_BY_RISK', 'PAYER_LIMIT_REJECTED', 'INVALID_CVV', 'PROVIDER_ERROR', ...AUTH_ERRORS],
    examples: {
      PIX: { paymentMethod: 'PIX', ...base },
      BOLETO: { paymentMethod: 'BOLETO', ...base },
      CREDIT_CARD: { paymentMethod: 'CREDIT_CARD', ...base, card: { holderName: 'MARIA DA SILVA', number: '4111111111111111', expirationMonth: '12', expirationYear: year, cvv: '123', installments: 1 } },
      CREDIT_CARD_3DS: { paymentMethod: 'CREDIT_CARD', ...base, card: { holderName: 'MARIA DA SILVA', number: '4000000000003220', expirationMonth: '12', expirationYear: year, cvv: '123', installments: 3 } },
      CREDIT_CARD_TOKEN: { paymentMethod: 'CREDIT_CARD', ...base, card: { token: 'tok_…', installments: 1 } },
      OPEN_FINANCE: { paymentMethod: 'OPEN_FINANCE', ...base, customer: { ...exampleCustomer, address: undefined }, bankId: 'sandbox-bank-001' },
    },
  },
  { method: 'get', path: '/payin/{id}', summary: 'Retrieve a payin (spec 4.3)', tag: 'Payins', security: 'basic', ok: { status: 200, schema: R.Payin }, errors: ['NOT_FOUND', ...AUTH_ERRORS] },
  { method: 'get', path: '/payin/open-finance/banks', summary: 'Open Finance banks of the account (spec 4.4)', tag: 'Payins', security: 'basic', ok: { status: 200, schema: R.Banks }, errors: AUTH_ERRORS },
  { method: 'post', path: '/cards/tokens', summary: 'Save a card in the vault (card on file); public key from browsers', tag: 'Payins', security: 'publicKey', body: CardData, ok: { status: 201, schema: R.CardToken }, errors: ['INVALID_DATA', 'MISSING_CREDENTIALS', 'CARD_NOT_ENABLED', 'PROVIDER_ERROR', ...AUTH_ERRORS] },
  { method: 'options', path: '/cards/tokens', summary: 'CORS preflight', tag: 'Payins', security: 'none', ok: { status: 204 }, errors: [] },
  {
    method: 'post', path: '/payout', summary: 'Create a payout to a PIX key (spec 4.5)', tag: 'Payouts', security: 'basic', headers: idempotencyHeader,
    body: createPayoutBody({ requireHttpsWebhooks: false }),
    ok: { status: 201, schema: R.Payout },
    errors: ['INVALID_DATA', 'INVALID_PIX_KEY', 'INSUFFICIENT_FUNDS', 'BEYOND_LIMITS', 'DUPLICATE_REFERENCE_ID', 'IDEMPOTENCY_KEY_REUSED', 'TEMPORARY_UNAVAILABLE', 'PROVIDER_REJECTED', ...AUTH_ERRORS],
    examples: { EMAIL: { amount: 10000, pixKey: 'pix@example.com', pixKeyType: 'EMAIL', referenceId: 'wd-1', beneficiaryName: 'Fulano de Tal' } },
  },
  { method: 'get', path: '/payout', summary: 'List payouts (spec 4.6)', tag: 'Payouts', security: 'basic', query: ListPayoutsQuery, ok: { status: 200, schema: R.PayoutList }, errors: ['INVALID_DATA', ...AUTH_ERRORS] },
  { method: 'get', path: '/payout/{id}', summary: 'Retrieve a payout (addition)', tag: 'Payouts', security: 'basic', ok: { status: 200, schema: R.Payout }, errors: ['NOT_FOUND', ...AUTH_ERRORS] },
  { method: 'post', path: '/sandbox/payins/{id}/simulate', summary: 'Sandbox: make the acquirer produce a payment event', tag: 'Sandbox', security: 'basic', body: SimulatePayinBody, ok: { status: 202, schema: R.SimulationAccepted }, errors: ['INVALID_DATA', 'INVALID_STATE', 'NOT_FOUND', 'SANDBOX_ONLY', ...AUTH_ERRORS] },
  { method: 'post', path: '/sandbox/payouts/{id}/simulate', summary: 'Sandbox: return a completed payout', tag: 'Sandbox', security: 'basic', body: SimulatePayoutBody, ok: { status: 202, schema: R.SimulationAccepted }, errors: ['INVALID_DATA', 'INVALID_STATE', 'NOT_FOUND', 'SANDBOX_ONLY', ...AUTH_ERRORS] },
  { method: 'get', path: '/sdk/v1/checkout.js', summary: 'Browser client SDK (3DS challenge, card tokenization)', tag: 'Checkout', security: 'none', ok: { status: 200, contentType: 'application/javascript' }, errors: [] },
  { method: 'get', path: '/demo/checkout', summary: 'Sandbox demo checkout page', tag: 'Sandbox', security: 'none', ok: { status: 200, contentType: 'text/html' }, errors: ['SANDBOX_ONLY'] },
  { method: 'post', path: '/demo/checkout/payins', summary: 'Sandbox demo: create a card payin for the public key\'s account', tag: 'Sandbox', security: 'publicKey', ok: { status: 201, schema: R.PayinCreation }, errors: ['SANDBOX_ONLY', 'INVALID_DATA', ...AUTH_ERRORS] },
  { method: 'get', path: '/demo/checkout/payins/{id}', summary: 'Sandbox demo: payin status', tag: 'Sandbox', security: 'publicKey', ok: { status: 200, schema: R.AnyObject }, errors: ['SANDBOX_ONLY', 'NOT_FOUND'] },
  { method: 'get', path: '/boletos/{id}/{token}.pdf', summary: 'Boleto PDF (public, unguessable link from the creation response)', tag: 'Payins', security: 'none', ok: { status: 200, contentType: 'application/pdf' }, errors: ['NOT_FOUND'] },
  { method: 'post', path: '/acquirer/callbacks', summary: 'Acquirer → service events (HMAC-signed)', tag: 'Acquirer', security: 'acquirer', ok: { status: 200, schema: R.AnyObject }, errors: ['INVALID_CREDENTIALS', 'INVALID_DATA'] },
  { method: 'post', path: '/admin/accounts', summary: 'Create an account', tag: 'Admin', security: 'admin', body: CreateAccountBody, ok: { status: 201, schema: R.AnyObject }, errors: ['INVALID_DATA', 'INVALID_CREDENTIALS'] },
  { method: 'get', path: '/admin/accounts', summary: 'List accounts', tag: 'Admin', security: 'admin', ok: { status: 200, schema: R.DataList }, errors: ['INVALID_CREDENTIALS'] },
  { method: 'get', path: '/admin/accounts/{companyId}', summary: 'An account with its ledger balance', tag: 'Admin', security: 'admin', ok: { status: 200, schema: R.AnyObject }, errors: ['NOT_FOUND', 'INVALID_CREDENTIALS'] },
  { method: 'patch', path: '/admin/accounts/{companyId}', summary: 'Change KYC, block, approval mode, cards, fees, limits…', tag: 'Admin', security: 'admin', body: UpdateAccountBody, ok: { status: 200, schema: R.AnyObject }, errors: ['INVALID_DATA', 'NOT_FOUND', 'INVALID_CREDENTIALS'] },
  { method: 'post', path: '/admin/accounts/{companyId}/api-keys', summary: 'Create an API key (the secret is shown once)', tag: 'Admin', security: 'admin', ok: { status: 201, schema: R.ApiKeyCreated }, errors: ['NOT_FOUND', 'INVALID_CREDENTIALS'] },
  { method: 'get', path: '/admin/accounts/{companyId}/api-keys', summary: 'List API keys', tag: 'Admin', security: 'admin', ok: { status: 200, schema: R.DataList }, errors: ['NOT_FOUND', 'INVALID_CREDENTIALS'] },
  { method: 'delete', path: '/admin/accounts/{companyId}/api-keys/{keyId}', summary: 'Revoke an API key', tag: 'Admin', security: 'admin', ok: { status: 200, schema: R.AnyObject }, errors: ['NOT_FOUND', 'INVALID_CREDENTIALS'] },
  { method: 'post', path: '/admin/accounts/{companyId}/webhook-secret', summary: 'Enable webhook signing or rotate the secret', tag: 'Admin', security: 'admin', ok: { status: 201, schema: R.WebhookSecretCreated }, errors: ['NOT_FOUND', 'INVALID_CREDENTIALS'] },
  { method: 'delete', path: '/admin/accounts/{companyId}/webhook-secret', summary: 'Disable webhook signing', tag: 'Admin', security: 'admin', ok: { status: 200, schema: R.AnyObject }, errors: ['NOT_FOUND', 'INVALID_CREDENTIALS'] },
  { method: 'post', path: '/admin/accounts/{companyId}/balance-adjustments', summary: 'Credit or debit the balance through the ledger', tag: 'Admin', security: 'admin', body: BalanceAdjustmentBody, ok: { status: 201, schema: R.AnyObject }, errors: ['INVALID_DATA', 'INSUFFICIENT_FUNDS', 'NOT_FOUND', 'INVALID_CREDENTIALS'] },
  { method: 'get', path: '/admin/accounts/{companyId}/ledger', summary: 'Ledger entries, newest first', tag: 'Admin', security: 'admin', ok: { status: 200, schema: R.DataList }, errors: ['NOT_FOUND', 'INVALID_CREDENTIALS'] },
  { method: 'get', path: '/admin/payins', summary: 'Payins, newest first, with a link to each workflow in the Temporal UI', tag: 'Admin', security: 'admin', ok: { status: 200, schema: R.DataList }, errors: ['INVALID_CREDENTIALS'] },
  { method: 'get', path: '/dashboard', summary: 'Operators\' and approvers\' web dashboard', tag: 'Operations', security: 'none', ok: { status: 200, contentType: 'text/html' }, errors: [] },
  { method: 'get', path: '/admin/audit-log', summary: 'Audit log', tag: 'Admin', security: 'admin', ok: { status: 200, schema: R.DataList }, errors: ['INVALID_CREDENTIALS'] },
  { method: 'get', path: '/admin/payouts', summary: 'Payouts, e.g. ?status=AWAITING_APPROVAL', tag: 'Admin', security: 'admin', ok: { status: 200, schema: R.DataList }, errors: ['INVALID_DATA', 'INVALID_CREDENTIALS'] },
  { method: 'post', path: '/admin/payouts/{id}/approve', summary: 'Approve a payout (signal)', tag: 'Admin', security: 'admin', ok: { status: 202, schema: R.AnyObject }, errors: ['NOT_FOUND', 'INVALID_STATE', 'INVALID_CREDENTIALS'] },
  { method: 'post', path: '/admin/payouts/{id}/reject', summary: 'Reject a payout (signal)', tag: 'Admin', security: 'admin', body: RejectPayoutBody, ok: { status: 202, schema: R.AnyObject }, errors: ['INVALID_DATA', 'NOT_FOUND', 'INVALID_STATE', 'INVALID_CREDENTIALS'] },
  { method: 'get', path: '/admin/webhook-events', summary: 'Webhook events with their attempts', tag: 'Admin', security: 'admin', ok: { status: 200, schema: R.DataList }, errors: ['INVALID_DATA', 'INVALID_CREDENTIALS'] },
  { method: 'post', path: '/admin/webhook-events/{id}/resend', summary: 'Deliver an event again (same X-Webhook-Id)', tag: 'Admin', security: 'admin', ok: { status: 200, schema: R.AnyObject }, errors: ['NOT_FOUND', 'INVALID_CREDENTIALS'] },
];

const SECURITY: Record<Security, Array<Record<string, string[]>>> = {
  basic: [{ basicAuth: [] }],
  whoami: [{ basicAuth: [] }, { apiKey: [], apiSecret: [] }, { publicKey: [] }],
  publicKey: [{ publicKey: [] }, { basicAuth: [] }],
  admin: [{ adminBearer: [] }],
  acquirer: [{ acquirerSignature: [] }],
  none: [],
};

function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const c of new Set(codes)) byStatus.set(ERROR_STATUS[c], [...(byStatus.get(ERROR_STATUS[c]) ?? []), c]);
  return Object.fromEntries(
    [...byStatus.entries()].map(([status, list]) => [status, { description: list.join(', '), content: { 'application/json': { schema: R.ErrorBody } } }]),
  );
}

const webhookHeaders = z.object({
  'x-webhook-id': z.string().meta({ description: 'Unique per event; identical across retries and resends — deduplicate on it' }),
  'x-webhook-event': z.string().meta({ description: 'payin.<status> or payout.<status>, lower case' }),
  'x-webhook-signature': z.string().optional().meta({ description: 't=<unix>,v1=<hex HMAC-SHA256("<t>.<raw body>")>[,v1=<previous secret>]' }),
});

export function buildOpenApiDocument(serverUrl: string) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'basicAuth', { type: 'http', scheme: 'basic', description: 'base64(pk_live_…:sk_live_…)' });
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Public key (whoami only, with x-api-secret)' });
  registry.registerComponent('securitySchemes', 'apiSecret', { type: 'apiKey', in: 'header', name: 'x-api-secret', description: 'Secret key (whoami only)' });
  registry.registerComponent('securitySchemes', 'publicKey', { type: 'apiKey', in: 'header', name: 'x-public-key', description: 'Public key alone: whoami (scope public), card tokens, browser calls' });
  registry.registerComponent('securitySchemes', 'adminBearer', { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN' });
  registry.registerComponent('securitySchemes', 'acquirerSignature', { type: 'apiKey', in: 'header', name: 'x-acquirer-signature', description: 't=…,v1=HMAC(ACQUIRER_CALLBACK_SECRET)' });

  for (const op of OPERATIONS) {
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    registry.registerPath({
      method: op.method,
      path: op.path,
      summary: op.summary,
      tags: [op.tag],
      security: SECURITY[op.security],
      request: {
        ...(params.length ? { params: z.object(Object.fromEntries(params.map((p) => [p, z.string()]))) } : {}),
        ...(op.query ? { query: op.query } : {}),
        ...(op.headers ? { headers: z.object(Object.fromEntries(Object.entries(op.headers).map(([k, v]) => [k, z.string().optional().meta({ description: v.description })]))) } : {}),
        ...(op.body
          ? {
              body: {
                required: true,
                content: {
                  'application/json': {
                    schema: op.body,
                    ...(op.examples ? { examples: Object.fromEntries(Object.entries(op.examples).map(([k, v]) => [k, { value: JSON.parse(JSON.stringify(v)) }])) } : {}),
                  },
                },
              },
            }
          : {}),
      },
      responses: {
        [op.ok.status]: {
          description: op.ok.description ?? 'OK',
          ...(op.ok.schema ? { content: { 'application/json': { schema: op.ok.schema } } } : op.ok.contentType ? { content: { [op.ok.contentType]: { schema: { type: 'string' } } } } : {}),
        },
        ...errorResponses([...op.errors, 'INTERNAL_ERROR', 'PAYLOAD_TOO_LARGE']),
      },
    });
  }
  for (const [name, schema] of [
    ...['pending', 'approved', 'refused', 'failed', 'canceled', 'expired', 'refunded', 'chargeback', 'med'].map((s) => [`payin.${s}`, R.PayinWebhookEvent] as const),
    ...['awaiting_approval', 'pending', 'processing', 'approved', 'completed', 'failed', 'canceled', 'refused', 'refunded'].map((s) => [`payout.${s}`, R.PayoutWebhookEvent] as const),
  ]) {
    registry.registerWebhook({
      method: 'post',
      path: name,
      summary: `Event ${name}`,
      request: { headers: webhookHeaders, body: { content: { 'application/json': { schema } } } },
      responses: { 200: { description: 'Any 2xx acknowledges; anything else (or no answer in 5 s) is retried' } },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'pagobr — payments for Brazil',
      version: '1.0.0',
      description: 'PIX, Boleto, credit card and Open Finance payins; PIX payouts; signed webhooks. Amounts are integer centavos. Every error answers {"error": {"code", "message", "details"}}.',
    },
    servers: [{ url: serverUrl }],
  });
}
