import Stripe from 'stripe';
import { generateWebhookSecret, secretsForSigning, signWebhookPayload, verifyWebhookSignature, PREVIOUS_SECRET_VALIDITY_MS } from '../../../src/webhooks/signature';

const stripe = new Stripe('sk_test_unused');
const body = '{"id":"payin_01J","status":"APPROVED","name":"São João  ✓"}';
const now = 1_800_000_000;

describe('webhook signatures (spec 6.4)', () => {
  test('round trip over the exact bytes, with the header format t=…,v1=…', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const header = signWebhookPayload(body, { current: secret }, now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(body, header, secret, { now: () => now })).toEqual({ valid: true, timestamp: now });
    expect(verifyWebhookSignature(Buffer.from(body), header, secret, { now: () => now }).valid).toBe(true);
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(body), null, 1), header, secret, { now: () => now }).valid).toBe(false);
  });

  test('an independent implementation (the stripe library) verifies our signatures, and we verify its', () => {
    const t = Math.floor(Date.now() / 1000);
    const header = signWebhookPayload(body, { current: 'whsec_new', previous: 'whsec_old' }, t);
    expect(stripe.webhooks.signature!.verifyHeader(body, header, 'whsec_new', 300)).toBe(true);
    expect(stripe.webhooks.signature!.verifyHeader(body, header, 'whsec_old', 300)).toBe(true);
    expect(() => stripe.webhooks.signature!.verifyHeader(body, header, 'whsec_other', 300)).toThrow();
    const theirs = stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_abc', timestamp: t });
    expect(verifyWebhookSignature(body, theirs, 'whsec_abc').valid).toBe(true);
  });

  test.each(['', 't=', 'v1=abc', 't=abc,v1=00', `t=${now}`, `t=${now},v1=zz`, 'x'.repeat(10_000), `t=${now},v0=${'0'.repeat(64)}`])('garbage header %j is rejected without throwing', (h) => {
    expect(verifyWebhookSignature(body, h, 'whsec_x', { now: () => now }).valid).toBe(false);
  });

  test('tampered body and wrong secret are rejected', () => {
    const header = signWebhookPayload(body, { current: 'whsec_a' }, now);
    expect(verifyWebhookSignature(`${body} `, header, 'whsec_a', { now: () => now })).toEqual({ valid: false, reason: 'no_matching_signature' });
    expect(verifyWebhookSignature(body, header, 'whsec_b', { now: () => now }).valid).toBe(false);
    expect(verifyWebhookSignature(body, undefined, 'whsec_a')).toEqual({ valid: false, reason: 'missing_header' });
  });

  test('tolerance: 300 s accepted, 301 s rejected', () => {
    const header = signWebhookPayload(body, { current: 'whsec_a' }, now);
    expect(verifyWebhookSignature(body, header, 'whsec_a', { now: () => now + 300 }).valid).toBe(true);
    expect(verifyWebhookSignature(body, header, 'whsec_a', { now: () => now - 300 }).valid).toBe(true);
    expect(verifyWebhookSignature(body, header, 'whsec_a', { now: () => now + 301 })).toEqual({ valid: false, reason: 'timestamp_outside_tolerance' });
  });

  test('rotation: both secrets sign for 24 h, only the new one after (controllable clock)', () => {
    const rotatedAt = new Date('2026-11-22T12:00:00Z');
    const stored = { current: 'whsec_new', previous: { secret: 'whsec_old', rotatedAt } };
    const during = secretsForSigning(stored, new Date(rotatedAt.getTime() + PREVIOUS_SECRET_VALIDITY_MS - 1000));
    expect(during).toEqual({ current: 'whsec_new', previous: 'whsec_old' });
    const h1 = signWebhookPayload(body, during, now);
    expect(h1.split(',v1=')).toHaveLength(3);
    expect(verifyWebhookSignature(body, h1, 'whsec_old', { now: () => now }).valid).toBe(true);
    expect(verifyWebhookSignature(body, h1, 'whsec_new', { now: () => now }).valid).toBe(true);
    const after = secretsForSigning(stored, new Date(rotatedAt.getTime() + PREVIOUS_SECRET_VALIDITY_MS));
    expect(after).toEqual({ current: 'whsec_new', previous: null });
    const h2 = signWebhookPayload(body, after, now);
    expect(verifyWebhookSignature(body, h2, 'whsec_old', { now: () => now }).valid).toBe(false);
    expect(verifyWebhookSignature(body, h2, ['whsec_old', 'whsec_new'], { now: () => now }).valid).toBe(true);
  });
});
