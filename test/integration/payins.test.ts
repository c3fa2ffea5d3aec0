import { admin, createMerchant, expectError, http, type Merchant } from '../support/http';
import { customer, payinBody } from '../support/payloads';
import { eventually, WebhookReceiver } from '../support/receiver';
import { testStack } from '../support/stack';
// Independent validators (not the code that generates the codes).
import { hasError, parsePix } from 'pix-utils';
import { validarBoleto } from '@mrmgomes/boleto-utils';

const getPayin = (m: Merchant, id: string) => m.get(`/payin/${id}`);
const waitStatus = (m: Merchant, id: string, status: string, timeoutMs = 20_000) =>
  eventually(() => getPayin(m, id), (r) => r.body?.status === status, timeoutMs);
const balance = async (companyId: string) => (await admin.get(`/admin/accounts/${companyId}`)).body.balance;

describe('POST /payin creation responses (spec 2.1.1)', () => {
  let m: Merchant;
  beforeAll(async () => {
    m = await createMerchant();
  });

  test('PIX: 201 with a dynamic BR Code that an independent parser accepts', async () => {
    const body = payinBody();
    const res = await m.post('/payin', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^payin_[0-9A-Z]{26}$/),
      externalId: expect.stringMatching(/^ch_/),
      referenceId: body.referenceId,
      status: 'PENDING',
      amount: 15_000,
      paymentMethod: 'PIX',
      createdAt: expect.any(String),
      pix: { qrcode: expect.stringMatching(/^000201/) },
    });
    const parsed = parsePix(res.body.pix.qrcode);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({ type: 'DYNAMIC', merchantName: expect.any(String) });
    expect((parsed as { url: string }).url).toContain('/pix/qr/');

    const full = await getPayin(m, res.body.id);
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ id: res.body.id, status: 'PENDING', pixCopyAndPaste: res.body.pix.qrcode, currency: 'BRL', customer: { document: '52998224725' }, netAmount: null });
  });

  test('BOLETO: a valid 47-digit linha digitável and a URL serving a real PDF', async () => {
    const res = await m.post('/payin', payinBody({ paymentMethod: 'BOLETO', amount: 123_456 }));
    expect(res.status).toBe(201);
    expect(res.body.boleto.barcode).toMatch(/^\d{47}$/);
    expect(validarBoleto(res.body.boleto.barcode).sucesso).toBe(true);
    expect(validarBoleto(res.body.boleto.barcode).valor).toBeCloseTo(1234.56, 2);
    const pdf = await fetch(res.body.boleto.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const wrongToken = await fetch(res.body.boleto.url.replace(/\/[^/]+\.pdf$/, '/AAAAAAAAAAAAAAAAAAAAAA.pdf'));
    expect(wrongToken.status).toBe(404);
  });

  test('OPEN_FINANCE: a redirect URL to the bank page, where authorizing approves the payin', async () => {
    const banks = await m.get('/payin/open-finance/banks');
    const { address: _omit, ...noAddress } = customer;
    const res = await m.post('/payin', payinBody({ paymentMethod: 'OPEN_FINANCE', bankId: banks.body.banks[0].id, customer: noAddress }));
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('PENDING');
    const page = await fetch(res.body.openFinanceRedirectUrl);
    expect(await page.text()).toContain('Authorize');
    await fetch(res.body.openFinanceRedirectUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'decision=authorize' });
    await waitStatus(m, res.body.id, 'APPROVED');
  });
});

describe('payin lifecycle through acquirer callbacks', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
  });
  afterAll(() => receiver.stop());

  test('PIX paid → APPROVED, balance credited with the net amount, full record and webhooks', async () => {
    const m = await createMerchant({ patch: { reservePercentBps: 1000 } });
    const url = receiver.on(`/paid-${m.companyId}`, () => 'ok');
    const created = await m.post('/payin', payinBody({ amount: 10_000, webhookUrl: url }));
    expect(created.status).toBe(201);
    const sim = await m.post(`/sandbox/payins/${created.body.id}/simulate`, { event: 'pay' });
    expect(sim.status).toBe(202);
    const approved = await waitStatus(m, created.body.id, 'APPROVED');
    // PIX fee 0.99 % of 100.00 = 0.99 → net 9 901; reserve 10 % of net = 990.
    expect(approved.body).toMatchObject({ feeAmount: 99, netAmount: 9_901, reservedAmount: 990 });
    expect(await balance(m.companyId)).toEqual({ available: 8_911, reserved: 990, pendingPayouts: 0 });

    const hooks = await receiver.waitFor(() => receiver.for(`/paid-${m.companyId}`).length >= 2);
    const mine = hooks.filter((h) => h.path === `/paid-${m.companyId}`);
    expect(mine.map((h) => h.headers['x-webhook-event'])).toEqual(['payin.pending', 'payin.approved']);
    expect(mine[1].body).toEqual({ id: created.body.id, externalId: created.body.externalId, referenceId: created.body.referenceId, status: 'APPROVED', amount: 10_000, paymentMethod: 'PIX', createdAt: created.body.createdAt });
    expect(new Set(mine.map((h) => h.headers['x-webhook-id'])).size).toBe(2);
  });

  test('a PIX not paid in its window ends EXPIRED (durable timer)', async () => {
    const m = await createMerchant({ patch: { pixExpirySeconds: 2 } });
    const created = await m.post('/payin', payinBody());
    expect(created.body.status).toBe('PENDING');
    await waitStatus(m, created.body.id, 'EXPIRED', 20_000);
    expect((await m.post(`/sandbox/payins/${created.body.id}/simulate`, { event: 'pay' })).status).toBe(202);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await getPayin(m, created.body.id)).body.status).toBe('EXPIRED');
    expect(await balance(m.companyId)).toEqual({ available: 0, reserved: 0, pendingPayouts: 0 });
  });

  test.each([
    ['refund', 'REFUNDED'],
    ['chargeback', 'CHARGEBACK'],
  ])('APPROVED then %s → %s, and the amount leaves the balance', async (event, status) => {
    const m = await createMerchant();
    const created = await m.post('/payin', payinBody({ amount: 20_000 }));
    await m.post(`/sandbox/payins/${created.body.id}/simulate`, { event: 'pay' });
    await waitStatus(m, created.body.id, 'APPROVED');
    expect((await balance(m.companyId)).available).toBe(20_000 - 198);
    expect((await m.post(`/sandbox/payins/${created.body.id}/simulate`, { event })).status).toBe(202);
    await waitStatus(m, created.body.id, status);
    expect(await balance(m.companyId)).toEqual({ available: -198, reserved: 0, pendingPayouts: 0 });
  });

  test('MED holds the amount; a released MED gives it back; a returned MED takes it', async () => {
    const m = await createMerchant();
    const a = await m.post('/payin', payinBody({ amount: 10_000 }));
    const b = await m.post('/payin', payinBody({ amount: 10_000 }));
    for (const p of [a, b]) {
      await m.post(`/sandbox/payins/${p.body.id}/simulate`, { event: 'pay' });
      await waitStatus(m, p.body.id, 'APPROVED');
    }
    expect((await balance(m.companyId)).available).toBe(2 * 9_901);
    await m.post(`/sandbox/payins/${a.body.id}/simulate`, { event: 'med', outcome: 'released' });
    await m.post(`/sandbox/payins/${b.body.id}/simulate`, { event: 'med' });
    await waitStatus(m, b.body.id, 'MED');
    await eventually(() => getPayin(m, a.body.id), (r) => r.body.status === 'APPROVED' && r.body.updatedAt !== undefined, 10_000);
    const ledger = await eventually(() => admin.get(`/admin/accounts/${m.companyId}/ledger`), (r) => r.body.data.some((e: { kind: string }) => e.kind === 'payin_med_release'));
    expect(ledger.body.data.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(['payin_med_hold', 'payin_med_release']));
    // b: held (available −10 000, reserved +10 000); a: held then released.
    expect(await balance(m.companyId)).toEqual({ available: 2 * 9_901 - 10_000, reserved: 10_000, pendingPayouts: 0 });
  });

  test('invalid transitions are refused by the acquirer sandbox (409 INVALID_STATE)', async () => {
    const m = await createMerchant();
    const created = await m.post('/payin', payinBody());
    expectError(await m.post(`/sandbox/payins/${created.body.id}/simulate`, { event: 'refund' }), 409, 'INVALID_STATE');
    expectError(await m.post(`/sandbox/payins/${created.body.id}/simulate`, { event: 'teleport' }), 400, 'INVALID_DATA');
  });

  test('callbacks without a valid acquirer signature are rejected', async () => {
    const res = await http('POST', '/acquirer/callbacks', { body: { eventId: 'x', kind: 'charge', externalId: 'ch_x', paymentId: 'payin_01JAAAAAAAAAAAAAAAAAAAAAAA', sequence: 1, status: 'APPROVED', occurredAt: new Date().toISOString() }, headers: { 'x-acquirer-signature': 't=1,v1=00' } });
    expectError(res, 401, 'INVALID_CREDENTIALS');
  });
});

describe('tenant isolation, duplicates and idempotency', () => {
  test('another account\'s payin is 404, never 403', async () => {
    const a = await createMerchant();
    const b = await createMerchant();
    const created = await a.post('/payin', payinBody());
    expectError(await b.get(`/payin/${created.body.id}`), 404, 'NOT_FOUND');
    expectError(await b.post(`/sandbox/payins/${created.body.id}/simulate`, { event: 'pay' }), 404, 'NOT_FOUND');
    expectError(await a.get('/payin/payin_01JAAAAAAAAAAAAAAAAAAAAAAA'), 404, 'NOT_FOUND');
    expectError(await a.get('/payin/not-an-id'), 404, 'NOT_FOUND');
  });

  test('a second payin with the same referenceId is 409 DUPLICATE_REFERENCE_ID with the existing id', async () => {
    const m = await createMerchant();
    const body = payinBody();
    const first = await m.post('/payin', body);
    const second = await m.post('/payin', { ...body, amount: 999, items: [{ title: 'x', quantity: 1, unitPrice: 999 }] });
    expectError(second, 409, 'DUPLICATE_REFERENCE_ID');
    expect(second.body.error.details[0]).toMatchObject({ field: 'referenceId', existingId: first.body.id });
    // Another account may use the same referenceId.
    expect((await (await createMerchant()).post('/payin', body)).status).toBe(201);
  });

  test('concurrent duplicates create exactly one payin', async () => {
    const m = await createMerchant();
    const body = payinBody();
    const results = await Promise.all(Array.from({ length: 8 }, () => m.post('/payin', body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const winner = results.find((r) => r.status === 201)!.body.id;
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.details[0].existingId).toBe(winner);
  });

  test('Idempotency-Key: a retry gets the original response; another body gets 422; concurrent retries agree', async () => {
    const m = await createMerchant();
    const body = payinBody();
    const key = `key-${Date.now()}`;
    const first = await m.post('/payin', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const retry = await m.post('/payin', body, { 'idempotency-key': key });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expectError(await m.post('/payin', { ...body, isPhysicalProduct: true }, { 'idempotency-key': key }), 422, 'IDEMPOTENCY_KEY_REUSED');

    const body2 = payinBody();
    const concurrent = await Promise.all(Array.from({ length: 6 }, () => m.post('/payin', body2, { 'idempotency-key': `${key}-c` })));
    expect(new Set(concurrent.map((r) => `${r.status}:${r.body.id}`)).size).toBe(1);
    expect(concurrent[0].status).toBe(201);
  });
});

describe('INVALID_DATA: every documented rule (spec 4.2, 2.1.2–2.1.5)', () => {
  let m: Merchant;
  beforeAll(async () => {
    m = await createMerchant();
  });
  const base = payinBody();
  const cases: Array<[string, Record<string, unknown>]> = [
    ['invalid CPF', { customer: { ...customer, document: '52998224724' } }],
    ['all-same-digit CPF', { customer: { ...customer, document: '11111111111' } }],
    ['invalid e-mail', { customer: { ...customer, email: 'maria@' } }],
    ['phone without country code', { customer: { ...customer, phone: '11987654321' } }],
    ['phone with invalid DDD', { customer: { ...customer, phone: '5520987654321' } }],
    ['CEP with 7 digits', { customer: { ...customer, address: { ...customer.address, zipCode: '0131010' } } }],
    ['state with 3 letters', { customer: { ...customer, address: { ...customer.address, state: 'SPX' } } }],
    ['unknown state', { customer: { ...customer, address: { ...customer.address, state: 'XX' } } }],
    ['missing address for PIX', { customer: { ...customer, address: undefined } }],
    ['IPv6 payerIp', { payerIp: '::1' }],
    ['no items', { items: [] }],
    ['item quantity 0', { items: [{ title: 'x', quantity: 0, unitPrice: 15_000 }] }],
    ['items total differs from amount', { items: [{ title: 'x', quantity: 2, unitPrice: 15_000 }] }],
    ['amount with decimals', { amount: 150.5, items: [{ title: 'x', quantity: 1, unitPrice: 150.5 }] }],
    ['negative amount', { amount: -100, items: [{ title: 'x', quantity: 1, unitPrice: -100 }] }],
    ['zero amount', { amount: 0, items: [{ title: 'x', quantity: 1, unitPrice: 0 }] }],
    ['amount as a string', { amount: '15000' }],
    ['unknown method', { paymentMethod: 'CASH' }],
    ['card object on PIX', { card: { installments: 1 } }],
    ['unknown field', { coupon: 'X' }],
    ['missing referenceId', { referenceId: undefined }],
    ['missing isPhysicalProduct', { isPhysicalProduct: undefined }],
    ['webhookUrl not a URL', { webhookUrl: 'not a url' }],
    ['webhookUrl ftp', { webhookUrl: 'ftp://example.com/x' }],
  ];
  test.each(cases)('%s → 400 INVALID_DATA, nothing recorded', async (_name, override) => {
    const body = JSON.parse(JSON.stringify({ ...base, referenceId: `inv-${Math.random()}`, ...override }));
    const res = await m.post('/payin', body);
    expectError(res, 400, 'INVALID_DATA');
    expect(res.body.error.details.length).toBeGreaterThan(0);
  });

  test('no partial record was written by any invalid request', async () => {
    const mongoose = await import('mongoose');
    const conn = await mongoose.createConnection(testStack().mongoUri).asPromise();
    try {
      expect(await conn.db!.collection('payins').countDocuments({ companyId: m.companyId })).toBe(0);
    } finally {
      await conn.close();
    }
  });
});

describe('acquirer callbacks arriving twice or out of order', () => {
  test('REFUNDED before APPROVED, and APPROVED twice: ends REFUNDED with each ledger movement applied once', async () => {
    const { signCallback } = await import('../../src/acquirer/callback-signature');
    const m = await createMerchant();
    const created = await m.post('/payin', payinBody({ amount: 10_000 }));
    const send = async (eventId: string, sequence: number, status: string) => {
      const body = JSON.stringify({ eventId, kind: 'charge', externalId: created.body.externalId, paymentId: created.body.id, sequence, status, reason: null, occurredAt: new Date().toISOString() });
      const res = await http('POST', '/acquirer/callbacks', { rawBody: body, headers: { 'x-acquirer-signature': signCallback(body, testStack().env.ACQUIRER_CALLBACK_SECRET) } });
      expect(res.status).toBe(200);
    };
    await send('ooo-2', 2, 'REFUNDED');
    await new Promise((r) => setTimeout(r, 500));
    expect((await getPayin(m, created.body.id)).body.status).toBe('PENDING');
    await send('ooo-1', 1, 'APPROVED');
    await send('ooo-1', 1, 'APPROVED');
    await waitStatus(m, created.body.id, 'REFUNDED');
    await send('ooo-1b', 1, 'APPROVED');
    await new Promise((r) => setTimeout(r, 500));
    const full = await getPayin(m, created.body.id);
    expect(full.body.status).toBe('REFUNDED');
    const ledger = await admin.get(`/admin/accounts/${m.companyId}/ledger`);
    expect(ledger.body.data.map((e: { kind: string }) => e.kind).sort()).toEqual(['payin_credit', 'payin_refund']);
    expect(await balance(m.companyId)).toEqual({ available: -99, reserved: 0, pendingPayouts: 0 });
  });
});
