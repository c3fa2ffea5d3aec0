import { isValidPixPhone } from './contact';
import { isValidCnpj, isValidCpf } from './documents';

/** PIX keys as the DICT defines them (shared/reference/brazil-payments.md §3). Pure. */
export type PixKeyType = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';

const EMAIL = /^[a-z0-9.!#$'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Keys are checked exactly as the directory stores them: no normalization. An upper-case e-mail or EVP is
 * malformed (the DICT keeps them lower case) rather than silently fixed, so the merchant learns of it.
 */
export function isValidPixKey(type: PixKeyType, key: string): boolean {
  if (key.length === 0 || key.length > 77) return false;
  switch (type) {
    case 'CPF':
      return /^\d{11}$/.test(key) && isValidCpf(key);
    case 'CNPJ':
      return /^[0-9A-Z]{12}\d{2}$/.test(key) && isValidCnpj(key);
    case 'EMAIL':
      return EMAIL.test(key);
    case 'PHONE':
      return isValidPixPhone(key);
    case 'EVP':
      return EVP.test(key);
    default:
      return false;
  }
}
