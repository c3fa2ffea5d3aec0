import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderBoletoPdf } from '../../../src/acquirer/sandbox/boleto-pdf';
import { barcodeToDigitableLine, buildBoletoBarcode, formatDigitableLine } from '../../../src/domain/boleto';

test('renders a real PDF with the linha digitável, the amount and the barcode', async () => {
  const barcode = buildBoletoBarcode({ bankCode: '001', dueDate: { year: 2026, month: 3, day: 15 }, amountCentavos: 123_456, freeField: '0000002900001234500000117' });
  const line = barcodeToDigitableLine(barcode);
  const pdf = await renderBoletoPdf({
    bankCode: '001',
    beneficiaryName: 'Loja Exemplo LTDA',
    beneficiaryDocument: '11222333000181',
    payerName: 'Maria da Silva',
    payerDocument: '52998224725',
    amountCentavos: 123_456,
    dueDate: '2026-03-15',
    digitableLine: line,
    barcode,
    instructions: ['Referência: order-1'],
  });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(2_000);
  if (fs.existsSync('/usr/bin/pdftotext')) {
    const file = path.join(os.tmpdir(), `boleto-${process.pid}.pdf`);
    fs.writeFileSync(file, pdf);
    const text = execFileSync('/usr/bin/pdftotext', [file, '-']).toString();
    expect(text).toContain(formatDigitableLine(line));
    expect(text).toContain('R$ 1.234,56');
    expect(text).toContain('15/03/2026');
    fs.rmSync(file);
  }
});
