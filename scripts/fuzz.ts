/**
 * Schema-based fuzzing with schemathesis (PyPI): starts its own stack, creates a merchant with a key and funds,
 * then lets schemathesis generate requests from /openapi.json and check that no answer is a 5xx and every answer
 * conforms to the document (status, content type, schema). `npm run fuzz` (FUZZ_MAX_EXAMPLES, default 25).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSecrets, startServiceStack } from './lib/service-stack';
import { ROOT } from './lib/stack';

async function main(): Promise<void> {
  if (spawnSync('schemathesis', ['--version']).status !== 0) {
    console.log('==> installing schemathesis from PyPI');
    const pip = spawnSync('python3', ['-m', 'pip', 'install', '--quiet', 'schemathesis==4.32.5'], { stdio: 'inherit' });
    if (pip.status !== 0) process.exit(pip.status ?? 1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagobr-fuzz-'));
  const stack = await startServiceStack({
    dataDir,
    logsDir: path.join(ROOT, 'test-artifacts', 'fuzz-logs'),
    secrets: generateSecrets(),
    env: { RATE_LIMIT_PER_MINUTE: '100000', WHOAMI_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' },
    onStep: (m) => console.log(`==> ${m}`),
  });
  let failed = false;
  try {
    const admin = { authorization: `Bearer ${stack.adminToken}`, 'content-type': 'application/json' };
    const account = await (await fetch(`${stack.apiUrl}/admin/accounts`, { method: 'POST', headers: admin, body: JSON.stringify({ companyName: 'Fuzz LTDA', document: '11222333000181', kycStatus: 'approved', cardEnabled: true }) })).json();
    await fetch(`${stack.apiUrl}/admin/accounts/${account.companyId}/balance-adjustments`, { method: 'POST', headers: admin, body: JSON.stringify({ amount: 100_000_000, description: 'fuzz funds' }) });
    const key = await (await fetch(`${stack.apiUrl}/admin/accounts/${account.companyId}/api-keys`, { method: 'POST', headers: admin })).json();
    const basic = `Basic ${Buffer.from(`${key.publicKey}:${key.secretKey}`).toString('base64')}`;
    const examples = process.env.FUZZ_MAX_EXAMPLES ?? '25';
    const common = ['run', `${stack.apiUrl}/openapi.json`, '--checks', 'not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance', '--max-examples', examples, '--request-timeout', '30', '--suppress-health-check', 'all'];
    const runs: Array<[string, string[]]> = [
      ['merchant endpoints (Basic credential)', [...common, '-H', `Authorization: ${basic}`, '--exclude-path-regex', '^/(admin|acquirer|demo)']],
      ['admin endpoints (Bearer token)', [...common, '-H', `Authorization: Bearer ${stack.adminToken}`, '--include-path-regex', '^/admin', '--exclude-method', 'DELETE']],
    ];
    for (const [what, args] of runs) {
      console.log(`==> schemathesis: ${what}`);
      const res = spawnSync('schemathesis', args, { stdio: 'inherit', env: { ...process.env, SCHEMATHESIS_HOOKS: '' } });
      if (res.status !== 0) failed = true;
    }
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
