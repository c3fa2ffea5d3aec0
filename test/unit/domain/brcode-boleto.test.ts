import { hasError, parsePix } from 'pix-utils';
import { validarBoleto } from '@mrmgomes/boleto-utils';
import { buildDynamicPixBrCode, buildStaticPixBrCode, crc16ccitt, emvText, parseBrCode } from '../../../src/domain/brcode';
import { barcodeToDigitableLine, buildBoletoBarcode, dueDateFactor, formatDigitableLine, isValidDigitableLine, mod10, mod11Boleto } from '../../../src/domain/boleto';

describe('BR Code', () => {
  test('CRC-16/CCITT-FALSE check value', () => expect(crc16ccitt('123456789')).toBe(0x29b1));

  test('reproduces the reference dynamic example byte for byte', () => {
    expect(buildDynamicPixBrCode({ locationUrl: 'https://pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25', merchantName: 'Loja Exemplo LTDA', merchantCity: 'São Paulo' })).toBe(
      '00020101021226760014br.gov.bcb.pix2554pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca255204000053039865802BR5917LOJA EXEMPLO LTDA6009SAO PAULO62070503***63044846',
    );
  });

  test('reproduces the reference static example byte for byte', () => {
    expect(buildStaticPixBrCode({ key: 'pix@bcb.gov.br', merchantName: 'Loja Exemplo LTDA', merchantCity: 'SAO PAULO', amountCentavos: 1050, txid: 'PEDIDO12345' })).toBe(
      '00020126360014br.gov.bcb.pix0114pix@bcb.gov.br520400005303986540510.505802BR5917LOJA EXEMPLO LTDA6009SAO PAULO62150511PEDIDO123456304CD92',
    );
  });

  test.each([
    ['Açaí & Cia Ltda — Filial Centro Histórico', 'Florianópolis'],
    ['X', 'Y'],
  ])('an independent parser (pix-utils) accepts the dynamic code for %s', (name, city) => {
    const code = buildDynamicPixBrCode({ locationUrl: 'sandbox.example/pix/qr/abc123', merchantName: name, merchantCity: city });
    const parsed = parsePix(code);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({ type: 'DYNAMIC', url: 'sandbox.example/pix/qr/abc123', merchantName: emvText(name, 25), merchantCity: emvText(city, 15) });
    expect(code.length).toBeLessThanOrEqual(512);
  });

  test('our parser verifies the CRC', () => {
    const code = buildStaticPixBrCode({ key: 'pix@bcb.gov.br', merchantName: 'Loja', merchantCity: 'Rio', amountCentavos: 1 });
    expect(parseBrCode(code).valid).toBe(true);
    expect(parseBrCode(code).fields['54']).toBe('0.01');
    expect(parseBrCode(`${code.slice(0, -1)}0`).valid).toBe(code.endsWith('0'));
  });
});

describe('boleto', () => {
  test.each([
    [{ year: 2000, month: 7, day: 3 }, 1000],
    [{ year: 2025, month: 2, day: 21 }, 9999],
    [{ year: 2025, month: 2, day: 22 }, 1000],
    [{ year: 2026, month: 3, day: 15 }, 1386],
    [{ year: 2026, month: 6, day: 30 }, 1493],
  ])('due-date factor of %o is %i', (d, f) => expect(dueDateFactor(d)).toBe(f));

  test('reproduces the reference worked example', () => {
    const barcode = buildBoletoBarcode({ bankCode: '001', dueDate: { year: 2026, month: 3, day: 15 }, amountCentavos: 123_456, freeField: '0000002900001234500000117' });
    expect(barcode).toBe('00192138600001234560000002900001234500000117');
    expect(formatDigitableLine(barcodeToDigitableLine(barcode))).toBe('00190.00009 02900.001237 45000.001177 2 13860000123456');
    expect(mod11Boleto(barcode.slice(0, 4) + barcode.slice(5))).toBe(2);
    expect(mod10('001900000')).toBe(9);
  });

  test.each([1, 99, 1_000_00, 123_456, 99_999_999_99])('an independent validator accepts the linha for %i centavos', (amount) => {
    const line = barcodeToDigitableLine(buildBoletoBarcode({ bankCode: '001', dueDate: { year: 2026, month: 12, day: 1 }, amountCentavos: amount, freeField: '1234567890123456789012345' }));
    expect(line).toMatch(/^\d{47}$/);
    expect(isValidDigitableLine(line)).toBe(true);
    const v = validarBoleto(line);
    expect(v.sucesso).toBe(true);
    expect(v.valor).toBeCloseTo(amount / 100, 2);
  });

  const line = barcodeToDigitableLine(buildBoletoBarcode({ bankCode: '001', dueDate: { year: 2026, month: 12, day: 1 }, amountCentavos: 5000, freeField: '1234567890123456789012345' }));
  const change = (i: number) => line.slice(0, i) + ((Number(line[i]) + 1) % 10) + line.slice(i + 1);
  test('a changed digit in a field is caught by our check and the independent one', () => {
    expect(isValidDigitableLine(change(2))).toBe(false);
    expect(validarBoleto(change(2)).sucesso).toBe(false);
  });
  test('a changed amount digit breaks the general (mod 11) check digit', () => {
    expect(isValidDigitableLine(change(40))).toBe(false);
  });
});
