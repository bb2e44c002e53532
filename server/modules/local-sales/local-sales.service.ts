import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../core/app-error';
import { timeOrderedUuid } from '../../lib/crypto';
import { personName } from '../../lib/format';
import { orderTotals } from '../../lib/money';
import { namesOfState } from '../../../contracts/branding';
import { LOCAL_SALE_MSG, type CustomerCreate, type CustomerInvite, type CustomerView, type LocalSaleCreate, type LocalSaleView } from '../../../contracts/local-sales';
import type { LocalInvoice } from '../../db/schema/local-sales';
import { findUserByUserId, findUserFields } from '../users';
import { displayName } from '../users';
import { audit } from '../audit';
import { notify } from '../notifications';
import { insertPurchase } from '../commerce';
import { recordCompletedPurchase } from '../volume';
import { branding, brandingLogo } from '../branding';
import { findInvoiceOfPurchase, type InvoiceRow } from '../invoices';
import { renderInvoicePdf } from '../invoices';
import { financialYearOf, fromPaise, invoiceNumber, splitTax, toPaise } from '../invoices';
import { createReferralLink } from '../referral';
import { isFranchise, moveStock } from '../franchise-stock';
import { findProduct } from '../commerce';
import { customersOf, findCustomer, insertCustomer, insertLocalSale, markInvited, nextInvoiceSerial, salesOf, type CustomerRow } from './local-sales.repo';

/**
 * Local sales (issue 16, ADR 0015): a franchise holder sells from its own stock at the counter. Everything of a sale
 * happens in one transaction: each product's stock decreases through `moveStock` (kind `local_sale`, never below zero,
 * rows locked in product order), and
 * - to a member, each line is the member's completed purchase with its volume journal row, exactly as a wallet
 *   purchase: the applier brings the BV to the member's personal volume and every ancestor's leg, the ranks and the
 *   compensation engine (sales incentive, franchise_income of the nearest franchise above), and issues the invoice;
 * - to a registered customer, each line gets its tax invoice at once, numbered in the company's series.
 */
const MEMBER_ROLES = ['user', 'mini_franchise', 'basic_franchise'];

function assertFranchise(actor: Actor) {
  if (!isFranchise(actor.user)) throw forbidden(LOCAL_SALE_MSG.franchiseOnly);
}

type SaleJoin = Awaited<ReturnType<typeof salesOf>>[number];
const toSale = ({ s, productName, memberUserId, memberFirst, memberLast, customerName, purchaseInvoice }: SaleJoin): LocalSaleView => ({
  id: s.id,
  buyer: s.memberId ? 'member' : 'customer',
  buyerName: s.memberId ? personName({ firstName: memberFirst, lastName: memberLast, userDisplayId: memberUserId ?? '' }) : (customerName ?? '—'),
  memberUserId: s.memberId ? memberUserId : null,
  customerId: s.customerId,
  purchaseId: s.purchaseId,
  productId: s.productId,
  productName,
  quantity: s.quantity,
  unitPrice: s.unitPrice,
  totalAmount: s.totalAmount,
  totalBV: s.totalBV,
  paymentMethod: s.paymentMethod as LocalSaleView['paymentMethod'],
  paymentReference: s.paymentReference,
  invoiceNumber: s.invoiceNumber ?? purchaseInvoice ?? null,
  createdAt: s.createdAt.toISOString(),
});

async function buyerOf(tx: DbOrTx, actor: Actor, input: z.output<typeof LocalSaleCreate>) {
  if (input.buyer === 'member') {
    const member = await findUserByUserId(tx, input.memberUserId!);
    if (!member || member.status !== 'active' || !MEMBER_ROLES.includes(member.role) || member.id === actor.user.id) {
      throw badRequest(LOCAL_SALE_MSG.memberUnknown, { memberUserId: [LOCAL_SALE_MSG.memberUnknown] });
    }
    return { member, customer: undefined };
  }
  const customer = await findCustomer(tx, actor.user.id, input.customerId!);
  if (!customer) throw badRequest(LOCAL_SALE_MSG.customerUnknown, { customerId: [LOCAL_SALE_MSG.customerUnknown] });
  return { member: undefined, customer };
}

export async function createLocalSale(ctx: AppContext, actor: Actor, input: z.output<typeof LocalSaleCreate>) {
  assertFranchise(actor);
  const ids = await ctx.db.transaction(async (tx) => {
    const { member, customer } = await buyerOf(tx, actor, input);
    const now = ctx.clock.now();
    // The counter's state and pincode (where the goods are supplied) are not in the actor's principal.
    const franchise = (await findUserFields(tx, actor.user.id, ['id', 'userId', 'firstName', 'lastName', 'state', 'pincode']))!;
    // Product order: two sales of the same products lock their stock rows in the same order.
    const items = [...input.items].sort((a, b) => a.productId.localeCompare(b.productId));
    const b = customer ? await branding(ctx, tx) : undefined;
    const made: string[] = [];
    for (const [n, item] of items.entries()) {
      const product = await findProduct(tx, item.productId);
      if (!product?.isActive) throw badRequest(LOCAL_SALE_MSG.productUnknown, { [`items.${input.items.indexOf(item)}.productId`]: [LOCAL_SALE_MSG.productUnknown] });
      const totals = orderTotals(product.price, product.gst, product.bv, item.quantity);
      const saleId = timeOrderedUuid(now.getTime() + n);
      await moveStock(tx, actor, {
        franchiseId: franchise.id,
        productId: product.id,
        change: -item.quantity,
        kind: 'local_sale',
        referenceId: saleId,
        insufficient: () => new AppError('CONFLICT', 409, LOCAL_SALE_MSG.notEnoughStock, { [`items.${input.items.indexOf(item)}.quantity`]: [LOCAL_SALE_MSG.notEnoughStock] }),
      });
      let purchaseId: string | null = null;
      let invoice: LocalInvoice | null = null;
      let number: string | null = null;
      if (member) {
        const p = await insertPurchase(tx, {
          id: timeOrderedUuid(now.getTime() + n),
          userId: member.id,
          productId: product.id,
          quantity: item.quantity,
          unitPrice: product.price,
          totalAmount: totals.total,
          totalBV: totals.bv,
          paymentMethod: input.paymentMethod,
          paymentStatus: 'completed',
          transactionId: input.paymentReference ?? null,
          deliveryAddress: `Handed over at the counter of ${displayName(franchise)} (${franchise.userId})`,
          deliveryStatus: 'delivered',
          // Goods handed over at the counter are supplied where the counter is: the franchise's state.
          deliveryState: franchise.state ?? null,
          deliveryPincode: franchise.pincode ?? null,
          bvCreditedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        await recordCompletedPurchase(tx, p, now);
        purchaseId = p.id;
      } else if (customer && b) {
        const fy = financialYearOf(now);
        const serial = await nextInvoiceSerial(tx, fy);
        number = invoiceNumber(fy, serial);
        const taxable = toPaise(totals.subtotal);
        const intra = namesOfState(b.state).includes((franchise.state ?? '').toLowerCase().replace(/[^a-z]/g, ''));
        const tax = splitTax(toPaise(totals.total) - taxable, intra);
        invoice = {
          financialYear: fy,
          serial,
          productName: product.name,
          hsnCode: product.hsnCode,
          seller: { name: b.companyName, gstin: b.gstin, address: b.address, city: b.city, state: b.state, pincode: b.pincode, email: b.supportEmail, phone: b.supportPhone },
          buyer: { name: customer.name, memberId: null, email: null, mobile: customer.mobile, address: customer.address, state: null, placeOfSupply: franchise.state ?? null },
          taxableValue: fromPaise(taxable),
          cgst: fromPaise(tax.cgst),
          sgst: fromPaise(tax.sgst),
          igst: fromPaise(tax.igst),
        };
      }
      await insertLocalSale(tx, {
        id: saleId,
        franchiseId: franchise.id,
        memberId: member?.id ?? null,
        customerId: customer?.id ?? null,
        purchaseId,
        productId: product.id,
        quantity: item.quantity,
        unitPrice: product.price,
        gstRate: product.gst,
        totalAmount: totals.total,
        totalBV: member ? totals.bv : '0',
        paymentMethod: input.paymentMethod,
        paymentReference: input.paymentReference ?? null,
        invoiceNumber: number,
        invoice,
        createdBy: actor.user.id,
        createdAt: now,
      });
      made.push(saleId);
    }
    if (member) {
      await notify(tx, [member.id], {
        type: 'local_sale',
        title: 'Purchase at a franchise',
        message: `${displayName(franchise)} (${franchise.userId}) recorded your purchase of ${items.length} product(s); its BV counts as an online purchase's.`,
        data: { localSaleIds: made },
      });
    }
    await audit(tx, actor, {
      entityType: 'local_sale',
      entityId: made[0],
      action: 'local_sale.create',
      newState: { ids: made, buyer: member ? member.userId : customer!.id, items: items.map((i) => ({ productId: i.productId, quantity: i.quantity })), paymentMethod: input.paymentMethod },
    });
    return made;
  });
  return { message: LOCAL_SALE_MSG.sold, sales: (await salesOf(ctx.db, actor.user.id, { ids, limit: ids.length })).map(toSale) };
}

export async function ownSales(ctx: AppContext, actor: Actor, customerId?: string): Promise<LocalSaleView[]> {
  assertFranchise(actor);
  return (await salesOf(ctx.db, actor.user.id, { customerId, limit: 500 })).map(toSale);
}

/** The tax invoice of an own sale: a member's is the purchase's (issued by the applier); a customer's was issued with the sale. */
export async function localSaleInvoice(ctx: AppContext, actor: Actor, id: string) {
  assertFranchise(actor);
  const [row] = await salesOf(ctx.db, actor.user.id, { ids: [id], limit: 1 });
  if (!row) throw notFound(LOCAL_SALE_MSG.notFound);
  const { s } = row;
  let invoice: InvoiceRow | undefined;
  if (s.purchaseId) invoice = await findInvoiceOfPurchase(ctx.db, s.purchaseId);
  else if (s.invoice && s.invoiceNumber) {
    const i = s.invoice;
    invoice = {
      id: s.id,
      purchaseId: s.id,
      userId: s.franchiseId,
      financialYear: i.financialYear,
      serial: i.serial,
      invoiceNumber: s.invoiceNumber,
      issuedAt: s.createdAt,
      seller: i.seller,
      buyer: i.buyer,
      productName: i.productName,
      hsnCode: i.hsnCode,
      quantity: s.quantity,
      unitPrice: s.unitPrice,
      gstRate: s.gstRate,
      taxableValue: i.taxableValue,
      cgst: i.cgst,
      sgst: i.sgst,
      igst: i.igst,
      total: s.totalAmount,
      createdAt: s.createdAt,
    };
  }
  if (!invoice) throw conflict(LOCAL_SALE_MSG.invoicePreparing);
  const [b, logo] = await Promise.all([branding(ctx), brandingLogo(ctx)]);
  const pdf = await renderInvoicePdf(invoice, { primaryColor: b.primaryColor, logo: logo?.bytes });
  return { pdf, fileName: `${invoice.invoiceNumber.replace(/\//g, '-')}.pdf` };
}

// ---- customers ----
type CustomerJoin = { c: CustomerRow; purchases: number; totalSpent: string };
const toCustomer = ({ c, purchases, totalSpent }: CustomerJoin): CustomerView => ({
  id: c.id,
  name: c.name,
  mobile: c.mobile,
  address: c.address,
  consentToContact: c.consentToContact,
  invitedAt: c.invitedAt?.toISOString() ?? null,
  purchases: Number(purchases),
  totalSpent: Number(totalSpent).toFixed(2),
  createdAt: c.createdAt.toISOString(),
});

export async function ownCustomers(ctx: AppContext, actor: Actor, q?: string): Promise<CustomerView[]> {
  assertFranchise(actor);
  return (await customersOf(ctx.db, actor.user.id, q)).map(toCustomer);
}

export async function addCustomer(ctx: AppContext, actor: Actor, input: z.output<typeof CustomerCreate>) {
  assertFranchise(actor);
  return ctx.db.transaction(async (tx) => {
    const c = await insertCustomer(tx, {
      franchiseId: actor.user.id,
      name: input.name,
      mobile: input.mobile,
      address: input.address ?? null,
      consentToContact: input.consentToContact,
      createdAt: ctx.clock.now(),
    });
    if (!c) throw new AppError('CONFLICT', 409, LOCAL_SALE_MSG.customerExists, { mobile: [LOCAL_SALE_MSG.customerExists] });
    await audit(tx, actor, { entityType: 'franchise_customer', entityId: c.id, action: 'franchise_customer.create', newState: { name: c.name, consentToContact: c.consentToContact } });
    return { message: LOCAL_SALE_MSG.customerAdded, customer: toCustomer({ c, purchases: 0, totalSpent: '0' }) };
  });
}

export async function customerDetail(ctx: AppContext, actor: Actor, id: string) {
  assertFranchise(actor);
  const [c] = await customersOf(ctx.db, actor.user.id, undefined, id);
  if (!c) throw notFound(LOCAL_SALE_MSG.customerUnknown);
  return { customer: toCustomer(c), sales: await ownSales(ctx, actor, id) };
}

/** Invite a customer to join: the referral service's link, with the franchise holder as sponsor (placed on its own side choice at registration). */
export async function inviteCustomer(ctx: AppContext, actor: Actor, id: string, input: z.output<typeof CustomerInvite>) {
  assertFranchise(actor);
  return ctx.db.transaction(async (tx) => {
    const c = await findCustomer(tx, actor.user.id, id);
    if (!c) throw notFound(LOCAL_SALE_MSG.customerUnknown);
    const { link, url } = await createReferralLink(ctx, tx, actor.user, { placementType: 'sponsor', recruiteeEmail: input.email, recruiteeName: c.name });
    await markInvited(tx, c.id, ctx.clock.now());
    await audit(tx, actor, { entityType: 'franchise_customer', entityId: c.id, action: 'franchise_customer.invite', newState: { referralLinkId: link.id } });
    return { message: LOCAL_SALE_MSG.invited, url, expiresAt: link.expiresAt.toISOString() };
  });
}
