import type { ZodError, ZodType, z } from 'zod';
import { ApiError, type ErrorCode, type ErrorDetail } from './errors';

export function zodDetails(err: ZodError): ErrorDetail[] {
  return err.issues.slice(0, 50).map((issue) => ({
    field: issue.path.map(String).join('.') || undefined,
    message: issue.message,
  }));
}

/** Parses with a zod schema or throws the documented 400 (code INVALID_DATA unless a schema issue names another). */
export function parseOrThrow<S extends ZodType>(schema: S, input: unknown, what = 'request'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const special = result.error.issues
    .map((i) => (i as { params?: { code?: ErrorCode } }).params?.code)
    .find((c): c is ErrorCode => typeof c === 'string');
  const details = zodDetails(result.error);
  throw new ApiError(special ?? 'INVALID_DATA', `The ${what} is invalid`, details);
}
