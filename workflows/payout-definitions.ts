import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { PayoutStatus } from '../src/domain/payout';
import type { AcquirerEvent } from './payin-definitions';

export interface PayoutWorkflowInput {
  payoutId: string;
  companyId: string;
  referenceId: string;
  amount: number;
  feeAmount: number;
  pixKey: string;
  pixKeyType: string;
  beneficiaryName: string | null;
  beneficiaryDocument: string | null;
  webhookUrl: string | null;
  approval: 'automatic' | 'manual';
  approvalTimeoutSeconds: number;
  merchantName: string;
  webhook: { retryDelaysMs: number[] };
  createdAt: string;
}

/** The payout record of spec 2.2 as returned at creation. */
export interface PayoutRecord {
  id: string;
  externalId: string | null;
  status: PayoutStatus;
  amount: number;
  currency: 'BRL';
  pixKey: string;
  pixKeyType: string;
  referenceId: string;
  beneficiaryName: string | null;
  beneficiaryDocument: string | null;
  feeAmount: number | null;
  netAmount: number | null;
  bankReceipt: null;
  createdAt: string;
  updatedAt: string;
}

export interface ApprovalDecision {
  approved: boolean;
  actor: string;
  reason?: string | null;
}

export const createPayoutUpdate = defineUpdate<PayoutRecord>('createPayout');
/** Sent by approvers (admin API, dashboard or the CLI) to a payout AWAITING_APPROVAL. */
export const approvalSignal = defineSignal<[ApprovalDecision]>('approval');
export const transferEventSignal = defineSignal<[AcquirerEvent]>('acquirerEvent');
export const payoutStatusQuery = defineQuery<{ status: PayoutStatus | 'CREATING'; version: number }>('getPayoutStatus');
