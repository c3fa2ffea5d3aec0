import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { basicAuth, http } from '../support/http';
import { payinBody } from '../support/payloads';
import { eventually, WebhookReceiver } from '../support/receiver';
import { testStack } from '../support/stack';
import { haveChromium, launchBrowser, SCREENSHOTS } from '../support/browser';

/** The operators' dashboard in a real browser: every action is checked by what the page then shows. */
describe('dashboard (Chromium)', () => {
  let browser: Browser;
  let page: Page;
  let receiver: WebhookReceiver;
  const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `dashboard-${name}.png`), fullPage: true });

  beforeAll(async () => {
    if (!haveChromium()) throw new Error('Chromium is missing: `npm test` installs Debian\'s chromium package (scripts/run.mjs)');
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    receiver = await new WebhookReceiver().start();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.stop();
  });

  let companyId = '';
  let publicKey = '';
  let secretKey = '';

  test('log in, create an account, create an API key (secret shown once), configure the account', async () => {
    await page.goto(`${testStack().apiUrl}/dashboard`);
    await page.fill('#token', 'wrong-token');
    await page.click('text=Log in');
    await page.locator('#toast', { hasText: 'Invalid token' }).waitFor();
    await page.fill('#token', testStack().adminToken);
    await page.click('text=Log in');
    await page.locator('h2', { hasText: 'Accounts' }).waitFor();
    await shot('1-accounts');

    await page.fill('#companyName', 'Padaria Dashboard LTDA');
    await page.selectOption('#payoutApproval', 'manual');
    await page.click('text=Create account');
    await page.locator('h2', { hasText: 'Padaria Dashboard LTDA' }).waitFor();
    companyId = (await page.locator('h2 .muted').textContent())!.trim();
    expect(companyId).toMatch(/^cmp_/);

    await page.click('#createKey');
    await page.locator('#newSecretKey').waitFor();
    secretKey = (await page.locator('#newSecretKey').textContent())!.trim();
    publicKey = (await page.locator('#newPublicKey').textContent())!.trim();
    expect(secretKey).toMatch(/^sk_live_/);
    await page.click('#copySecret');
    await page.locator('#toast', { hasText: 'Secret copied' }).waitFor();
    await shot('2-api-key');
    const who = await http('GET', '/whoami', { headers: { authorization: basicAuth(publicKey, secretKey), 'x-forwarded-for': '10.200.0.1' } });
    expect(who.body).toMatchObject({ companyId, companyName: 'Padaria Dashboard LTDA', canTransact: true });

    await page.fill('#adjAmount', '100000');
    await page.click('#adjust button');
    await page.locator('#available', { hasText: 'R$ 1.000,00' }).waitFor();

    await page.fill('#nightLimit', '500000');
    await page.fill('#dayLimit', '500000');
    await page.click('#settings button');
    await page.locator('#toast', { hasText: 'Saved' }).waitFor();
    await expect(page.locator('#nightLimit').inputValue()).resolves.toBe('500000');
    await page.click('#rotate');
    await page.locator('#webhookSecret').waitFor();
    expect(await page.locator('#webhookSecret').textContent()).toMatch(/^whsec_/);
    await expect(page.locator('#signing').textContent()).resolves.toBe('Enabled');
    await shot('3-account');
  });

  test('approve a payout and see it complete', async () => {
    const auth = basicAuth(publicKey, secretKey);
    const created = await http('POST', '/payout', { headers: { authorization: auth }, body: { amount: 25_000, pixKey: 'pix@example.com', pixKeyType: 'EMAIL', referenceId: `dash-${Date.now()}` } });
    expect(created.body.status).toBe('AWAITING_APPROVAL');
    await page.click('nav a[data-view="payouts"]');
    const row = page.locator(`tr[data-payout="${created.body.id}"]`);
    await row.waitFor();
    await shot('4-approvals');
    await row.locator('button', { hasText: 'Approve' }).click();
    await page.locator('#toast', { hasText: `Approved ${created.body.id}` }).waitFor();
    await row.waitFor({ state: 'detached' });
    await eventually(() => http('GET', `/payout/${created.body.id}`, { headers: { authorization: auth } }), (r) => r.body.status === 'COMPLETED');
    await page.goto(`${testStack().apiUrl}/dashboard#account/${companyId}`);
    await page.locator(`tr[data-payout-row="${created.body.id}"]`).waitFor();
    await expect(page.locator(`tr[data-payout-row="${created.body.id}"] .badge`).textContent()).resolves.toBe('COMPLETED');
    expect((await page.locator('#available').textContent())!.replace(/\s/g, ' ')).toBe('R$ 750,00');
    await shot('5-payout-completed');
  });

  test('resend an undelivered webhook from the dashboard', async () => {
    let healthy = false;
    const url = receiver.on('/dash-hook', () => (healthy ? 'ok' : 500));
    const payin = await http('POST', '/payin', { headers: { authorization: basicAuth(publicKey, secretKey) }, body: payinBody({ webhookUrl: url }) });
    expect(payin.status).toBe(201);
    const events = await eventually(() => http('GET', `/admin/webhook-events?transactionId=${payin.body.id}&status=undelivered`, { headers: { authorization: `Bearer ${testStack().adminToken}` } }), (r) => r.body.data.length === 1, 20_000);
    const eventId = events.body.data[0].id as string;
    await page.goto(`${testStack().apiUrl}/dashboard#webhooks?status=undelivered`);
    const row = page.locator(`tr[data-event="${eventId}"]`);
    await row.waitFor();
    await shot('6-webhooks-undelivered');
    healthy = true;
    await row.locator('button', { hasText: 'Resend' }).click();
    await page.locator('#toast', { hasText: 'Delivered on attempt 4' }).waitFor();
    await page.goto(`${testStack().apiUrl}/dashboard#webhooks?status=delivered`);
    await page.locator(`tr[data-event="${eventId}"]`).waitFor();
    expect(await page.locator(`tr[data-event="${eventId}"]`).textContent()).toContain('#4 resend 200');
    await shot('7-webhooks-delivered');
    expect(receiver.for('/dash-hook').at(-1)!.headers['x-webhook-id']).toBe(eventId);
  });

  test('/docs renders offline in Chromium (no request leaves localhost)', async () => {
    const outside: string[] = [];
    const docs = await browser.newPage();
    await docs.route('**/*', (route) => {
      const u = new URL(route.request().url());
      if (u.hostname === '127.0.0.1' || u.hostname === 'localhost') return route.continue();
      outside.push(u.href);
      return route.abort();
    });
    await docs.goto(`${testStack().apiUrl}/docs`);
    await docs.locator('.swagger-ui .title', { hasText: 'pagobr' }).waitFor({ timeout: 30_000 });
    await docs.locator('.opblock-summary-path', { hasText: '/payin' }).first().waitFor();
    await docs.screenshot({ path: path.join(SCREENSHOTS, 'docs.png') });
    expect(outside).toEqual([]);
    await docs.close();
  });
});
