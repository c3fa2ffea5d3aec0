import crypto from 'node:crypto';

/**
 * Webhook signatures (spec 6.4).
 *
 *   X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body bytes>")>[,v1=<previous>]
 *
 * During the 24 h after a rotation the header carries a second `v1`, made with the previous secret; a receiver
 * accepts the event when any `v1` matches. Signing runs in activities (never in workflows: it needs `crypto` and
 * the clock); verification is what merchants import from `src/webhooks`.
 */

/** How long the previous secret keeps signing after a rotation. */
export const PREVIOUS_SECRET_VALIDITY_MS = 24 * 60 * 60 * 1000;
/** Accepted distance between `t` and the receiver's clock, either direction. */
export const DEFAULT_TOLERANCE_SECONDS = 300;
/** Longer headers are rejected unparsed (two signatures need ~150 characters). */
const MAX_HEADER_LENGTH = 8192;

export interface SigningSecrets {
  current: string;
  /** Also signed with (second `v1`) while a rotation is under way. */
  previous?: string | null;
}

export type VerifyFailureReason = 'missing_header' | 'malformed_header' | 'timestamp_outside_tolerance' | 'no_matching_signature';

export type VerifyResult = { valid: true; timestamp: number } | { valid: false; reason: VerifyFailureReason };

export interface VerifyOptions {
  /** Maximum |now − t| in seconds; default 300. */
  toleranceSeconds?: number;
  /** The receiver's clock, seconds since the epoch (tests). Default: `Date.now() / 1000`. */
  now?: () => number;
}

/** The exact bytes of a body: strings as UTF-8, buffers as they are. `null` for anything else. */
function bodyBytes(rawBody: unknown): Buffer | null {
  if (typeof rawBody === 'string') return Buffer.from(rawBody, 'utf8');
  if (Buffer.isBuffer(rawBody)) return rawBody;
  if (rawBody instanceof Uint8Array) return Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  return null;
}

/** Lowercase hex HMAC-SHA256 of `<t>.<body>`, `t` exactly as it appears in the header. */
function computeSignature(secret: string, t: string, body: Buffer): string {
  return crypto
    .createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${t}.`, 'ascii'), body]))
    .digest('hex');
}

/**
 * The X-Webhook-Signature value for `rawBody` (the exact bytes that will be sent), signed at `timestampSeconds`:
 * `t=<t>,v1=<current>` and, when `previous` is given, `,v1=<previous>` (new first).
 * Throws on programming errors (non-integer timestamp, empty secret, body neither string nor bytes).
 */
export function signWebhookPayload(rawBody: string | Buffer, secrets: SigningSecrets, timestampSeconds: number): string {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) throw new RangeError(`timestampSeconds must be a non-negative integer, got ${timestampSeconds}`);
  if (typeof secrets?.current !== 'string' || secrets.current === '') throw new TypeError('a non-empty current secret is required');
  const body = bodyBytes(rawBody);
  if (!body) throw new TypeError('rawBody must be a string or a Buffer');
  const t = String(timestampSeconds);
  const parts = [`t=${t}`, `v1=${computeSignature(secrets.current, t, body)}`];
  if (typeof secrets.previous === 'string' && secrets.previous !== '') parts.push(`v1=${computeSignature(secrets.previous, t, body)}`);
  return parts.join(',');
}

/**
 * Verifies an X-Webhook-Signature header against the raw body and one or more secrets (pass both the new and the
 * old secret while you switch over). Valid when `t` is within the tolerance of `now` and at least one `v1` equals
 * the HMAC under at least one secret; comparisons are constant-time. Other schemes (`v0=`…) and unknown fields are
 * ignored. Never throws on bad input: an absent, oversized or unparsable header, a body that is not a string or a
 * Buffer (e.g. already parsed JSON) or an empty secret list are all just `valid: false`.
 */
export function verifyWebhookSignature(
  rawBody: string | Buffer,
  header: string | undefined | null,
  secrets: string | string[],
  options?: VerifyOptions,
): VerifyResult {
  if (header === undefined || header === null || (typeof header === 'string' && header.trim() === '')) return { valid: false, reason: 'missing_header' };
  if (typeof header !== 'string' || header.length > MAX_HEADER_LENGTH) return { valid: false, reason: 'malformed_header' };

  let t: string | undefined;
  const given: string[] = [];
  for (const item of header.split(',')) {
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === 't') {
      if (t !== undefined || !/^\d{1,15}$/.test(value)) return { valid: false, reason: 'malformed_header' };
      t = value;
    } else if (key === 'v1') {
      given.push(value);
    }
  }
  if (t === undefined || given.length === 0) return { valid: false, reason: 'malformed_header' };

  const timestamp = Number(t);
  const tolerance = typeof options?.toleranceSeconds === 'number' && options.toleranceSeconds >= 0 ? options.toleranceSeconds : DEFAULT_TOLERANCE_SECONDS;
  const now = typeof options?.now === 'function' ? options.now() : Math.floor(Date.now() / 1000);
  // Written so that a NaN clock fails closed.
  if (!(Math.abs(now - timestamp) <= tolerance)) return { valid: false, reason: 'timestamp_outside_tolerance' };

  const body = bodyBytes(rawBody);
  const keys = (Array.isArray(secrets) ? secrets : [secrets]).filter((s): s is string => typeof s === 'string' && s !== '');
  if (!body || keys.length === 0) return { valid: false, reason: 'no_matching_signature' };

  const expected = keys.map((secret) => Buffer.from(computeSignature(secret, t!, body), 'ascii'));
  let matched = false;
  for (const value of given) {
    const candidate = Buffer.from(value, 'utf8');
    for (const e of expected) {
      // timingSafeEqual needs equal lengths; a different length is simply not a match.
      if (candidate.length === e.length && crypto.timingSafeEqual(candidate, e)) matched = true;
    }
  }
  return matched ? { valid: true, timestamp } : { valid: false, reason: 'no_matching_signature' };
}

/** A new signing secret: `whsec_` + 32 random bytes, base64url (43 characters). */
export function generateWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`;
}

/** An account's signing secrets as stored (decrypted): the current one and, after a rotation, the previous one. */
export interface StoredWebhookSecrets {
  current: string;
  previous?: { secret: string; rotatedAt: Date } | null;
}

/** The secrets to sign with at `now`: the current one, plus the previous one while now − rotatedAt < 24 h. */
export function secretsForSigning(stored: StoredWebhookSecrets, now: Date): { current: string; previous: string | null } {
  const previous = stored.previous;
  const age = previous ? now.getTime() - new Date(previous.rotatedAt).getTime() : NaN;
  return { current: stored.current, previous: previous && age < PREVIOUS_SECRET_VALIDITY_MS ? previous.secret : null };
}

/** An account's stored secrets, answering which of them are in force at a given time. */
export class WebhookSecretSet {
  constructor(readonly stored: StoredWebhookSecrets) {}

  /** For `signWebhookPayload`. */
  forSigning(now: Date): { current: string; previous: string | null } {
    return secretsForSigning(this.stored, now);
  }

  /** For `verifyWebhookSignature`: the same secrets as a list, current first. */
  forVerifying(now: Date): string[] {
    const { current, previous } = this.forSigning(now);
    return previous ? [current, previous] : [current];
  }
}
