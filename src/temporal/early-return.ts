import { WorkflowExecutionAlreadyStartedError, WorkflowUpdateFailedError, type Client, type WithStartWorkflowOperation, type Workflow, type WorkflowResultType } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { UpdateDefinition } from '@temporalio/common';
import { ApiError, ERROR_STATUS, type ErrorCode, type ErrorDetail } from '../http/errors';

export type CreationResult<T> = { ok: true; value: T } | { ok: false; code: string; message: string; details: Record<string, unknown>[] };

function toApiError(code: string, message: string, details: unknown[] | undefined, fallback: ErrorCode): ApiError {
  return new ApiError(code in ERROR_STATUS ? (code as ErrorCode) : fallback, message, (details ?? []) as ErrorDetail[]);
}

/**
 * Early return: start (or attach to) a transaction's workflow and wait for its creation update. A refusal
 * inside the workflow becomes the documented API error. If the workflow already finished (a retried request
 * after a creation that ended it), its result holds the creation outcome.
 */
export async function executeCreation<W extends Workflow, T>(
  client: Client,
  update: UpdateDefinition<T, []>,
  startWorkflowOperation: WithStartWorkflowOperation<W>,
  workflowId: string,
  creationOf: (result: WorkflowResultType<W>) => CreationResult<T>,
  fallback: ErrorCode,
): Promise<T> {
  try {
    return await client.workflow.executeUpdateWithStart(update, { startWorkflowOperation });
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) {
      throw toApiError(err.cause.type ?? fallback, err.cause.message, err.cause.details as unknown[], fallback);
    }
    if (err instanceof WorkflowExecutionAlreadyStartedError) {
      const creation = creationOf(await client.workflow.getHandle<W>(workflowId).result());
      if (creation.ok) return creation.value;
      throw toApiError(creation.code, creation.message, creation.details, fallback);
    }
    throw err;
  }
}
