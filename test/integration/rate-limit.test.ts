import { createMerchant, expectError } from '../support/http';
import { startIsolatedServices } from '../support/services';

/** The per-credential limit on merchant endpoints, with its headers, on a pair started with a low limit. */
describe('per-credential rate limit', () => {
  let services: Awaited<ReturnType<typeof startIsolatedServices>>;
  beforeAll(async () => {
    services = await startIsolatedServices('ratelimit', { RATE_LIMIT_PER_MINUTE: '5' });
  }, 180_000);
  afterAll(() => services?.stop());

  test('the 6th call in a minute answers 429 RATE_LIMITED with Retry-After; another credential is not affected', async () => {
    const a = await createMerchant({ baseUrl: services.apiUrl });
    const b = await createMerchant({ baseUrl: services.apiUrl });
    // Fixed one-minute windows: stay clear of a window boundary so all six calls share one window.
    const intoWindow = Date.now() % 60_000;
    if (intoWindow > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoWindow + 100));
    for (let i = 0; i < 5; i++) {
      const ok = await a.get('/payin/open-finance/banks');
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-policy')).toMatch(/q=5; w=60/);
      expect(ok.headers.get('ratelimit')).toMatch(/r=\d+/);
    }
    const limited = await a.get('/payin/open-finance/banks');
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await b.get('/payin/open-finance/banks')).status).toBe(200);
  });
});
