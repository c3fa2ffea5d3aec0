import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createMerchant, type Merchant } from '../support/http';
import { eventually, WebhookReceiver } from '../support/receiver';
import { testStack } from '../support/stack';
import { haveChromium, launchBrowser, SCREENSHOTS } from '../support/browser';

/** A real browser runs the post-order 3DS challenge through the client SDK on the demo checkout page. */
describe('3DS challenge in a real browser (Chromium)', () => {
  let browser: Browser;
  let receiver: WebhookReceiver;
  let m: Merchant;

  beforeAll(async () => {
    if (!haveChromium()) throw new Error('Chromium is missing: `npm test` installs Debian\'s chromium package (scripts/run.mjs)');
    browser = await launchBrowser();
    receiver = await new WebhookReceiver().start();
    m = await createMerchant({ cardEnabled: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.stop();
  });

  const runCheckout = async (button: 'Authenticate' | 'Fail', shot: string) => {
    const hookPath = `/3ds-${button}-${m.companyId}`;
    const url = receiver.on(hookPath, () => 'ok');
    const page = await browser.newPage();
    try {
      await page.goto(`${testStack().apiUrl}/demo/checkout?pk=${encodeURIComponent(m.publicKey)}&webhookUrl=${encodeURIComponent(url)}`);
      await page.click('#payButton');
      const frame = page.frameLocator('iframe[title="3D Secure"]');
      await frame.getByRole('button', { name: button }).waitFor({ timeout: 30_000 });
      await page.screenshot({ path: path.join(SCREENSHOTS, `${shot}-challenge.png`) });
      await frame.getByRole('button', { name: button }).click();
      const expected = button === 'Authenticate' ? 'APPROVED' : 'REFUSED';
      await page.locator('#status', { hasText: expected }).waitFor({ timeout: 30_000 });
      await page.screenshot({ path: path.join(SCREENSHOTS, `${shot}-result.png`) });
      const payinId = await page.evaluate(() => document.body.dataset.payinId as string);
      return { payinId, hookPath, expected };
    } finally {
      await page.close();
    }
  };

  test('Authenticate → APPROVED, seen by polling GET /payin/{id} and by webhook (no PENDING_3DS event)', async () => {
    const { payinId, hookPath } = await runCheckout('Authenticate', '3ds-authenticate');
    const payin = await eventually(() => m.get(`/payin/${payinId}`), (r) => r.body.status === 'APPROVED');
    expect(payin.body).toMatchObject({ paymentMethod: 'CREDIT_CARD', card: { last4: '3220' } });
    const hooks = await receiver.waitFor(() => receiver.for(hookPath).length >= 1);
    const mine = hooks.filter((h) => h.path === hookPath);
    expect(mine.map((h) => h.headers['x-webhook-event'])).toEqual(['payin.approved']);
    expect(mine[0].body).toMatchObject({ id: payinId, status: 'APPROVED' });
  });

  test('Fail → REFUSED', async () => {
    const { payinId, hookPath } = await runCheckout('Fail', '3ds-fail');
    const payin = await eventually(() => m.get(`/payin/${payinId}`), (r) => r.body.status === 'REFUSED');
    expect(payin.body.statusReason).toBe('THREE_DS_FAILED');
    await receiver.waitFor(() => receiver.for(hookPath).length >= 1);
    expect(receiver.for(hookPath).map((h) => h.headers['x-webhook-event'])).toEqual(['payin.refused']);
  });

  test('the challenge cannot be completed without the SDK\'s session token', async () => {
    const res = await m.post('/payin', {
      paymentMethod: 'CREDIT_CARD', amount: 100, referenceId: `nosdk-${Date.now()}`, isPhysicalProduct: false, payerIp: '200.1.2.3',
      customer: { name: 'Maria', document: '52998224725', email: 'm@example.com', phone: '5511987654321', address: { street: 'R', number: '1', zipCode: '01310100', city: 'SP', state: 'SP' } },
      items: [{ title: 'x', quantity: 1, unitPrice: 100 }],
      card: { holderName: 'M', number: '4000000000003220', expirationMonth: '12', expirationYear: String(new Date().getUTCFullYear() + 1), cvv: '123', installments: 1 },
    });
    const forged = await fetch(`${testStack().acquirerUrl}/3ds/challenge/${res.body.threeDSecureTransactionId}/result`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ session: 'guess', outcome: 'authenticated' }) });
    expect(forged.status).toBe(403);
    await new Promise((r) => setTimeout(r, 500));
    expect((await m.get(`/payin/${res.body.id}`)).body.status).toBe('PENDING_3DS');
  });
});
