import fs from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { admin, basicAuth, createMerchant, expectError, http, type Merchant } from '../support/http';
import { testStack } from '../support/stack';

let ipCounter = 0;
/** whoami is limited per client IP; the API trusts X-Forwarded-For from loopback, so each test gets its own IP. */
const freshIp = () => `10.${process.pid % 250}.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const whoami = (headers: Record<string, string>, ip = freshIp()) => http('GET', '/whoami', { headers: { 'x-forwarded-for': ip, ...headers } });

describe('GET /whoami (spec 2.3, 4.1, 5, 7.1)', () => {
  let m: Merchant;
  beforeAll(async () => {
    m = await createMerchant();
  });

  test('Basic credential: company scope with the exact documented body', async () => {
    const res = await whoami({ authorization: m.basic });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      scope: 'company',
      companyId: m.companyId,
      companyName: 'Loja Teste LTDA',
      tradeName: 'Loja Teste',
      document: '11.222.***/****-81',
      kycStatus: 'approved',
      blocked: false,
      canTransact: true,
      reason: null,
      paymentMethods: ['pix', 'boleto', 'open_finance'],
      capabilities: { tokenization: { enabled: false }, threeDS: { enabled: false }, antifraud: { enabled: false } },
    });
  });

  test('x-api-key + x-api-secret is the same company scope', async () => {
    const res = await whoami({ 'x-api-key': m.publicKey, 'x-api-secret': m.secretKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ scope: 'company', companyId: m.companyId, tradeName: 'Loja Teste' });
  });

  test('x-public-key alone: public scope without tradeName and document, callable from a browser', async () => {
    const res = await whoami({ 'x-public-key': m.publicKey, origin: 'https://shop.example' });
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('public');
    expect(res.body).not.toHaveProperty('tradeName');
    expect(res.body).not.toHaveProperty('document');
    expect(res.body).toMatchObject({ companyId: m.companyId, canTransact: true });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');

    const preflight = await http('OPTIONS', '/whoami', { headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-public-key' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-public-key');
  });

  test.each([
    ['no credential', {}],
    ['Authorization not Basic', { authorization: 'Bearer abc' }],
    ['Basic without a colon', { authorization: `Basic ${Buffer.from('pk_live_abc').toString('base64')}` }],
    ['Basic with wrong prefixes', { authorization: `Basic ${Buffer.from('foo:bar').toString('base64')}` }],
    ['x-api-key without x-api-secret', { 'x-api-key': 'pk_live_aaaaaaaaaaaaaaaaaaaaaaaa' }],
    ['x-public-key of the wrong shape', { 'x-public-key': 'sk_live_zzz' }],
  ])('400 MISSING_CREDENTIALS: %s', async (_name, headers) => {
    expectError(await whoami(headers as Record<string, string>), 400, 'MISSING_CREDENTIALS');
  });

  test('401 for unknown keys, wrong secrets and revoked keys', async () => {
    expectError(await whoami({ authorization: basicAuth('pk_live_' + 'A'.repeat(24), 'sk_live_' + 'B'.repeat(43)) }), 401, 'INVALID_CREDENTIALS');
    expectError(await whoami({ authorization: basicAuth(m.publicKey, 'sk_live_' + 'B'.repeat(43)) }), 401, 'INVALID_CREDENTIALS');
    expectError(await whoami({ 'x-public-key': 'pk_live_' + 'C'.repeat(24) }), 401, 'INVALID_CREDENTIALS');

    const other = await createMerchant();
    expect((await whoami({ authorization: other.basic })).status).toBe(200);
    const revoked = await admin.delete(`/admin/accounts/${other.companyId}/api-keys/${other.keyId}`);
    expect(revoked.status).toBe(200);
    expectError(await whoami({ authorization: other.basic }), 401, 'INVALID_CREDENTIALS');
    expectError(await whoami({ 'x-public-key': other.publicKey }), 401, 'INVALID_CREDENTIALS');
    expectError(await other.get('/payin/open-finance/banks'), 401, 'INVALID_CREDENTIALS');
  });

  test('403 BROWSER_REQUEST_FORBIDDEN: a secret key with Origin or Referer', async () => {
    expectError(await whoami({ authorization: m.basic, origin: 'https://shop.example' }), 403, 'BROWSER_REQUEST_FORBIDDEN');
    expectError(await whoami({ 'x-api-key': m.publicKey, 'x-api-secret': m.secretKey, referer: 'https://shop.example/checkout' }), 403, 'BROWSER_REQUEST_FORBIDDEN');
    expectError(await m.get('/payin/open-finance/banks', { origin: 'https://shop.example' }), 403, 'BROWSER_REQUEST_FORBIDDEN');
  });

  test('429 RATE_LIMITED with Retry-After after 30 calls in a minute from one IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await whoami({ authorization: m.basic }, ip)).status).toBe(200);
    const limited = await whoami({ authorization: m.basic }, ip);
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Another client is not affected.
    expect((await whoami({ authorization: m.basic })).status).toBe(200);
  });
});

describe('KYC gating and blocked accounts (spec 1, 5.6, 7.4)', () => {
  test.each(['pending', 'rejected', 'needs_more_info', 'not_submitted'])('KYC %s: whoami 200 with canTransact false, other endpoints 403 KYC_NOT_APPROVED', async (kycStatus) => {
    const m = await createMerchant({ kycStatus });
    const res = await whoami({ authorization: m.basic });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kycStatus, canTransact: false, reason: 'KYC_NOT_APPROVED', paymentMethods: [] });
    expectError(await m.get('/payin/open-finance/banks'), 403, 'KYC_NOT_APPROVED');
  });

  test('blocked: COMPANY_BLOCKED on the very next request, and unblocking takes effect at once', async () => {
    const m = await createMerchant();
    expect((await m.get('/payin/open-finance/banks')).status).toBe(200);
    expect((await admin.patch(`/admin/accounts/${m.companyId}`, { blocked: true })).status).toBe(200);
    const who = await whoami({ authorization: m.basic });
    expect(who.status).toBe(200);
    expect(who.body).toMatchObject({ blocked: true, canTransact: false, reason: 'COMPANY_BLOCKED' });
    expectError(await m.get('/payin/open-finance/banks'), 403, 'COMPANY_BLOCKED');
    await admin.patch(`/admin/accounts/${m.companyId}`, { blocked: false });
    expect((await m.get('/payin/open-finance/banks')).status).toBe(200);
  });

  test('KYC approval opens the API on the next request', async () => {
    const m = await createMerchant({ kycStatus: 'pending' });
    expectError(await m.get('/payin/open-finance/banks'), 403, 'KYC_NOT_APPROVED');
    await admin.patch(`/admin/accounts/${m.companyId}`, { kycStatus: 'approved' });
    const banks = await m.get('/payin/open-finance/banks');
    expect(banks.status).toBe(200);
    expect(banks.body.banks.length).toBeGreaterThan(0);
  });

  test('other endpoints: 401 without a credential, 401 with the public key alone', async () => {
    const m = await createMerchant();
    expectError(await http('GET', '/payin/open-finance/banks'), 401, 'INVALID_CREDENTIALS');
    expectError(await http('GET', '/payin/open-finance/banks', { headers: { 'x-public-key': m.publicKey } }), 401, 'INVALID_CREDENTIALS');
  });

  test('paymentMethods lists credit_card only when card processing is approved, open_finance only with banks', async () => {
    const m = await createMerchant({ cardEnabled: true, patch: { openFinanceBanks: [] } });
    const res = await whoami({ authorization: m.basic });
    expect(res.body.paymentMethods).not.toContain('open_finance');
    expect(res.body.paymentMethods).toEqual(expect.arrayContaining(['pix', 'boleto']));
    expect((await m.get('/payin/open-finance/banks')).body).toEqual({ banks: [] });
  });
});

describe('admin API', () => {
  test('needs the admin token', async () => {
    expectError(await http('GET', '/admin/accounts'), 401, 'INVALID_CREDENTIALS');
    expectError(await http('GET', '/admin/accounts', { headers: { authorization: 'Bearer wrong-token-wrong-token' } }), 401, 'INVALID_CREDENTIALS');
  });

  test('validates the CNPJ (numeric and alphanumeric)', async () => {
    expectError(await admin.post('/admin/accounts', { companyName: 'X', document: '11222333000180' }), 400, 'INVALID_DATA');
    const alnum = await admin.post('/admin/accounts', { companyName: 'Nova LTDA', document: '12.ABC.345/01DE-35' });
    expect(alnum.status).toBe(201);
    expect(alnum.body).toMatchObject({ document: '12ABC34501DE35', kycStatus: 'pending', payoutApproval: 'automatic', cardEnabled: false });
    expectError(await admin.get('/admin/accounts/cmp_nope'), 404, 'NOT_FOUND');
  });

  test('balance adjustments go through the ledger, and debits cannot overdraw', async () => {
    const m = await createMerchant();
    const credit = await admin.post(`/admin/accounts/${m.companyId}/balance-adjustments`, { amount: 10_000, description: 'initial credit' });
    expect(credit.status).toBe(201);
    const debit = await admin.post(`/admin/accounts/${m.companyId}/balance-adjustments`, { amount: -2_500, description: 'correction' });
    expect(debit.status).toBe(201);
    expectError(await admin.post(`/admin/accounts/${m.companyId}/balance-adjustments`, { amount: -7_501, description: 'too much' }), 400, 'INSUFFICIENT_FUNDS');
    expectError(await admin.post(`/admin/accounts/${m.companyId}/balance-adjustments`, { amount: 10.5, description: 'float' }), 400, 'INVALID_DATA');
    const account = await admin.get(`/admin/accounts/${m.companyId}`);
    expect(account.body.balance).toEqual({ available: 7_500, reserved: 0, pendingPayouts: 0 });
    const ledger = await admin.get(`/admin/accounts/${m.companyId}/ledger`);
    expect(ledger.body.data.map((e: { delta: { available: number } }) => e.delta.available)).toEqual([-2_500, 10_000]);
  });

  test('webhook signing: enable, rotate (previous valid 24 h), disable; every action audited', async () => {
    const m = await createMerchant();
    const enabled = await admin.post(`/admin/accounts/${m.companyId}/webhook-secret`);
    expect(enabled.status).toBe(201);
    expect(enabled.body.secret).toMatch(/^whsec_/);
    expect(enabled.body.rotated).toBe(false);
    const rotated = await admin.post(`/admin/accounts/${m.companyId}/webhook-secret`);
    expect(rotated.body.rotated).toBe(true);
    expect(rotated.body.secret).not.toBe(enabled.body.secret);
    const view = await admin.get(`/admin/accounts/${m.companyId}`);
    expect(view.body.webhookSigning.enabled).toBe(true);
    expect(Date.parse(view.body.webhookSigning.previousValidUntil) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect((await admin.delete(`/admin/accounts/${m.companyId}/webhook-secret`)).body).toEqual({ enabled: false });

    const audit = await admin.get(`/admin/audit-log?targetId=${m.companyId}`);
    expect(audit.body.data.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['account.create', 'api_key.create', 'webhook_secret.enable', 'webhook_secret.rotate', 'webhook_secret.disable']),
    );
    expect(audit.body.data.every((a: { actor: string }) => a.actor === 'admin:jest')).toBe(true);
  });
});

describe('secrets never stored or logged', () => {
  test('no secret key or webhook secret in any MongoDB document or in the logs', async () => {
    const m = await createMerchant();
    const webhookSecret = (await admin.post(`/admin/accounts/${m.companyId}/webhook-secret`)).body.secret as string;
    await whoami({ authorization: m.basic });
    await whoami({ authorization: basicAuth(m.publicKey, `${m.secretKey.slice(0, -1)}x`) });
    await m.get('/payin/open-finance/banks');

    const conn = await mongoose.createConnection(testStack().mongoUri).asPromise();
    try {
      const collections = await conn.db!.listCollections().toArray();
      let scanned = 0;
      for (const c of collections) {
        const docs = await conn.db!.collection(c.name).find({}).toArray();
        scanned += docs.length;
        const dump = JSON.stringify(docs);
        expect(dump.includes(m.secretKey)).toBe(false);
        expect(dump.includes(webhookSecret)).toBe(false);
        expect(dump.includes(m.secretKey.slice(8))).toBe(false);
      }
      expect(scanned).toBeGreaterThan(0);
    } finally {
      await conn.close();
    }
    const logs = fs.readdirSync(testStack().logsDir).map((f) => fs.readFileSync(path.join(testStack().logsDir, f), 'utf8')).join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.includes(m.secretKey)).toBe(false);
    expect(logs.includes(m.secretKey.slice(8))).toBe(false);
    expect(logs.includes(webhookSecret)).toBe(false);
    expect(logs.includes(Buffer.from(`${m.publicKey}:${m.secretKey}`).toString('base64'))).toBe(false);
  });
});

describe('one error body everywhere', () => {
  test('every error path answers {error: {code, message, details}} as JSON', async () => {
    const m = await createMerchant();
    const cases: Array<[Promise<Awaited<ReturnType<typeof http>>>, number, string]> = [
      [http('GET', '/nope'), 404, 'NOT_FOUND'],
      [http('POST', '/admin/accounts', { headers: admin.headers(), rawBody: '{"companyName":' }), 400, 'INVALID_DATA'],
      [http('POST', '/admin/accounts', { headers: admin.headers(), rawBody: JSON.stringify({ companyName: 'x'.repeat(1_100_000) }) }), 413, 'PAYLOAD_TOO_LARGE'],
      [admin.post('/admin/accounts', { companyName: 'X', document: '11222333000181', extra: 1 }), 400, 'INVALID_DATA'],
      [admin.patch(`/admin/accounts/${m.companyId}`, {}), 400, 'INVALID_DATA'],
      [whoami({}), 400, 'MISSING_CREDENTIALS'],
      [whoami({ authorization: basicAuth(m.publicKey, 'sk_live_' + 'x'.repeat(43)) }), 401, 'INVALID_CREDENTIALS'],
      [whoami({ authorization: m.basic, origin: 'https://x.example' }), 403, 'BROWSER_REQUEST_FORBIDDEN'],
      [http('GET', '/payin/open-finance/banks'), 401, 'INVALID_CREDENTIALS'],
    ];
    for (const [pending, status, code] of cases) {
      const res = await pending;
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.text).not.toMatch(/<html|\bat .*\.js:\d+/i);
      expectError(res, status, code);
    }
  });
});
