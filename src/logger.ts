import pino, { type Logger } from 'pino';

/**
 * Structured JSON logs. Credentials and card data are redacted wherever they could appear;
 * code must still never pass them to the logger on purpose.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-secret"]',
  'req.headers["x-acquirer-signature"]',
  'headers.authorization',
  '*.secretKey',
  '*.secret',
  '*.cvv',
  '*.number',
  '*.card',
  'card',
  'secretKey',
  'secret',
];

export function createLogger(options: { level: string; name: string }): Logger {
  return pino({
    name: options.name,
    level: options.level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    base: { service: options.name, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}

export type { Logger };
