import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { ApiError } from '../errors';
import { zodDetails } from '../validate';

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new ApiError('NOT_FOUND', `No route for ${req.method} ${req.path}`));
};

function isMongoUnavailable(err: unknown): boolean {
  const name = (err as { name?: string })?.name ?? '';
  return /^Mongo(Server)?(Selection|Network|NetworkTimeout|NotConnected|TopologyClosed|PoolCleared)Error$/.test(name) || name === "MongooseServerSelectionError";
}

/** Temporal unreachable (gRPC UNAVAILABLE / deadline, or the connection itself). */
function isTemporalUnavailable(err: unknown): boolean {
  const e = err as { name?: string; code?: number; cause?: { code?: number } };
  return e?.name === 'ConnectionError' || (e?.name === 'ServiceError' && (e.cause?.code === 14 || e.cause?.code === 4)) || e?.code === 14;
}

/** Maps every failure to the one error body; never leaks a stack trace or an HTML page. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let apiError: ApiError;
  const bodyParserType = (err as { type?: string }).type;
  if (err instanceof ApiError) {
    apiError = err;
  } else if (err instanceof ZodError) {
    apiError = new ApiError('INVALID_DATA', 'The request is invalid', zodDetails(err));
  } else if (bodyParserType === 'entity.parse.failed') {
    apiError = new ApiError('INVALID_DATA', 'The request body is not valid JSON');
  } else if (bodyParserType === 'entity.too.large') {
    apiError = new ApiError('PAYLOAD_TOO_LARGE', 'The request body exceeds 1 MB');
  } else if (bodyParserType === 'encoding.unsupported' || bodyParserType === 'charset.unsupported') {
    apiError = new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported request encoding');
  } else if (typeof (err as { status?: number }).status === 'number' && (err as { status: number }).status < 500) {
    apiError = new ApiError('INVALID_DATA', 'The request could not be read');
  } else if (isMongoUnavailable(err)) {
    apiError = new ApiError('SERVICE_UNAVAILABLE', 'The database is unavailable; retry shortly', [], { 'Retry-After': '5' });
  } else if (isTemporalUnavailable(err)) {
    apiError = new ApiError('SERVICE_UNAVAILABLE', 'The workflow service is unavailable; retry shortly (with the same Idempotency-Key)', [], { 'Retry-After': '5' });
  } else {
    req.log?.error({ err }, 'unhandled error');
    apiError = new ApiError('INTERNAL_ERROR', 'Internal error');
  }
  if (res.headersSent) return;
  for (const [k, v] of Object.entries(apiError.headers)) res.setHeader(k, v);
  res.status(apiError.status).json(apiError.toBody());
};
