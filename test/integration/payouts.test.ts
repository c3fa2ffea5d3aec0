import { ulid } from 'ulid';
import { admin, createMerchant, expectError, type Merchant } from '../support/http';
import { eventually, WebhookReceiver } from '../support/receiver';

const payoutBody = (overrides: Record<string, unknown> = {}) => ({
  amount: 10_000,
  pixKey: 'pix@example.com',
  pixKeyType: 'EMAIL',
  referenceId: `wd-${ulid()}`,
  beneficiaryName: 'Fulano de Tal',
  ...overrides,
});
const balance = async (companyId: string) => (await admin.get(`/admin/accounts/${companyId}`)).body.balance;
const credit = (companyId: string, amount: number) => admin.post(`/admin/accounts/${companyId}/balance-adjustments`, { amount, description: 'test funds' });
const waitStatus = (m: Merchant, id: string, status: string, timeoutMs = 20_000) => eventually(() => m.get(`/payout/${id}`), (r) => r.body?.status === status, timeoutMs);

describe('payouts with automatic approval', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
  });
  afterAll(() => receiver.stop());

  test('PENDING at once (debited), then PROCESSING → APPROVED → COMPLETED with fee and net, every status by webhook', async () => {
    const m = await createMerchant();
    await credit(m.companyId, 50_000);
    const url = receiver.on(`/po-${m.companyId}`, () => 'ok');
    const res = await m.post('/payout', payoutBody({ amount: 10_000, webhookUrl: url }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^payout_[0-9A-Z]{26}$/),
      externalId: expect.stringMatching(/^tr_/),
      status: 'PENDING',
      amount: 10_000,
      currency: 'BRL',
      pixKey: 'pix@example.com',
      pixKeyType: 'EMAIL',
      referenceId: expect.any(String),
      beneficiaryName: 'Fulano de Tal',
      beneficiaryDocument: null,
      feeAmount: 100,
      netAmount: 9_900,
      bankReceipt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await balance(m.companyId)).available).toBe(40_000);
    const done = await waitStatus(m, res.body.id, 'COMPLETED');
    expect(done.body.bankReceipt).toMatchObject({ netAmount: 9_900 });
    const hooks = await receiver.waitFor(() => receiver.for(`/po-${m.companyId}`).length >= 4);
    const mine = hooks.filter((h) => h.path === `/po-${m.companyId}`);
    expect(mine.map((h) => h.headers['x-webhook-event'])).toEqual(['payout.pending', 'payout.processing', 'payout.approved', 'payout.completed']);
    expect(mine[3].body).toEqual({ id: res.body.id, externalId: res.body.externalId, status: 'COMPLETED', amount: 10_000, referenceId: res.body.referenceId, created_at: res.body.createdAt });
    expect((await balance(m.companyId)).available).toBe(40_000);
  });

  test.each([
    [13, 'FAILED'],
    [14, 'REFUSED'],
  ])('amount ending in %i → %s with reason, balance returned automatically', async (cents, status) => {
    const m = await createMerchant();
    await credit(m.companyId, 50_000);
    const url = receiver.on(`/po-${status}-${m.companyId}`, () => 'ok');
    const res = await m.post('/payout', payoutBody({ amount: 10_000 + cents, webhookUrl: url }));
    expect(res.status).toBe(201);
    const final = await waitStatus(m, res.body.id, status);
    expect(final.body.statusReason).toEqual(expect.any(String));
    await eventually(() => balance(m.companyId), (b) => b.available === 50_000);
    const hooks = await receiver.waitFor(() => receiver.for(`/po-${status}-${m.companyId}`).some((h) => h.body.status === status));
    const last = hooks.filter((h) => h.path === `/po-${status}-${m.companyId}`).find((h) => h.body.status === status)!;
    expect(last.body.reason).toEqual(expect.any(String));
  });

  test('amount ending in 15 → 502 TEMPORARY_UNAVAILABLE, nothing debited, referenceId reusable', async () => {
    const m = await createMerchant();
    await credit(m.companyId, 50_000);
    const body = payoutBody({ amount: 10_015 });
    expectError(await m.post('/payout', body), 502, 'TEMPORARY_UNAVAILABLE');
    expect(await balance(m.companyId)).toEqual({ available: 50_000, reserved: 0, pendingPayouts: 0 });
    expect((await m.get('/payout')).body.meta.total).toBe(0);
    expect((await m.post('/payout', { ...body, amount: 10_000 })).status).toBe(201);
  });

  test('amount ending in 16 → 502 PROVIDER_REJECTED, nothing left debited', async () => {
    const m = await createMerchant();
    await credit(m.companyId, 50_000);
    expectError(await m.post('/payout', payoutBody({ amount: 10_016 })), 502, 'PROVIDER_REJECTED');
    expect(await balance(m.companyId)).toEqual({ available: 50_000, reserved: 0, pendingPayouts: 0 });
  });

  test('a completed payout refunded by the sandbox → REFUNDED, balance returned', async () => {
    const m = await createMerchant();
    await credit(m.companyId, 50_000);
    const res = await m.post('/payout', payoutBody());
    await waitStatus(m, res.body.id, 'COMPLETED');
    expect((await m.post(`/sandbox/payouts/${res.body.id}/simulate`, { event: 'refund' })).status).toBe(202);
    await waitStatus(m, res.body.id, 'REFUNDED');
    await eventually(() => balance(m.companyId), (b) => b.available === 50_000);
  });

  test('INSUFFICIENT_FUNDS when the available balance does not cover the amount', async () => {
    const m = await createMerchant();
    await credit(m.companyId, 5_000);
    expectError(await m.post('/payout', payoutBody({ amount: 5_001 })), 400, 'INSUFFICIENT_FUNDS');
    expect((await m.post('/payout', payoutBody({ amount: 5_000 }))).status).toBe(201);
  });

  test('BEYOND_LIMITS above the account limit of the time of day', async () => {
    const m = await createMerchant({ patch: { payoutLimits: { daytimeMaxCentavos: 1_000, nighttimeMaxCentavos: 1_000 } } });
    await credit(m.companyId, 50_000);
    expectError(await m.post('/payout', payoutBody({ amount: 1_001 })), 400, 'BEYOND_LIMITS');
    expect((await m.post('/payout', payoutBody({ amount: 1_000 }))).status).toBe(201);
  });
});

describe('PIX key validation', () => {
  let m: Merchant;
  beforeAll(async () => {
    m = await createMerchant();
    await credit(m.companyId, 1_000_000);
  });
  test.each([
    ['CPF', '52998224725'],
    ['CNPJ', '11222333000181'],
    ['CNPJ', '12ABC34501DE35'],
    ['EMAIL', 'pix@bcb.gov.br'],
    ['PHONE', '+5511987654321'],
    ['EVP', '123e4567-e89b-12d3-a456-426655440000'],
  ])('valid %s key %s is accepted', async (pixKeyType, pixKey) => {
    expect((await m.post('/payout', payoutBody({ pixKeyType, pixKey, amount: 100 }))).status).toBe(201);
  });
  test.each([
    ['CPF', '52998224724'],
    ['CPF', '11111111111'],
    ['CNPJ', '11222333000180'],
    ['EMAIL', 'not-an-email'],
    ['EMAIL', 'Upper@Example.com'],
    ['PHONE', '11987654321'],
    ['PHONE', '+551187654321'],
    ['EVP', '123E4567-E89B-12D3-A456-426655440000'],
    ['EVP', 'not-a-uuid'],
  ])('malformed %s key %s → 400 INVALID_PIX_KEY', async (pixKeyType, pixKey) => {
    expectError(await m.post('/payout', payoutBody({ pixKeyType, pixKey, amount: 100 })), 400, 'INVALID_PIX_KEY');
  });
  test('a key unknown to the directory → 400 INVALID_PIX_KEY, nothing debited', async () => {
    const before = await balance(m.companyId);
    expectError(await m.post('/payout', payoutBody({ pixKey: 'ghost@notfound.test', amount: 100 })), 400, 'INVALID_PIX_KEY');
    expect(await balance(m.companyId)).toEqual(before);
  });
  test.each([
    ['amount with decimals', { amount: 10.5 }],
    ['negative amount', { amount: -1 }],
    ['unknown key type', { pixKeyType: 'IBAN' }],
    ['invalid beneficiaryDocument', { beneficiaryDocument: '123' }],
    ['missing referenceId', { referenceId: undefined }],
  ])('%s → 400 INVALID_DATA', async (_n, override) => {
    expectError(await m.post('/payout', JSON.parse(JSON.stringify(payoutBody(override)))), 400, 'INVALID_DATA');
  });
});

describe('manual approval', () => {
  test('AWAITING_APPROVAL holds the amount; approve → COMPLETED; the audit log names the approver', async () => {
    const m = await createMerchant({ payoutApproval: 'manual' });
    await credit(m.companyId, 30_000);
    const res = await m.post('/payout', payoutBody({ amount: 20_000 }));
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('AWAITING_APPROVAL');
    expect(await balance(m.companyId)).toEqual({ available: 10_000, reserved: 0, pendingPayouts: 20_000 });
    // The held money cannot be spent twice.
    expectError(await m.post('/payout', payoutBody({ amount: 10_001 })), 400, 'INSUFFICIENT_FUNDS');
    const waiting = await admin.get(`/admin/payouts?status=AWAITING_APPROVAL&companyId=${m.companyId}`);
    expect(waiting.body.data.map((p: { id: string }) => p.id)).toEqual([res.body.id]);
    expect((await admin.post(`/admin/payouts/${res.body.id}/approve`)).status).toBe(202);
    await waitStatus(m, res.body.id, 'COMPLETED');
    expect(await balance(m.companyId)).toEqual({ available: 10_000, reserved: 0, pendingPayouts: 0 });
    expectError(await admin.post(`/admin/payouts/${res.body.id}/approve`), 409, 'INVALID_STATE');
    const audit = await admin.get(`/admin/audit-log?targetId=${res.body.id}`);
    expect(audit.body.data[0]).toMatchObject({ actor: 'admin:jest', action: 'payout.approve' });
  });

  test('reject → CANCELED with the reason, hold released', async () => {
    const m = await createMerchant({ payoutApproval: 'manual' });
    await credit(m.companyId, 30_000);
    const res = await m.post('/payout', payoutBody({ amount: 20_000 }));
    expect((await admin.post(`/admin/payouts/${res.body.id}/reject`, { reason: 'Beneficiary not verified' })).status).toBe(202);
    const final = await waitStatus(m, res.body.id, 'CANCELED');
    expect(final.body.statusReason).toBe('Beneficiary not verified');
    expect(await balance(m.companyId)).toEqual({ available: 30_000, reserved: 0, pendingPayouts: 0 });
  });

  test('no decision within the approval timeout → CANCELED (APPROVAL_TIMEOUT), hold released', async () => {
    const m = await createMerchant({ payoutApproval: 'manual', patch: { payoutApprovalTimeoutSeconds: 2 } });
    await credit(m.companyId, 30_000);
    const res = await m.post('/payout', payoutBody({ amount: 20_000 }));
    const final = await waitStatus(m, res.body.id, 'CANCELED');
    expect(final.body.statusReason).toBe('APPROVAL_TIMEOUT');
    expect(await balance(m.companyId)).toEqual({ available: 30_000, reserved: 0, pendingPayouts: 0 });
  });
});

describe('GET /payout (spec 4.6)', () => {
  test('filters, pagination, newest first, no bankReceipt, only the caller\'s payouts', async () => {
    const m = await createMerchant();
    const other = await createMerchant();
    await credit(m.companyId, 1_000_000);
    await credit(other.companyId, 1_000_000);
    await other.post('/payout', payoutBody({ amount: 100 }));
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await m.post('/payout', payoutBody({ amount: 100 + i, referenceId: `list-${i}-${ulid()}` }))).body.id);
    const failing = (await m.post('/payout', payoutBody({ amount: 213 }))).body.id;
    await waitStatus(m, failing, 'FAILED');

    const page1 = await m.get('/payout');
    expect(page1.body.meta).toEqual({ total: 13, page: 1, limit: 10, totalPages: 2 });
    expect(page1.body.data).toHaveLength(10);
    expect(page1.body.data[0].id).toBe(failing);
    expect(page1.body.data.every((p: object) => !('bankReceipt' in p))).toBe(true);
    const page2 = await m.get('/payout?page=2');
    expect(page2.body.data.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1], ids[0]]);

    expect((await m.get('/payout?status=FAILED')).body.data.map((p: { id: string }) => p.id)).toEqual([failing]);
    const byRef = await m.get(`/payout?referenceId=${page2.body.data[0].referenceId}`);
    expect(byRef.body.meta.total).toBe(1);
    expect((await m.get('/payout?limit=100')).body.meta.limit).toBe(100);
    expectError(await m.get('/payout?limit=101'), 400, 'INVALID_DATA');
    expectError(await m.get('/payout?status=DONE'), 400, 'INVALID_DATA');
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await m.get(`/payout?startDate=${encodeURIComponent(future)}`)).body.meta.total).toBe(0);
    expect((await m.get(`/payout?endDate=${encodeURIComponent(future)}`)).body.meta.total).toBe(13);
    expectError(await other.get(`/payout/${ids[0]}`), 404, 'NOT_FOUND');
  });

  test('duplicate referenceId → 409; Idempotency-Key replays the original response', async () => {
    const m = await createMerchant();
    await credit(m.companyId, 100_000);
    const body = payoutBody();
    const first = await m.post('/payout', body, { 'idempotency-key': 'po-key-1' });
    const replay = await m.post('/payout', body, { 'idempotency-key': 'po-key-1' });
    expect(replay.body).toEqual(first.body);
    expectError(await m.post('/payout', body), 409, 'DUPLICATE_REFERENCE_ID');
    expect((await balance(m.companyId)).available).toBe(90_000);
  });
});

describe('no overdraft under concurrency', () => {
  test('50 simultaneous payouts against a balance that covers 10: exactly 10 succeed; ledger sums to the balance', async () => {
    const m = await createMerchant();
    await credit(m.companyId, 10 * 1_000);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => m.post('/payout', payoutBody({ amount: 1_000, referenceId: `race-${i}-${ulid()}` }))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 400 && r.body.error.code === 'INSUFFICIENT_FUNDS')).toHaveLength(40);
    const b = await balance(m.companyId);
    expect(b.available).toBe(0);
    const ledger = await admin.get(`/admin/accounts/${m.companyId}/ledger?limit=200`);
    const sum = ledger.body.data.reduce((s: number, e: { delta: { available: number } }) => s + e.delta.available, 0);
    expect(sum).toBe(b.available);
    const seqs = ledger.body.data.map((e: { seq: number }) => e.seq).sort((a: number, c: number) => a - c);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  });
});
