import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { ulid } from 'ulid';
import { generateSecrets, startServiceStack, type RunningStack } from '../../scripts/lib/service-stack';
import { ROOT, startFerret, startTemporal } from '../../scripts/lib/stack';
import { customer } from '../support/payloads';

/**
 * `npm run test:chaos`: the infrastructure breaks under traffic — FerretDB stopped for 20 s, the Temporal
 * server restarted, the API killed mid-request, the acquirer failing 30 % of calls with latency spikes.
 * Each run starts its own stack. Results are written up in docs/reliability.md.
 */
jest.setTimeout(600_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let stack: RunningStack;
let dataDir: string;
let auth: Record<string, string>;
let adminH: Record<string, string>;
let companyId: string;

async function call(method: string, p: string, body?: unknown, headers: Record<string, string> = auth): Promise<{ status: number; body: any }> {
  try {
    const res = await fetch(`${stack.apiUrl}${p}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: 0, body: null };
  }
}
const payin = (amount = 1000) => ({ paymentMethod: 'PIX', amount, referenceId: `chaos-${ulid()}`, isPhysicalProduct: false, payerIp: '200.1.2.3', customer, items: [{ title: 'x', quantity: 1, unitPrice: amount }] });
async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last ${JSON.stringify(v).slice(0, 300)}`);
    await sleep(500);
  }
}
const statusOf = async (id: string) => (await call('GET', `/payin/${id}`)).body?.status;

beforeAll(async () => {
  const build = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT });
  if (build.status !== 0) throw new Error('build failed');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagobr-chaos-'));
  stack = await startServiceStack({ dataDir, logsDir: path.join(ROOT, 'test-artifacts', 'chaos-logs'), secrets: generateSecrets(), env: { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_STORE: 'memory' } });
  adminH = { authorization: `Bearer ${stack.adminToken}` };
  companyId = (await call('POST', '/admin/accounts', { companyName: 'Chaos LTDA', document: '11222333000181', kycStatus: 'approved' }, adminH)).body.companyId;
  const key = (await call('POST', `/admin/accounts/${companyId}/api-keys`, undefined, adminH)).body;
  auth = { authorization: `Basic ${Buffer.from(`${key.publicKey}:${key.secretKey}`).toString('base64')}` };
}, 300_000);
afterAll(async () => {
  await stack?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('FerretDB stopped for 20 s: requests fail fast with 503, workflows resume, nothing is lost', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push((await call('POST', '/payin', payin())).body.id);
  for (const id of ids) expect((await call('POST', `/sandbox/payins/${id}/simulate`, { event: 'pay' })).status).toBe(202);
  const port = Number(new URL(stack.mongoUri.replace('mongodb://', 'http://')).port);
  await stack.processes.ferretdb!.stop();
  const during = await call('POST', '/payin', payin());
  expect(during.status).toBe(503);
  expect(during.body.error.code).toBe('SERVICE_UNAVAILABLE');
  await sleep(20_000);
  stack.processes.ferretdb = await startFerret({ port, dataDir: path.join(dataDir, 'ferretdb'), logFile: path.join(stack.logsDir, 'ferretdb.log') });
  for (const id of ids) await until(() => statusOf(id), (s) => s === 'APPROVED');
  const balance = (await call('GET', `/admin/accounts/${companyId}`, undefined, adminH)).body.balance;
  expect(balance.available).toBeGreaterThanOrEqual(5 * 990);
});

test('the Temporal server restarted (same SQLite file) mid-traffic: workflows resume', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push((await call('POST', '/payin', payin())).body.id);
  const port = Number(stack.temporalAddress.split(':')[1]);
  await stack.processes.temporal!.stop();
  const during = await call('POST', '/payin', payin());
  expect(during.status).toBeGreaterThanOrEqual(500);
  stack.processes.temporal = await startTemporal({ port, dbFile: path.join(dataDir, 'temporal.sqlite'), logFile: path.join(stack.logsDir, 'temporal.log') });
  await until(() => call('GET', '/ready', undefined, {}), (r) => r.status === 200);
  for (const id of ids) await until(() => call('POST', `/sandbox/payins/${id}/simulate`, { event: 'pay' }), (r) => r.status === 202 || r.body?.error?.code === 'INVALID_STATE');
  for (const id of ids) await until(() => statusOf(id), (s) => s === 'APPROVED');
});

test('API killed (-9) while creating: the retry with the same Idempotency-Key gets the original result, one workflow', async () => {
  const connection = await Connection.connect({ address: stack.temporalAddress });
  const client = new Client({ connection });
  try {
    for (let round = 0; round < 4; round++) {
      const body = payin();
      const key = `kill-${ulid()}`;
      const inFlight = call('POST', '/payin', body, { ...auth, 'idempotency-key': key });
      await sleep(5 + Math.floor(Math.random() * 60));
      await stack.processes.api!.kill9();
      await inFlight;
      await stack.startApi();
      const retry = await until(() => call('POST', '/payin', body, { ...auth, 'idempotency-key': key }), (r) => r.status !== 0 && r.status !== 503, 60_000);
      expect(retry.status).toBe(201);
      const again = await call('POST', '/payin', body, { ...auth, 'idempotency-key': key });
      expect(again.body).toEqual(retry.body);
      const count = await until(() => client.workflow.count(`ReferenceId="${body.referenceId}"`), (c) => c.count >= 1, 30_000);
      expect(count.count).toBe(1);
    }
  } finally {
    await connection.close();
  }
});

test('acquirer failing 30 % of calls with 2 s latency spikes: correct final states, never a duplicate charge', async () => {
  await fetch(`${stack.acquirerUrl}/_sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ errorRate: 0.3, latencyMs: 2000, latencyRate: 0.2 }) });
  try {
    const results = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/payin', payin())));
    const created = results.filter((r) => r.status === 201);
    const failed = results.filter((r) => r.status === 502);
    expect(created.length + failed.length).toBe(20);
    for (const f of failed) expect(f.body.error.code).toBe('PROVIDER_ERROR');
    for (const r of created) {
      // The inspection call goes through the same injected faults: retry it until it answers.
      const listing = await until(async () => fetch(`${stack.acquirerUrl}/v1/charges?paymentId=${r.body.id}`).then((x) => (x.ok ? x.json() : null)), (x) => x !== null, 30_000);
      const charges = listing.data;
      expect(charges).toHaveLength(1);
      await until(() => call('POST', `/sandbox/payins/${r.body.id}/simulate`, { event: 'pay' }), (x) => x.status === 202, 60_000);
    }
    for (const r of created) await until(() => statusOf(r.body.id), (s) => s === 'APPROVED');
    for (const f of failed) expect(await statusOf(f.body.error.details[0].payinId)).toBe('FAILED');
  } finally {
    await fetch(`${stack.acquirerUrl}/_sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ errorRate: 0, latencyMs: 0, latencyRate: 0 }) });
  }
});
