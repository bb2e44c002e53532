/**
 * The sale a return undoes (docs/spec/returns.md §2), read under its row lock: a member's purchase (online, or at a
 * franchise's counter) or a franchise's counter sale to a retail customer, with what its invoice says. The lock
 * orders concurrent returns of one sale, so together they never take back more than was bought.
 */
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../core/app-error';
import { INVOICE_MSG } from '../../../contracts/commerce';
import { RETURN_MSG } from '../../../contracts/returns';
import { purchaseForUpdate } from '../commerce';
import { localSaleForUpdate, localSaleOfPurchase } from '../local-sales';
import { findInvoiceOfPurchase, type InvoiceDocument } from '../invoices';

export interface Sale {
  purchaseId: string | null;
  localSaleId: string | null;
  /** The buyer when a member; null for a retail customer of a franchise. */
  memberId: string | null;
  /** The franchise whose counter made the sale: returned goods go back to its stock. */
  franchiseId: string | null;
  productId: string;
  quantity: number;
  total: string;
  bv: string;
  paymentMethod: string;
  /** Where the cooling-off window starts: the delivery, else the payment (returns.md §2). */
  windowStart: Date;
  /** The invoice's figures and parties, as a credit note repeats them. */
  invoice: InvoiceDocument;
}

/** The sale of `ref` for a return, locked; 404 when there is none, 409 when it is not paid or its invoice is still coming. */
export async function saleForReturn(tx: DbOrTx, ref: { purchaseId?: string | null; localSaleId?: string | null }): Promise<Sale> {
  if (ref.localSaleId) {
    const ls = await localSaleForUpdate(tx, ref.localSaleId);
    if (!ls) throw notFound(RETURN_MSG.saleNotFound);
    // A counter sale to a member is that member's purchase: its invoice, BV and window are the purchase's.
    if (ls.purchaseId) return purchaseSale(tx, ls.purchaseId);
    const inv = ls.invoice;
    if (!inv || !ls.invoiceNumber) throw new AppError('CONFLICT', 409, INVOICE_MSG.preparing);
    return {
      purchaseId: null,
      localSaleId: ls.id,
      memberId: null,
      franchiseId: ls.franchiseId,
      productId: ls.productId,
      quantity: ls.quantity,
      total: ls.totalAmount,
      bv: '0.00',
      paymentMethod: ls.paymentMethod,
      windowStart: ls.createdAt,
      invoice: {
        invoiceNumber: ls.invoiceNumber,
        issuedAt: ls.createdAt,
        seller: inv.seller,
        buyer: inv.buyer,
        productName: inv.productName,
        hsnCode: inv.hsnCode,
        quantity: ls.quantity,
        unitPrice: ls.unitPrice,
        gstRate: ls.gstRate,
        taxableValue: inv.taxableValue,
        cgst: inv.cgst,
        sgst: inv.sgst,
        igst: inv.igst,
        total: ls.totalAmount,
      },
    };
  }
  if (!ref.purchaseId) throw notFound(RETURN_MSG.saleNotFound);
  return purchaseSale(tx, ref.purchaseId);
}

async function purchaseSale(tx: DbOrTx, purchaseId: string): Promise<Sale> {
  const p = await purchaseForUpdate(tx, purchaseId);
  if (!p) throw notFound(RETURN_MSG.saleNotFound);
  if (p.paymentStatus !== 'completed') throw new AppError('INVALID_STATE', 409, RETURN_MSG.notPaid);
  const invoice = await findInvoiceOfPurchase(tx, p.id);
  if (!invoice) throw new AppError('CONFLICT', 409, INVOICE_MSG.preparing);
  const counter = await localSaleOfPurchase(tx, p.id);
  return {
    purchaseId: p.id,
    localSaleId: counter?.id ?? null,
    memberId: p.userId,
    franchiseId: counter?.franchiseId ?? null,
    productId: p.productId,
    quantity: p.quantity,
    total: p.totalAmount,
    bv: p.totalBV,
    paymentMethod: p.paymentMethod,
    windowStart: p.deliveredAt ?? counter?.createdAt ?? p.bvCreditedAt ?? p.createdAt,
    invoice,
  };
}

/** The saved invoice of a return's sale (for its credit note), without locks. */
export async function invoiceOfSale(db: DbOrTx, r: { purchaseId: string | null; localSaleId: string | null }): Promise<InvoiceDocument | undefined> {
  if (r.purchaseId) return findInvoiceOfPurchase(db, r.purchaseId);
  if (!r.localSaleId) return undefined;
  return (await saleForReturn(db, { localSaleId: r.localSaleId })).invoice;
}
