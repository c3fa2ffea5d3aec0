import { rateLimit, MemoryStore, type Options, type Store, type IncrementResponse } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import type { Model } from 'mongoose';
import { ApiError } from '../errors';
import type { RateLimitDoc } from '../../persistence/models';

/**
 * A fixed-window store in MongoDB, shared by every API instance. One document per key and window,
 * incremented with an upsert. On MongoDB the increment is atomic; on FerretDB v1 concurrent increments
 * may occasionally be lost, which only makes the limit slightly lenient under bursts (acceptable for
 * rate limiting; nothing about money rests on it). Expired windows are swept periodically (no TTL index).
 */
export class MongoRateLimitStore implements Store {
  prefix: string;
  private windowMs = 60_000;
  private lastSweep = 0;

  constructor(private readonly model: Model<RateLimitDoc>, prefix: string) {
    this.prefix = prefix;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private window(now: number): { id: (key: string) => string; resetAt: Date } {
    const index = Math.floor(now / this.windowMs);
    return { id: (key) => `${this.prefix}${key}:${index}`, resetAt: new Date((index + 1) * this.windowMs) };
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = Date.now();
    const { id, resetAt } = this.window(now);
    this.sweep(now);
    for (let attempt = 0; ; attempt++) {
      try {
        const doc = await this.model
          .findOneAndUpdate({ _id: id(key) }, { $inc: { hits: 1 }, $setOnInsert: { resetAt } }, { upsert: true, new: true })
          .lean<RateLimitDoc>();
        return { totalHits: doc?.hits ?? 1, resetTime: resetAt };
      } catch (err) {
        if ((err as { code?: number }).code !== 11000 || attempt > 2) throw err;
      }
    }
  }

  async decrement(key: string): Promise<void> {
    await this.model.updateOne({ _id: this.window(Date.now()).id(key) }, { $inc: { hits: -1 } });
  }

  async resetKey(key: string): Promise<void> {
    await this.model.deleteOne({ _id: this.window(Date.now()).id(key) });
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    this.model.deleteMany({ resetAt: { $lt: new Date(now - this.windowMs) } }).catch(() => undefined);
  }
}

export function createRateLimiter(options: {
  name: string;
  limitPerMinute: number;
  store: 'mongo' | 'memory';
  model: Model<RateLimitDoc>;
  keyGenerator?: Options['keyGenerator'];
}): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: options.limitPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: options.name,
    store: options.store === 'mongo' ? new MongoRateLimitStore(options.model, `${options.name}:`) : new MemoryStore(),
    ...(options.keyGenerator ? { keyGenerator: options.keyGenerator } : {}),
    validate: { keyGeneratorIpFallback: false },
    // A store failure must not take the API down: let the request through.
    passOnStoreError: true,
    handler: (_req, res, next, opts) => {
      const resetTime = (_req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const retryAfter = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + opts.windowMs) - Date.now()) / 1000));
      next(new ApiError('RATE_LIMITED', `Too many requests; retry in ${retryAfter} s`, [], { 'Retry-After': String(retryAfter) }));
    },
  });
}
