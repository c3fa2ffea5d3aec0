import { WithStartWorkflowOperation, type Client } from '@temporalio/client';
import type { payoutWorkflow } from '../../workflows/payout';
import { approvalSignal, createPayoutUpdate, type ApprovalDecision, type PayoutRecord, type PayoutWorkflowInput } from '../../workflows/payout-definitions';
import { executeCreation } from './early-return';
import { CompanyIdKey, PaymentMethodKey, ReferenceIdKey, TransactionStatusKey } from './search-attributes';

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
  return executeCreation(
    client,
    createPayoutUpdate,
    startWorkflowOperation,
    input.payoutId,
    (result) => (result.creation.ok ? { ok: true, value: result.creation.record } : result.creation),
    'TEMPORARY_UNAVAILABLE',
  );
}

export async function sendApproval(client: Client, payoutId: string, decision: ApprovalDecision): Promise<void> {
  await client.workflow.getHandle(payoutId).signal(approvalSignal, decision);
}
