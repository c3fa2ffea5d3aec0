import mongoose from 'mongoose';
import { createMerchant, http, type Merchant } from '../support/http';
import { customer, payinBody } from '../support/payloads';
import { testStack } from '../support/stack';

/** A corpus of malformed bodies: always a 4xx with the one error body, never a 5xx, never a partial record. */
describe('bad input corpus', () => {
  let m: Merchant;
  beforeAll(async () => {
    m = await createMerchant();
  });
  const valid = payinBody();
  const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  const raw: Array<[string, string]> = [
    ['empty body', ''],
    ['not JSON', 'hello'],
    ['a JSON array', '[]'],
    ['a JSON string', '"x"'],
    ['null', 'null'],
    ['truncated', '{"paymentMethod":"PIX",'],
    ['deeply nested JSON (5 000 levels)', deep(5000)],
    ['duplicate keys, last one invalid', JSON.stringify(valid).replace('"amount":15000', '"amount":15000,"amount":-1')],
    ['huge number', JSON.stringify(valid).replace('"amount":15000', '"amount":1e308')],
    ['number beyond 2^53', JSON.stringify(valid).replace('"amount":15000', '"amount":9007199254740993')],
    ['NaN literal', JSON.stringify(valid).replace('"amount":15000', '"amount":NaN')],
    ['1 MB string', JSON.stringify({ ...valid, referenceId: 'x'.repeat(1024 * 1024) })],
    ['900 KB string in a name', JSON.stringify({ ...valid, customer: { ...customer, name: 'x'.repeat(900 * 1024) } })],
  ];
  const objects: Array<[string, unknown]> = [
    ['amount as a string', { ...valid, amount: '15000' }],
    ['amount as an object', { ...valid, amount: { $gt: 0 } }],
    ['negative amount', { ...valid, amount: -15000, items: [{ title: 'x', quantity: 1, unitPrice: -15000 }] }],
    ['fullwidth digits in the CPF', { ...valid, customer: { ...customer, document: '５２９９８２２４７２５' } }],
    ['RTL and emoji in the CPF', { ...valid, customer: { ...customer, document: '\u202e52998224725😀' } }],
    ['control characters in a name', { ...valid, customer: { ...customer, name: 'Maria\u0000Silva' } }],
    ['items as an object', { ...valid, items: { title: 'x' } }],
    ['10 000 items', { ...valid, items: Array.from({ length: 10_000 }, () => ({ title: 'x', quantity: 1, unitPrice: 1 })) }],
    ['mongo operator as referenceId', { ...valid, referenceId: { $ne: null } }],
    ['prototype pollution', JSON.parse(`{"__proto__":{"admin":true},${JSON.stringify(valid).slice(1)}`)],
    ['boolean as payerIp', { ...valid, payerIp: true }],
  ];

  test.each(raw)('%s → 4xx with the error body', async (_name, body) => {
    const res = await http('POST', '/payin', { headers: { authorization: m.basic }, rawBody: body });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toEqual({ error: { code: expect.any(String), message: expect.any(String), details: expect.any(Array) } });
  });

  test.each(objects)('%s → 400 INVALID_DATA', async (_name, body) => {
    const res = await m.post('/payin', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_DATA');
  });

  test('the same corpus on POST /payout and the admin API never answers 5xx', async () => {
    for (const [, body] of raw) {
      for (const [path, auth] of [['/payout', m.basic], ['/admin/accounts', `Bearer ${testStack().adminToken}`]] as const) {
        const res = await http('POST', path, { headers: { authorization: auth }, rawBody: body });
        expect({ path, status: res.status < 500 }).toEqual({ path, status: true });
      }
    }
  });

  test('nothing was recorded for this account', async () => {
    const conn = await mongoose.createConnection(testStack().mongoUri).asPromise();
    try {
      expect(await conn.db!.collection('payins').countDocuments({ companyId: m.companyId })).toBe(0);
      expect(await conn.db!.collection('payouts').countDocuments({ companyId: m.companyId })).toBe(0);
    } finally {
      await conn.close();
    }
  });
});
