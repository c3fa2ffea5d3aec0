import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics of one process (API or worker). Temporal's own SDK metrics are exported by the worker runtime. */
export function createMetrics(service: 'api' | 'worker') {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    transactions: new Counter({
      name: 'transactions_total',
      help: 'Payin and payout status changes by kind, method and status (final statuses included)',
      labelNames: ['kind', 'method', 'status'],
      registers: [registry],
    }),
    webhookAttempts: new Counter({
      name: 'webhook_attempts_total',
      help: 'Webhook delivery attempts by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    acquirerCalls: new Histogram({
      name: 'acquirer_call_duration_seconds',
      help: 'Acquirer call latency by operation and outcome (ok, rejected, unavailable)',
      labelNames: ['operation', 'outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
