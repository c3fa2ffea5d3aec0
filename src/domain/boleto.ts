/** Boleto bancário (cobrança): barcode, linha digitável and their check digits. Pure. */

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;
const utc = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day);
const RESET = utc({ year: 2025, month: 2, day: 22 });
const OLD_BASE = utc({ year: 1997, month: 10, day: 7 });

/** Due-date factor: days since 1997-10-07 until 2025-02-21 (9999); from 2025-02-22 the cycle restarts at 1000. */
export function dueDateFactor(d: CalendarDate): number {
  const t = utc(d);
  if (t >= RESET) return 1000 + Math.round((t - RESET) / DAY_MS);
  return Math.round((t - OLD_BASE) / DAY_MS);
}

/** Mod 10 with weights 2,1 from the right; products over 9 lose 9. */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let p = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    if (p > 9) p -= 9;
    sum += p;
  }
  return (10 - (sum % 10)) % 10;
}

/** General check digit of the barcode: weights 2..9 from the right; 0, 10 and 11 become 1. */
export function mod11Boleto(digits43: string): number {
  let sum = 0;
  for (let i = 0; i < digits43.length; i++) sum += Number(digits43[digits43.length - 1 - i]) * (2 + (i % 8));
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

export function buildBoletoBarcode(input: { bankCode: string; dueDate: CalendarDate; amountCentavos: number; freeField: string }): string {
  if (!/^\d{3}$/.test(input.bankCode) || !/^\d{25}$/.test(input.freeField)) throw new Error('bank code must have 3 digits and the free field 25');
  if (!Number.isInteger(input.amountCentavos) || input.amountCentavos < 0 || input.amountCentavos > 99_999_999_99) throw new Error('amount out of range');
  const factor = String(dueDateFactor(input.dueDate)).padStart(4, '0');
  const amount = String(input.amountCentavos).padStart(10, '0');
  const without = `${input.bankCode}9${factor}${amount}${input.freeField}`;
  return `${without.slice(0, 4)}${mod11Boleto(without)}${without.slice(4)}`;
}

export function barcodeToDigitableLine(barcode: string): string {
  if (!/^\d{44}$/.test(barcode)) throw new Error('barcode must have 44 digits');
  const f1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const f2 = barcode.slice(24, 34);
  const f3 = barcode.slice(34, 44);
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

export function digitableLineToBarcode(line: string): string {
  const l = line.replace(/\D/g, '');
  return `${l.slice(0, 4)}${l[32]}${l.slice(33, 47)}${l.slice(4, 9)}${l.slice(10, 20)}${l.slice(21, 31)}`;
}

export function formatDigitableLine(line: string): string {
  const l = line.replace(/\D/g, '');
  return `${l.slice(0, 5)}.${l.slice(5, 10)} ${l.slice(10, 15)}.${l.slice(15, 21)} ${l.slice(21, 26)}.${l.slice(26, 32)} ${l[32]} ${l.slice(33)}`;
}

export function isValidDigitableLine(line: string): boolean {
  const l = line.replace(/[\s.]/g, '');
  if (!/^\d{47}$/.test(l)) return false;
  const f1 = l.slice(0, 9);
  const f2 = l.slice(10, 20);
  const f3 = l.slice(21, 31);
  if (mod10(f1) !== Number(l[9]) || mod10(f2) !== Number(l[20]) || mod10(f3) !== Number(l[31])) return false;
  const barcode = digitableLineToBarcode(l);
  return mod11Boleto(barcode.slice(0, 4) + barcode.slice(5)) === Number(barcode[4]);
}
