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
const PHASES = new Set((process.env.BENCH_PHASES ?? 'auth,payins,payouts,webhooks,list').split(','));
const LABEL = process.env.BENCH_LABEL ?? '';
/** Extra environment for the API and worker (tuning experiments), as JSON: BENCH_STACK_ENV='{"MONGODB_MAX_POOL_SIZE":"50"}'. */
const STACK_ENV: Record<string, string> = JSON.parse(process.env.BENCH_STACK_ENV ?? '{}');

/** CPU seconds (user + system) a process has used so far, from /proc. */
const cpuSeconds = (pid?: number): number | null => {
  if (!pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
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
    // The per-credential limit stays on its production store (MongoDB), only raised out of the way.
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '10000000', ...STACK_ENV },
    // A real MongoDB (e.g. for the 1 M list case) instead of the local FerretDB; use a fresh database name.
    ...(process.env.BENCH_MONGODB_URI ? { mongoUri: process.env.BENCH_MONGODB_URI } : {}),
  });
  const report: Record<string, unknown> = { startedAt: new Date().toISOString(), label: LABEL, stackEnv: STACK_ENV, store: process.env.BENCH_MONGODB_URI ? 'external MongoDB (BENCH_MONGODB_URI)' : 'FerretDB (SQLite)', machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version }, phases: {} };
  const phases = report.phases as Record<string, unknown>;
  const memory: Record<string, { apiMiB: number | null; workerMiB: number | null }> = {};
  const cpu: Record<string, Record<string, number | null>> = {};
  const procNames = ['api', 'worker', 'temporal', 'ferretdb', 'acquirer'] as const;
  let cpuMark: Record<string, number | null> = {};
  let wallMark = performance.now();
  const markCpu = () => {
    cpuMark = Object.fromEntries(procNames.map((n) => [n, cpuSeconds(stack.processes[n]?.child.pid)]));
    wallMark = performance.now();
  };
  const snap = (phase: string) => {
    memory[phase] = { apiMiB: rss(stack.processes.api?.child.pid), workerMiB: rss(stack.processes.worker?.child.pid) };
    const wall = (performance.now() - wallMark) / 1000;
    cpu[phase] = Object.fromEntries([
      ['wallSeconds', Math.round(wall * 10) / 10],
      ...procNames.map((n) => {
        const now = cpuSeconds(stack.processes[n]?.child.pid);
        return [n, now === null || cpuMark[n] === null ? null : Math.round((now - cpuMark[n]!) * 10) / 10];
      }),
    ]);
    markCpu();
  };

  let closeClients = async (): Promise<void> => undefined;
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

    // One database connection and one Temporal client for every phase that needs them (seeding, baseline, burst).
    const dbConnection = await mongoose.createConnection(stack.mongoUri).asPromise();
    const db = dbConnection.db!;
    const temporal = new Client({ connection: await Connection.connect({ address: stack.temporalAddress }) });
    closeClients = async () => {
      await temporal.connection.close();
      await dbConnection.close();
    };

    markCpu();

    if (PHASES.has('auth')) {
      // Authentication, rate limiting and one read, nothing else: GET /payout/{id} of an unknown id answers 404.
      console.log('==> authenticated read (GET /payout/{unknown id} → 404)');
      // Other merchants' keys, as a provider with many merchants has (the lookup of a public key is the cached step).
      const otherKeys = Number(process.env.BENCH_AUTH_OTHER_KEYS ?? 10_000);
      if (otherKeys > 0) {
        for (let done = 0; done < otherKeys; done += 5000) {
          const batch = Array.from({ length: Math.min(5000, otherKeys - done) }, () => ({ _id: `key_${ulid()}`, companyId: `co_${ulid()}`, publicKey: `pk_live_${ulid()}${ulid()}`, secretHash: 'x'.repeat(64), secretLast4: 'xxxx', createdAt: new Date(), revokedAt: null, lastUsedAt: null }));
          await db.collection('api_keys').insertMany(batch as never[], { ordered: false });
        }
      }
      // A key issued after them: stored last, so a lookup that scans (FerretDB) reads every other key first.
      const fresh = await (await fetch(`${stack.apiUrl}/admin/accounts/${acc.companyId}/api-keys`, { method: 'POST', headers: admin })).json();
      const freshAuth = { authorization: `Basic ${Buffer.from(`${fresh.publicKey}:${fresh.secretKey}`).toString('base64')}` };
      const runs = [];
      for (const c of [1, 8]) {
        runs.push(await load(c, 300, async () => {
          const res = await fetch(`${stack.apiUrl}/payout/payout_${ulid()}`, { headers: freshAuth });
          if (res.status !== 404) throw new Error(String(res.status));
          await res.arrayBuffer();
        }));
        console.log(`    c=${c}: ${JSON.stringify(runs.at(-1))}`);
      }
      phases.auth = runs.map((r) => ({ ...r, otherKeys }));
      snap('auth');
    }

    if (PHASES.has('payins')) {
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
      const baseline: Awaited<ReturnType<typeof load>>[] = [];
      for (const c of levels) {
        baseline.push(await load(c, c === 1 ? Math.min(perLevel, 100) : perLevel, async () => {
          const op = new WithStartWorkflowOperation('benchNoopWorkflow', { workflowId: `bench-noop-${ulid()}`, taskQueue: 'payments', workflowIdConflictPolicy: 'FAIL' });
          await temporal.workflow.executeUpdateWithStart(noopUpdate, { startWorkflowOperation: op });
        }));
        console.log(`    c=${c}: ${JSON.stringify(baseline.at(-1))}`);
      }
      phases.payinCreate = payinRuns.map((r, i) => ({ ...r, baselineThroughputPerSec: baseline[i].throughputPerSec, ratio: Math.round((r.throughputPerSec / baseline[i].throughputPerSec) * 100) / 100 }));
      phases.baseline = baseline;
      snap('baseline');
    }

    if (PHASES.has('payouts')) {
      console.log('==> payouts (automatic approval) through COMPLETED, with webhooks');
      const payoutCount = Number(process.env.BENCH_PAYOUTS ?? 100);
      const created = new Map<string, number>();
      const creation: number[] = [];
      const attemptsBefore = attempts;
      const t0 = performance.now();
      await load(16, payoutCount, async () => {
        const c0 = performance.now();
        const res = await fetch(`${stack.apiUrl}/payout`, { method: 'POST', headers: auth, body: JSON.stringify({ amount: 1000, pixKey: 'pix@example.com', pixKeyType: 'EMAIL', referenceId: `bp-${ulid()}`, webhookUrl: hookUrl }) });
        const body = await res.json();
        if (res.status !== 201) throw new Error(String(res.status));
        creation.push(performance.now() - c0);
        created.set(body.id, Date.parse(body.createdAt));
      });
      const deadline = Date.now() + 180_000;
      while ([...created.keys()].some((id) => !receiverTimes.has(`${id}:COMPLETED`)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const seconds = (performance.now() - t0) / 1000;
      const toCompleted = [...created.entries()].filter(([id]) => receiverTimes.has(`${id}:COMPLETED`)).map(([id, at]) => receiverTimes.get(`${id}:COMPLETED`)! - at);
      // The same, one at a time: the pipeline's latency without queueing.
      const single: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${stack.apiUrl}/payout`, { method: 'POST', headers: auth, body: JSON.stringify({ amount: 1000, pixKey: 'pix@example.com', pixKeyType: 'EMAIL', referenceId: `bp1-${ulid()}`, webhookUrl: hookUrl }) });
        const body = await res.json();
        if (res.status !== 201) continue;
        const until = Date.now() + 30_000;
        while (!receiverTimes.has(`${body.id}:COMPLETED`) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
        if (receiverTimes.has(`${body.id}:COMPLETED`)) single.push(receiverTimes.get(`${body.id}:COMPLETED`)! - Date.parse(body.createdAt));
      }
      phases.payouts = { unloadedCreationToCompletedP50ms: pct(single, 50), unloadedSamples: single.length, payouts: payoutCount, completed: toCompleted.length, completedPerSec: Math.round((toCompleted.length / seconds) * 10) / 10, createP50ms: pct(creation, 50), createP99ms: pct(creation, 99), creationToCompletedWebhookP50ms: pct(toCompleted, 50), creationToCompletedWebhookP99ms: pct(toCompleted, 99), webhookAttemptsPerSec: Math.round(((attempts - attemptsBefore) / seconds) * 10) / 10 };
      console.log(`    ${JSON.stringify(phases.payouts)}`);
      snap('payouts');
    }

    if (PHASES.has('webhooks')) {
      console.log('==> webhook latency: status change → receiver');
      const hookLat: number[] = [];
      await load(8, 100, async () => {
        const res = await fetch(`${stack.apiUrl}/payin`, { method: 'POST', headers: auth, body: JSON.stringify(payin(hookUrl)) });
        const body = await res.json();
        const answeredAt = Date.now();
        for (let i = 0; i < 100 && !receiverTimes.has(`${body.id}:PENDING`); i++) await new Promise((r) => setTimeout(r, 20));
        if (receiverTimes.has(`${body.id}:PENDING`)) hookLat.push(receiverTimes.get(`${body.id}:PENDING`)! - answeredAt);
      });
      // Delivery capacity on its own: events handed straight to the delivery workflow, as fast as the client
      // can start them; attempts per second the worker sustains against the local receiver.
      const burst = Number(process.env.BENCH_WEBHOOK_BURST ?? 500);
      const attemptsBefore = attempts;
      const b0 = performance.now();
      const ids: string[] = [];
      await load(16, burst, async () => {
        const eventId = `evt_bench${ulid()}`;
        ids.push(eventId);
        const body = JSON.stringify({ id: eventId, status: 'BURST' });
        await temporal.workflow.start('webhookDeliveryWorkflow', { workflowId: eventId, taskQueue: 'payments', args: [{ eventId, companyId: acc.companyId, transactionId: `payin_bench${ulid()}`, transactionType: 'payin', type: 'payin.pending', url: hookUrl, body, retryDelaysMs: [1000, 2000] }] });
      });
      const burstDeadline = Date.now() + 300_000;
      while (ids.some((id) => !receiverTimes.has(`${id}:BURST`)) && Date.now() < burstDeadline) await new Promise((r) => setTimeout(r, 50));
      const burstSeconds = (performance.now() - b0) / 1000;
      const delivered = ids.filter((id) => receiverTimes.has(`${id}:BURST`)).length;
      phases.webhooks = {
        events: hookLat.length, afterResponseP50ms: pct(hookLat, 50), afterResponseP99ms: pct(hookLat, 99), note: 'from the 201 of POST /payin (status PENDING recorded) to the receiver getting payin.pending',
        burstEvents: burst, burstDelivered: delivered, burstSeconds: Math.round(burstSeconds * 10) / 10, burstAttemptsPerSec: Math.round(((attempts - attemptsBefore) / burstSeconds) * 10) / 10,
      };
      console.log(`    ${JSON.stringify(phases.webhooks)}`);
      snap('webhooks');
    }

    if (PHASES.has('list')) {
      console.log('==> GET /payout list latency with payouts seeded in bulk');
      const sizes = (process.env.BENCH_LIST_SIZES ?? '10000').split(',').map(Number);
      const listing = [];
      let seeded = 0;
      for (const size of sizes) {
        const s0 = performance.now();
        while (seeded < size) {
          const batch = Array.from({ length: Math.min(5000, size - seeded) }, (_, i) => {
            const n = seeded + i;
            return { _id: `payout_${ulid()}`, companyId: acc.companyId, referenceId: `seed-${n}`, status: n % 10 === 0 ? 'FAILED' : 'COMPLETED', statusVersion: 1, statusReason: null, statusHistory: [], externalId: null, amount: 1000, currency: 'BRL', pixKey: 'pix@example.com', pixKeyType: 'EMAIL', beneficiaryName: null, beneficiaryDocument: null, webhookUrl: null, feeAmount: 100, netAmount: 900, bankReceipt: null, approvedBy: null, createdAt: new Date(Date.now() - n * 1000), updatedAt: new Date() };
          });
          await db.collection('payouts').insertMany(batch as never[], { ordered: false });
          seeded += batch.length;
          if (seeded % 100_000 === 0) console.log(`    seeded ${seeded}`);
        }
        console.log(`    ${size} stored (seeding took ${Math.round((performance.now() - s0) / 1000)} s)`);
        for (const [name, qs] of [['newest page', ''], ['status filter', '?status=FAILED'], ['referenceId', '?referenceId=seed-5'], ['page 50', '?page=50']] as const) {
          const r = await load(1, Number(process.env.BENCH_LIST_REQUESTS ?? 10), async () => {
            const res = await fetch(`${stack.apiUrl}/payout${qs}`, { headers: auth, signal: AbortSignal.timeout(1_800_000) });
            if (res.status !== 200) throw new Error(String(res.status));
            await res.arrayBuffer();
          });
          listing.push({ stored: size, query: name, requests: r.requests, errors: r.errors, p50ms: r.p50ms, p99ms: r.p99ms });
          console.log(`    ${size} stored, ${name}: p50 ${r.p50ms} ms, p99 ${r.p99ms} ms`);
        }
      }
      phases.listPayouts = listing;
      snap('list');
    }
    phases.memory = memory;
    phases.cpu = cpu;
  } finally {
    await closeClients();
    await stack.stop();
    receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const outDir = path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-') + (LABEL ? `-${LABEL.replace(/[^a-z0-9-]+/gi, '-')}` : '');
  fs.writeFileSync(path.join(outDir, `${stamp}.json`), JSON.stringify(report, null, 2));
  const md = toMarkdown(report);
  fs.writeFileSync(path.join(outDir, `${stamp}.md`), md);
  if (PHASES.size === 5) fs.writeFileSync(path.join(outDir, 'latest.md'), md);
  console.log(md);
}

function toMarkdown(r: Record<string, any>): string {
  const p = r.phases;
  const lines = [
    `# Benchmark — ${r.startedAt}${r.label ? ` (${r.label})` : ''}`,
    '',
    `Machine: ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}; Temporal CLI dev server (SQLite) and ${r.store ?? 'FerretDB (SQLite)'}, all on this machine.`,
    ...(Object.keys(r.stackEnv ?? {}).length ? ['', `Stack settings for this run: \`${JSON.stringify(r.stackEnv)}\``] : []),
    '',
  ];
  if (p.auth) {
    lines.push(`## Authenticated read (GET /payout/{unknown id} → 404: auth, rate limit, one lookup; ${p.auth[0].otherKeys ?? 0} other merchants' keys stored)`, '', '| concurrency | requests | req/s | p50 ms | p95 ms | p99 ms |', '|---|---|---|---|---|---|');
    lines.push(...p.auth.map((x: any) => `| ${x.concurrency} | ${x.requests} | ${x.throughputPerSec} | ${x.p50ms} | ${x.p95ms} | ${x.p99ms} |`), '');
  }
  if (p.payinCreate) {
    lines.push('## POST /payin (PIX), end to end, vs a no-op update-with-start', '', '| concurrency | requests | payins/s | p50 ms | p95 ms | p99 ms | baseline ops/s | ratio |', '|---|---|---|---|---|---|---|---|');
    lines.push(...p.payinCreate.map((x: any) => `| ${x.concurrency} | ${x.requests} | ${x.throughputPerSec} | ${x.p50ms} | ${x.p95ms} | ${x.p99ms} | ${x.baselineThroughputPerSec} | ${x.ratio} |`), '');
  }
  if (p.payouts) {
    const x = p.payouts;
    lines.push('## Payouts (automatic approval) to COMPLETED', '', `${x.completed}/${x.payouts} completed; ${x.completedPerSec} completed/s; POST /payout p50 ${x.createP50ms} ms, p99 ${x.createP99ms} ms (16 concurrent); creation → COMPLETED webhook p50 ${x.creationToCompletedWebhookP50ms} ms, p99 ${x.creationToCompletedWebhookP99ms} ms; ${x.webhookAttemptsPerSec} webhook attempts/s. One payout at a time: creation → COMPLETED webhook p50 ${x.unloadedCreationToCompletedP50ms ?? '–'} ms (${x.unloadedSamples ?? 0} payouts; the sandbox settles 250 ms after the transfer request).`, '');
  }
  if (p.webhooks) {
    lines.push('## Webhooks', '', `Latency, ${p.webhooks.events} events: p50 ${p.webhooks.afterResponseP50ms} ms, p99 ${p.webhooks.afterResponseP99ms} ms (${p.webhooks.note}).`, '');
    if (p.webhooks.burstEvents) lines.push(`Capacity: ${p.webhooks.burstEvents} events handed to the delivery workflow at once (16 concurrent starts): ${p.webhooks.burstDelivered} delivered in ${p.webhooks.burstSeconds} s, ${p.webhooks.burstAttemptsPerSec} attempts/s sustained against a local receiver.`, '');
  }
  if (p.listPayouts) {
    lines.push('## GET /payout', '', '| payouts stored | query | requests | p50 ms | p99 ms |', '|---|---|---|---|---|');
    lines.push(...p.listPayouts.map((x: any) => `| ${x.stored} | ${x.query} | ${x.requests - x.errors}/${x.requests} | ${x.p50ms} | ${x.p99ms} |`), '');
  }
  lines.push('## Memory (RSS, MiB, end of phase)', '', '| phase | API | worker |', '|---|---|---|');
  lines.push(...Object.entries(p.memory).map(([k, v]: [string, any]) => `| ${k} | ${v.apiMiB} | ${v.workerMiB} |`), '');
  lines.push('## CPU seconds used per phase (2 cores = 2 CPU-seconds per wall second)', '', '| phase | wall s | API | worker | Temporal | FerretDB | acquirer |', '|---|---|---|---|---|---|---|');
  lines.push(...Object.entries(p.cpu).map(([k, v]: [string, any]) => `| ${k} | ${v.wallSeconds} | ${v.api} | ${v.worker} | ${v.temporal} | ${v.ferretdb} | ${v.acquirer} |`), '');
  return lines.join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
