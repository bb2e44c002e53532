import type { AppContext } from '../../context';
import { realUser, type Actor } from '../../core/actor';
import { AppError, notFound } from '../../core/app-error';
import { RETURN_MSG, RETURN_REASON_LABELS, type ReturnReason } from '../../../contracts/returns';
import { branding, brandingLogo } from '../branding';
import { grievanceOfficerContact } from '../grievance';
import { documentDate, renderInvoicePdf } from '../invoices';
import { findReturn } from './returns.repo';
import { invoiceOfSale } from './sale';

/**
 * A refunded return's GST credit note (docs/spec/returns.md §2): the invoice's layout and parties, the returned
 * quantity with its taxable value and the invoice's tax split, naming the original invoice's number and date. Drawn
 * from the return and the invoice rows alone, so it is the same document whenever it is asked for.
 */
export async function creditNotePdf(ctx: AppContext, actor: Actor, id: string, asAdmin: boolean) {
  const r = await findReturn(ctx.db, id);
  const me = realUser(actor);
  if (!r || (!asAdmin && r.memberId !== me.id && r.franchiseId !== me.id)) throw notFound(RETURN_MSG.notFound);
  if (!r.creditNoteNumber || !r.creditNoteIssuedAt) throw new AppError('CONFLICT', 409, RETURN_MSG.creditNoteMissing);
  const invoice = await invoiceOfSale(ctx.db, r);
  if (!invoice) throw new AppError('CONFLICT', 409, RETURN_MSG.creditNoteMissing);
  const [b, logo, grievanceOfficer] = await Promise.all([branding(ctx), brandingLogo(ctx), grievanceOfficerContact(ctx)]);
  const pdf = await renderInvoicePdf(
    {
      ...invoice,
      invoiceNumber: r.creditNoteNumber,
      issuedAt: r.creditNoteIssuedAt,
      quantity: r.quantity,
      taxableValue: r.taxableValue,
      cgst: r.cgst,
      sgst: r.sgst,
      igst: r.igst,
      total: r.refundAmount,
    },
    { primaryColor: b.primaryColor, logo: logo?.bytes, grievanceOfficer },
    {
      title: 'CREDIT NOTE',
      number: 'Credit Note No',
      date: 'Credit Note Date',
      against: [`Against Invoice No: ${invoice.invoiceNumber}`, `Invoice Date: ${documentDate(invoice.issuedAt)}`, `Return: ${r.number} (${RETURN_REASON_LABELS[r.reason as ReturnReason]})`],
      total: 'Credit Note Total',
      footer: 'This is a computer-generated credit note for goods returned and needs no signature. The tax shown is reversed from the invoice named above.',
    },
  );
  return { pdf, fileName: `${r.creditNoteNumber.replace(/\//g, '-')}.pdf` };
}
