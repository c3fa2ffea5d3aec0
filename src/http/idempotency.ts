import crypto from 'node:crypto';
import type { Models, IdempotencyDoc } from '../persistence/models';
import { ApiError } from './errors';
import { isDuplicateKeyError } from '../persistence/unique-insert';

export interface StoredResponse {
  status: number;
  body: unknown;
}

const WINDOW_MS = 24 * 3600 * 1000;
const isDuplicate = isDuplicateKeyError;

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * `Idempotency-Key` for creation endpoints (24 h). The key is claimed by an insert into a unique index, so
 * concurrent requests with one key agree on one resource id; `run` must itself be idempotent for that id
 * (it is: update-with-start attaches to the same workflow). The same key with another body → 422.
 */
export async function withIdempotency(
  models: Pick<Models, 'Idempotency'>,
  args: { companyId: string; scope: string; key: string | undefined; body: unknown; newResourceId: () => string },
  handler: (resourceId: string) => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  // Documented refusals are responses too: a retry gets the same status and body.
  const run = async (resourceId: string): Promise<StoredResponse> => {
    try {
      return await handler(resourceId);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) return { status: err.status, body: err.toBody() };
      if (err instanceof ApiError && err.code === 'PROVIDER_ERROR') return { status: err.status, body: err.toBody() };
      throw err;
    }
  };
  if (args.key === undefined) return { ...(await run(args.newResourceId())), replayed: false };
  if (!/^[\x21-\x7e]{1,255}$/.test(args.key)) throw new ApiError('INVALID_DATA', 'Idempotency-Key must be 1–255 visible ASCII characters', [{ field: 'Idempotency-Key', message: 'invalid' }]);
  const id = `${args.companyId}:${args.scope}:${args.key}`;
  const requestHash = crypto.createHash('sha256').update(canonical(args.body)).digest('hex');

  for (let attempt = 0; attempt < 3; attempt++) {
    const resourceId = args.newResourceId();
    try {
      await models.Idempotency.collection.insertOne({ _id: id, companyId: args.companyId, requestHash, resourceId, response: null, createdAt: new Date() } as never);
      const response = await run(resourceId);
      await store(models, id, response);
      return { ...response, replayed: false };
    } catch (err) {
      if (!isDuplicate(err)) throw err;
    }
    const existing = await models.Idempotency.findById(id).lean<IdempotencyDoc>();
    if (!existing) continue;
    if (Date.now() - existing.createdAt.getTime() > WINDOW_MS) {
      await models.Idempotency.deleteOne({ _id: id, createdAt: existing.createdAt });
      continue;
    }
    if (existing.requestHash !== requestHash) {
      throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request body', [{ field: 'Idempotency-Key', message: 'reused with a different body', resourceId: existing.resourceId }]);
    }
    if (existing.response) return { ...existing.response, replayed: true };
    // The first request is still running (or its process died): converge on the same resource.
    const response = await run(existing.resourceId);
    await store(models, id, response);
    return { ...response, replayed: true };
  }
  throw new ApiError('IDEMPOTENCY_KEY_IN_USE', 'Could not claim the Idempotency-Key; retry');
}

async function store(models: Pick<Models, 'Idempotency'>, id: string, response: StoredResponse): Promise<void> {
  // Transient 5xx answers are not stored: a retry with the same key tries again.
  if (response.status >= 500 && (response.body as { error?: { code?: string } })?.error?.code !== 'PROVIDER_ERROR') return;
  await models.Idempotency.updateOne({ _id: id }, { $set: { response } });
}
