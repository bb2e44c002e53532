import PDFDocument from 'pdfkit';

/** The ink of the branded PDFs (invoices, credit notes, the accepted agreement): body text and its muted lines. */
export const PDF_INK = '#0f172a';
export const PDF_MUTED = '#475569';

/**
 * An A4 pdfkit document with its bytes gathered: `done` gives the whole file once `doc.end()` is called.
 */
export function openPdf(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * The company's logo at the top left, when there is one that pdfkit can read. Gives where the text beside it
 * starts: after the logo and a 12-point gap, or at `left` when there is no logo.
 */
export function drawLogo(doc: PDFKit.PDFDocument, logo: Buffer | undefined, at: { left: number; top: number; size: number }): number {
  if (!logo) return at.left;
  try {
    doc.image(logo, at.left, at.top, { fit: [at.size, at.size] });
    return at.left + at.size + 12;
  } catch {
    return at.left;
  }
}
