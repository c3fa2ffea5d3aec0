import mongoose from 'mongoose';
import { getModels } from '../../../src/persistence/models';
import { payoutListQuery, type PayoutListFilters } from '../../../src/persistence/payout-list';

type IndexSpec = { keys: [string, 1 | -1][]; unique: boolean };

/**
 * The planner rule MongoDB follows (equality → sort → range): an index serves a filter + sort with bounded
 * ranges and no in-memory sort when its leading keys are exactly the equality (or $in) fields, the next keys
 * are the sort keys in order (all directions equal or all reversed), and the only range is on the first sort
 * key, and every filtered field is an index key, so the count behind meta.total is answered from the index
 * too. A unique index whose keys are all matched by scalar equality returns at most one document: the other
 * conditions are checked on that one document and there is nothing to sort.
 */
function servingIndex(indexes: IndexSpec[], filter: Record<string, unknown>, sort: Record<string, 1 | -1>): IndexSpec | undefined {
  const isRange = (v: unknown) => typeof v === 'object' && v !== null && !('$in' in v) && Object.keys(v).every((k) => ['$gt', '$gte', '$lt', '$lte'].includes(k));
  const equality = Object.keys(filter).filter((k) => !isRange(filter[k]));
  const ranges = Object.keys(filter).filter((k) => isRange(filter[k]));
  const sortKeys = Object.entries(sort);
  return indexes.find((ix) => {
    const fields = ix.keys.map(([k]) => k);
    if (ix.unique && fields.every((k) => equality.includes(k) && typeof filter[k] !== 'object')) return true;
    if (!Object.keys(filter).every((k) => fields.includes(k))) return false;
    const prefix = fields.slice(0, equality.length);
    if (prefix.length !== equality.length || !equality.every((k) => prefix.includes(k))) return false;
    const rest = ix.keys.slice(equality.length, equality.length + sortKeys.length);
    if (rest.length !== sortKeys.length || rest.some(([k], i) => k !== sortKeys[i][0])) return false;
    const flip = rest[0][1] === sortKeys[0][1] ? 1 : -1;
    if (rest.some(([, d], i) => d * flip !== sortKeys[i][1])) return false;
    return ranges.every((k) => k === sortKeys[0][0]);
  });
}

describe('GET /payout query ↔ Payout indexes', () => {
  const conn = mongoose.createConnection();
  const indexes: IndexSpec[] = getModels(conn)
    .Payout.schema.indexes()
    .map(([keys, options]) => ({ keys: Object.entries(keys) as [string, 1 | -1][], unique: options?.unique === true }));

  const combos: PayoutListFilters[] = [];
  for (const status of [undefined, 'COMPLETED'] as const)
    for (const referenceId of [undefined, 'order-1'])
      for (const startDate of [undefined, '2026-01-01T00:00:00Z'])
        for (const endDate of [undefined, '2026-02-01T00:00:00Z']) combos.push({ status, referenceId, startDate, endDate });

  it.each(combos.map((c) => [JSON.stringify(c), c] as const))('%s is served by an index, without an in-memory sort', (_name, filters) => {
    const { filter, sort } = payoutListQuery('co_1', filters);
    const ix = servingIndex(indexes, filter, sort);
    expect(ix).toBeDefined();
  });

  it('the checker refuses shapes that would scan or sort in memory', () => {
    const { sort } = payoutListQuery('co_1', {});
    expect(servingIndex(indexes, { companyId: 'c', amount: 10 }, sort)).toBeUndefined();
    expect(servingIndex(indexes, { companyId: 'c', status: 'COMPLETED' }, { amount: -1 })).toBeUndefined();
    expect(servingIndex(indexes, { companyId: 'c', status: 'COMPLETED', updatedAt: { $gte: new Date() } }, sort)).toBeUndefined();
    expect(servingIndex(indexes, { status: 'COMPLETED' }, { createdAt: -1, _id: -1 })).toBeUndefined();
  });

  it('never lists payouts still being created and always filters by the caller', () => {
    const { filter } = payoutListQuery('co_1', {});
    expect(filter.companyId).toBe('co_1');
    expect((filter.status as { $in: string[] }).$in).not.toContain('CREATING');
  });
});
