/** PIX BR Code (EMV Merchant Presented Mode) building and parsing. Pure. */

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over the UTF-8 bytes; "123456789" → 0x29B1. */
export function crc16ccitt(payload: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** Upper case, no accents, only what EMV readers accept, cut to the field's maximum. */
export function emvText(s: string, max: number): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 .,\-/&]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

const amountText = (centavos: number) => `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;

function withCrc(body: string): string {
  const payload = `${body}6304`;
  return payload + crc16ccitt(payload).toString(16).toUpperCase().padStart(4, '0');
}

/** Dynamic (single-use) code: the amount and txid live in the payload behind the location URL. */
export function buildDynamicPixBrCode(input: { locationUrl: string; merchantName: string; merchantCity: string; amountCentavos?: number }): string {
  const url = input.locationUrl.replace(/^https?:\/\//, '');
  return withCrc(
    tlv('00', '01') +
      tlv('01', '12') +
      tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('25', url)) +
      tlv('52', '0000') +
      tlv('53', '986') +
      (input.amountCentavos !== undefined ? tlv('54', amountText(input.amountCentavos)) : '') +
      tlv('58', 'BR') +
      tlv('59', emvText(input.merchantName, 25) || 'RECEBEDOR') +
      tlv('60', emvText(input.merchantCity, 15) || 'BRASIL') +
      tlv('62', tlv('05', '***')),
  );
}

export function buildStaticPixBrCode(input: { key: string; merchantName: string; merchantCity: string; amountCentavos?: number; txid?: string }): string {
  return withCrc(
    tlv('00', '01') +
      tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', input.key)) +
      tlv('52', '0000') +
      tlv('53', '986') +
      (input.amountCentavos !== undefined ? tlv('54', amountText(input.amountCentavos)) : '') +
      tlv('58', 'BR') +
      tlv('59', emvText(input.merchantName, 25)) +
      tlv('60', emvText(input.merchantCity, 15)) +
      tlv('62', tlv('05', input.txid ?? '***')),
  );
}

/** Top-level TLV fields and whether the CRC matches. */
export function parseBrCode(code: string): { valid: boolean; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  let i = 0;
  while (i + 4 <= code.length) {
    const id = code.slice(i, i + 2);
    const len = Number(code.slice(i + 2, i + 4));
    if (!Number.isInteger(len) || i + 4 + len > code.length) return { valid: false, fields };
    fields[id] = code.slice(i + 4, i + 4 + len);
    i += 4 + len;
  }
  const crcOk = fields['63'] !== undefined && code.endsWith(fields['63']) && crc16ccitt(code.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0') === fields['63'];
  return { valid: i === code.length && crcOk, fields };
}
