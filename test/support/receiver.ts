import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  body: any;
  at: number;
}

/** How to answer the n-th delivery of an event (per X-Webhook-Id) on a path. */
type Behaviour = (n: number) => 'ok' | 'fail' | 'hang' | number;

/** A real HTTP webhook receiver on loopback. Each path can be told how to answer its n-th request. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private server?: http.Server;
  private behaviours = new Map<string, Behaviour>();
  private counts = new Map<string, number>();
  private waiters: Array<() => void> = [];
  url = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        // n counts the deliveries of one event (X-Webhook-Id) to this path: attempts, retries, resends.
        const countKey = `${path}|${String(req.headers['x-webhook-id'] ?? '')}`;
        const n = (this.counts.get(countKey) ?? 0) + 1;
        this.counts.set(countKey, n);
        const rawBody = Buffer.concat(chunks).toString('utf8');
        let body: unknown = null;
        try {
          body = JSON.parse(rawBody);
        } catch {
          /* keep null */
        }
        this.received.push({ path, headers: req.headers, rawBody, body, at: Date.now() });
        this.waiters.splice(0).forEach((w) => w());
        const b = (this.behaviours.get(path) ?? (() => 'ok'))(n);
        if (b === 'hang') return; // never answers; the sender must cut it
        const status = b === 'ok' ? 200 : b === 'fail' ? 500 : b;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'nope');
      });
    });
    this.server.keepAliveTimeout = 1;
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  on(path: string, behaviour: Behaviour): string {
    this.behaviours.set(path, behaviour);
    return `${this.url}${path}`;
  }

  for(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  async waitFor(predicate: (all: ReceivedWebhook[]) => boolean, timeoutMs = 30_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.received)) {
      if (Date.now() > deadline) throw new Error(`receiver: condition not met in ${timeoutMs} ms; got ${this.received.length} requests: ${this.received.map((r) => `${r.path} ${r.headers['x-webhook-event']}`).join(', ')}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 200);
      });
    }
    return this.received;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

export async function eventually<T>(fn: () => Promise<T>, check: (v: T) => boolean, timeoutMs = 30_000, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await fn();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)?.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
    last = await fn();
  }
  return last;
}
