import crypto from 'node:crypto';
import Stripe from 'stripe';
import {
  DEFAULT_TOLERANCE_SECONDS,
  generateWebhookSecret,
  PREVIOUS_SECRET_VALIDITY_MS,
  signWebhookPayload,
  verifyWebhookSignature,
  WebhookSecretSet,
} from '../../../src/webhooks';

/** Unicode, and spacing/newlines JSON.stringify would never produce. */
const body = '{ "id" : "payin_01JD",\n  "referenceId": "pedido-São João 🇧🇷 ✓",\t"status":"APPROVED", "amount": 15000 }\n';
const T = 1_800_000_000;
const at = (seconds: number) => ({ now: () => seconds });
const hmac = (secret: string, bytes: Buffer) => crypto.createHmac('sha256', secret).update(bytes).digest('hex');

// stripe verifies the same `t=…,v1=…` scheme; its verifier is an implementation independent of ours.
const stripe = new Stripe('sk_test_unused');
const stripeSignature = stripe.webhooks.signature!;

describe('signWebhookPayload / verifyWebhookSignature (spec 6.4)', () => {
  test('round trip; header format t=…,v1=<64 lowercase hex>', () => {
    const secret = generateWebhookSecret();
    const header = signWebhookPayload(body, { current: secret }, T);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(body, header, secret, at(T))).toEqual({ valid: true, timestamp: T });
    expect(verifyWebhookSignature(Buffer.from(body, 'utf8'), header, secret, at(T))).toEqual({ valid: true, timestamp: T });
    expect(verifyWebhookSignature(new Uint8Array(Buffer.from(body, 'utf8')) as Buffer, header, [secret], at(T)).valid).toBe(true);
    expect(signWebhookPayload(body, { current: secret, previous: null }, T)).toBe(header);
  });

  test('signs exactly "<t>.<raw body bytes>"', () => {
    const header = signWebhookPayload(body, { current: 'whsec_k' }, T);
    const expected = hmac('whsec_k', Buffer.concat([Buffer.from(`${T}.`), Buffer.from(body, 'utf8')]));
    expect(header).toBe(`t=${T},v1=${expected}`);
    // The same document re-serialized (what a receiver that parses first would have) does not verify.
    expect(JSON.stringify(JSON.parse(body))).not.toBe(body);
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(body)), header, 'whsec_k', at(T))).toEqual({ valid: false, reason: 'no_matching_signature' });
    expect(verifyWebhookSignature(body.trimEnd(), header, 'whsec_k', at(T)).valid).toBe(false);
  });

  test('bytes, not text: a body that is not valid UTF-8 is signed and verified as bytes', () => {
    const latin1 = Buffer.from('{"nome":"S\u00e3o"}', 'latin1'); // 0xE3 alone is invalid UTF-8
    const header = signWebhookPayload(latin1, { current: 'whsec_k' }, T);
    expect(header).toBe(`t=${T},v1=${hmac('whsec_k', Buffer.concat([Buffer.from(`${T}.`), latin1]))}`);
    expect(verifyWebhookSignature(latin1, header, 'whsec_k', at(T)).valid).toBe(true);
    expect(verifyWebhookSignature(latin1.toString('utf8'), header, 'whsec_k', at(T)).valid).toBe(false); // U+FFFD ≠ 0xE3
  });

  test('tampered body and wrong secret are rejected', () => {
    const header = signWebhookPayload(body, { current: 'whsec_a' }, T);
    expect(verifyWebhookSignature(body.replace('15000', '15001'), header, 'whsec_a', at(T))).toEqual({ valid: false, reason: 'no_matching_signature' });
    expect(verifyWebhookSignature(body, header, 'whsec_b', at(T))).toEqual({ valid: false, reason: 'no_matching_signature' });
    expect(verifyWebhookSignature(body, header, ['whsec_b', 'whsec_c'], at(T)).valid).toBe(false);
    const otherTime = header.replace(`t=${T}`, `t=${T + 1}`); // t is covered by the signature
    expect(verifyWebhookSignature(body, otherTime, 'whsec_a', at(T))).toEqual({ valid: false, reason: 'no_matching_signature' });
  });

  const good = signWebhookPayload(body, { current: 'whsec_a' }, T);
  const goodSig = good.split('v1=')[1];
  test.each<[string, string | undefined, string]>([
    ['undefined', undefined, 'missing_header'],
    ['empty', '', 'missing_header'],
    ['blank', '   ', 'missing_header'],
    ['t=', 't=', 'malformed_header'],
    ['v1=abc', 'v1=abc', 'malformed_header'],
    ['t=abc,v1=<valid>', `t=abc,v1=${goodSig}`, 'malformed_header'],
    ['negative t', `t=-${T},v1=${goodSig}`, 'malformed_header'],
    ['exponent t', `t=1.8e9,v1=${goodSig}`, 'malformed_header'],
    ['t twice', `t=${T},t=${T},v1=${goodSig}`, 'malformed_header'],
    ['no v1', `t=${T}`, 'malformed_header'],
    ['only v0', `t=${T},v0=${goodSig}`, 'malformed_header'],
    ['separators only', ',,=,=,', 'malformed_header'],
    ['10 KB of garbage', 'x'.repeat(10 * 1024), 'malformed_header'],
    ['valid header padded to 10 KB', `${good},${'v0=0,'.repeat(2048)}`, 'malformed_header'],
    ['v1=abc', `t=${T},v1=abc`, 'no_matching_signature'],
    ['empty v1', `t=${T},v1=`, 'no_matching_signature'],
    ['non-hex v1', `t=${T},v1=${'z'.repeat(64)}`, 'no_matching_signature'],
    ['v1 with one extra character', `t=${T},v1=${goodSig}0`, 'no_matching_signature'],
    ['v1 one character short', `t=${T},v1=${goodSig.slice(1)}`, 'no_matching_signature'],
    ['uppercase v1', `t=${T},v1=${goodSig.toUpperCase()}`, 'no_matching_signature'],
    ['multi-byte v1', `t=${T},v1=${'é'.repeat(32)}`, 'no_matching_signature'],
  ])('garbage header (%s) is rejected without throwing', (_name, header, reason) => {
    expect(verifyWebhookSignature(body, header, 'whsec_a', at(T))).toEqual({ valid: false, reason });
  });

  test('garbage of other kinds never throws', () => {
    const call = (rawBody: unknown, header: unknown, secrets: unknown, options?: unknown) =>
      verifyWebhookSignature(rawBody as string, header as string, secrets as string, options as undefined);
    expect(call(JSON.parse(body), good, 'whsec_a', at(T))).toEqual({ valid: false, reason: 'no_matching_signature' }); // already-parsed body
    expect(call(undefined, good, 'whsec_a', at(T)).valid).toBe(false);
    expect(call(body, [good], 'whsec_a', at(T))).toEqual({ valid: false, reason: 'malformed_header' });
    expect(call(body, 42, 'whsec_a', at(T)).valid).toBe(false);
    expect(call(body, good, [], at(T))).toEqual({ valid: false, reason: 'no_matching_signature' });
    expect(call(body, good, '', at(T)).valid).toBe(false);
    expect(call(body, good, [undefined, null, 7], at(T)).valid).toBe(false);
    expect(call(body, good, undefined, at(T)).valid).toBe(false);
    expect(call(body, good, 'whsec_a', null).valid).toBe(false); // real clock: far from T
    expect(call(body, good, 'whsec_a', { now: () => NaN })).toEqual({ valid: false, reason: 'timestamp_outside_tolerance' });
  });

  test('unknown schemes and fields are ignored, spaces around items tolerated', () => {
    expect(verifyWebhookSignature(body, `t=${T},v0=deadbeef,foo=bar,v1=${goodSig}`, 'whsec_a', at(T)).valid).toBe(true);
    expect(verifyWebhookSignature(body, `t=${T}, v1=${'0'.repeat(64)}, v1=${goodSig}`, 'whsec_a', at(T)).valid).toBe(true);
  });

  test('tolerance: 300 s either way accepted, 301 s rejected (injected clock)', () => {
    expect(DEFAULT_TOLERANCE_SECONDS).toBe(300);
    expect(verifyWebhookSignature(body, good, 'whsec_a', at(T + 300))).toEqual({ valid: true, timestamp: T });
    expect(verifyWebhookSignature(body, good, 'whsec_a', at(T - 300))).toEqual({ valid: true, timestamp: T });
    expect(verifyWebhookSignature(body, good, 'whsec_a', at(T + 301))).toEqual({ valid: false, reason: 'timestamp_outside_tolerance' });
    expect(verifyWebhookSignature(body, good, 'whsec_a', at(T - 301))).toEqual({ valid: false, reason: 'timestamp_outside_tolerance' });
    expect(verifyWebhookSignature(body, good, 'whsec_a', { toleranceSeconds: 10, now: () => T + 10 }).valid).toBe(true);
    expect(verifyWebhookSignature(body, good, 'whsec_a', { toleranceSeconds: 10, now: () => T + 11 }).valid).toBe(false);
    // Default clock is the real one.
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(verifyWebhookSignature(body, signWebhookPayload(body, { current: 'whsec_a' }, nowSeconds), 'whsec_a').valid).toBe(true);
  });

  test('signing rejects programming errors', () => {
    expect(() => signWebhookPayload(body, { current: '' }, T)).toThrow(TypeError);
    expect(() => signWebhookPayload(body, { current: 'whsec_a' }, 1.5)).toThrow(RangeError);
  });

  test('generateWebhookSecret: whsec_ + 32 random bytes base64url', () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice('whsec_'.length), 'base64url')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(a);
  });
});

describe('rotation (spec 6.4.4)', () => {
  test('two v1 (new first, previous second); each secret alone verifies', () => {
    const header = signWebhookPayload(body, { current: 'whsec_new', previous: 'whsec_old' }, T);
    const [t, v1new, v1old, ...rest] = header.split(',');
    expect(rest).toEqual([]);
    expect(t).toBe(`t=${T}`);
    expect(`${t},${v1new}`).toBe(signWebhookPayload(body, { current: 'whsec_new' }, T));
    expect(`${t},${v1old}`).toBe(signWebhookPayload(body, { current: 'whsec_old' }, T));
    expect(verifyWebhookSignature(body, header, 'whsec_new', at(T)).valid).toBe(true);
    expect(verifyWebhookSignature(body, header, 'whsec_old', at(T)).valid).toBe(true);
    expect(verifyWebhookSignature(body, header, ['whsec_old', 'whsec_new'], at(T)).valid).toBe(true);
    expect(verifyWebhookSignature(body, header, 'whsec_other', at(T)).valid).toBe(false);
  });

  test('WebhookSecretSet: previous signs while now − rotatedAt < 24 h, then only the new one', () => {
    expect(PREVIOUS_SECRET_VALIDITY_MS).toBe(86_400_000);
    const rotatedAt = new Date('2026-11-22T12:00:00.000Z');
    const set = new WebhookSecretSet({ current: 'whsec_new', previous: { secret: 'whsec_old', rotatedAt } });
    let clock = rotatedAt.getTime();
    const now = () => new Date(clock);

    expect(set.forSigning(now())).toEqual({ current: 'whsec_new', previous: 'whsec_old' });
    clock += PREVIOUS_SECRET_VALIDITY_MS - 1;
    expect(set.forSigning(now())).toEqual({ current: 'whsec_new', previous: 'whsec_old' });
    expect(set.forVerifying(now())).toEqual(['whsec_new', 'whsec_old']);
    const during = signWebhookPayload(body, set.forSigning(now()), T);
    expect(verifyWebhookSignature(body, during, 'whsec_old', at(T)).valid).toBe(true);
    expect(verifyWebhookSignature(body, during, 'whsec_new', at(T)).valid).toBe(true);

    clock += 1; // exactly 24 h
    expect(set.forSigning(now())).toEqual({ current: 'whsec_new', previous: null });
    expect(set.forVerifying(now())).toEqual(['whsec_new']);
    const after = signWebhookPayload(body, set.forSigning(now()), T);
    expect(after.split(',')).toHaveLength(2);
    expect(verifyWebhookSignature(body, after, 'whsec_old', at(T)).valid).toBe(false);
    expect(verifyWebhookSignature(body, after, 'whsec_new', at(T)).valid).toBe(true);

    expect(new WebhookSecretSet({ current: 'whsec_only' }).forSigning(now())).toEqual({ current: 'whsec_only', previous: null });
    expect(new WebhookSecretSet({ current: 'whsec_only', previous: null }).forVerifying(now())).toEqual(['whsec_only']);
  });
});

describe('independent verification with the stripe library (same t=…,v1=… scheme)', () => {
  const receivedAtMs = (seconds: number) => seconds * 1000; // stripe's clock argument is in milliseconds

  test('our headers verify in stripe: current and previous secret during a rotation', () => {
    const header = signWebhookPayload(body, { current: 'whsec_new', previous: 'whsec_old' }, T);
    for (const payload of [body, Buffer.from(body, 'utf8')]) {
      expect(stripeSignature.verifyHeader(payload, header, 'whsec_new', 300, undefined, receivedAtMs(T))).toBe(true);
      expect(stripeSignature.verifyHeader(payload, header, 'whsec_old', 300, undefined, receivedAtMs(T))).toBe(true);
      expect(() => stripeSignature.verifyHeader(payload, header, 'whsec_other', 300, undefined, receivedAtMs(T))).toThrow(/No signatures found matching/);
    }
    expect(stripe.webhooks.constructEvent(body, header, 'whsec_old', 300, undefined, receivedAtMs(T + 300))).toMatchObject({ id: 'payin_01JD', status: 'APPROVED' });
    expect(() => stripe.webhooks.constructEvent(body, header, 'whsec_new', 300, undefined, receivedAtMs(T + 301))).toThrow(/tolerance/);
    expect(() => stripeSignature.verifyHeader(body.trim(), header, 'whsec_new', 300, undefined, receivedAtMs(T))).toThrow();
  });

  test('our headers verify in stripe against its real clock (no injected time)', () => {
    const header = signWebhookPayload(body, { current: 'whsec_new' }, Math.floor(Date.now() / 1000));
    expect(stripe.webhooks.constructEvent(body, header, 'whsec_new')).toMatchObject({ id: 'payin_01JD' });
  });

  test("stripe's headers verify in ours", () => {
    const theirs = stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_abc', timestamp: T });
    expect(theirs).toBe(signWebhookPayload(body, { current: 'whsec_abc' }, T));
    expect(verifyWebhookSignature(body, theirs, 'whsec_abc', at(T))).toEqual({ valid: true, timestamp: T });
    expect(verifyWebhookSignature(Buffer.from(body, 'utf8'), theirs, ['whsec_old', 'whsec_abc'], at(T + 300)).valid).toBe(true);
    expect(verifyWebhookSignature(body, theirs, 'whsec_abd', at(T)).valid).toBe(false);
    expect(verifyWebhookSignature(body, theirs, 'whsec_abc', at(T + 301))).toEqual({ valid: false, reason: 'timestamp_outside_tolerance' });
    const live = stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_abc' }); // stripe's own clock
    expect(verifyWebhookSignature(body, live, 'whsec_abc').valid).toBe(true);
  });
});
