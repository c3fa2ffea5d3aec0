/** What merchants import to verify (and, in their tests, produce) our webhook signatures. See docs/webhooks.md. */
export {
  verifyWebhookSignature,
  signWebhookPayload,
  generateWebhookSecret,
  secretsForSigning,
  WebhookSecretSet,
  DEFAULT_TOLERANCE_SECONDS,
  PREVIOUS_SECRET_VALIDITY_MS,
  type SigningSecrets,
  type StoredWebhookSecrets,
  type VerifyFailureReason,
  type VerifyOptions,
  type VerifyResult,
} from './signature';
