import { WithStartWorkflowOperation, WorkflowExecutionAlreadyStartedError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { payoutWorkflow } from '../../workflows/payout';
import { approvalSignal, createPayoutUpdate, type ApprovalDecision, type PayoutRecord, type PayoutWorkflowInput } from '../../workflows/payout-definitions';
import { ApiError, ERROR_STATUS, type ErrorCode, type ErrorDetail } from '../http/errors';
import { CompanyIdKey, PaymentMethodKey, ReferenceIdKey, TransactionStatusKey } from './search-attributes';

const toApiError = (code: string, message: string, details: unknown[] | undefined) =>
  new ApiError(code in ERROR_STATUS ? (code as ErrorCode) : 'TEMPORARY_UNAVAILABLE', message, (details ?? []) as ErrorDetail[]);

/** Starts (or attaches to) the payout workflow and returns its creation record (early return). */
export async function startPayout(client: Client, taskQueue: string, input: PayoutWorkflowInput): Promise<PayoutRecord> {
  const startWorkflowOperation = new WithStartWorkflowOperation<typeof payoutWorkflow>('payoutWorkflow', {
    workflowId: input.payoutId,
    taskQueue,
    args: [input],
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'REJECT_DUPLICATE',
    typedSearchAttributes: [
      { key: CompanyIdKey, value: input.companyId },
      { key: ReferenceIdKey, value: input.referenceId },
      { key: PaymentMethodKey, value: 'PIX_PAYOUT' },
      { key: TransactionStatusKey, value: 'CREATING' },
    ],
    memo: { merchant: input.merchantName, companyId: input.companyId, amount: input.amount, pixKeyType: input.pixKeyType, approval: input.approval },
    staticSummary: `Payout R$ ${(input.amount / 100).toFixed(2)} to a ${input.pixKeyType} key — ${input.merchantName} (${input.referenceId}, ${input.approval} approval)`,
  });
  try {
    return await client.workflow.executeUpdateWithStart(createPayoutUpdate, { startWorkflowOperation });
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) {
      throw toApiError(err.cause.type ?? 'TEMPORARY_UNAVAILABLE', err.cause.message, err.cause.details as unknown[]);
    }
    if (err instanceof WorkflowExecutionAlreadyStartedError) {
      const result = await client.workflow.getHandle<typeof payoutWorkflow>(input.payoutId).result();
      if (result.creation.ok) return result.creation.record;
      throw toApiError(result.creation.code, result.creation.message, result.creation.details);
    }
    throw err;
  }
}

export async function sendApproval(client: Client, payoutId: string, decision: ApprovalDecision): Promise<void> {
  await client.workflow.getHandle(payoutId).signal(approvalSignal, decision);
}
