export { probeWorkflow } from './probe';
export { payinWorkflow } from './payin';
export { payoutWorkflow } from './payout';
export { webhookDeliveryWorkflow, webhookResendWorkflow } from './webhook-delivery';
export { benchNoopWorkflow } from './bench-noop';
