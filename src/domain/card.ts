/** Card number rules (Luhn, brand, expiry). Pure. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'elo' | 'hipercard' | 'unknown';

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const ELO_PREFIXES = ['401178', '401179', '431274', '438935', '451416', '457393', '504175', '627780', '636297', '636368'];

export function cardBrand(number: string): CardBrand {
  const six = Number(number.slice(0, 6));
  const four = Number(number.slice(0, 4));
  if (ELO_PREFIXES.some((p) => number.startsWith(p)) || (six >= 506699 && six <= 506778) || (six >= 509000 && six <= 509999) || (six >= 650031 && six <= 655058)) return 'elo';
  if (number.startsWith('606282')) return 'hipercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^5[1-5]/.test(number) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (number.startsWith('4')) return 'visa';
  return 'unknown';
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(month: string, year: string, now: { year: number; month: number }): boolean {
  const y = Number(year);
  const m = Number(month);
  return y < now.year || (y === now.year && m < now.month);
}

export const lastFour = (number: string) => number.slice(-4);
