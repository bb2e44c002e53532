import { gstStateCode } from '../../../contracts/branding';
import { UTGST_CODES } from '../../../contracts/places';
import { drawLogo, openPdf, PDF_INK as ink, PDF_MUTED as muted } from '../../lib/pdf-page';
import { amountInWords, fromPaise, toPaise } from './gst';
import type { InvoiceRow, SellerSnapshot } from './invoice.repo';

interface Buyer {
  name: string;
  /** Null for a franchise's retail customer. */
  memberId: string | null;
  email: string | null;
  mobile: string | null;
  /** Where the goods are delivered (or handed over). */
  address: string | null;
  /** The buyer's own state (profile); null for a retail customer. */
  state: string | null;
  /** The delivery's state: the place of supply. Absent on invoices issued before it was recorded (then `state`). */
  placeOfSupply?: string | null;
  pincode?: string | null;
}

export interface InvoiceLook {
  primaryColor: string;
  logo?: Buffer;
  /** The product's primary image (PNG, small): drawn beside the line's description. */
  productImage?: Buffer;
  /** The grievance officer's contact (Consumer Protection (Direct Selling) Rules, 2021), printed in the footer. */
  grievanceOfficer?: { name: string; phone: string; email: string } | null;
}

/** 1234567.5 -> '12,34,567.50' (Indian grouping). */
export function indianAmount(amount: string): string {
  const [whole, frac] = fromPaise(toPaise(amount)).split('.');
  const neg = whole.startsWith('-');
  const digits = neg ? whole.slice(1) : whole;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${rest ? `${rest},` : ''}${last3}.${frac}`;
}

const dateIn = (at: Date) => at.toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric' });
const withCode = (state: string | null) => (state ? `${state}${gstStateCode(state) ? ` (${gstStateCode(state)})` : ''}` : 'Not given');

/** What a document's line and totals are drawn from: an invoice row, or a credit note shaped like one. */
export type InvoiceDocument = Pick<
  InvoiceRow,
  'invoiceNumber' | 'issuedAt' | 'seller' | 'buyer' | 'productName' | 'hsnCode' | 'quantity' | 'unitPrice' | 'gstRate' | 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'total'
>;

/** The words that make the same layout a tax invoice or a credit note (docs/spec/returns.md §2). */
export interface DocumentWords {
  title: string;
  number: string;
  date: string;
  /** Lines under the number: the invoice a credit note reverses. */
  against?: string[];
  total: string;
  footer: string;
}

const TAX_INVOICE: DocumentWords = {
  title: 'TAX INVOICE',
  number: 'Invoice No',
  date: 'Invoice Date',
  total: 'Invoice Total',
  footer: 'This is a computer-generated invoice and needs no signature. Tax is not payable on reverse charge.',
};

/**
 * The tax invoice as a PDF (A4), drawn from the invoice row alone: the same row gives the same document whenever it
 * is asked for. The standard PDF fonts have no rupee sign, so amounts are in INR. `words` turn it into a credit note.
 */
export function renderInvoicePdf(inv: InvoiceDocument, look: InvoiceLook, words: DocumentWords = TAX_INVOICE): Promise<Buffer> {
  const seller = inv.seller as SellerSnapshot;
  const buyer = inv.buyer as Buyer;
  const { doc, done } = openPdf({
    margin: 40,
    info: {
      Title: `${words.title === TAX_INVOICE.title ? 'Tax invoice' : 'Credit note'} ${inv.invoiceNumber}`,
      Author: seller.name,
      Subject: `${words.title === TAX_INVOICE.title ? 'Invoice' : 'Credit note'} for ${inv.productName}`,
    },
  });

  const left = 40;
  const width = doc.page.width - 80;
  const brand = look.primaryColor;

  // Seller, with the logo when there is one.
  const textLeft = drawLogo(doc, look.logo, { left, top: 40, size: 56 });
  doc.fillColor(brand).font('Helvetica-Bold').fontSize(16).text(seller.name, textLeft, 40, { width: 300 });
  doc.fillColor(muted).font('Helvetica').fontSize(9);
  const sellerLines = [
    seller.legalName && seller.legalName !== seller.name ? seller.legalName : null,
    seller.address,
    [seller.city, seller.state, seller.pincode].filter(Boolean).join(', '),
    seller.gstin ? `GSTIN: ${seller.gstin}` : 'GSTIN: not registered',
    seller.cin ? `CIN: ${seller.cin}` : null,
    [seller.email, seller.phone].filter(Boolean).join(' | '),
  ].filter((l): l is string => Boolean(l));
  doc.text(sellerLines.join('\n'), textLeft, doc.y + 2, { width: 300 });

  doc.fillColor(ink).font('Helvetica-Bold').fontSize(18).text(words.title, left, 40, { width, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor(muted);
  const placeOfSupply = buyer.placeOfSupply !== undefined ? buyer.placeOfSupply : buyer.state;
  doc.text([`${words.number}: ${inv.invoiceNumber}`, `${words.date}: ${dateIn(inv.issuedAt)}`, ...(words.against ?? []), `Place of Supply: ${withCode(placeOfSupply)}`].join('\n'), left, 64, {
    width,
    align: 'right',
  });

  // Buyer, and where the goods went (the place of supply).
  const top = Math.max(doc.y, 120) + 16;
  doc
    .moveTo(left, top)
    .lineTo(left + width, top)
    .strokeColor('#e2e8f0')
    .stroke();
  doc
    .fillColor(ink)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Bill To', left, top + 10);
  doc.font('Helvetica').fontSize(9).fillColor(ink);
  doc.text(
    [buyer.memberId ? `${buyer.name} (Member ${buyer.memberId})` : buyer.name, buyer.state ? `State: ${withCode(buyer.state)}` : null, [buyer.email, buyer.mobile].filter(Boolean).join(' | ')]
      .filter(Boolean)
      .join('\n'),
    left,
    doc.y + 2,
    { width: width / 2 - 10 },
  );
  const billEnd = doc.y;
  doc
    .fillColor(ink)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Ship To', left + width / 2, top + 10, { width: width / 2 });
  doc.font('Helvetica').fontSize(9).fillColor(ink);
  doc.text(
    [buyer.address, [placeOfSupply ? `State: ${withCode(placeOfSupply)}` : null, buyer.pincode ? `PIN ${buyer.pincode}` : null].filter(Boolean).join(', ')].filter(Boolean).join('\n'),
    left + width / 2,
    doc.y + 2,
    { width: width / 2 },
  );
  doc.y = Math.max(doc.y, billEnd);
  doc.x = left;

  // The line.
  const cols = [
    { h: '#', w: 20, a: 'left' },
    { h: 'Description', w: 125, a: 'left' },
    { h: 'HSN', w: 55, a: 'left' },
    { h: 'Qty', w: 30, a: 'right' },
    { h: 'Rate', w: 60, a: 'right' },
    { h: 'Taxable Value', w: 70, a: 'right' },
    { h: 'GST %', w: 40, a: 'right' },
    { h: 'Tax', w: 55, a: 'right' },
    { h: 'Amount', w: width - 455, a: 'right' },
  ] as const;
  const tax = (toPaise(inv.cgst) + toPaise(inv.sgst) + toPaise(inv.igst)).toString();
  const values = [
    '1',
    inv.productName,
    inv.hsnCode ?? '-',
    String(inv.quantity),
    indianAmount(inv.unitPrice),
    indianAmount(inv.taxableValue),
    `${Number(inv.gstRate)}%`,
    indianAmount(fromPaise(BigInt(tax))),
    indianAmount(inv.total),
  ];
  let y = doc.y + 18;
  doc.rect(left, y, width, 20).fill(brand);
  let x = left;
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(8.5);
  for (const c of cols) {
    doc.text(c.h, x + 4, y + 6, { width: c.w - 8, align: c.a });
    x += c.w;
  }
  y += 26;
  x = left;
  doc.fillColor(ink).font('Helvetica').fontSize(9);
  let rowHeight = 0;
  const THUMB = 30;
  cols.forEach((c, i) => {
    // The description's cell: the product's thumbnail first when it has one, the name beside it.
    let inset = 0;
    if (i === 1 && look.productImage) {
      try {
        doc.image(look.productImage, x + 4, y - 2, { fit: [THUMB, THUMB], align: 'center', valign: 'center' });
        inset = THUMB + 6;
        rowHeight = Math.max(rowHeight, THUMB - 2);
      } catch {
        inset = 0;
      }
    }
    rowHeight = Math.max(rowHeight, doc.heightOfString(values[i], { width: c.w - 8 - inset }));
    doc.text(values[i], x + 4 + inset, y, { width: c.w - 8 - inset, align: c.a });
    x += c.w;
  });
  y += rowHeight + 8;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#e2e8f0')
    .stroke();

  // Totals.
  const totals: [string, string][] = [['Taxable Value', inv.taxableValue]];
  if (toPaise(inv.igst) > 0n || (toPaise(inv.cgst) === 0n && toPaise(inv.sgst) === 0n)) totals.push([`IGST @ ${Number(inv.gstRate)}%`, inv.igst]);
  // Within a union territory without a legislature the second half is UTGST (UTGST Act s.7).
  else totals.push([`CGST @ ${Number(inv.gstRate) / 2}%`, inv.cgst], [`${UTGST_CODES.includes(gstStateCode(seller.state) ?? '') ? 'UTGST' : 'SGST'} @ ${Number(inv.gstRate) / 2}%`, inv.sgst]);
  y += 10;
  for (const [label, amount] of totals) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(muted)
      .text(label, left + width - 250, y, { width: 140, align: 'right' });
    doc.fillColor(ink).text(`INR ${indianAmount(amount)}`, left + width - 110, y, { width: 110, align: 'right' });
    y += 15;
  }
  doc
    .moveTo(left + width - 250, y)
    .lineTo(left + width, y)
    .strokeColor(brand)
    .stroke();
  y += 6;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(ink)
    .text(words.total, left + width - 250, y, { width: 140, align: 'right' });
  doc.text(`INR ${indianAmount(inv.total)}`, left + width - 110, y, { width: 110, align: 'right' });
  y += 24;
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .text('Amount in words: ', left, y, { continued: true })
    .font('Helvetica')
    .text(amountInWords(toPaise(inv.total)));

  y = doc.y + 40;
  doc.font('Helvetica').fontSize(9).fillColor(ink).text(`For ${seller.name}`, left, y, { width, align: 'right' });
  doc.fillColor(muted).text('Authorised Signatory', left, y + 36, { width, align: 'right' });
  doc.fontSize(8).text(words.footer, left, y + 70, { width, align: 'center' });
  const officer = look.grievanceOfficer;
  if (officer) doc.text(`Grievance officer: ${officer.name}, ${officer.phone}, ${officer.email}`, left, doc.y + 4, { width, align: 'center' });
  doc.end();
  return done;
}

/** The date as invoices print it: "01 Jun 2026" (Asia/Kolkata). */
export const documentDate = dateIn;
