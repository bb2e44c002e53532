/** The invoices module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { financialYearOf, fromPaise, invoiceNumber, splitTax, toPaise } from './gst';
export { documentDate, renderInvoicePdf } from './invoice-pdf';
export type { DocumentWords, InvoiceDocument } from './invoice-pdf';
export { findInvoiceOfPurchase } from './invoice.repo';
export type { InvoiceRow } from './invoice.repo';
export { sendPdf, wantsDownload } from './invoice.routes';
export { invoicesOnJournal } from './journal-consumer';
