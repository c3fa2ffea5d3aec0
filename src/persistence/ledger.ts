import { ulid } from 'ulid';
import { addBalances, overdrawnBucket, ZERO_BALANCES, type Balances } from '../domain/ledger';
import type { LedgerEntryDoc, Models } from './models';
import { isDuplicateKeyError } from './unique-insert';

export class InsufficientFundsError extends Error {
  constructor(readonly bucket: keyof Balances, readonly balance: Balances) {
    super(`insufficient ${bucket} balance`);
    this.name = 'InsufficientFundsError';
  }
}

export interface Movement {
  accountId: string;
  /** Unique per side effect: replaying the same movement is a no-op that returns the first entry. */
  idempotencyKey: string;
  kind: string;
  delta: Partial<Balances>;
  ref?: { type: string; id: string } | null;
  description?: string | null;
  /** Refuse the movement when it would leave a bucket negative (debits, holds). */
  requireFunds?: boolean;
}

export interface AppendResult {
  entry: LedgerEntryDoc;
  /** false when the idempotency key had already been applied. */
  applied: boolean;
}

const isDuplicateKey = isDuplicateKeyError;

/**
 * Append-only ledger. Correctness rests only on unique-index inserts (works on FerretDB and MongoDB):
 * a writer reads the last entry of the account, checks funds, and inserts sequence + 1. A duplicate on
 * (accountId, seq) means another writer won that slot: re-read and retry. A duplicate on idempotencyKey
 * means this movement was already applied.
 */
export class Ledger {
  constructor(private readonly models: Pick<Models, 'LedgerEntry'>) {}

  async balance(accountId: string): Promise<Balances> {
    const last = await this.lastEntry(accountId);
    return last ? { ...last.balance } : { ...ZERO_BALANCES };
  }

  async lastEntry(accountId: string): Promise<LedgerEntryDoc | null> {
    return this.models.LedgerEntry.findOne({ accountId }).sort({ seq: -1 }).lean<LedgerEntryDoc>();
  }

  async findByIdempotencyKey(key: string): Promise<LedgerEntryDoc | null> {
    return this.models.LedgerEntry.findOne({ idempotencyKey: key }).lean<LedgerEntryDoc>();
  }

  async append(m: Movement): Promise<AppendResult> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const existing = await this.findByIdempotencyKey(m.idempotencyKey);
      if (existing) return { entry: existing, applied: false };

      const last = await this.lastEntry(m.accountId);
      const before = last ? last.balance : ZERO_BALANCES;
      const after = addBalances(before, m.delta);
      if (m.requireFunds) {
        const bucket = overdrawnBucket(after);
        if (bucket) throw new InsufficientFundsError(bucket, before);
      }
      const entry: LedgerEntryDoc = {
        _id: `le_${ulid()}`,
        accountId: m.accountId,
        seq: (last?.seq ?? 0) + 1,
        idempotencyKey: m.idempotencyKey,
        kind: m.kind,
        delta: addBalances(ZERO_BALANCES, m.delta),
        balance: after,
        ref: m.ref ?? null,
        description: m.description ?? null,
        createdAt: new Date(),
      };
      try {
        await this.models.LedgerEntry.collection.insertOne(entry as never);
        return { entry, applied: true };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        if (/idempotencyKey/.test(JSON.stringify(err.keyPattern ?? err.message))) {
          const winner = await this.findByIdempotencyKey(m.idempotencyKey);
          if (winner) return { entry: winner, applied: false };
        }
        // Lost the race for this sequence number: back off a little (jitter) and re-read.
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 + attempt * 2)));
      }
    }
    throw new Error(`ledger contention: could not append ${m.idempotencyKey} after 200 attempts`);
  }

  async entries(accountId: string, options: { limit?: number; beforeSeq?: number } = {}): Promise<LedgerEntryDoc[]> {
    const filter: Record<string, unknown> = { accountId };
    if (options.beforeSeq) filter.seq = { $lt: options.beforeSeq };
    return this.models.LedgerEntry.find(filter).sort({ seq: -1 }).limit(options.limit ?? 50).lean<LedgerEntryDoc[]>();
  }
}
