import Stripe from 'stripe';
import { admin, createMerchant, type Merchant } from '../support/http';
import { payinBody } from '../support/payloads';
import { eventually, WebhookReceiver } from '../support/receiver';
import { verifyWebhookSignature } from '../../src/webhooks';

const stripe = new Stripe('sk_test_unused');
const events = (companyId: string, status?: string) => admin.get(`/admin/webhook-events?companyId=${companyId}${status ? `&status=${status}` : ''}`);

describe('webhook delivery (spec 6)', () => {
  let receiver: WebhookReceiver;
  let m: Merchant;
  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    m = await createMerchant();
  });
  afterAll(() => receiver.stop());

  test('signed events: headers, exact body, signatures verified by the stripe library and by our helper; rotation carries both', async () => {
    const signed = await createMerchant();
    const secret1 = (await admin.post(`/admin/accounts/${signed.companyId}/webhook-secret`)).body.secret as string;
    const url = receiver.on(`/signed-${signed.companyId}`, () => 'ok');
    const p = await signed.post('/payin', payinBody({ webhookUrl: url }));
    const [hook] = await receiver.waitFor(() => receiver.for(`/signed-${signed.companyId}`).length >= 1).then(() => receiver.for(`/signed-${signed.companyId}`));
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['x-webhook-event']).toBe('payin.pending');
    expect(hook.headers['x-webhook-id']).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(hook.body).toEqual({ id: p.body.id, externalId: p.body.externalId, referenceId: p.body.referenceId, status: 'PENDING', amount: p.body.amount, paymentMethod: 'PIX', createdAt: p.body.createdAt });
    const sig = hook.headers['x-webhook-signature'] as string;
    expect(sig).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripe.webhooks.signature!.verifyHeader(hook.rawBody, sig, secret1, 300)).toBe(true);
    expect(verifyWebhookSignature(hook.rawBody, sig, secret1).valid).toBe(true);

    const secret2 = (await admin.post(`/admin/accounts/${signed.companyId}/webhook-secret`)).body.secret as string;
    await signed.post(`/sandbox/payins/${p.body.id}/simulate`, { event: 'pay' });
    await receiver.waitFor(() => receiver.for(`/signed-${signed.companyId}`).length >= 2);
    const approved = receiver.for(`/signed-${signed.companyId}`)[1];
    expect(approved.headers['x-webhook-event']).toBe('payin.approved');
    const sig2 = approved.headers['x-webhook-signature'] as string;
    expect(sig2.match(/v1=/g)).toHaveLength(2);
    expect(stripe.webhooks.signature!.verifyHeader(approved.rawBody, sig2, secret2, 300)).toBe(true);
    expect(stripe.webhooks.signature!.verifyHeader(approved.rawBody, sig2, secret1, 300)).toBe(true);
    expect(verifyWebhookSignature(approved.rawBody, sig2, secret2).valid).toBe(true);

    await admin.delete(`/admin/accounts/${signed.companyId}/webhook-secret`);
    await signed.post(`/sandbox/payins/${p.body.id}/simulate`, { event: 'refund' });
    await receiver.waitFor(() => receiver.for(`/signed-${signed.companyId}`).length >= 3);
    expect(receiver.for(`/signed-${signed.companyId}`)[2].headers['x-webhook-signature']).toBeUndefined();
  });

  test('a receiver that fails twice then succeeds gets exactly 3 attempts, 1 s then 2 s apart', async () => {
    const url = receiver.on('/flaky', (n) => (n <= 2 ? 'fail' : 'ok'));
    const p = await m.post('/payin', payinBody({ webhookUrl: url }));
    await receiver.waitFor(() => receiver.for('/flaky').length >= 3);
    await new Promise((r) => setTimeout(r, 1500));
    const got = receiver.for('/flaky');
    expect(got).toHaveLength(3);
    expect(new Set(got.map((h) => h.headers['x-webhook-id'])).size).toBe(1);
    expect(got.map((h) => h.headers['x-webhook-attempt'])).toEqual(['1', '2', '3']);
    const gap1 = got[1].at - got[0].at;
    const gap2 = got[2].at - got[1].at;
    expect(gap1).toBeGreaterThanOrEqual(950);
    expect(gap2).toBeGreaterThanOrEqual(1950);
    const listed = await eventually(() => events(m.companyId), (r) => r.body.data.some((e: { transactionId: string; status: string }) => e.transactionId === p.body.id && e.status === 'delivered'));
    const event = listed.body.data.find((e: { transactionId: string }) => e.transactionId === p.body.id);
    expect(event.attempts.map((a: { httpStatus: number; outcome: string }) => [a.httpStatus, a.outcome])).toEqual([
      [500, 'failure'],
      [500, 'failure'],
      [200, 'success'],
    ]);
  });

  test('a receiver that always fails: 3 attempts, recorded undelivered; resend delivers it with the same X-Webhook-Id', async () => {
    let healthy = false;
    const url = receiver.on('/down', () => (healthy ? 'ok' : 503));
    const p = await m.post('/payin', payinBody({ webhookUrl: url }));
    const listed = await eventually(() => events(m.companyId, 'undelivered'), (r) => r.body.data.some((e: { transactionId: string }) => e.transactionId === p.body.id), 20_000);
    const event = listed.body.data.find((e: { transactionId: string }) => e.transactionId === p.body.id);
    expect(event).toMatchObject({ type: 'payin.pending', status: 'undelivered', transactionId: p.body.id });
    expect(event.attempts).toHaveLength(3);
    expect(receiver.for('/down')).toHaveLength(3);

    healthy = true;
    const resent = await admin.post(`/admin/webhook-events/${event.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: event.id, delivered: true, attempt: 4 });
    const all = receiver.for('/down');
    expect(all).toHaveLength(4);
    expect(all[3].headers['x-webhook-id']).toBe(event.id);
    expect(all[3].rawBody).toBe(all[0].rawBody);
    expect((await events(m.companyId, 'delivered')).body.data.some((e: { id: string }) => e.id === event.id)).toBe(true);
  });

  test('a receiver that hangs is cut at 5 s and retried', async () => {
    const url = receiver.on('/hang', (n) => (n === 1 ? 'hang' : 'ok'));
    const p = await m.post('/payin', payinBody({ webhookUrl: url }));
    const listed = await eventually(() => events(m.companyId, 'delivered'), (r) => r.body.data.some((e: { transactionId: string }) => e.transactionId === p.body.id), 30_000);
    const event = listed.body.data.find((e: { transactionId: string }) => e.transactionId === p.body.id);
    expect(event.attempts[0]).toMatchObject({ outcome: 'failure', httpStatus: null, error: expect.stringMatching(/timed out/) });
    expect(event.attempts[0].durationMs).toBeGreaterThanOrEqual(4_900);
    expect(event.attempts[1]).toMatchObject({ outcome: 'success', httpStatus: 200 });
  });

  test('no webhookUrl, no events; unknown event ids are 404 on resend', async () => {
    const p = await m.post('/payin', payinBody());
    await new Promise((r) => setTimeout(r, 500));
    expect((await admin.get(`/admin/webhook-events?transactionId=${p.body.id}`)).body.data).toEqual([]);
    expect((await admin.post('/admin/webhook-events/evt_nope/resend')).status).toBe(404);
  });
});
