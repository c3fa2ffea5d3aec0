import { PAYOUT_STATUSES, type PayoutStatus } from '../domain/payout';

export interface PayoutListFilters {
  status?: PayoutStatus;
  referenceId?: string;
  startDate?: string;
  endDate?: string;
}

export interface PayoutListQuery {
  filter: Record<string, unknown>;
  sort: Record<string, 1 | -1>;
}

/**
 * The one query behind GET /payout. Its shape is kept index-friendly (equality, then the sort keys, with the
 * date range on the first sort key): test/unit/persistence/payout-list.test.ts checks every filter combination
 * against the Payout indexes, so a change here that would make MongoDB scan or sort in memory fails a test.
 *
 * `status: {$in: …}` (rather than `$ne: 'CREATING'`) keeps the unfiltered list on the status index: MongoDB
 * merges the per-status ranges already in (createdAt, _id) order, and the count is answered from the index.
 */
export function payoutListQuery(companyId: string, f: PayoutListFilters): PayoutListQuery {
  const filter: Record<string, unknown> = { companyId, status: f.status ?? { $in: [...PAYOUT_STATUSES] } };
  if (f.referenceId !== undefined) filter.referenceId = f.referenceId;
  if (f.startDate !== undefined || f.endDate !== undefined) {
    filter.createdAt = {
      ...(f.startDate !== undefined ? { $gte: new Date(f.startDate) } : {}),
      ...(f.endDate !== undefined ? { $lte: new Date(f.endDate) } : {}),
    };
  }
  return { filter, sort: { createdAt: -1, _id: -1 } };
}
