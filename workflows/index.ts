export { probeWorkflow } from './probe';
