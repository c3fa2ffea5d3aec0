/** CPF and CNPJ (numeric and the alphanumeric CNPJ of IN RFB 2.229/2024). Pure. */

export function normalizeDocument(s: string): string {
  return s.replace(/[.\-/\s]/g, '').toUpperCase();
}

function allSame(s: string): boolean {
  return s.split('').every((c) => c === s[0]);
}

function mod11Digit(values: number[], weights: number[]): number {
  const sum = values.reduce((acc, v, i) => acc + v * weights[i], 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

export function isValidCpf(input: string): boolean {
  const s = normalizeDocument(input);
  if (!/^\d{11}$/.test(s) || allSame(s)) return false;
  const d = s.split('').map(Number);
  const dv1 = mod11Digit(d.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const dv2 = mod11Digit([...d.slice(0, 9), dv1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return dv1 === d[9] && dv2 === d[10];
}

/** Character value for the CNPJ check digits: ASCII code − 48 (digits keep their value, A = 17 … Z = 42). */
const cnpjValue = (c: string) => c.charCodeAt(0) - 48;

export function cnpjCheckDigits(first12: string): string {
  const v = first12.split('').map(cnpjValue);
  const dv1 = mod11Digit(v, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const dv2 = mod11Digit([...v, dv1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${dv1}${dv2}`;
}

export function isValidCnpj(input: string): boolean {
  const s = normalizeDocument(input);
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(s) || allSame(s)) return false;
  return cnpjCheckDigits(s.slice(0, 12)) === s.slice(12);
}

export function isValidCpfOrCnpj(input: string): boolean {
  const s = normalizeDocument(input);
  return s.length === 11 ? isValidCpf(s) : isValidCnpj(s);
}

export function formatCnpj(input: string): string {
  const s = normalizeDocument(input);
  return `${s.slice(0, 2)}.${s.slice(2, 5)}.${s.slice(5, 8)}/${s.slice(8, 12)}-${s.slice(12, 14)}`;
}

/** `12.345.***\/****-90`: the first five and the last two characters stay visible. */
export function maskCnpj(input: string): string {
  const s = normalizeDocument(input);
  if (s.length === 11) return maskCpf(s);
  return `${s.slice(0, 2)}.${s.slice(2, 5)}.***/****-${s.slice(12, 14)}`;
}

/** `***.982.247-**` */
export function maskCpf(input: string): string {
  const s = normalizeDocument(input);
  return `***.${s.slice(3, 6)}.${s.slice(6, 9)}-**`;
}
