import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { AppError, notFound } from '../../core/app-error';
import { namesOfState } from '../../../contracts/branding';
import { INVOICE_MSG } from '../../../contracts/commerce';
import { branding, brandingLogo } from '../branding';
import { findPurchaseOwner } from '../commerce';
import { issueInvoicesFor, findInvoiceOfPurchase, type SellerSnapshot } from './invoice.repo';
import { renderInvoicePdf } from './invoice-pdf';
import { grievanceOfficerContact } from '../grievance';
import { invoiceThumbnail } from '../product-images';

/**
 * Issues the tax invoices of the purchases whose journal entries a batch applies, in that batch's transaction
 * (volume applier): each completed purchase gets exactly one invoice, numbered in the order purchases completed.
 * The seller is the company as its settings stand now.
 */
export async function issueInvoices(ctx: AppContext, tx: DbOrTx, purchaseIds: string[]) {
  if (!purchaseIds.length) return 0;
  const b = await branding(ctx, tx);
  const seller: SellerSnapshot = {
    name: b.companyName,
    gstin: b.gstin,
    address: b.address,
    city: b.city,
    state: b.state,
    pincode: b.pincode,
    email: b.supportEmail,
    phone: b.supportPhone,
  };
  return issueInvoicesFor(tx, purchaseIds, seller, namesOfState(b.state));
}

/**
 * The invoice PDF of a purchase: its buyer or an admin (anyone else is told it does not exist). A purchase not yet
 * completed has none; a completed one gets its invoice within seconds (the applier's next batch).
 */
export async function invoicePdf(ctx: AppContext, actor: Actor, purchaseId: string, asAdmin: boolean) {
  const owner = await findPurchaseOwner(ctx.db, purchaseId);
  if (!owner || (!asAdmin && owner.userId !== actor.user.id)) throw notFound(INVOICE_MSG.notFound);
  const invoice = await findInvoiceOfPurchase(ctx.db, purchaseId);
  if (!invoice) {
    if (owner.paymentStatus !== 'completed') throw new AppError('CONFLICT', 409, INVOICE_MSG.notPaid);
    throw new AppError('CONFLICT', 409, INVOICE_MSG.preparing);
  }
  const [b, logo, thumbnail, grievanceOfficer] = await Promise.all([branding(ctx), brandingLogo(ctx), invoiceThumbnail(ctx.db, owner.productId), grievanceOfficerContact(ctx)]);
  const pdf = await renderInvoicePdf(invoice, { primaryColor: b.primaryColor, logo: logo?.bytes, productImage: thumbnail, grievanceOfficer });
  return { pdf, fileName: `${invoice.invoiceNumber.replace(/\//g, '-')}.pdf` };
}
