import { drawLogo, openPdf, PDF_INK as ink, PDF_MUTED as muted } from '../../lib/pdf-page';

export interface AgreementDoc {
  version: number;
  title: string;
  body: string;
  effectiveFrom: Date;
}

export interface Acceptor {
  name: string;
  memberId: string;
  acceptedAt: Date;
  ipAddress: string | null;
}

export interface AgreementLook {
  companyName: string;
  primaryColor: string;
  supportEmail: string | null;
  supportPhone: string | null;
  logo?: Buffer;
}

const dateTimeIn = (at: Date) => `${at.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: true })} IST`;
const dateIn = (at: Date) => at.toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric' });

/**
 * The accepted Direct Seller Agreement as a PDF (A4), in the invoices' look: the company's name, logo and colour,
 * the version, the member and the record of acceptance, then the text as written (plain text, paragraph by paragraph).
 */
export function renderAgreementPdf(text: AgreementDoc, who: Acceptor, look: AgreementLook): Promise<Buffer> {
  const { doc, done } = openPdf({
    margin: 48,
    bufferPages: true,
    info: { Title: `${text.title} (version ${text.version})`, Author: look.companyName, Subject: `Direct Seller Agreement accepted by ${who.memberId}` },
  });

  const left = 48;
  const width = doc.page.width - 96;
  const brand = look.primaryColor;

  const textLeft = drawLogo(doc, look.logo, { left, top: 44, size: 48 });
  doc.fillColor(brand).font('Helvetica-Bold').fontSize(16).text(look.companyName, textLeft, 46, { width: 280 });
  const contact = [look.supportEmail, look.supportPhone].filter(Boolean).join(' | ');
  if (contact)
    doc
      .fillColor(muted)
      .font('Helvetica')
      .fontSize(9)
      .text(contact, textLeft, doc.y + 2, { width: 280 });
  doc.fillColor(ink).font('Helvetica-Bold').fontSize(14).text('DIRECT SELLER AGREEMENT', left, 46, { width, align: 'right' });
  doc
    .fillColor(muted)
    .font('Helvetica')
    .fontSize(9)
    .text(`Version ${text.version}\nIn force from ${dateIn(text.effectiveFrom)}`, left, 66, { width, align: 'right' });

  // The record of acceptance.
  const top = Math.max(doc.y, 100) + 14;
  doc.roundedRect(left, top, width, 70, 6).fillAndStroke('#f8fafc', '#e2e8f0');
  doc
    .fillColor(ink)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Accepted by', left + 14, top + 12);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(ink)
    .text(`${who.name}\nMember ID: ${who.memberId}`, left + 14, top + 28, { width: width / 2 - 20 });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Record of acceptance', left + width / 2, top + 12, { width: width / 2 - 14 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Accepted at: ${dateTimeIn(who.acceptedAt)}\nIP address: ${who.ipAddress ?? 'not recorded'}\nVersion accepted: ${text.version}`, left + width / 2, top + 28, { width: width / 2 - 14 });

  // The text: the title, then each paragraph as written.
  doc
    .fillColor(brand)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(text.title, left, top + 92, { width });
  doc.moveDown(0.6);
  doc.fillColor(ink).font('Helvetica').fontSize(10);
  for (const para of text.body.split(/\n\s*\n/)) {
    const lines = para.trim();
    if (!lines) continue;
    // A one-line paragraph that starts with a clause number ("3. Identity card") reads as a heading.
    const heading = /^\d+\.\s+\S.{0,70}$/.test(lines) && !lines.includes('\n');
    doc.font(heading ? 'Helvetica-Bold' : 'Helvetica').text(lines, left, doc.y, { width, align: 'left', lineGap: 2 });
    doc.moveDown(heading ? 0.3 : 0.7);
  }

  // Every page's footer: the version, the member and the page number.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const bottom = doc.page.height - 36;
    doc.page.margins.bottom = 0;
    doc
      .fillColor(muted)
      .font('Helvetica')
      .fontSize(8)
      .text(`${look.companyName} - Direct Seller Agreement v${text.version} - ${who.memberId} - page ${i + 1} of ${pages.count}`, left, bottom, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}
