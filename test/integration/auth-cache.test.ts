import { admin, createMerchant, expectError, http, type Merchant } from '../support/http';
import { startExtraApi } from '../support/services';

/**
 * API_KEY_CACHE_TTL_MS caches what a credential can never change (its account, its secret hash). Issue 3's rule
 * still holds with it on: a revocation or a block made through one API instance is refused by another instance
 * on its very next request, even though that instance has the credential cached.
 */
describe('credential cache across API instances', () => {
  let other: Awaited<ReturnType<typeof startExtraApi>>;
  let m: Merchant;
  const onOther = (auth: string) => http('GET', '/payout?limit=1', { baseUrl: other.apiUrl, headers: { authorization: auth } });

  beforeAll(async () => {
    other = await startExtraApi('auth-cache', { API_KEY_CACHE_TTL_MS: '300000' });
    m = await createMerchant();
  }, 60_000);
  afterAll(async () => {
    await other?.stop();
  });

  test('a block and an unblock through instance A are seen by instance B on the next request', async () => {
    expect((await onOther(m.basic)).status).toBe(200);
    expect((await admin.patch(`/admin/accounts/${m.companyId}`, { blocked: true })).status).toBe(200);
    expectError(await onOther(m.basic), 403, 'COMPANY_BLOCKED');
    expect((await admin.patch(`/admin/accounts/${m.companyId}`, { blocked: false })).status).toBe(200);
    expect((await onOther(m.basic)).status).toBe(200);
  });

  test('a wrong secret for a cached public key is refused', async () => {
    expect((await onOther(m.basic)).status).toBe(200);
    const wrong = `Basic ${Buffer.from(`${m.publicKey}:sk_live_${'x'.repeat(43)}`).toString('base64')}`;
    expectError(await onOther(wrong), 401, 'INVALID_CREDENTIALS');
  });

  test('a key revoked through instance A is refused by instance B on the next request', async () => {
    expect((await onOther(m.basic)).status).toBe(200);
    expect((await admin.delete(`/admin/accounts/${m.companyId}/api-keys/${m.keyId}`)).status).toBe(200);
    expectError(await onOther(m.basic), 401, 'INVALID_CREDENTIALS');
  });
});
