/** Brazilian contact data: CEP, UF, phone numbers. Pure. */

export const BRAZILIAN_STATES = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'] as const;

export const VALID_DDDS: ReadonlySet<string> = new Set(
  [
    [11, 19], [21, 22], [24, 24], [27, 28], [31, 35], [37, 38], [41, 49], [51, 51], [53, 55], [61, 69], [71, 71], [73, 75], [77, 77], [79, 79], [81, 89], [91, 99],
  ].flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String(a + i))),
);

export function isValidUf(s: string): boolean {
  return (BRAZILIAN_STATES as readonly string[]).includes(s.toUpperCase());
}

export function isValidCep(s: string): boolean {
  return /^\d{5}-?\d{3}$/.test(s);
}

export function normalizeCep(s: string): string {
  return s.replace('-', '');
}

/** Digits with country code 55: mobile (DDD + 9 + 8 digits, 13 digits) or landline (DDD + [2-5] + 7 digits, 12 digits). */
export function isValidBrazilianPhone(digits: string): boolean {
  const m = /^55(\d{2})(\d{8,9})$/.exec(digits);
  if (!m || !VALID_DDDS.has(m[1])) return false;
  const local = m[2];
  return local.length === 9 ? /^9\d{8}$/.test(local) : /^[2-5]\d{7}$/.test(local);
}

/** Brazilian mobile in E.164, as PIX phone keys are written: +55 DDD 9XXXXXXXX. */
export function isValidPixPhone(s: string): boolean {
  const m = /^\+55([1-9]{2})(9\d{8})$/.exec(s);
  return m !== null && VALID_DDDS.has(m[1]);
}
