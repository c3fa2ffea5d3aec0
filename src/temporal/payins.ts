import { WithStartWorkflowOperation, WorkflowExecutionAlreadyStartedError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { payinWorkflow } from '../../workflows/payin';
import { createPayinUpdate, type PayinCreationResponse, type PayinWorkflowInput } from '../../workflows/payin-definitions';
import { ApiError, ERROR_STATUS, type ErrorCode, type ErrorDetail } from '../http/errors';
import { CompanyIdKey, PaymentMethodKey, ReferenceIdKey, TransactionStatusKey } from './search-attributes';

/** Workflow id = payin id: one workflow per payin, found by id in the Temporal UI. */
export const payinWorkflowId = (payinId: string) => payinId;

function toApiError(code: string, message: string, details: unknown[] | undefined): ApiError {
  const known = code in ERROR_STATUS ? (code as ErrorCode) : 'PROVIDER_ERROR';
  return new ApiError(known, message, (details ?? []) as ErrorDetail[]);
}

/**
 * Starts (or attaches to) the payin workflow and waits for its creation update: the response comes from
 * the workflow itself as soon as the acquirer has answered, while the workflow goes on durably.
 */
export async function startPayin(client: Client, taskQueue: string, input: PayinWorkflowInput): Promise<PayinCreationResponse> {
  const startWorkflowOperation = new WithStartWorkflowOperation<typeof payinWorkflow>('payinWorkflow', {
    workflowId: payinWorkflowId(input.payinId),
    taskQueue,
    args: [input],
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
    typedSearchAttributes: [
      { key: CompanyIdKey, value: input.companyId },
      { key: ReferenceIdKey, value: input.referenceId },
      { key: PaymentMethodKey, value: input.paymentMethod },
      { key: TransactionStatusKey, value: 'CREATING' },
    ],
    memo: { merchant: input.merchant.name, companyId: input.companyId, amount: input.amount, method: input.paymentMethod },
    staticSummary: `Payin ${input.paymentMethod} R$ ${(input.amount / 100).toFixed(2)} — ${input.merchant.name} (${input.referenceId})`,
  });
  try {
    return await client.workflow.executeUpdateWithStart(createPayinUpdate, { startWorkflowOperation });
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) {
      throw toApiError(err.cause.type ?? 'PROVIDER_ERROR', err.cause.message, err.cause.details as unknown[]);
    }
    if (err instanceof WorkflowExecutionAlreadyStartedError) {
      // The workflow already finished (e.g. a retried request after a failed creation): its result holds the outcome.
      const result = await client.workflow.getHandle<typeof payinWorkflow>(payinWorkflowId(input.payinId)).result();
      if (result.creation.ok) return result.creation.response;
      throw toApiError(result.creation.code, result.creation.message, result.creation.details);
    }
    throw err;
  }
}
