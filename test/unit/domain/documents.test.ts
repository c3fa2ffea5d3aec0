import { isValidCnpj, isValidCpf, isValidCpfOrCnpj, maskCnpj, maskCpf, normalizeDocument, cnpjCheckDigits } from '../../../src/domain/documents';
import { isValidBrazilianPhone, isValidCep, isValidPixPhone, isValidUf, normalizeCep } from '../../../src/domain/contact';
import { isValidPixKey } from '../../../src/domain/pix-key';
import { cardBrand, isExpired, luhnValid } from '../../../src/domain/card';

describe('CPF', () => {
  test.each(['529.982.247-25', '52998224725', '12345678909'])('%s is valid', (cpf) => expect(isValidCpf(cpf)).toBe(true));
  test.each(['52998224724', '52998224715', '11111111111', '00000000000', '5299822472', '529982247250', 'abcdefghijk', ''])('%s is invalid', (cpf) => expect(isValidCpf(cpf)).toBe(false));
});

describe('CNPJ, numeric and alphanumeric', () => {
  test.each(['11.222.333/0001-81', '11222333000181', '12.ABC.345/01DE-35', '12abc34501de35'])('%s is valid', (c) => expect(isValidCnpj(c)).toBe(true));
  test.each(['11222333000180', '00000000000000', 'AAAAAAAAAAAAAA', '12ABC34501DE36', '12ABC34501DE3A', '1122233300018'])('%s is invalid', (c) => expect(isValidCnpj(c)).toBe(false));
  test('check digits use ASCII − 48 (A = 17), not base 36', () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    // With the base-36 mapping (A = 10) the digits would differ; that variant must not validate.
    const base36 = '12ABC34501DE'.split('').map((c) => parseInt(c, 36));
    const s1 = base36.reduce((a, v, i) => a + v * [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2][i], 0) % 11;
    const wrongDv1 = s1 < 2 ? 0 : 11 - s1;
    expect(String(wrongDv1)).not.toBe('3');
  });
  test('either document', () => {
    expect(isValidCpfOrCnpj('52998224725')).toBe(true);
    expect(isValidCpfOrCnpj('11222333000181')).toBe(true);
    expect(isValidCpfOrCnpj('123')).toBe(false);
  });
  test('masks keep the first five and last two characters', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.***/****-81');
    expect(maskCnpj('12ABC34501DE35')).toBe('12.ABC.***/****-35');
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
    expect(normalizeDocument(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
  });
});

describe('contact data', () => {
  test.each([
    ['5511987654321', true],
    ['551133334444', true],
    ['5520987654321', false],
    ['5511887654321', false],
    ['551163334444', false],
    ['11987654321', false],
    ['4411987654321', false],
  ])('phone %s → %s', (p, ok) => expect(isValidBrazilianPhone(p)).toBe(ok));
  test('CEP and UF', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(normalizeCep('01310-100')).toBe('01310100');
    expect(isValidCep('0131010')).toBe(false);
    expect(isValidUf('sp')).toBe(true);
    expect(isValidUf('XX')).toBe(false);
  });
  test('PIX phone keys are Brazilian mobiles in E.164', () => {
    expect(isValidPixPhone('+5511987654321')).toBe(true);
    expect(isValidPixPhone('+551133334444')).toBe(false);
    expect(isValidPixPhone('5511987654321')).toBe(false);
  });
});

describe('PIX keys', () => {
  test.each([
    ['CPF', '52998224725', true],
    ['CPF', '529.982.247-25', false],
    ['CNPJ', '11222333000181', true],
    ['CNPJ', '12ABC34501DE35', true],
    ['EMAIL', 'pix@bcb.gov.br', true],
    ['EMAIL', 'Pix@bcb.gov.br', false],
    ['EMAIL', 'pix@localhost', false],
    ['EMAIL', `${'a'.repeat(70)}@bcb.gov.br`, false],
    ['PHONE', '+5511987654321', true],
    ['PHONE', '+5511987654', false],
    ['EVP', '123e4567-e89b-12d3-a456-426655440000', true],
    ['EVP', '123E4567-E89B-12D3-A456-426655440000', false],
    ['EVP', '123e4567e89b12d3a456426655440000', false],
  ] as const)('%s %s → %s', (type, key, ok) => expect(isValidPixKey(type, key)).toBe(ok));
});

describe('cards', () => {
  test.each(['4111111111111111', '5555555555554444', '4000000000003220', '4000000000000002', '4000000000009995', '4000000000000127', '4100000000000019', '4000000000000119'])(
    'test card %s passes Luhn',
    (n) => expect(luhnValid(n)).toBe(true),
  );
  test('Luhn rejects a changed digit and non-digits', () => {
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111-1111-1111-1111')).toBe(false);
  });
  test.each([
    ['4111111111111111', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6362970000457013', 'elo'],
    ['4011780000000000', 'elo'],
    ['6062825624254001', 'hipercard'],
    ['9999999999999995', 'unknown'],
  ])('%s is %s', (n, brand) => expect(cardBrand(n)).toBe(brand));
  test('a card expires after the last day of its month', () => {
    expect(isExpired('11', '2026', { year: 2026, month: 11 })).toBe(false);
    expect(isExpired('10', '2026', { year: 2026, month: 11 })).toBe(true);
    expect(isExpired('01', '2027', { year: 2026, month: 11 })).toBe(false);
  });
});
