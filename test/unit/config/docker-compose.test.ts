import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { ConfigSchema } from '../../../src/config';

const compose = YAML.parse(fs.readFileSync(path.join(__dirname, '../../../docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { image?: string; build?: unknown; command?: string[]; environment?: Record<string, unknown>; depends_on?: unknown }>;
};

/** Variables the app cannot start without: those whose schema rejects `undefined` (no default). */
const requiredVars = Object.entries(ConfigSchema.shape)
  .filter(([, schema]) => !schema.safeParse(undefined).success)
  .map(([name]) => name);

describe('docker-compose.yml (production topology)', () => {
  test('has every service the app needs, with the real images', () => {
    const s = compose.services;
    expect(s.temporal.image).toMatch(/^temporalio\/(auto-setup|server):/);
    expect(s['temporal-ui'].image).toMatch(/^temporalio\/ui:/);
    expect(s.postgresql.image).toMatch(/^postgres:/);
    expect(s.mongo.image).toMatch(/^mongo:7/);
    expect(s.mongo.command).toEqual(expect.arrayContaining(['--replSet']));
    for (const name of ['api', 'worker', 'acquirer']) expect(s[name].build).toBeDefined();
    expect(s.api.command).toContain('dist/src/api.js');
    expect(s.worker.command).toContain('dist/src/worker.js');
    expect(s.acquirer.command).toContain('dist/src/acquirer/sandbox/main.js');
  });

  test.each(['api', 'worker'])('%s gets every required variable, and only variables the app reads', (name) => {
    const env = compose.services[name].environment ?? {};
    expect(requiredVars.length).toBeGreaterThan(0);
    for (const v of requiredVars) expect(env).toHaveProperty(v);
    const known = new Set(Object.keys(ConfigSchema.shape));
    for (const v of Object.keys(env)) expect(known.has(v) ? v : `unknown variable ${v}`).toBe(v);
    // Production safety defaults.
    expect(String(env.WEBHOOK_ALLOW_PRIVATE_NETWORKS)).toBe('false');
    expect(env.NODE_ENV).toBe('production');
    expect(String(env.MONGODB_URI)).toMatch(/replicaSet=/);
  });

  test('the environment of the app services parses with the app schema', () => {
    const env = Object.fromEntries(
      Object.entries(compose.services.api.environment ?? {}).map(([k, v]) => [k, String(v).replace(/\$\{[A-Z_]+(?::([-?])([^}]*))?\}/g, (_m, op: string | undefined, dflt: string) => (op === '-' ? dflt : 'x'.repeat(32)))]),
    );
    const parsed = ConfigSchema.safeParse(env);
    expect(parsed.success ? 'ok' : parsed.error.issues).toBe('ok');
  });
});
