import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Loopback, private, link-local, CGNAT, multicast and unspecified ranges (IPv4 and IPv6). */
export function isPrivateAddress(address: string): boolean {
  const v4 = net.isIPv4(address) ? address : /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4) {
    const [a, b] = v4.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
  }
  const lower = address.toLowerCase();
  return lower === '::' || lower === '::1' || lower.startsWith('fe8') || lower.startsWith('fe9') || lower.startsWith('fea') || lower.startsWith('feb') || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('ff');
}

export interface DeliveryOptions {
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  maxResponseBytes?: number;
}

export interface DeliveryResponse {
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * POSTs one webhook. The destination check runs on the address actually connected to (custom lookup),
 * so a DNS answer that changes between check and connect cannot reach a private network. No redirects
 * are followed; at most 64 KB of the response is read; the whole exchange is cut at the timeout.
 */
export function postWebhook(url: string, body: string, headers: Record<string, string>, options: DeliveryOptions): Promise<DeliveryResponse> {
  const started = process.hrtime.bigint();
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const done = (r: Omit<DeliveryResponse, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: elapsed() });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return done({ httpStatus: null, error: 'invalid URL' });
    }
    const lookup: net.LookupFunction = (hostname, opts, cb) => {
      dns.lookup(hostname, { ...opts, all: false }, (err, address, family) => {
        if (err) return cb(err, address, family);
        if (!options.allowPrivateNetworks && isPrivateAddress(String(address))) {
          return cb(Object.assign(new Error(`destination ${address} is in a private network`), { code: 'EPRIVATE' }), address, family);
        }
        cb(null, address, family);
      });
    };
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(literal) && !options.allowPrivateNetworks && isPrivateAddress(literal)) {
      return done({ httpStatus: null, error: `destination ${literal} is in a private network` });
    }
    const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
    if (!client) return done({ httpStatus: null, error: `unsupported protocol ${target.protocol}` });
    const req = client.request(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, lookup, agent: false },
      (res) => {
        let read = 0;
        const max = options.maxResponseBytes ?? 64 * 1024;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > max) res.destroy();
        });
        res.on('end', () => done({ httpStatus: res.statusCode ?? null, error: null }));
        res.on('close', () => done({ httpStatus: res.statusCode ?? null, error: null }));
        res.on('error', () => done({ httpStatus: res.statusCode ?? null, error: null }));
      },
    );
    timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    req.on('error', (err) => done({ httpStatus: null, error: err.message }));
    req.end(body);
  });
}
