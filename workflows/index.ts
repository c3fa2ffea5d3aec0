export { probeWorkflow } from './probe';
export { payinWorkflow } from './payin';
export { webhookDeliveryWorkflow, webhookResendWorkflow } from './webhook-delivery';
