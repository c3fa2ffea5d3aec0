import { LRUCache } from 'lru-cache';
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

/** An entry's id is derived from its idempotency key, so "was this movement applied?" is a primary-key read. */
export const ledgerEntryId = (idempotencyKey: string): string => `le:${idempotencyKey}`;

/**
 * Append-only ledger. Correctness rests only on unique-index inserts (works on FerretDB and MongoDB):
 * a writer takes the last entry of the account, checks funds, and inserts sequence + 1. A duplicate on
 * (accountId, seq) means another writer won that slot: re-read and retry. A duplicate on the entry id
 * (derived from the idempotency key) means this movement was already applied.
 *
 * The last entry each process wrote per account is kept in memory and used optimistically: if another
 * process appended since, the insert at seq + 1 collides and the entry is re-read, so a stale cache costs
 * one retry and never a wrong balance. With it, an uncontended append is one primary-key read and one
 * insert (FerretDB v1 pushes down nothing but single-`_id` equality, so other reads scan the collection).
 */
export class Ledger {
  private readonly heads = new LRUCache<string, LedgerEntryDoc>({ max: 10_000 });

  constructor(private readonly models: Pick<Models, 'LedgerEntry'>) {}

  async balance(accountId: string): Promise<Balances> {
    const last = await this.lastEntry(accountId);
    return last ? { ...last.balance } : { ...ZERO_BALANCES };
  }

  async lastEntry(accountId: string): Promise<LedgerEntryDoc | null> {
    return this.models.LedgerEntry.findOne({ accountId }).sort({ seq: -1 }).lean<LedgerEntryDoc>();
  }

  async findByIdempotencyKey(key: string): Promise<LedgerEntryDoc | null> {
    return this.models.LedgerEntry.findById(ledgerEntryId(key)).lean<LedgerEntryDoc>();
  }

  async append(m: Movement): Promise<AppendResult> {
    const existing = await this.findByIdempotencyKey(m.idempotencyKey);
    if (existing) return { entry: existing, applied: false };
    let last = this.heads.get(m.accountId) ?? (await this.lastEntry(m.accountId));
    let legacyChecked = false;
    for (let attempt = 0; attempt < 200; attempt++) {
      const before = last ? last.balance : ZERO_BALANCES;
      const after = addBalances(before, m.delta);
      if (m.requireFunds) {
        const bucket = overdrawnBucket(after);
        if (bucket) {
          const fresh = await this.lastEntry(m.accountId);
          if (fresh?.seq !== last?.seq) {
            last = fresh; // the cached head was stale: decide on the real balance
            continue;
          }
          throw new InsufficientFundsError(bucket, before);
        }
      }
      const entry: LedgerEntryDoc = {
        _id: ledgerEntryId(m.idempotencyKey),
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
        this.heads.set(m.accountId, entry);
        return { entry, applied: true };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // FerretDB's duplicate-key error does not name the index, so look for the movement itself. Entries
        // written before ids were derived from the key are found by the key's own index (a scan on FerretDB),
        // at most once per append rather than on every lost race for a sequence number.
        let winner = await this.findByIdempotencyKey(m.idempotencyKey);
        if (!winner && !legacyChecked) {
          legacyChecked = true;
          winner = await this.models.LedgerEntry.findOne({ idempotencyKey: m.idempotencyKey }).lean<LedgerEntryDoc>();
        }
        if (winner) return { entry: winner, applied: false };
        // Lost the race for this sequence number (or the cached head was stale): back off a little, re-read.
        this.heads.delete(m.accountId);
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 + attempt * 2)));
        last = await this.lastEntry(m.accountId);
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
