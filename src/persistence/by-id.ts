import type { Model } from 'mongoose';

/**
 * A tenant's record by id: read by primary key, owner checked here. Another tenant's record is "not found".
 * (FerretDB v1 pushes down only a filter that is exactly `{_id}`; `{_id, companyId}` would scan the collection.)
 */
export async function findOwned<T extends { _id: string; companyId: string }>(model: Model<T>, id: string, companyId: string): Promise<T | null> {
  const doc = await model.findById(id).lean<T>();
  return doc && doc.companyId === companyId ? doc : null;
}
