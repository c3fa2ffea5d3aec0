/**
 * `npm run bench`: starts its own stack, measures, and writes bench/results/<time>.{json,md} (and latest.md).
 * Not part of `npm test`: figures come from here, never from timed assertions.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import mongoose from 'mongoose';
import { Client, Connection, WithStartWorkflowOperation } from '@temporalio/client';
import { ulid } from 'ulid';
import { generateSecrets, startServiceStack, type RunningStack } from '../scripts/lib/service-stack';
import { ROOT } from '../scripts/lib/stack';
import { noopUpdate } from '../workflows/bench-noop';

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10;
};
const rss = (pid?: number) => {
  if (!pid) return null;
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
};

async function load(concurrency: number, total: number, fn: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        try {
          await fn(i);
          latencies.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { concurrency, requests: total, errors, throughputPerSec: Math.round((latencies.length / seconds) * 10) / 10, p50ms: pct(latencies, 50), p95ms: pct(latencies, 95), p99ms: pct(latencies, 99) };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagobr-bench-'));
  const receiverTimes = new Map<string, number>();
  let attempts = 0;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      attempts++;
      const body = JSON.parse(Buffer.concat(chunks).toString());
      receiverTimes.set(`${body.id}:${body.status}`, Date.now());
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  console.log('==> starting the stack');
  const stack: RunningStack = await startServiceStack({
    dataDir,
    logsDir: path.join(dataDir, 'logs'),
    secrets: generateSecrets(),
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '10000000', RATE_LIMIT_STORE: 'memory' },
  });
  const report: Record<string, unknown> = { startedAt: new Date().toISOString(), machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version }, phases: {} };
  const phases = report.phases as Record<string, unknown>;
  const memory: Record<string, { apiMiB: number | null; workerMiB: number | null }> = {};
  const snap = (phase: string) => (memory[phase] = { apiMiB: rss(stack.processes.api?.child.pid), workerMiB: rss(stack.processes.worker?.child.pid) });

  try {
    const admin = { authorization: `Bearer ${stack.adminToken}`, 'content-type': 'application/json' };
    const acc = await (await fetch(`${stack.apiUrl}/admin/accounts`, { method: 'POST', headers: admin, body: JSON.stringify({ companyName: 'Bench LTDA', document: '11222333000181', kycStatus: 'approved' }) })).json();
    await fetch(`${stack.apiUrl}/admin/accounts/${acc.companyId}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ payoutLimits: { daytimeMaxCentavos: 10 ** 11, nighttimeMaxCentavos: 10 ** 11 } }) });
    await fetch(`${stack.apiUrl}/admin/accounts/${acc.companyId}/balance-adjustments`, { method: 'POST', headers: admin, body: JSON.stringify({ amount: 10 ** 10, description: 'bench funds' }) });
    const key = await (await fetch(`${stack.apiUrl}/admin/accounts/${acc.companyId}/api-keys`, { method: 'POST', headers: admin })).json();
    const auth = { authorization: `Basic ${Buffer.from(`${key.publicKey}:${key.secretKey}`).toString('base64')}`, 'content-type': 'application/json' };
    const payin = (webhookUrl?: string) => ({
      paymentMethod: 'PIX', amount: 1000, referenceId: `b-${ulid()}`, isPhysicalProduct: false, payerIp: '200.1.2.3',
      customer: { name: 'Maria', document: '52998224725', email: 'm@example.com', phone: '5511987654321', address: { street: 'R', number: '1', zipCode: '01310100', city: 'SP', state: 'SP' } },
      items: [{ title: 'x', quantity: 1, unitPrice: 1000 }], ...(webhookUrl ? { webhookUrl } : {}),
    });

    const levels = (process.env.BENCH_CONCURRENCY ?? '1,8,32,64').split(',').map(Number);
    const perLevel = Number(process.env.BENCH_REQUESTS ?? 200);
    console.log('==> POST /payin (PIX), end to end');
    const payinRuns: Awaited<ReturnType<typeof load>>[] = [];
    for (const c of levels) {
      payinRuns.push(await load(c, c === 1 ? Math.min(perLevel, 100) : perLevel, async () => {
        const res = await fetch(`${stack.apiUrl}/payin`, { method: 'POST', headers: auth, body: JSON.stringify(payin()) });
        if (res.status !== 201) throw new Error(String(res.status));
        await res.arrayBuffer();
      }));
      console.log(`    c=${c}: ${JSON.stringify(payinRuns.at(-1))}`);
    }
    snap('payins');

    console.log('==> baseline: no-op update-with-start on the same server and client settings');
    const connection = await Connection.connect({ address: stack.temporalAddress });
    const client = new Client({ connection });
    const baseline: Awaited<ReturnType<typeof load>>[] = [];
    for (const c of levels) {
      baseline.push(await load(c, c === 1 ? Math.min(perLevel, 100) : perLevel, async () => {
        const op = new WithStartWorkflowOperation('benchNoopWorkflow', { workflowId: `bench-noop-${ulid()}`, taskQueue: 'payments', workflowIdConflictPolicy: 'FAIL' });
        await client.workflow.executeUpdateWithStart(noopUpdate, { startWorkflowOperation: op });
      }));
      console.log(`    c=${c}: ${JSON.stringify(baseline.at(-1))}`);
    }
    phases.payinCreate = payinRuns.map((r, i) => ({ ...r, baselineThroughputPerSec: baseline[i].throughputPerSec, ratio: Math.round((r.throughputPerSec / baseline[i].throughputPerSec) * 100) / 100 }));
    phases.baseline = baseline;

    console.log('==> payouts (automatic approval) through COMPLETED, with webhooks');
    const payoutCount = Number(process.env.BENCH_PAYOUTS ?? 100);
    const created = new Map<string, number>();
    const attemptsBefore = attempts;
    const t0 = performance.now();
    await load(16, payoutCount, async () => {
      const res = await fetch(`${stack.apiUrl}/payout`, { method: 'POST', headers: auth, body: JSON.stringify({ amount: 1000, pixKey: 'pix@example.com', pixKeyType: 'EMAIL', referenceId: `bp-${ulid()}`, webhookUrl: hookUrl }) });
      const body = await res.json();
      if (res.status !== 201) throw new Error(String(res.status));
      created.set(body.id, Date.parse(body.createdAt));
    });
    const deadline = Date.now() + 120_000;
    while ([...created.keys()].some((id) => !receiverTimes.has(`${id}:COMPLETED`)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const seconds = (performance.now() - t0) / 1000;
    const toCompleted = [...created.entries()].filter(([id]) => receiverTimes.has(`${id}:COMPLETED`)).map(([id, at]) => receiverTimes.get(`${id}:COMPLETED`)! - at);
    phases.payouts = { payouts: payoutCount, completed: toCompleted.length, completedPerSec: Math.round((toCompleted.length / seconds) * 10) / 10, creationToCompletedWebhookP50ms: pct(toCompleted, 50), creationToCompletedWebhookP99ms: pct(toCompleted, 99), webhookAttemptsPerSec: Math.round(((attempts - attemptsBefore) / seconds) * 10) / 10 };
    console.log(`    ${JSON.stringify(phases.payouts)}`);
    snap('payouts');

    console.log('==> webhook latency: status change → receiver');
    const hookLat: number[] = [];
    await load(8, 100, async () => {
      const res = await fetch(`${stack.apiUrl}/payin`, { method: 'POST', headers: auth, body: JSON.stringify(payin(hookUrl)) });
      const body = await res.json();
      const answeredAt = Date.now();
      for (let i = 0; i < 100 && !receiverTimes.has(`${body.id}:PENDING`); i++) await new Promise((r) => setTimeout(r, 20));
      if (receiverTimes.has(`${body.id}:PENDING`)) hookLat.push(receiverTimes.get(`${body.id}:PENDING`)! - answeredAt);
    });
    phases.webhooks = { events: hookLat.length, afterResponseP50ms: pct(hookLat, 50), afterResponseP99ms: pct(hookLat, 99), note: 'from the 201 of POST /payin (status PENDING recorded) to the receiver getting payin.pending' };
    console.log(`    ${JSON.stringify(phases.webhooks)}`);
    snap('webhooks');

    console.log('==> GET /payout list latency with payouts seeded in bulk');
    const conn = await mongoose.createConnection(stack.mongoUri).asPromise();
    const sizes = (process.env.BENCH_LIST_SIZES ?? '10000').split(',').map(Number);
    const listing = [];
    let seeded = 0;
    for (const size of sizes) {
      while (seeded < size) {
        const batch = Array.from({ length: Math.min(5000, size - seeded) }, (_, i) => {
          const n = seeded + i;
          return { _id: `payout_${ulid()}`, companyId: acc.companyId, referenceId: `seed-${n}`, status: n % 10 === 0 ? 'FAILED' : 'COMPLETED', statusVersion: 1, statusReason: null, statusHistory: [], externalId: null, amount: 1000, currency: 'BRL', pixKey: 'pix@example.com', pixKeyType: 'EMAIL', beneficiaryName: null, beneficiaryDocument: null, webhookUrl: null, feeAmount: 100, netAmount: 900, bankReceipt: null, approvedBy: null, createdAt: new Date(Date.now() - n * 1000), updatedAt: new Date() };
        });
        await conn.db!.collection("payouts").insertMany(batch as never[], { ordered: false });
        seeded += batch.length;
      }
      for (const [name, qs] of [['newest page', ''], ['status filter', '?status=FAILED'], ['referenceId', '?referenceId=seed-5'], ['page 50', '?page=50']] as const) {
        const r = await load(2, Number(process.env.BENCH_LIST_REQUESTS ?? 10), async () => {
          const res = await fetch(`${stack.apiUrl}/payout${qs}`, { headers: auth });
          if (res.status !== 200) throw new Error(String(res.status));
          await res.arrayBuffer();
        });
        listing.push({ stored: size, query: name, p50ms: r.p50ms, p99ms: r.p99ms });
        console.log(`    ${size} stored, ${name}: p50 ${r.p50ms} ms, p99 ${r.p99ms} ms`);
      }
    }
    await conn.close();
    phases.listPayouts = listing;
    snap('list');
    phases.memory = memory;
    await connection.close();
  } finally {
    await stack.stop();
    receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const outDir = path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  fs.writeFileSync(path.join(outDir, `${stamp}.json`), JSON.stringify(report, null, 2));
  const md = toMarkdown(report);
  fs.writeFileSync(path.join(outDir, `${stamp}.md`), md);
  fs.writeFileSync(path.join(outDir, 'latest.md'), md);
  console.log(md);
}

function toMarkdown(r: Record<string, any>): string {
  const p = r.phases;
  const lines = [
    `# Benchmark — ${r.startedAt}`,
    '',
    `Machine: ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}; Temporal CLI dev server (SQLite) and FerretDB (SQLite), all on this machine.`,
    '',
    '## POST /payin (PIX), end to end, vs a no-op update-with-start',
    '',
    '| concurrency | requests | payins/s | p50 ms | p95 ms | p99 ms | baseline ops/s | ratio |',
    '|---|---|---|---|---|---|---|---|',
    ...p.payinCreate.map((x: any) => `| ${x.concurrency} | ${x.requests} | ${x.throughputPerSec} | ${x.p50ms} | ${x.p95ms} | ${x.p99ms} | ${x.baselineThroughputPerSec} | ${x.ratio} |`),
    '',
    '## Payouts (automatic approval) to COMPLETED',
    '',
    `${p.payouts.completed}/${p.payouts.payouts} completed; ${p.payouts.completedPerSec} completed/s; creation → COMPLETED webhook p50 ${p.payouts.creationToCompletedWebhookP50ms} ms, p99 ${p.payouts.creationToCompletedWebhookP99ms} ms; ${p.payouts.webhookAttemptsPerSec} webhook attempts/s.`,
    '',
    '## Webhook latency',
    '',
    `${p.webhooks.events} events: p50 ${p.webhooks.afterResponseP50ms} ms, p99 ${p.webhooks.afterResponseP99ms} ms (${p.webhooks.note}).`,
    '',
    '## GET /payout',
    '',
    '| payouts stored | query | p50 ms | p99 ms |',
    '|---|---|---|---|',
    ...p.listPayouts.map((x: any) => `| ${x.stored} | ${x.query} | ${x.p50ms} | ${x.p99ms} |`),
    '',
    '## Memory (RSS, MiB, end of phase)',
    '',
    '| phase | API | worker |',
    '|---|---|---|',
    ...Object.entries(p.memory).map(([k, v]: [string, any]) => `| ${k} | ${v.apiMiB} | ${v.workerMiB} |`),
    '',
  ];
  return lines.join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
