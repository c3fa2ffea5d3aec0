import { createMerchant } from '../support/http';
import { payinBody } from '../support/payloads';
import { eventually } from '../support/receiver';
import { testStack } from '../support/stack';

const scrape = async (url: string) => (await fetch(url)).text();

test('API, worker and Temporal SDK metrics in Prometheus format', async () => {
  const m = await createMerchant();
  const p = await m.post('/payin', payinBody());
  await m.post(`/sandbox/payins/${p.body.id}/simulate`, { event: 'pay' });
  await eventually(() => m.get(`/payin/${p.body.id}`), (r) => r.body.status === 'APPROVED');

  const api = await scrape(`${testStack().apiUrl}/metrics`);
  expect(api).toMatch(/http_request_duration_seconds_bucket\{[^}]*method="POST",route="\/payin",status="201"/);
  expect(api).not.toMatch(/route="\/payin\/payin_/);

  const worker = await scrape(`http://127.0.0.1:${testStack().env.WORKER_METRICS_PORT}/metrics`);
  expect(worker).toMatch(/transactions_total\{[^}]*kind="payin",method="PIX",status="APPROVED"[^}]*\} [1-9]/);
  expect(worker).toMatch(/acquirer_call_duration_seconds_count\{[^}]*operation="POST \/charges",outcome="ok"/);

  const sdk = await scrape(`http://127.0.0.1:${testStack().env.TEMPORAL_SDK_METRICS_PORT}/metrics`);
  expect(sdk).toMatch(/temporal_/);
});
