import mongoose from 'mongoose';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { createApp, type AppDeps } from '../../../src/http/app';
import { buildOpenApiDocument } from '../../../src/http/openapi';
import { loadConfig } from '../../../src/config';
import { createLogger } from '../../../src/logger';
import { getModels } from '../../../src/persistence/models';
import { Ledger } from '../../../src/persistence/ledger';
import { SecretBox } from '../../../src/security/encryption';
import { createMetrics } from '../../../src/metrics';

const config = loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1:1/none', ADMIN_TOKEN: 'x'.repeat(20), API_KEY_PEPPER: 'x'.repeat(20), ACQUIRER_CALLBACK_SECRET: 'x'.repeat(20), SECRETS_ENCRYPTION_KEY: 'x'.repeat(20) });

/** Routes the Express app actually serves, as "METHOD /path/{param}". */
function servedRoutes(): string[] {
  const mongo = mongoose.createConnection();
  const models = getModels(mongo);
  const deps: AppDeps = { metrics: createMetrics('api'), config, logger: createLogger({ level: 'silent', name: 'test' }), mongo, temporal: {} as Client, models, ledger: new Ledger(models), secretBox: new SecretBox('x'.repeat(20)) };
  const app = createApp(deps);
  const out: string[] = [];
  const walk = (stack: Array<{ route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: unknown[] } }>) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const m of Object.keys(layer.route.methods)) out.push(`${m.toUpperCase()} ${layer.route.path.replace(/:(\w+)/g, '{$1}')}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack as never);
    }
  };
  walk((app as unknown as { router: { stack: never[] } }).router.stack);
  return [...new Set(out)];
}

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument('http://127.0.0.1:3000');

  test('every route the app serves is documented, and nothing documented is missing from the app', () => {
    const served = servedRoutes();
    expect(served.length).toBeGreaterThan(30);
    const documented = Object.entries(doc.paths ?? {}).flatMap(([p, item]) => Object.keys(item as object).map((m) => `${m.toUpperCase()} ${p}`));
    expect(served.filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((r) => !served.includes(r))).toEqual([]);
  });

  test('passes a standard OpenAPI validator (@apidevtools/swagger-parser)', () => {
    // swagger-parser is ESM-only; run it in plain Node rather than through jest's CommonJS loader.
    const file = path.join(os.tmpdir(), `openapi-${process.pid}.json`);
    fs.writeFileSync(file, JSON.stringify(doc));
    const script = `import('@apidevtools/swagger-parser').then((m) => m.default.validate(process.argv[1])).then(() => console.log('valid'), (e) => { console.error(e.message); process.exit(1); })`;
    const res = spawnSync(process.execPath, ['-e', script, file], { cwd: path.join(__dirname, '../../..'), encoding: 'utf8' });
    fs.rmSync(file);
    expect({ status: res.status, stderr: res.stderr.trim() }).toEqual({ status: 0, stderr: '' });
    expect(res.stdout.trim()).toBe('valid');
    expect(doc.openapi).toBe('3.1.0');
  });

  test('documents every error code, the auth schemes, the webhooks and an example per payment method', () => {
    const text = JSON.stringify(doc);
    for (const code of ['INVALID_DATA', 'KYC_NOT_APPROVED', 'INSUFFICIENT_FUNDS', 'INVALID_PIX_KEY', 'BEYOND_LIMITS', 'PROVIDER_ERROR', 'TEMPORARY_UNAVAILABLE', 'PROVIDER_REJECTED', 'RATE_LIMITED', 'MISSING_CREDENTIALS', 'BROWSER_REQUEST_FORBIDDEN', 'DUPLICATE_REFERENCE_ID', 'IDEMPOTENCY_KEY_REUSED']) {
      expect(text).toContain(code);
    }
    expect(Object.keys(doc.components?.securitySchemes ?? {})).toEqual(expect.arrayContaining(['basicAuth', 'publicKey', 'apiKey', 'apiSecret', 'adminBearer']));
    expect(Object.keys(doc.webhooks ?? {})).toEqual(expect.arrayContaining(['payin.approved', 'payout.completed', 'payout.failed']));
    const payinExamples = (doc.paths?.['/payin'] as { post: { requestBody: { content: { 'application/json': { examples: object } } } } }).post.requestBody.content['application/json'].examples;
    expect(Object.keys(payinExamples)).toEqual(expect.arrayContaining(['PIX', 'BOLETO', 'CREDIT_CARD', 'OPEN_FINANCE']));
  });
});
