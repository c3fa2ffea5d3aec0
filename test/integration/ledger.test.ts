import mongoose, { type Connection } from 'mongoose';
import { ulid } from 'ulid';
import { getModels, ensureIndexes, type Models } from '../../src/persistence/models';
import { InsufficientFundsError, Ledger, ledgerEntryId } from '../../src/persistence/ledger';
import { testStack } from '../support/stack';

/**
 * The ledger against the real MongoDB wire server, with two Ledger instances standing for two processes
 * (API and worker) whose in-memory heads go stale behind each other's backs.
 */
describe('ledger: cached heads across processes', () => {
  let conn: Connection;
  let models: Models;
  beforeAll(async () => {
    conn = await mongoose.createConnection(testStack().mongoUri).asPromise();
    models = getModels(conn);
    await ensureIndexes(models);
  });
  afterAll(async () => {
    await conn.close();
  });

  const account = () => `acct_${ulid()}`;

  test('a stale head never yields a wrong balance or a reused sequence number', async () => {
    const acc = account();
    const a = new Ledger(models);
    const b = new Ledger(models);
    await a.append({ accountId: acc, idempotencyKey: `${acc}:credit`, kind: 'adjustment', delta: { available: 10_000 } });
    // a's head is now seq 1; b appends twice behind its back
    await b.append({ accountId: acc, idempotencyKey: `${acc}:d1`, kind: 'payout', delta: { available: -6_000 }, requireFunds: true });
    await b.append({ accountId: acc, idempotencyKey: `${acc}:d2`, kind: 'payout', delta: { available: -3_000 }, requireFunds: true });
    // a still believes 10 000 are available: the debit of 5 000 must be refused on the real balance (1 000)
    await expect(a.append({ accountId: acc, idempotencyKey: `${acc}:d3`, kind: 'payout', delta: { available: -5_000 }, requireFunds: true })).rejects.toBeInstanceOf(InsufficientFundsError);
    const ok = await a.append({ accountId: acc, idempotencyKey: `${acc}:d4`, kind: 'payout', delta: { available: -1_000 }, requireFunds: true });
    expect(ok.applied).toBe(true);
    expect(ok.entry.seq).toBe(4);
    expect(await b.balance(acc)).toMatchObject({ available: 0 });
    const seqs = (await b.entries(acc, { limit: 10 })).map((e) => e.seq);
    expect(seqs).toEqual([4, 3, 2, 1]);
  });

  test('a stale head that shows too little money re-reads before refusing', async () => {
    const acc = account();
    const a = new Ledger(models);
    const b = new Ledger(models);
    await a.append({ accountId: acc, idempotencyKey: `${acc}:c1`, kind: 'adjustment', delta: { available: 100 } });
    await b.append({ accountId: acc, idempotencyKey: `${acc}:c2`, kind: 'adjustment', delta: { available: 900 } });
    const debit = await a.append({ accountId: acc, idempotencyKey: `${acc}:d`, kind: 'payout', delta: { available: -500 }, requireFunds: true });
    expect(debit).toMatchObject({ applied: true, entry: { seq: 3, balance: { available: 500 } } });
  });

  test('replaying a movement from either process is a no-op that returns the first entry', async () => {
    const acc = account();
    const a = new Ledger(models);
    const b = new Ledger(models);
    await a.append({ accountId: acc, idempotencyKey: `${acc}:c`, kind: 'adjustment', delta: { available: 1_000 } });
    const first = await a.append({ accountId: acc, idempotencyKey: `${acc}:d`, kind: 'payout', delta: { available: -1_000 }, requireFunds: true });
    // the replay would overdraw if it were applied again: it must return the first entry, not refuse
    const again = await b.append({ accountId: acc, idempotencyKey: `${acc}:d`, kind: 'payout', delta: { available: -1_000 }, requireFunds: true });
    expect(again.applied).toBe(false);
    expect(again.entry._id).toBe(first.entry._id);
    expect(first.entry._id).toBe(ledgerEntryId(`${acc}:d`));
  });

  test('concurrent appends from two processes: every sequence number once, the sum is the balance', async () => {
    const acc = account();
    const ledgers = [new Ledger(models), new Ledger(models)];
    await ledgers[0].append({ accountId: acc, idempotencyKey: `${acc}:seed`, kind: 'adjustment', delta: { available: 1 } });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => ledgers[i % 2].append({ accountId: acc, idempotencyKey: `${acc}:${i}`, kind: 'adjustment', delta: { available: 10 } })),
    );
    const entries = await ledgers[1].entries(acc, { limit: 100 });
    expect(entries.map((e) => e.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(entries[0].balance.available).toBe(301);
  });
});
