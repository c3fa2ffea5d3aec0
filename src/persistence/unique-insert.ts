import type { Model } from 'mongoose';

/** E11000: a unique index refused the insert — the one concurrency primitive this code relies on. */
export function isDuplicateKeyError(err: unknown): err is { code: 11000; keyPattern?: Record<string, unknown>; message: string } {
  return (err as { code?: number })?.code === 11000;
}

/**
 * Inserts a transaction record claimed by a unique business key. A replay of the same record is a success;
 * another record holding the key is reported with its id.
 */
export async function insertClaimingKey<T extends { _id: string }>(
  model: Model<T>,
  doc: T,
  uniqueKey: Record<string, unknown>,
): Promise<{ created: true } | { created: false; existingId: string }> {
  try {
    await model.collection.insertOne(doc as never);
    return { created: true };
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    const existing = await model.findOne(uniqueKey, { _id: 1 }).lean<{ _id: string }>();
    if (!existing) throw err;
    return existing._id === doc._id ? { created: true } : { created: false, existingId: existing._id };
  }
}
