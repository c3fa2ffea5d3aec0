import { ulid } from 'ulid';
import type { Models } from './models';

export async function recordAudit(
  models: Pick<Models, 'Audit'>,
  entry: { actor: string; action: string; target: { type: string; id: string }; before?: unknown; after?: unknown; requestId?: string | null },
): Promise<void> {
  await models.Audit.create({
    _id: `aud_${ulid()}`,
    actor: entry.actor,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: entry.requestId ?? null,
    at: new Date(),
  });
}
