import crypto from 'node:crypto';

/** API credentials: `pk_live_…` identifies, `sk_live_…` authenticates. Only an HMAC of the secret is stored. */
export const PUBLIC_KEY_PREFIX = 'pk_live_';
export const SECRET_KEY_PREFIX = 'sk_live_';
const KEY_BODY = /^[A-Za-z0-9_-]{32,64}$/;

export function generateKeyPair(): { publicKey: string; secretKey: string } {
  return {
    publicKey: PUBLIC_KEY_PREFIX + crypto.randomBytes(18).toString('base64url'),
    secretKey: SECRET_KEY_PREFIX + crypto.randomBytes(32).toString('base64url'),
  };
}

export function isPublicKeyFormat(s: string): boolean {
  return s.startsWith(PUBLIC_KEY_PREFIX) && /^[A-Za-z0-9_-]{16,64}$/.test(s.slice(PUBLIC_KEY_PREFIX.length));
}

export function isSecretKeyFormat(s: string): boolean {
  return s.startsWith(SECRET_KEY_PREFIX) && KEY_BODY.test(s.slice(SECRET_KEY_PREFIX.length));
}

export function hashSecret(secret: string, pepper: string): string {
  return crypto.createHmac('sha256', pepper).update(secret, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests (or any two strings, via their SHA-256). */
export function safeEqual(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb) && a.length === b.length;
}
