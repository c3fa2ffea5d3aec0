import crypto from 'node:crypto';

/**
 * Webhook signatures (spec 6.4): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, with a second
 * `v1` for the previous secret during the 24 h after a rotation. Receivers verify with
 * `verifyWebhookSignature` (exported for merchants from `src/webhooks`).
 */
export const PREVIOUS_SECRET_VALIDITY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_TOLERANCE_SECONDS = 300;

function hmacHex(secret: string, t: number, rawBody: string | Buffer): string {
  return crypto.createHmac('sha256', secret).update(`${t}.`).update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody).digest('hex');
}

export function signWebhookPayload(rawBody: string | Buffer, secrets: { current: string; previous?: string | null }, timestampSeconds: number): string {
  const parts = [`t=${timestampSeconds}`, `v1=${hmacHex(secrets.current, timestampSeconds, rawBody)}`];
  if (secrets.previous) parts.push(`v1=${hmacHex(secrets.previous, timestampSeconds, rawBody)}`);
  return parts.join(',');
}

export type VerifyResult =
  | { valid: true; timestamp: number }
  | { valid: false; reason: 'missing_header' | 'malformed_header' | 'timestamp_outside_tolerance' | 'no_matching_signature' };

export function verifyWebhookSignature(
  rawBody: string | Buffer,
  header: string | undefined | null,
  secrets: string | string[],
  options: { toleranceSeconds?: number; now?: () => number } = {},
): VerifyResult {
  if (!header) return { valid: false, reason: 'missing_header' };
  if (header.length > 8192) return { valid: false, reason: 'malformed_header' };
  let t: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (t === undefined || signatures.length === 0) return { valid: false, reason: 'malformed_header' };
  const now = options.now ? options.now() : Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return { valid: false, reason: 'timestamp_outside_tolerance' };
  const ts = t;
  const expected = (Array.isArray(secrets) ? secrets : [secrets]).map((s) => Buffer.from(hmacHex(s, ts, rawBody), 'hex'));
  const match = signatures.some((sig) => {
    const given = Buffer.from(sig, 'hex');
    return expected.some((e) => e.length === given.length && crypto.timingSafeEqual(e, given));
  });
  return match ? { valid: true, timestamp: t } : { valid: false, reason: 'no_matching_signature' };
}

export function generateWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`;
}

/** The secrets to sign with now: the current one, plus the previous one during the 24 h after a rotation. */
export function secretsForSigning(stored: { current: string; previous?: { secret: string; rotatedAt: Date } | null }, now: Date): { current: string; previous: string | null } {
  const previousValid = stored.previous && now.getTime() - stored.previous.rotatedAt.getTime() < PREVIOUS_SECRET_VALIDITY_MS;
  return { current: stored.current, previous: previousValid ? stored.previous!.secret : null };
}
