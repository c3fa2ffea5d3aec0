import { z } from 'zod';
import { isValidCnpj, isValidCpf, isValidCpfOrCnpj, normalizeDocument } from '../../domain/documents';

/** Integer centavos, positive, below 10^11 (R$ 1 billion): money is never a float. */
export const Centavos = z.number().int('must be an integer number of centavos').positive('must be greater than zero').max(100_000_000_000);

export const Cnpj = z
  .string()
  .max(32)
  .transform(normalizeDocument)
  .refine(isValidCnpj, 'must be a valid CNPJ (numeric or alphanumeric)');

export const Cpf = z
  .string()
  .max(32)
  .transform(normalizeDocument)
  .refine(isValidCpf, 'must be a valid CPF');

export const CpfOrCnpj = z
  .string()
  .max(32)
  .transform(normalizeDocument)
  .refine(isValidCpfOrCnpj, 'must be a valid CPF or CNPJ');

/** A bounded printable string: no control characters, trimmed. */
export const Text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'must not contain control characters');

export const ReferenceId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\w.:\-/#@]+$/, 'must be 1–128 characters of letters, digits and _ . : - / # @');
