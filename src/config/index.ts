import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const msList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'comma-separated milliseconds, e.g. "1000,2000"')
  .transform((s) => s.split(',').map(Number));

/**
 * Every setting of the API and the worker, read from the environment once at start-up.
 * Secrets have no defaults; everything else defaults to what `npm start` uses locally.
 */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_BASE_URL: z.url().default('http://127.0.0.1:3000').describe('Base URL merchants and payers reach the API on'),
  API_INSTANCE_ID: z.string().default('api-1'),

  MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URI'),

  TEMPORAL_ADDRESS: z.string().min(1).default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('payments'),
  TEMPORAL_UI_URL: z.url().default('http://127.0.0.1:8233'),

  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters'),
  API_KEY_PEPPER: z.string().min(16, 'must be at least 16 characters').describe('HMAC key for hashing API secrets'),
  SECRETS_ENCRYPTION_KEY: z.string().min(16, 'must be at least 16 characters').describe('Key that encrypts webhook signing secrets at rest'),

  ACQUIRER: z.enum(['sandbox']).default('sandbox'),
  ACQUIRER_URL: z.url().default('http://127.0.0.1:4100'),
  ACQUIRER_CALLBACK_SECRET: z.string().min(16, 'must be at least 16 characters'),
  ACQUIRER_TIMEOUT_MS: z.coerce.number().int().positive().default(4000),

  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool.default(false),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  WEBHOOK_RETRY_DELAYS_MS: msList.default([1000, 2000]),

  PIX_EXPIRY_SECONDS: z.coerce.number().int().positive().default(3600),
  BOLETO_DUE_DAYS: z.coerce.number().int().positive().default(3),
  CARD_MAX_INSTALLMENTS: z.coerce.number().int().min(1).max(24).default(12),
  THREEDS_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(600),
  PAYOUT_APPROVAL_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
  DISPUTE_WINDOW_DAYS: z.coerce.number().int().positive().default(120),

  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0).describe('Worker app metrics (Prometheus); 0 = off'),
  TEMPORAL_SDK_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0).describe('Temporal SDK metrics of the worker; 0 = off'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  WHOAMI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_STORE: z.enum(['mongo', 'memory']).default('mongo'),

  // Tuning (bench/results has the measurements behind the defaults)
  MONGODB_MAX_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20).describe('MongoDB connections per process'),
  API_KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(60_000).describe('How long the immutable part of a credential (its account and secret hash) is cached; revocation and account state are read on every request; 0 = off'),
  WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: z.coerce.number().int().positive().optional().describe('Temporal worker option; SDK default when unset'),
  WORKER_MAX_CONCURRENT_ACTIVITIES: z.coerce.number().int().positive().optional().describe('Temporal worker option; SDK default when unset'),
  WORKER_MAX_CONCURRENT_LOCAL_ACTIVITIES: z.coerce.number().int().positive().optional().describe('Temporal worker option; SDK default when unset'),
  WORKER_MAX_CACHED_WORKFLOWS: z.coerce.number().int().min(0).optional().describe('Temporal worker option; SDK default when unset'),
});

export type Config = Readonly<z.infer<typeof ConfigSchema>>;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return Object.freeze(result.data);
}

/** Entry points call this: a bad variable is named on stderr and the process exits non-zero. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
}
