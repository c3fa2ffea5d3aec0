import { PagoBRClient, PagoBRError } from '../../src/client';
import { admin, createMerchant } from '../support/http';
import { payinBody } from '../support/payloads';
import { eventually } from '../support/receiver';
import { testStack } from '../support/stack';
import { validateResponse } from '../support/openapi-validator';

/** The merchants' typed client against the real stack; every response it receives is checked against the OpenAPI document. */
describe('typed TypeScript client', () => {
  let client: PagoBRClient;
  let companyId: string;
  beforeAll(async () => {
    const m = await createMerchant({ patch: { payoutLimits: { daytimeMaxCentavos: 100_000_000, nighttimeMaxCentavos: 100_000_000 } } }); // the refusal below must be for funds, whatever the time of day
    companyId = m.companyId;
    client = new PagoBRClient({
      baseUrl: testStack().apiUrl,
      publicKey: m.publicKey,
      secretKey: m.secretKey,
      onResponse: (r) => validateResponse(r.method, r.url, r.status, r.contentType, r.body),
    });
  });

  test('payin: create, pay in the sandbox, read back', async () => {
    const created = await client.createPayin({ ...payinBody({ amount: 2_000 }), paymentMethod: 'PIX' } as Parameters<PagoBRClient['createPayin']>[0]);
    expect(created.pix?.qrcode).toMatch(/^000201/);
    await client.simulatePayin(created.id, 'pay');
    const payin = await eventually(() => client.getPayin(created.id), (p) => p.status === 'APPROVED');
    expect(payin.netAmount).toBe(2_000 - 20);
    expect((await client.openFinanceBanks()).banks.length).toBeGreaterThan(0);
    expect((await client.whoami()).companyId).toBe(companyId);
  });

  test('payout: create, list, errors as typed exceptions', async () => {
    await admin.post(`/admin/accounts/${companyId}/balance-adjustments`, { amount: 10_000, description: 'client funds' });
    const payout = await client.createPayout({ amount: 1_000, pixKey: '52998224725', pixKeyType: 'CPF', referenceId: `client-${Date.now()}` });
    expect(payout.status).toBe('PENDING');
    const list = await client.listPayouts({ status: 'PENDING', limit: 5 });
    expect(list.meta.limit).toBe(5);
    await eventually(() => client.getPayout(payout.id), (p) => p.status === 'COMPLETED');
    const err = await client.createPayout({ amount: 1_000_000, pixKey: '52998224725', pixKeyType: 'CPF', referenceId: `client-big-${Date.now()}` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PagoBRError);
    expect((err as PagoBRError).code).toBe('INSUFFICIENT_FUNDS');
  });
});
