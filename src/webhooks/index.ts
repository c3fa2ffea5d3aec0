/** What merchants import to verify our webhooks. */
export { verifyWebhookSignature, signWebhookPayload, DEFAULT_TOLERANCE_SECONDS, type VerifyResult } from './signature';
