import { ulid } from 'ulid';
import { admin, createMerchant } from '../support/http';
import { eventually, WebhookReceiver } from '../support/receiver';
import { payinBody } from '../support/payloads';
import { startIsolatedServices } from '../support/services';

const FINAL = ['COMPLETED', 'FAILED', 'REFUSED', 'CANCELED', 'REFUNDED'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('worker crashes (kill -9) during payouts and webhook retries', () => {
  let services: Awaited<ReturnType<typeof startIsolatedServices>>;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    // A wider wait between webhook attempts, so the kill lands inside it.
    services = await startIsolatedServices('crash', { WEBHOOK_RETRY_DELAYS_MS: '3000,3000' });
    receiver = await new WebhookReceiver().start();
  }, 180_000);
  afterAll(async () => {
    await services?.stop();
    await receiver?.stop();
  });

  test('a mix of payins, 20 payouts and webhooks with the worker killed at random points: all final, ledger consistent, nothing applied twice', async () => {
    const m = await createMerchant({ baseUrl: services.apiUrl });
    await admin.post(`/admin/accounts/${m.companyId}/balance-adjustments`, { amount: 1_000_000, description: 'crash funds' });
    const amounts = Array.from({ length: 20 }, (_, i) => 1_000 + (i % 5 === 0 ? 13 : i % 7 === 0 ? 14 : 0) + i * 100);
    const hook = receiver.on('/crash-mix', () => 'ok');
    const payins: string[] = [];
    for (let i = 0; i < 6; i++) {
      const p = await m.post('/payin', { ...payinBody({ amount: 10_000 }), webhookUrl: hook });
      expect(p.status).toBe(201);
      payins.push(p.body.id);
    }
    // Payments arrive (acquirer callbacks → signals) while the worker is being killed below.
    const paying = (async () => {
      for (const id of payins) {
        await sleep(150);
        await m.post(`/sandbox/payins/${id}/simulate`, { event: 'pay' });
      }
    })();

    const creating = Promise.all(
      amounts.map(async (amount, i) => {
        await sleep(i * 60);
        // A client retries the same request with its Idempotency-Key when the request dies with the worker.
        const body = { amount, pixKey: 'pix@example.com', pixKeyType: 'EMAIL', referenceId: `crash-${i}-${ulid()}`.slice(0, 40) };
        for (let attempt = 0; ; attempt++) {
          const res = await m.post('/payout', body, { 'idempotency-key': `crash-${m.companyId}-${i}` }).catch(() => null);
          if (res && res.status === 201) return res.body.id as string;
          if (attempt > 40) throw new Error(`payout ${i} never created: ${res?.status} ${res?.text}`);
          await sleep(500);
        }
      }),
    );
    let kills = 0;
    for (let k = 0; k < 3; k++) {
      await sleep(200 + Math.floor(Math.random() * 600));
      await services.worker.kill9();
      kills++;
      await sleep(300);
      await services.restartWorker();
    }
    const ids = await creating;
    await paying;
    expect(kills).toBe(3);
    expect(new Set(ids).size).toBe(20);

    const final = await eventually(
      () => Promise.all(ids.map((id) => m.get(`/payout/${id}`))),
      (rs) => rs.every((r) => FINAL.includes(r.body.status)),
      90_000,
      500,
    );
    const byStatus = final.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.body.status]: (acc[r.body.status] ?? 0) + 1 }), {});
    expect(byStatus.COMPLETED).toBe(amounts.filter((a) => a % 100 !== 13 && a % 100 !== 14).length);

    for (const id of payins) await eventually(() => m.get(`/payin/${id}`), (r) => r.body.status === 'APPROVED', 90_000, 500);
    const ledger = await admin.get(`/admin/accounts/${m.companyId}/ledger?limit=200`);
    const entries = ledger.body.data as Array<{ kind: string; delta: { available: number }; ref: { id: string } | null; balance: { available: number } }>;
    const sum = entries.reduce((s, e) => s + e.delta.available, 0);
    const balance = (await admin.get(`/admin/accounts/${m.companyId}`)).body.balance.available;
    expect(sum).toBe(balance);
    const expected = 1_000_000 - final.filter((r) => r.body.status === 'COMPLETED').reduce((s, r) => s + r.body.amount, 0) + payins.length * (10_000 - 99);
    expect(balance).toBe(expected);
    for (const id of payins) expect(entries.filter((e) => e.ref?.id === id).map((e) => e.kind)).toEqual(['payin_credit']);
    // Webhooks of the payins: pending and approved each delivered, attempt numbers never repeated.
    for (const id of payins) {
      const ev = await eventually(() => admin.get(`/admin/webhook-events?transactionId=${id}`), (r) => r.body.data.length === 2 && r.body.data.every((e: { status: string }) => e.status === 'delivered'), 60_000, 500);
      for (const e of ev.body.data as Array<{ attempts: Array<{ attempt: number }> }>) {
        const nums = e.attempts.map((a) => a.attempt);
        expect(nums).toEqual(Array.from({ length: nums.length }, (_, i) => i + 1));
      }
    }
    for (const id of ids) {
      const kinds = entries.filter((e) => e.ref?.id === id).map((e) => e.kind).sort();
      const status = final.find((r) => r.body.id === id)!.body.status;
      expect({ id, kinds }).toEqual({ id, kinds: status === 'COMPLETED' ? ['payout_debit'] : ['payout_debit', 'payout_reversal'] });
    }
  }, 240_000);

  test('killing the worker between webhook attempts still produces the remaining attempts, numbered once each', async () => {
    const m = await createMerchant({ baseUrl: services.apiUrl });
    await admin.post(`/admin/accounts/${m.companyId}/balance-adjustments`, { amount: 10_000, description: 'crash funds' });
    const url = receiver.on('/crash-hook', (n) => (n <= 2 ? 'fail' : 'ok'));
    const res = await m.post('/payout', { amount: 1_000, pixKey: 'pix@example.com', pixKeyType: 'EMAIL', referenceId: `crash-hook-${ulid()}`, webhookUrl: url });
    expect(res.status).toBe(201);
    // Kill during the durable 3 s wait, once attempt 1 is on record as failed.
    await eventually(
      () => admin.get(`/admin/webhook-events?transactionId=${res.body.id}`),
      (r) => r.body.data.some((e: { type: string; attempts: Array<{ outcome: string }> }) => e.type === 'payout.pending' && e.attempts[0]?.outcome === 'failure'),
      20_000,
      50,
    );
    await sleep(300); // let the worker report the finished attempt to the server
    await services.worker.kill9();
    await sleep(1000);
    await services.restartWorker();
    const events = await eventually(
      () => admin.get(`/admin/webhook-events?transactionId=${res.body.id}`),
      (r) => r.body.data.length >= 4 && r.body.data.every((e: { status: string }) => e.status === 'delivered'),
      60_000,
      500,
    );
    const pending = events.body.data.find((e: { type: string }) => e.type === 'payout.pending');
    expect(pending.attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2, 3]);
    expect(pending.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['failure', 'failure', 'success']);
    const firstEventHits = receiver.for('/crash-hook').filter((h) => h.headers['x-webhook-id'] === pending.id);
    expect(firstEventHits.map((h) => h.headers['x-webhook-attempt'])).toEqual(['1', '2', '3']);
  }, 120_000);
});
