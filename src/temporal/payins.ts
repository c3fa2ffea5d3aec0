import { WithStartWorkflowOperation, type Client } from '@temporalio/client';
import type { payinWorkflow } from '../../workflows/payin';
import { createPayinUpdate, type PayinCreationResponse, type PayinWorkflowInput } from '../../workflows/payin-definitions';
import { executeCreation } from './early-return';
import { CompanyIdKey, PaymentMethodKey, ReferenceIdKey, TransactionStatusKey } from './search-attributes';

/** Workflow id = payin id: one workflow per payin, found by id in the Temporal UI. */
export const payinWorkflowId = (payinId: string) => payinId;

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
  return executeCreation(
    client,
    createPayinUpdate,
    startWorkflowOperation,
    input.payinId,
    (result) => (result.creation.ok ? { ok: true, value: result.creation.response } : result.creation),
    'PROVIDER_ERROR',
  );
}
