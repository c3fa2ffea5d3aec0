/**
 * The one error body of the whole API: {"error": {"code", "message", "details"}}.
 * Codes are stable identifiers merchants branch on; messages are for humans.
 */
export const ERROR_STATUS = {
  INVALID_DATA: 400,
  MISSING_CREDENTIALS: 400,
  INVALID_PIX_KEY: 400,
  INSUFFICIENT_FUNDS: 400,
  BEYOND_LIMITS: 400,
  REJECTED_BY_RISK: 400,
  PAYER_LIMIT_REJECTED: 400,
  INVALID_CVV: 400,
  INVALID_CREDENTIALS: 401,
  KYC_NOT_APPROVED: 403,
  COMPANY_BLOCKED: 403,
  BROWSER_REQUEST_FORBIDDEN: 403,
  CARD_NOT_ENABLED: 403,
  SANDBOX_ONLY: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  DUPLICATE_REFERENCE_ID: 409,
  INVALID_STATE: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  PROVIDER_ERROR: 502,
  TEMPORARY_UNAVAILABLE: 502,
  PROVIDER_REJECTED: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  field?: string;
  message: string;
  [key: string]: unknown;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details: ErrorDetail[] };
}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, details: this.details } };
  }
}
