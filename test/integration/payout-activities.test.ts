import mongoose, { type Connection } from 'mongoose';
import { ulid } from 'ulid';
import { createPayoutActivities } from '../../activities/payouts';
import { HttpAcquirer } from '../../src/acquirer/http-client';
import { ensureIndexes, getModels, type Models } from '../../src/persistence/models';
import { Ledger } from '../../src/persistence/ledger';
import type { PayoutWorkflowInput } from '../../workflows/payout-definitions';
import { testStack } from '../support/stack';

/**
 * Payout activities against the real MongoDB wire server and the sandbox acquirer process. Creation runs as
 * local activities, which a worker crash re-executes even when later steps had already changed the record.
 */
describe('payout activities re-executed after a crash', () => {
  let conn: Connection;
  let models: Models;
  let activities: ReturnType<typeof createPayoutActivities>;
  beforeAll(async () => {
    conn = await mongoose.createConnection(testStack().mongoUri).asPromise();
    models = getModels(conn);
    await ensureIndexes(models);
    activities = createPayoutActivities({ models, ledger: new Ledger(models), acquirer: new HttpAcquirer(testStack().acquirerUrl, 4000) });
  });
  afterAll(async () => {
    await conn.close();
  });

  const input = (): PayoutWorkflowInput => ({
    payoutId: `payout_${ulid()}`,
    companyId: `co_${ulid()}`,
    referenceId: `re-exec-${ulid()}`,
    amount: 10_000,
    feeAmount: 150,
    pixKey: 'pix@example.com',
    pixKeyType: 'EMAIL',
    beneficiaryName: null,
    beneficiaryDocument: null,
    webhookUrl: null,
    approval: 'automatic',
    approvalTimeoutSeconds: 60,
    merchantName: 'Loja',
    webhook: { retryDelaysMs: [1000] },
    createdAt: new Date().toISOString(),
  });

  test('createTransfer sends the same request after the PENDING transition changed the record: same transfer', async () => {
    const p = input();
    expect(await activities.recordPayout(p)).toEqual({ created: true });
    const first = await activities.createTransfer({ payoutId: p.payoutId, netAmount: p.amount - p.feeAmount });
    await activities.applyPayoutTransition({ payoutId: p.payoutId, version: 1, status: 'PENDING', reason: null, fields: { externalId: first.externalId, feeAmount: p.feeAmount, netAmount: p.amount - p.feeAmount } });
    // the crash: the workflow task that held these results is lost, and the steps run again
    expect(await activities.recordPayout(p)).toEqual({ created: true });
    const again = await activities.createTransfer({ payoutId: p.payoutId, netAmount: p.amount - p.feeAmount });
    expect(again.externalId).toBe(first.externalId);
    const record = await activities.applyPayoutTransition({ payoutId: p.payoutId, version: 1, status: 'PENDING', reason: null, fields: { externalId: again.externalId } });
    expect(record).toMatchObject({ status: 'PENDING', externalId: first.externalId, feeAmount: 150, netAmount: 9_850 });
    const doc = await models.Payout.findById(p.payoutId).lean();
    expect(doc?.statusHistory).toHaveLength(1);
  });

  test('a transition replayed after a later one is a no-op and never regresses the status', async () => {
    const p = input();
    await activities.recordPayout(p);
    await activities.applyPayoutTransition({ payoutId: p.payoutId, version: 1, status: 'PENDING', reason: null, fields: {} });
    await activities.applyPayoutTransition({ payoutId: p.payoutId, version: 2, status: 'PROCESSING', reason: null, fields: {} });
    const replayed = await activities.applyPayoutTransition({ payoutId: p.payoutId, version: 1, status: 'PENDING', reason: null, fields: {} });
    expect(replayed.status).toBe('PROCESSING');
    expect((await models.Payout.findById(p.payoutId).lean())?.statusHistory.map((h) => h.status)).toEqual(['PENDING', 'PROCESSING']);
  });
});
