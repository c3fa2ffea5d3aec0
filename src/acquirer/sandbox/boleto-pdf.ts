import PDFDocument from 'pdfkit';
import bwipjs from 'bwip-js';
import { formatDigitableLine } from '../../domain/boleto';
import { formatCnpj } from '../../domain/documents';

export interface BoletoPdfData {
  bankCode: string;
  beneficiaryName: string;
  beneficiaryDocument: string;
  payerName: string;
  payerDocument: string;
  amountCentavos: number;
  dueDate: string;
  digitableLine: string;
  barcode: string;
  ourNumber?: string;
  instructions?: string[];
}

const brl = (c: number) => `R$ ${(c / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const brDate = (iso: string) => iso.split('-').reverse().join('/');

/** A boleto as a real PDF: header with bank and linha digitável, the parties, the amount and the ITF barcode. */
export async function renderBoletoPdf(d: BoletoPdfData): Promise<Buffer> {
  const barcodePng = await bwipjs.toBuffer({ bcid: 'interleaved2of5', text: d.barcode, scale: 2, height: 13, includetext: false });
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 36, info: { Title: `Boleto ${d.digitableLine}`, Producer: 'pagobr' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = 36;
    const width = doc.page.width - 72;
    doc.font('Helvetica-Bold').fontSize(16).text(`Banco Sandbox | ${d.bankCode}-9`, left, 40);
    doc.font('Helvetica-Bold').fontSize(12).text(formatDigitableLine(d.digitableLine), left, 44, { width, align: 'right' });
    doc.moveTo(left, 66).lineTo(left + width, 66).stroke();

    const field = (label: string, value: string, x: number, y: number, w: number) => {
      doc.rect(x, y, w, 34).stroke();
      doc.font('Helvetica').fontSize(7).fillColor('#555').text(label, x + 4, y + 3, { width: w - 8 });
      doc.font('Helvetica-Bold').fontSize(10).fillColor('#000').text(value, x + 4, y + 15, { width: w - 8 });
    };
    const col = width * 0.7;
    field('Local de pagamento', 'Pagável em qualquer banco até o vencimento', left, 76, col);
    field('Vencimento', brDate(d.dueDate), left + col, 76, width - col);
    field('Beneficiário', `${d.beneficiaryName} — CNPJ ${d.beneficiaryDocument.length === 14 ? formatCnpj(d.beneficiaryDocument) : d.beneficiaryDocument}`, left, 110, col);
    field('Nosso número', d.ourNumber ?? '-', left + col, 110, width - col);
    field('Pagador', `${d.payerName} — CPF ${d.payerDocument}`, left, 144, col);
    field('Valor do documento', brl(d.amountCentavos), left + col, 144, width - col);
    doc.rect(left, 178, width, 70).stroke();
    doc.font('Helvetica').fontSize(7).fillColor('#555').text('Instruções', left + 4, 181);
    doc.font('Helvetica').fontSize(9).fillColor('#000').text((d.instructions ?? []).join('\n'), left + 4, 193, { width: width - 8 });

    doc.image(barcodePng, left, 262, { width: 103 * 4, height: 50 });
    doc.font('Helvetica').fontSize(7).fillColor('#555').text('Autenticação mecânica — Ficha de compensação', left, 318);
    doc.end();
  });
}
