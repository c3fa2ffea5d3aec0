/**
 * `npm start`: the whole local stack in the foreground. Data persists in .data/ across restarts;
 * Ctrl-C stops every child. TEMPORAL_ADDRESS / MONGODB_URI point it at existing servers instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateSecrets, startServiceStack, type StackOptions } from './lib/service-stack';
import { ROOT } from './lib/stack';

const dataDir = path.join(ROOT, '.data');
const secretsFile = path.join(dataDir, 'secrets.json');

function loadSecrets(): StackOptions['secrets'] {
  fs.mkdirSync(dataDir, { recursive: true });
  const saved = fs.existsSync(secretsFile) ? (JSON.parse(fs.readFileSync(secretsFile, 'utf8')) as StackOptions['secrets']) : generateSecrets();
  const secrets = {
    adminToken: process.env.ADMIN_TOKEN ?? saved.adminToken,
    apiKeyPepper: process.env.API_KEY_PEPPER ?? saved.apiKeyPepper,
    acquirerCallbackSecret: process.env.ACQUIRER_CALLBACK_SECRET ?? saved.acquirerCallbackSecret,
    secretsEncryptionKey: process.env.SECRETS_ENCRYPTION_KEY ?? saved.secretsEncryptionKey ?? generateSecrets().secretsEncryptionKey,
  };
  fs.writeFileSync(secretsFile, JSON.stringify({ ...saved, secretsEncryptionKey: secrets.secretsEncryptionKey }, null, 2), { mode: 0o600 });
  return secrets;
}

const num = (v: string | undefined, d: number) => (v ? Number(v) : d);

async function main(): Promise<void> {
  const secrets = loadSecrets();
  const stack = await startServiceStack({
    dataDir,
    logsDir: path.join(dataDir, 'logs'),
    ports: {
      api: num(process.env.PORT, 3000),
      acquirer: num(process.env.ACQUIRER_PORT, 4100),
      temporal: num(process.env.TEMPORAL_PORT, 7233),
      temporalUi: num(process.env.TEMPORAL_UI_PORT, 8233),
      mongo: num(process.env.FERRETDB_PORT, 27017),
    },
    temporalAddress: process.env.TEMPORAL_ADDRESS,
    mongoUri: process.env.MONGODB_URI,
    withTemporalUi: true,
    env: { WORKER_METRICS_PORT: process.env.WORKER_METRICS_PORT ?? '9464', TEMPORAL_SDK_METRICS_PORT: process.env.TEMPORAL_SDK_METRICS_PORT ?? '9465' },
    secrets,
    echo: true,
    onStep: (m) => console.log(`==> ${m}`),
  });

  console.log(`
  Everything is up.

    API             ${stack.apiUrl}            (GET /ready, /whoami, POST /payin, /payout)
    Temporal UI     ${stack.temporalUiUrl ?? '(external cluster: use its own UI)'}
    Temporal        ${stack.temporalAddress}
    MongoDB         ${stack.mongoUri}
    Sandbox bank    ${stack.acquirerUrl}
    Logs            ${stack.logsDir}

  Admin token (Authorization: Bearer …, also the dashboard login):
    ${stack.adminToken}

  Create a merchant:
    curl -s -X POST ${stack.apiUrl}/admin/accounts -H "Authorization: Bearer ${stack.adminToken}" \\
      -H 'Content-Type: application/json' -d '{"companyName":"Loja Exemplo LTDA","document":"11222333000181","kycStatus":"approved"}'

  Ctrl-C stops everything.
`);

  let stopping = false;
  const shutdown = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log('\n==> stopping…');
    await stack.stop();
    console.log('==> stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  for (const [name, proc] of Object.entries(stack.processes)) {
    proc?.exited.then((code) => {
      if (!stopping) {
        console.error(`==> ${name} exited unexpectedly (code ${code}); see ${proc.logFile}. Stopping the rest.`);
        void shutdown();
      }
    });
  }
}

main().catch((err) => {
  console.error(`npm start failed: ${(err as Error).message}`);
  process.exit(1);
});
