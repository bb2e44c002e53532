import { timeOrderedUuid } from '../../lib/crypto';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { WALLET_MSG } from '../../../contracts/wallet';
import type { AppContext } from '../../context';
import { readDb } from '../../core/read-db';
import { rupees } from '../../lib/format';
import type { Actor } from '../../core/actor';
import { AppError, badRequest, notFound } from '../../core/app-error';
import {
  COMMERCE_MSG,
  PAYMENT_METHOD_LABELS,
  DELIVERY_NEXT,
  type ProductInput,
  type ProductPatch,
  type PurchaseRequest,
  type AdminPurchasePatch,
  type ProductView,
  type AdminProductView,
  type PurchaseView,
  type AdminPurchaseView,
} from '../../../contracts/commerce';
import type { Page } from '../../../contracts/wallet';
import { orderTotals } from '../../lib/money';
import { displayName } from '../users';
import { findUserById } from '../users';
import { notify, notifyAdmins } from '../notifications';
import { audit, auditEntry } from '../audit';
import { recordCompletedPurchase } from '../volume';
import { InOwnTransaction, type RequestKey, type Transactor } from '../../core/transactor';
import { decodeCursor, pageOf } from '../../core/page-cursor';
import { workDone } from '../notifications';
import { imagesByProduct, primaryImageByProduct } from '../product-images';
import { walletPurchaseStatement } from './purchase-batches';
import type { ProductImageView } from '../../../contracts/product-images';
import {
  activeProducts,
  allProducts,
  findProduct,
  insertProduct,
  updateProduct,
  insertPurchase,
  purchaseForUpdate,
  updatePurchase,
  purchasesOf,
  purchasesPage,
  type ProductRow,
  type PurchaseRow,
} from './commerce.repo';

const toProduct = (p: ProductRow, images: ProductImageView[] = []): ProductView => ({
  id: p.id,
  name: p.name,
  description: p.description,
  category: p.category,
  purchaseType: p.purchaseType,
  price: p.price,
  bv: p.bv,
  gst: p.gst,
  imageUrl: p.imageUrl,
  hsnCode: p.hsnCode,
  isActive: p.isActive,
  images,
});
/** `productImage`: the product's primary image in the lists; the answers of a purchase and an order update leave it null. */
const toPurchase = (p: PurchaseRow, product: { name: string; category: string }, productImage: ProductImageView | null = null, invoiceNumber: string | null = null): PurchaseView => ({
  id: p.id,
  productId: p.productId,
  productName: product.name,
  productCategory: product.category,
  productImage,
  quantity: p.quantity,
  unitPrice: p.unitPrice,
  totalAmount: p.totalAmount,
  totalBV: p.totalBV,
  paymentMethod: p.paymentMethod,
  paymentStatus: p.paymentStatus,
  deliveryStatus: p.deliveryStatus,
  trackingId: p.trackingId,
  deliveryAddress: p.deliveryAddress,
  deliveryState: p.deliveryState,
  deliveryPincode: p.deliveryPincode,
  invoiceNumber,
  createdAt: p.createdAt.toISOString(),
});

/** The member's catalog tolerates a little lag (an admin's product change shows a moment later): a replica serves it (ADR 0031). */
export async function catalog(ctx: AppContext, f: { purchaseType?: string; category?: string }): Promise<ProductView[]> {
  const db = readDb(ctx, undefined);
  const rows = await activeProducts(db, f);
  const images = await imagesByProduct(
    db,
    rows.map((p) => p.id),
  );
  return rows.map((p) => toProduct(p, images.get(p.id)));
}

export async function adminCatalog(ctx: AppContext): Promise<AdminProductView[]> {
  const rows = await allProducts(ctx.db);
  const images = await imagesByProduct(
    ctx.db,
    rows.map((r) => r.p.id),
  );
  return rows.map(({ p, purchaseCount }) => ({ ...toProduct(p, images.get(p.id)), purchaseCount, createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString() }));
}

export async function createProduct(ctx: AppContext, actor: Actor, input: z.output<typeof ProductInput>) {
  return ctx.db.transaction(async (tx) => {
    const p = await insertProduct(tx, { ...input, description: input.description ?? null, imageUrl: input.imageUrl ?? null, hsnCode: input.hsnCode ?? null });
    await audit(tx, actor, { entityType: 'product', entityId: p.id, action: 'product.create', newState: toProduct(p) });
    return toProduct(p);
  });
}

export async function editProduct(ctx: AppContext, actor: Actor, id: string, input: z.output<typeof ProductPatch>) {
  const edited = await ctx.db.transaction(async (tx) => {
    const before = await findProduct(tx, id);
    if (!before) throw notFound('Product not found');
    const p = (await updateProduct(tx, id, input))!;
    const action = input.isActive === false && before.isActive ? 'product.deactivate' : input.isActive === true && !before.isActive ? 'product.activate' : 'product.update';
    await audit(tx, actor, { entityType: 'product', entityId: id, action, previousState: toProduct(before), newState: toProduct(p) });
    return toProduct(p, (await imagesByProduct(tx, [id])).get(id));
  });
  // This process prices its next purchase from the edited row (others within PRODUCT_COPY_MS, checked by the statement).
  recentProducts.delete(id);
  return edited;
}

/**
 * Products as this process last read them, for at most PRODUCT_COPY_MS: a purchase then costs two round
 * trips instead of three. The copy only prices the order; the purchase statement itself checks that the
 * product is still active with the same price, GST and BV, so a stale copy can never sell at an old price
 * (the purchase reads the product again and, when it changed, prices the order afresh).
 */
const recentProducts = new Map<string, { row: ProductRow; at: number }>();
const PRODUCT_COPY_MS = 5_000;
class ProductChanged extends Error {}

async function productForSale(ctx: AppContext, id: string): Promise<ProductRow> {
  const copy = recentProducts.get(id);
  let row = copy && Date.now() - copy.at < PRODUCT_COPY_MS ? copy.row : undefined;
  if (!row) {
    row = await findProduct(ctx.db, id);
    if (row) {
      if (recentProducts.size > 1_000) recentProducts.clear();
      recentProducts.set(id, { row, at: Date.now() });
    } else recentProducts.delete(id);
  }
  if (!row?.isActive) throw badRequest(COMMERCE_MSG.productUnavailable, { productId: [COMMERCE_MSG.productUnavailable] });
  return row;
}

/**
 * A purchase (docs/spec/decisions.md §5): the server computes the total (price x quantity plus GST, half-up) and BV.
 * Wallet payment completes at once, debiting the wallet in the same transaction; other methods wait for
 * an admin to mark the order paid.
 */
export async function purchase(ctx: AppContext, actor: Actor, transact: Transactor, input: z.output<typeof PurchaseRequest>) {
  const product = await productForSale(ctx, input.productId);
  const totals = orderTotals(product.price, product.gst, product.bv, input.quantity);
  const now = ctx.clock.now();
  if (input.paymentMethod === 'wallet') {
    try {
      return await transact.oneStatement((db, key) => walletPurchase(db, actor, product, input, totals, now, key));
    } catch (err) {
      // The product changed after this process read it (an admin's edit): drop the copy and price it again once.
      if (!(err instanceof ProductChanged)) throw err;
      recentProducts.delete(product.id);
      return purchase(ctx, actor, transact, input);
    }
  }
  return transact(async (tx) => {
    const row = await insertPurchase(tx, {
      userId: actor.user.id,
      productId: product.id,
      quantity: input.quantity,
      unitPrice: product.price,
      totalAmount: totals.total,
      totalBV: totals.bv,
      paymentMethod: input.paymentMethod,
      paymentStatus: 'pending',
      deliveryAddress: input.deliveryAddress,
      deliveryState: input.deliveryState,
      deliveryPincode: input.deliveryPincode,
      createdAt: now,
    });
    await notifyAdmins(tx, {
      type: 'order_awaiting_payment',
      title: 'Order awaiting payment',
      message: `${displayName(actor.user)} ordered ${product.name} x ${input.quantity} (${rupees(totals.total)}, ${PAYMENT_METHOD_LABELS[input.paymentMethod]}).`,
      data: { purchaseId: row.id },
    });
    return { status: 201, body: { message: COMMERCE_MSG.purchaseSuccess, purchase: toPurchase(row, product) } };
  });
}

/**
 * Paying by wallet completes at once, in one statement (commerce.repo insertWalletPurchase, coalesced with other
 * buyers' by purchase-batches.ts when the request has no transaction of its own): the debit and
 * its ledger row, the purchase, the buyer's personal BV and the journal entry that brings the BV to every
 * ancestor (no tree lock, no ancestor row), and the audit row.
 */
async function walletPurchase(db: DbOrTx, actor: Actor, product: ProductRow, input: z.output<typeof PurchaseRequest>, totals: { total: string; bv: string }, now: Date, key: RequestKey | undefined) {
  // Time-ordered: the purchase's key, the journal's purchase_id and the audit row's entity id land on the last
  // pages of their indexes.
  const id = timeOrderedUuid(now.getTime());
  const entry = auditEntry(actor, { entityType: 'purchase', entityId: id, action: 'purchase.wallet' });
  // The answer is known before the statement: a keyed purchase stores it with its writes (ADR 0035).
  const view: PurchaseView = {
    id,
    productId: product.id,
    productName: product.name,
    productCategory: product.category,
    productImage: null,
    quantity: input.quantity,
    unitPrice: product.price,
    totalAmount: totals.total,
    totalBV: totals.bv,
    paymentMethod: 'wallet',
    paymentStatus: 'completed',
    deliveryStatus: 'pending',
    trackingId: null,
    deliveryAddress: input.deliveryAddress,
    deliveryState: input.deliveryState,
    deliveryPincode: input.deliveryPincode,
    invoiceNumber: null,
    createdAt: now.toISOString(),
  };
  const answer = { status: 201, body: { message: COMMERCE_MSG.purchaseSuccess, purchase: view } };
  const done = await walletPurchaseStatement(db, {
    id,
    userId: actor.user.id,
    product,
    quantity: input.quantity,
    total: totals.total,
    totalBV: totals.bv,
    deliveryAddress: input.deliveryAddress,
    deliveryState: input.deliveryState,
    deliveryPincode: input.deliveryPincode,
    description: `${product.name} x ${input.quantity}`,
    now,
    ...(key ? { key: { key: key.key, route: key.route, requestHash: key.requestHash, statusCode: answer.status, response: answer.body } } : {}),
    audit: {
      actorId: entry.actorId ?? null,
      actorRole: entry.actorRole ?? null,
      onBehalfOfId: entry.onBehalfOfId ?? null,
      ipAddress: entry.ipAddress ?? null,
      userAgent: entry.userAgent ?? null,
      sessionId: entry.sessionId ?? null,
    },
  });
  if (done.inOwnTransaction) throw new InOwnTransaction();
  if (!done.funded) {
    const again = await findProduct(db, product.id);
    const same = again?.isActive && again.price === product.price && again.gst === product.gst && again.bv === product.bv;
    if (!again?.isActive) throw badRequest(COMMERCE_MSG.productUnavailable, { productId: [COMMERCE_MSG.productUnavailable] });
    if (!same) throw new ProductChanged();
    throw new AppError('INSUFFICIENT_FUNDS', 400, WALLET_MSG.insufficientBalance, { amount: [WALLET_MSG.insufficientBalance] });
  }
  return answer;
}

export async function ownPurchases(ctx: AppContext, userId: string): Promise<PurchaseView[]> {
  const rows = await purchasesOf(ctx.db, userId);
  const images = await primaryImageByProduct(
    ctx.db,
    rows.map((r) => r.p.productId),
  );
  return rows.map(({ p, productName, productCategory, invoiceNumber }) => toPurchase(p, { name: productName, category: productCategory }, images.get(p.productId), invoiceNumber));
}

export async function adminOrders(ctx: AppContext, q: { paymentStatus?: string; deliveryStatus?: string; cursor?: string; limit: number }): Promise<Page<AdminPurchaseView>> {
  const rows = await purchasesPage(ctx.db, q, decodeCursor(q.cursor), q.limit);
  const images = await primaryImageByProduct(
    ctx.db,
    rows.map((r) => r.p.productId),
  );
  return pageOf(
    rows,
    q.limit,
    (r) => [r.p.createdAt, r.p.id],
    (r) => ({
      ...toPurchase(r.p, { name: r.productName, category: r.productCategory }, images.get(r.p.productId), r.invoiceNumber),
      userId: r.p.userId,
      userDisplayId: r.userDisplayId,
      userName: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.userDisplayId,
      userEmail: r.userEmail,
      bvCreditedAt: r.p.bvCreditedAt?.toISOString() ?? null,
    }),
  );
}

/** Admin order update: pending payment -> completed (BV credited once) or failed; delivery moves forward only. */
export async function updateOrder(ctx: AppContext, actor: Actor, transact: Transactor, id: string, input: z.output<typeof AdminPurchasePatch>) {
  return transact(async (tx) => {
    const before = await purchaseForUpdate(tx, id);
    if (!before) throw notFound(COMMERCE_MSG.orderNotFound);
    const now = ctx.clock.now();
    const changes: Partial<PurchaseRow> = {};
    if (input.paymentStatus && input.paymentStatus !== before.paymentStatus) {
      if (before.paymentStatus !== 'pending' || input.paymentStatus === 'pending') throw new AppError('INVALID_STATE', 409, COMMERCE_MSG.paymentFinal);
      changes.paymentStatus = input.paymentStatus;
    }
    if (input.deliveryStatus && input.deliveryStatus !== before.deliveryStatus) {
      if (!(DELIVERY_NEXT[before.deliveryStatus as keyof typeof DELIVERY_NEXT] ?? []).includes(input.deliveryStatus)) {
        throw new AppError('INVALID_STATE', 409, `Delivery cannot go from ${before.deliveryStatus} to ${input.deliveryStatus}.`);
      }
      if (input.deliveryStatus === 'cancelled' && (before.paymentStatus === 'completed' || changes.paymentStatus === 'completed')) throw new AppError('INVALID_STATE', 409, COMMERCE_MSG.cancelPaid);
      changes.deliveryStatus = input.deliveryStatus;
      // The cooling-off window of a return counts from here (docs/spec/returns.md §2).
      if (input.deliveryStatus === 'delivered') changes.deliveredAt = now;
    }
    if (input.trackingId !== undefined && input.trackingId !== before.trackingId) changes.trackingId = input.trackingId;
    let after = before;
    if (Object.keys(changes).length) {
      if (changes.paymentStatus === 'completed') changes.bvCreditedAt = now;
      if (changes.paymentStatus) await workDone(tx, 'order', before.id);
      after = (await updatePurchase(tx, id, changes))!;
      if (changes.paymentStatus === 'completed') await recordCompletedPurchase(tx, after, now);
      const buyer = await findUserById(tx, before.userId);
      const parts = [
        changes.paymentStatus ? `payment ${changes.paymentStatus}` : null,
        changes.deliveryStatus ? `delivery ${changes.deliveryStatus}` : null,
        changes.trackingId ? `tracking id ${changes.trackingId}` : null,
      ].filter(Boolean);
      await notify(tx, [before.userId], { type: 'order_updated', title: 'Order updated', message: `Your order ${before.id.slice(0, 8)} was updated: ${parts.join(', ')}.`, data: { purchaseId: id } });
      await audit(tx, actor, {
        entityType: 'purchase',
        entityId: id,
        action: 'purchase.update',
        previousState: { paymentStatus: before.paymentStatus, deliveryStatus: before.deliveryStatus, trackingId: before.trackingId },
        newState: { ...changes, buyer: buyer?.userId },
      });
    }
    const product = await findProduct(tx, after.productId);
    return { status: 200, body: { message: 'Order updated', purchase: toPurchase((await purchaseForUpdate(tx, id))!, { name: product?.name ?? '', category: product?.category ?? '' }) } };
  });
}
