import fs from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { Client, Connection } from '@temporalio/client';
import { admin, createMerchant, expectError, http, type Merchant } from '../support/http';
import { payinBody } from '../support/payloads';
import { eventually } from '../support/receiver';
import { testStack } from '../support/stack';
import { startIsolatedServices } from '../support/services';

const year = String(new Date().getUTCFullYear() + 2);
const card = (number: string, extra: Record<string, unknown> = {}) => ({ holderName: 'MARIA DA SILVA', number, expirationMonth: '12', expirationYear: year, cvv: '123', installments: 1, ...extra });
const cardPayin = (number: string, extra: Record<string, unknown> = {}) => payinBody({ paymentMethod: 'CREDIT_CARD', amount: 25_000, card: card(number), ...extra });

describe('credit card payins (spec 2.1.3, 7.2) — the sandbox test-card table', () => {
  let m: Merchant;
  beforeAll(async () => {
    m = await createMerchant({ cardEnabled: true });
  });

  test.each(['4111111111111111', '5555555555554444'])('%s → 201 APPROVED, balance credited, card summary only', async (number) => {
    const res = await m.post('/payin', cardPayin(number));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), externalId: expect.any(String), referenceId: expect.any(String), status: 'APPROVED', amount: 25_000, paymentMethod: 'CREDIT_CARD', createdAt: expect.any(String) });
    const full = await m.get(`/payin/${res.body.id}`);
    expect(full.body.card).toEqual({ brand: number.startsWith('4') ? 'visa' : 'mastercard', last4: number.slice(-4), expirationMonth: '12', expirationYear: year });
    expect(full.body).toMatchObject({ feeAmount: 998, netAmount: 24_002 });
  });

  test('4000000000000002 → 201 REFUSED', async () => {
    const res = await m.post('/payin', cardPayin('4000000000000002'));
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('REFUSED');
  });

  test.each([
    ['4000000000009995', 'PAYER_LIMIT_REJECTED'],
    ['4000000000000127', 'INVALID_CVV'],
    ['4100000000000019', 'REJECTED_BY_RISK'],
  ])('%s → 400 %s', async (number, code) => {
    expectError(await m.post('/payin', cardPayin(number)), 400, code);
  });

  test('4000000000000119 → 502 PROVIDER_ERROR (after bounded retries)', async () => {
    expectError(await m.post('/payin', cardPayin('4000000000000119')), 502, 'PROVIDER_ERROR');
  });

  test('4000000000003220 → 201 PENDING_3DS with the four 3DS fields', async () => {
    const res = await m.post('/payin', cardPayin('4000000000003220'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'PENDING_3DS',
      threeDSecurePending: true,
      threeDSecureSession: expect.stringMatching(/^3ds_sess_/),
      threeDSecureTransactionId: expect.stringMatching(/^3ds_/),
      threeDSecureSdkUrl: `${testStack().acquirerUrl}/3ds/sdk.js`,
    });
  });

  test.each([
    ['a number failing Luhn', { card: card('4111111111111112') }],
    ['an expired card', { card: card('4111111111111111', { expirationYear: '2020' }) }],
    ['a one-digit month', { card: card('4111111111111111', { expirationMonth: '1' }) }],
    ['no CVV', { card: card('4111111111111111', { cvv: undefined }) }],
    ['0 installments', { card: card('4111111111111111', { installments: 0 }) }],
    ['13 installments', { card: card('4111111111111111', { installments: 13 }) }],
    ['a token and card data together', { card: card('4111111111111111', { token: 'tok_aaaaaaaaaaaa' }) }],
    ['an unknown token', { card: { token: 'tok_unknown_unknown', installments: 1 } }],
    ['no card object', { card: undefined }],
  ])('%s → 400 INVALID_DATA', async (_n, extra) => {
    expectError(await m.post('/payin', JSON.parse(JSON.stringify(cardPayin('4111111111111111', extra)))), 400, 'INVALID_DATA');
  });

  test('an account without card approval gets 403 CARD_NOT_ENABLED; whoami then omits credit_card', async () => {
    const noCards = await createMerchant();
    expectError(await noCards.post('/payin', cardPayin('4111111111111111')), 403, 'CARD_NOT_ENABLED');
    const who = await http('GET', '/whoami', { headers: { authorization: noCards.basic, 'x-forwarded-for': '10.9.9.9' } });
    expect(who.body.paymentMethods).not.toContain('credit_card');
    const whoCards = await http('GET', '/whoami', { headers: { authorization: m.basic, 'x-forwarded-for': '10.9.9.10' } });
    expect(whoCards.body.paymentMethods).toContain('credit_card');
    expect(whoCards.body.capabilities).toEqual({ tokenization: { enabled: true, mode: 'vault', cardOnFile: true, cvvRequired: false }, threeDS: { enabled: true, flow: 'post-order' }, antifraud: { enabled: true } });
  });
});

describe('tokens and card on file', () => {
  test('POST /cards/tokens with the public key from a browser, then charge the token again and again', async () => {
    const m = await createMerchant({ cardEnabled: true });
    const other = await createMerchant({ cardEnabled: true });
    const tok = await http('POST', '/cards/tokens', { headers: { 'x-public-key': m.publicKey, origin: 'https://shop.example' }, body: { holderName: 'MARIA', number: '5555555555554444', expirationMonth: '10', expirationYear: year, cvv: '321' } });
    expect(tok.status).toBe(201);
    expect(tok.headers.get('access-control-allow-origin')).toBe('*');
    expect(tok.body).toEqual({ token: expect.stringMatching(/^tok_/), brand: 'mastercard', last4: '4444', expirationMonth: '10', expirationYear: year });
    for (let i = 0; i < 2; i++) {
      const res = await m.post('/payin', payinBody({ paymentMethod: 'CREDIT_CARD', amount: 1_000, card: { token: tok.body.token, installments: 3 } }));
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('APPROVED');
      expect((await m.get(`/payin/${res.body.id}`)).body).toMatchObject({ installments: 3, card: { last4: '4444', brand: 'mastercard' } });
    }
    // Tokens belong to their account.
    expectError(await other.post('/payin', payinBody({ paymentMethod: 'CREDIT_CARD', amount: 1_000, card: { token: tok.body.token, installments: 1 } })), 400, 'INVALID_DATA');
    expectError(await http('POST', '/cards/tokens', { headers: { 'x-public-key': m.publicKey }, body: { holderName: 'X', number: '4111111111111112', expirationMonth: '10', expirationYear: year, cvv: '1' } }), 400, 'INVALID_DATA');
  });
});

describe('card data never stored, logged or put in workflow history', () => {
  test('no PAN or CVV in MongoDB, the logs or the Temporal history', async () => {
    const m = await createMerchant({ cardEnabled: true });
    const pan = '4000000000003220';
    const cvv = '987';
    const res = await m.post('/payin', payinBody({ paymentMethod: 'CREDIT_CARD', amount: 3_333, card: card(pan, { cvv }) }), { 'idempotency-key': 'pan-check' });
    expect(res.status).toBe(201);
    const ok = await m.post('/payin', payinBody({ paymentMethod: 'CREDIT_CARD', amount: 3_333, card: card('4111111111111111', { cvv }) }));
    expect(ok.status).toBe(201);

    const connection = await Connection.connect({ address: testStack().temporalAddress });
    try {
      const history = JSON.stringify((await new Client({ connection }).workflow.getHandle(res.body.id).fetchHistory()).events);
      expect(history.length).toBeGreaterThan(1000);
      expect(history.includes(pan)).toBe(false);
      expect(history.includes(Buffer.from(pan).toString('base64'))).toBe(false);
      expect(history.includes('4111111111111111')).toBe(false);
    } finally {
      await connection.close();
    }
    const conn = await mongoose.createConnection(testStack().mongoUri).asPromise();
    try {
      for (const c of await conn.db!.listCollections().toArray()) {
        const dump = JSON.stringify(await conn.db!.collection(c.name).find({}).toArray());
        expect({ collection: c.name, pan: dump.includes(pan), visa: dump.includes('4111111111111111'), cvv: dump.includes(`"${cvv}"`) }).toEqual({ collection: c.name, pan: false, visa: false, cvv: false });
      }
    } finally {
      await conn.close();
    }
    const logs = fs.readdirSync(testStack().logsDir).map((f) => fs.readFileSync(path.join(testStack().logsDir, f), 'utf8')).join('\n');
    expect(logs.includes(pan)).toBe(false);
    expect(logs.includes('4111111111111111')).toBe(false);
  });
});

describe('post-order 3DS timeout', () => {
  let services: Awaited<ReturnType<typeof startIsolatedServices>>;
  beforeAll(async () => {
    services = await startIsolatedServices('threeds', { THREEDS_TIMEOUT_SECONDS: '3' });
  }, 180_000);
  afterAll(() => services?.stop());

  test('an abandoned challenge ends REFUSED (THREE_DS_TIMEOUT) after the timeout, with no balance change', async () => {
    const m = await createMerchant({ cardEnabled: true, baseUrl: services.apiUrl });
    const res = await m.post('/payin', cardPayin('4000000000003220'));
    expect(res.body.status).toBe('PENDING_3DS');
    const final = await eventually(() => m.get(`/payin/${res.body.id}`), (r) => r.body.status === 'REFUSED', 30_000);
    expect(final.body.statusReason).toBe('THREE_DS_TIMEOUT');
    expect((await admin.get(`/admin/accounts/${m.companyId}`)).body.balance.available).toBe(0);
  });
});
