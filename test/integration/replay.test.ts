import fs from 'node:fs';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { execFileSync } from 'node:child_process';
import { TOOLS_BIN } from '../../scripts/lib/stack';
import { admin, createMerchant } from '../support/http';
import { payinBody } from '../support/payloads';
import { eventually, WebhookReceiver } from '../support/receiver';
import { testStack } from '../support/stack';
import os from 'node:os';
import { HISTORIES_DIR, replayDirectory } from '../support/replay';

/**
 * Runs one workflow of each kind through its main path on the real server, then replays the histories
 * against the workflow code. With RECORD_HISTORIES=1 they are saved as the committed replay fixtures.
 */
test('histories from this run replay deterministically', async () => {
  const connection = await Connection.connect({ address: testStack().temporalAddress });
  const client = new Client({ connection });
  const receiver = await new WebhookReceiver().start();
  try {
    const m = await createMerchant({ payoutApproval: 'manual' });
    const url = receiver.on('/replay', () => 'ok');
    const payin = await m.post('/payin', payinBody({ amount: 50_000, webhookUrl: url }));
    await m.post(`/sandbox/payins/${payin.body.id}/simulate`, { event: 'pay' });
    await eventually(() => m.get(`/payin/${payin.body.id}`), (r) => r.body.status === 'APPROVED');
    await m.post(`/sandbox/payins/${payin.body.id}/simulate`, { event: 'refund' });
    await eventually(() => m.get(`/payin/${payin.body.id}`), (r) => r.body.status === 'REFUNDED');
    await admin.post(`/admin/accounts/${m.companyId}/balance-adjustments`, { amount: 100_000, description: 'replay funds' });
    const payout = await m.post('/payout', { amount: 10_000, pixKey: 'pix@example.com', pixKeyType: 'EMAIL', referenceId: `replay-${Date.now()}`, webhookUrl: url });
    await admin.post(`/admin/payouts/${payout.body.id}/approve`);
    await eventually(() => m.get(`/payout/${payout.body.id}`), (r) => r.body.status === 'COMPLETED');
    const auto = await createMerchant({ payoutApproval: 'automatic' });
    await admin.post(`/admin/accounts/${auto.companyId}/balance-adjustments`, { amount: 100_000, description: 'replay funds' });
    const autoPayout = await auto.post('/payout', { amount: 10_000, pixKey: 'pix@example.com', pixKeyType: 'EMAIL', referenceId: `replay-auto-${Date.now()}`, webhookUrl: url });
    await eventually(() => auto.get(`/payout/${autoPayout.body.id}`), (r) => r.body.status === 'COMPLETED');
    const events = await eventually(() => admin.get(`/admin/webhook-events?transactionId=${payin.body.id}`), (r) => r.body.data.length >= 3 && r.body.data.every((e: { status: string }) => e.status === 'delivered'));

    const ids = [payin.body.id, payout.body.id, autoPayout.body.id, events.body.data[0].id];
    // The CLI writes the standard JSON history format that replay accepts.
    const names = ['payin-pix-approved-refunded', 'payout-manual-approved-completed', 'payout-automatic-completed', 'webhook-delivery'];
    const out = process.env.RECORD_HISTORIES === '1' ? HISTORIES_DIR : fs.mkdtempSync(path.join(os.tmpdir(), 'histories-'));
    fs.mkdirSync(out, { recursive: true });
    ids.forEach((id, i) => {
      const json = execFileSync(path.join(TOOLS_BIN, 'temporal'), ['workflow', 'show', '--workflow-id', id, '--output', 'json', '--address', testStack().temporalAddress]);
      fs.writeFileSync(path.join(out, `${names[i]}.json`), json);
    });
    const results = replayDirectory(out);
    expect(results.length).toBeGreaterThanOrEqual(4);
    expect(results.filter((r) => !r.ok)).toEqual([]);
  } finally {
    await receiver.stop();
    await connection.close();
  }
});
