import PDFDocument from 'pdfkit';
import { amountInWords, formatRate } from '@framewala/domain';
import type { InvoiceDocument } from './invoices';

const A4 = 'A4';
const MARGIN = 40;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';

/** Paise as an invoice writes them: 'Rs. 1,234.50' (the standard PDF fonts have no rupee sign). */
export function rupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const whole = Math.floor(abs / 100).toLocaleString('en-IN');
  return `${sign}Rs. ${whole}.${String(abs % 100).padStart(2, '0')}`;
}

const DATE = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/**
 * The tax invoice as an A4 PDF drawn with pdfkit in the standard Helvetica fonts: every word is real text (selectable,
 * searchable, read by `pdftotext`). A credit note, when the order was cancelled after payment, follows on page two.
 */
export function renderInvoicePdf(invoice: InvoiceDocument, shopName: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: A4,
    margin: MARGIN,
    info: { Title: `Tax invoice ${invoice.number}`, Author: invoice.data.seller.legalName, Subject: `Order ${invoice.orderId}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawInvoice(doc, invoice, shopName);
  if (invoice.creditNote) {
    doc.addPage();
    drawCreditNote(doc, invoice);
  }
  doc.end();
  return done;
}

type Doc = PDFKit.PDFDocument;

function heading(doc: Doc, title: string, shopName: string, right: [string, string][]): void {
  const width = doc.page.width - 2 * MARGIN;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(shopName, MARGIN, MARGIN);
  doc.font('Helvetica-Bold').fontSize(14).text(title, MARGIN, MARGIN, { width, align: 'right' });
  let y = MARGIN + 22;
  doc.font('Helvetica').fontSize(9);
  for (const [label, value] of right) {
    doc.fillColor(INK).text(`${label}: ${value}`, MARGIN, y, { width, align: 'right' });
    y += 12;
  }
  doc
    .moveTo(MARGIN, y + 6)
    .lineTo(MARGIN + width, y + 6)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 16;
}

function party(doc: Doc, x: number, y: number, width: number, title: string, lines: string[]): number {
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(8).text(title.toUpperCase(), x, y, { width });
  doc.fillColor(INK).font('Helvetica').fontSize(9.5);
  let bottom = doc.y + 2;
  for (const line of lines.filter(Boolean)) {
    doc.text(line, x, bottom, { width });
    bottom = doc.y + 1;
  }
  return bottom;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

function tableRow(doc: Doc, y: number, columns: Column[], cells: string[], bold = false): number {
  let x = MARGIN;
  let bottom = y;
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(8.5)
    .fillColor(INK);
  columns.forEach((c, i) => {
    doc.text(cells[i] ?? '', x + 3, y, { width: c.width - 6, align: c.align });
    bottom = Math.max(bottom, doc.y);
    x += c.width;
  });
  return bottom + 4;
}

function drawInvoice(doc: Doc, invoice: InvoiceDocument, shopName: string): void {
  const d = invoice.data;
  heading(doc, 'TAX INVOICE', shopName, [
    ['Invoice No.', invoice.number],
    ['Invoice date', DATE.format(invoice.issuedAt)],
    ['Order No.', invoice.orderId],
    ['Place of supply', d.placeOfSupply],
  ]);
  const width = doc.page.width - 2 * MARGIN;
  const half = width / 2 - 10;
  const top = doc.y;
  const sellerBottom = party(doc, MARGIN, top, half, 'Sold by', [
    d.seller.legalName,
    d.seller.address,
    `State: ${d.seller.state} (${d.seller.stateCode})`,
    `GSTIN: ${d.seller.gstin}`,
  ]);
  const buyerBottom = party(doc, MARGIN + half + 20, top, half, 'Billed to', [
    d.buyer.companyName || d.buyer.name,
    d.buyer.companyName ? `Attn: ${d.buyer.name}` : '',
    d.buyer.address,
    `State: ${d.buyer.state} (${d.buyer.stateCode})`,
    d.buyer.gstin ? `GSTIN: ${d.buyer.gstin}` : 'GSTIN: unregistered buyer',
    d.buyer.phone,
  ]);
  let y = Math.max(sellerBottom, buyerBottom) + 14;

  const tax = d.intraState
    ? [
        { title: `CGST ${formatRate(d.rateBp / 2)}`, width: 62, align: 'right' as const },
        { title: `SGST ${formatRate(d.rateBp / 2)}`, width: 62, align: 'right' as const },
      ]
    : [{ title: `IGST ${formatRate(d.rateBp)}`, width: 124, align: 'right' as const }];
  const columns: Column[] = [
    { title: '#', width: 20, align: 'left' },
    { title: 'Description', width: width - 20 - 48 - 30 - 70 - 124 - 74, align: 'left' },
    { title: 'HSN/SAC', width: 48, align: 'left' },
    { title: 'Qty', width: 30, align: 'right' },
    { title: 'Taxable value', width: 70, align: 'right' },
    ...tax,
    { title: 'Amount', width: 74, align: 'right' },
  ];
  doc.rect(MARGIN, y - 3, width, 16).fill('#f3f4f6');
  y = tableRow(
    doc,
    y,
    columns,
    columns.map((c) => c.title),
    true,
  );
  d.rows.forEach((r, i) => {
    const description = r.discountPaise > 0 ? `${r.description} (discount ${rupees(r.discountPaise)})` : r.description;
    const taxCells = d.intraState ? [rupees(r.cgstPaise), rupees(r.sgstPaise)] : [rupees(r.igstPaise)];
    y = tableRow(doc, y, columns, [
      String(i + 1),
      description,
      r.hsn,
      String(r.quantity),
      rupees(r.taxablePaise),
      ...taxCells,
      rupees(r.totalPaise),
    ]);
    doc
      .moveTo(MARGIN, y - 2)
      .lineTo(MARGIN + width, y - 2)
      .strokeColor(RULE)
      .stroke();
  });
  const totalTax = d.intraState ? [rupees(d.cgstPaise), rupees(d.sgstPaise)] : [rupees(d.igstPaise)];
  y = tableRow(doc, y + 2, columns, ['', 'Total', '', '', rupees(d.taxablePaise), ...totalTax, rupees(d.totalPaise)], true);

  y += 10;
  const summary: [string, string][] = [
    ['Taxable value', rupees(d.taxablePaise)],
    ...(d.intraState
      ? ([
          [`CGST @ ${formatRate(d.rateBp / 2)}`, rupees(d.cgstPaise)],
          [`SGST @ ${formatRate(d.rateBp / 2)}`, rupees(d.sgstPaise)],
        ] as [string, string][])
      : ([[`IGST @ ${formatRate(d.rateBp)}`, rupees(d.igstPaise)]] as [string, string][])),
    ...(d.discountPaise > 0
      ? ([[`Discount included above${d.couponCode ? ` (${d.couponCode})` : ''}`, rupees(d.discountPaise)]] as [string, string][])
      : []),
  ];
  doc.font('Helvetica').fontSize(9.5);
  for (const [label, value] of summary) {
    doc.fillColor(MUTED).text(label, MARGIN + width - 260, y, { width: 160 });
    doc.fillColor(INK).text(value, MARGIN + width - 100, y, { width: 100, align: 'right' });
    y += 14;
  }
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK);
  doc.text('Total paid', MARGIN + width - 260, y + 2, { width: 160 });
  doc.text(rupees(d.totalPaise), MARGIN + width - 100, y + 2, { width: 100, align: 'right' });
  y += 24;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text('Amount in words: ', MARGIN, y, { continued: true })
    .fillColor(INK)
    .text(amountInWords(d.totalPaise));
  y = doc.y + 16;
  doc
    .fillColor(MUTED)
    .fontSize(8)
    .text(
      'Prices include GST. Tax is not payable on reverse charge. This is a computer-generated invoice and needs no signature.',
      MARGIN,
      y,
      { width },
    );
}

function drawCreditNote(doc: Doc, invoice: InvoiceDocument): void {
  const cn = invoice.creditNote!;
  const d = invoice.data;
  heading(doc, 'CREDIT NOTE', d.seller.legalName, [
    ['Credit note No.', cn.number],
    ['Date', DATE.format(cn.issuedAt)],
    ['Against invoice', `${invoice.number} of ${DATE.format(invoice.issuedAt)}`],
    ['Order No.', invoice.orderId],
  ]);
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text(`Seller GSTIN: ${d.seller.gstin}`, MARGIN, doc.y, { width });
  doc.text(`Buyer: ${d.buyer.companyName || d.buyer.name}${d.buyer.gstin ? `, GSTIN ${d.buyer.gstin}` : ''}`, { width });
  doc.moveDown();
  doc.text(`Reason: ${cn.reason}`, { width });
  doc.moveDown();
  doc.text(`Taxable value reversed: ${rupees(d.taxablePaise)}`);
  if (d.intraState) {
    doc.text(`CGST reversed: ${rupees(d.cgstPaise)}`);
    doc.text(`SGST reversed: ${rupees(d.sgstPaise)}`);
  } else doc.text(`IGST reversed: ${rupees(d.igstPaise)}`);
  doc.moveDown();
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`Total credited: ${rupees(cn.amountPaise)}`);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Amount in words: ${amountInWords(cn.amountPaise)}`);
}
