/**
 * Returns (docs/spec/returns.md §2, §7; issue 32): a member asks to return part or all of an own purchase, a
 * franchise holder of a counter sale it made, an admin of anyone's sale (after the cooling-off window only for
 * defective, damaged or wrong goods). The refund and its tax split are fixed when the return is asked for, from the
 * sale's invoice; the number comes from the company's RET series.
 */
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { realUser, type Actor } from '../../core/actor';
import { AppError, badRequest, notFound } from '../../core/app-error';
import type { Answer, Transactor } from '../../core/transactor';
import { decodeCursor, encodeCursor } from '../../core/page-cursor';
import {
  DEFAULT_COOLING_OFF_DAYS,
  LATE_RETURN_REASONS,
  RETURN_MSG,
  RETURN_REASON_MIN,
  RETURN_STATUS_LABELS,
  shareOfLine,
  type ReturnCreate,
  type ReturnStatus,
  type ReturnView,
} from '../../../contracts/returns';
import { displayName, findUserById } from '../users';
import { notify, notifyAdmins } from '../notifications';
import { audit } from '../audit';
import { queueMail } from '../mail';
import { planFor } from '../compensation';
import { isFranchise } from '../franchise-stock';
import { documentDate, financialYearOf, fromPaise, splitTax, toPaise } from '../invoices';
import { addEvent, detailsOf, findReturn, insertReturn, nextSerial, returnsOfPerson, returnsPage, unitsReturned, type ReturnDetailRow, type ReturnRow } from './returns.repo';
import { saleForReturn } from './sale';
import { returnableOf } from './returnable';

const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;
const PAGE = 50;

/** `RET/2627/000001` in the financial year 2026-27. */
export const returnNumber = (fy: string, serial: number) => `RET/${fy.slice(2, 4)}${fy.slice(5, 7)}/${String(serial).padStart(6, '0')}`;

/** The first instant after the window: midnight (Asia/Kolkata) ending the `days`-th calendar day after the start's day. */
export function windowEnd(start: Date, days: number): Date {
  const startDay = Math.floor((start.getTime() + IST_MS) / DAY_MS);
  return new Date((startDay + days + 1) * DAY_MS - IST_MS);
}

/** "1 Jul 2026": the window's last day as the refusal names it. */
export const lastDayOf = (end: Date) => documentDate(new Date(end.getTime() - 1)).replace(/^0/, '');

/** The cooling-off days of the plan in force at `at` (returns.md §2: a plan parameter). */
export async function coolingOffDays(db: DbOrTx, at: Date): Promise<number> {
  const plan = await planFor(db, at);
  return plan.config.returns?.coolingOffDays ?? DEFAULT_COOLING_OFF_DAYS;
}

const person = (p: { userId: string; firstName: string | null; lastName: string | null } | null) => (p ? { userId: p.userId, name: displayName(p) } : null);

export function toReturnView(d: ReturnDetailRow): ReturnView {
  const { r } = d;
  return {
    id: r.id,
    number: r.number,
    status: r.status as ReturnStatus,
    purchaseId: r.purchaseId,
    localSaleId: r.localSaleId,
    invoiceNumber: r.invoiceNumber,
    productId: r.productId,
    productName: d.productName,
    quantity: r.quantity,
    boughtQuantity: r.boughtQuantity,
    bv: r.bv,
    refundAmount: r.refundAmount,
    taxableValue: r.taxableValue,
    cgst: r.cgst,
    sgst: r.sgst,
    igst: r.igst,
    reason: r.reason as ReturnView['reason'],
    note: r.note,
    member: person(d.member),
    customerName: d.customerName,
    franchise: person(d.franchise),
    outsideWindow: r.outsideWindow,
    windowEndsAt: r.windowEndsAt.toISOString(),
    requestedAt: r.createdAt.toISOString(),
    awaitingSecondAdmin: r.status === 'requested' && r.approvalRequestedAt !== null,
    refund: r.refundedAt && r.refundMethod ? { method: r.refundMethod as 'wallet' | 'external', reference: r.refundReference, at: r.refundedAt.toISOString() } : null,
    creditNote: r.creditNoteNumber && r.creditNoteIssuedAt ? { number: r.creditNoteNumber, issuedAt: r.creditNoteIssuedAt.toISOString() } : null,
    events: d.events.map((e) => ({
      at: e.at.toISOString(),
      action: e.action as ReturnView['events'][number]['action'],
      by: person(e.userId ? { userId: e.userId, firstName: e.firstName, lastName: e.lastName } : null),
      note: e.note,
    })),
  };
}

export async function viewOf(db: DbOrTx, r: ReturnRow): Promise<ReturnView> {
  return toReturnView((await detailsOf(db, [r]))[0]);
}

/**
 * Tells the buyer (notification and mail) and, for a new request, every admin; `detail` says what happens next.
 * A retail customer has no account: the franchise holder who sold is told instead.
 */
export async function tellPeople(ctx: AppContext, tx: DbOrTx, r: ReturnRow, status: ReturnStatus, detail: string) {
  const label = RETURN_STATUS_LABELS[status];
  const to = r.memberId ?? r.franchiseId;
  await notify(tx, [to], { type: 'return_updated', title: `Return ${r.number}: ${label}`, message: detail, data: { returnId: r.id } });
  const person = to ? await findUserById(tx, to) : undefined;
  if (person) {
    await queueMail(ctx, tx, person.email, {
      template: 'return_update',
      params: { name: displayName(person), number: r.number, status: label, detail, link: `${ctx.config.appUrl}/my-purchases?return=${r.id}` },
    });
  }
}

/**
 * A new return (POST /api/returns by the buyer or the franchise holder, POST /api/admin/returns by an admin). The
 * sale's row lock orders concurrent requests: what already came back (every return of it but the rejected ones) is
 * counted under it.
 */
export async function createReturn(ctx: AppContext, actor: Actor, transact: Transactor, input: ReturnCreate, asAdmin: boolean): Promise<Answer<{ message: string; return: ReturnView }>> {
  return transact(async (tx) => {
    const me = realUser(actor);
    const now = ctx.clock.now();
    const sale = await saleForReturn(tx, input);
    // Another member's purchase, or another franchise's counter sale, is not found (doc 1: ownership is 404).
    if (!asAdmin) {
      const ownPurchase = input.purchaseId && sale.memberId === me.id;
      const ownCounterSale = input.localSaleId && isFranchise(me) && sale.franchiseId === me.id;
      if (!ownPurchase && !ownCounterSale) throw notFound(RETURN_MSG.saleNotFound);
    }
    const [line] = input.lines;
    if (line.productId !== sale.productId) throw badRequest(RETURN_MSG.productMismatch, { lines: [RETURN_MSG.productMismatch] });

    const days = await coolingOffDays(tx, now);
    const ends = windowEnd(sale.windowStart, days);
    const outside = now.getTime() >= ends.getTime();
    if (outside && !asAdmin) throw new AppError('RETURN_WINDOW_ENDED', 400, RETURN_MSG.windowEnded(days, lastDayOf(ends)));
    if (outside && (!LATE_RETURN_REASONS.includes(input.reason) || (input.note ?? '').length < RETURN_REASON_MIN)) {
      throw badRequest(RETURN_MSG.lateReason, { reason: [RETURN_MSG.lateReason] });
    }

    const left = sale.quantity - (await unitsReturned(tx, sale));
    if (left <= 0) throw new AppError('INVALID_STATE', 409, RETURN_MSG.nothingLeft);
    if (line.quantity > left) throw badRequest(RETURN_MSG.tooMany(left), { lines: [RETURN_MSG.tooMany(left)] });

    // The refund: the paid line's share, half-up per line; the taxable value the same way, the tax the rest, split as the invoice was.
    const refund = shareOfLine(toPaise(sale.total), line.quantity, sale.quantity);
    const taxable = shareOfLine(toPaise(sale.invoice.taxableValue), line.quantity, sale.quantity);
    const tax = refund - taxable;
    const split = toPaise(sale.invoice.igst) > 0n ? { cgst: 0n, sgst: 0n, igst: tax } : splitTax(tax, true);
    const bv = shareOfLine(toPaise(sale.bv), line.quantity, sale.quantity);

    const fy = financialYearOf(now);
    const serial = await nextSerial(tx, 'return', fy);
    const r = await insertReturn(tx, {
      number: returnNumber(fy, serial),
      financialYear: fy,
      serial,
      purchaseId: sale.purchaseId,
      localSaleId: sale.localSaleId,
      memberId: sale.memberId,
      franchiseId: sale.franchiseId,
      productId: sale.productId,
      quantity: line.quantity,
      boughtQuantity: sale.quantity,
      bv: fromPaise(bv),
      refundAmount: fromPaise(refund),
      taxableValue: fromPaise(taxable),
      cgst: fromPaise(split.cgst),
      sgst: fromPaise(split.sgst),
      igst: fromPaise(split.igst),
      gstRate: sale.invoice.gstRate,
      invoiceNumber: sale.invoice.invoiceNumber,
      invoiceDate: sale.invoice.issuedAt,
      reason: input.reason,
      note: input.note ?? null,
      outsideWindow: outside,
      windowEndsAt: ends,
      requestedBy: me.id,
      requestedByAdmin: asAdmin,
      createdAt: now,
      updatedAt: now,
    });
    await addEvent(tx, { returnId: r.id, action: 'requested', actorId: me.id, note: input.note ?? null, at: now });
    await audit(tx, actor, {
      entityType: 'return',
      entityId: r.id,
      action: 'return.request',
      reason: input.note ?? input.reason,
      newState: { number: r.number, purchaseId: r.purchaseId, localSaleId: r.localSaleId, quantity: r.quantity, refund: r.refundAmount, outsideWindow: outside },
    });
    await notifyAdmins(tx, {
      type: 'return_requested',
      title: 'Return requested',
      message: `${r.number}: ${r.quantity} × ${sale.invoice.productName}, refund ₹${r.refundAmount}.`,
      data: { returnId: r.id },
    });
    if (asAdmin || r.memberId !== me.id) await tellPeople(ctx, tx, r, 'requested', `A return of ${r.quantity} × ${sale.invoice.productName} was opened for you (refund ₹${r.refundAmount}).`);
    return { status: 201, body: { message: asAdmin ? RETURN_MSG.createdByAdmin : RETURN_MSG.created, return: await viewOf(tx, r) } };
  });
}

/** GET /api/returns: own returns (and a franchise holder's counter-sale returns) and what can still be returned. */
export async function ownReturns(ctx: AppContext, actor: Actor) {
  const me = realUser(actor);
  const now = ctx.clock.now();
  const days = await coolingOffDays(ctx.db, now);
  const rows = await returnsOfPerson(ctx.db, me.id, 100);
  const items = (await detailsOf(ctx.db, rows)).map(toReturnView);
  const returnable = await returnableOf(ctx.db, me.id, isFranchise(me), now, days);
  return { items, returnable, coolingOffDays: days };
}

/** GET /api/returns/:id (own only: the buyer's or the selling franchise's) and GET /api/admin/returns/:id. */
export async function returnById(ctx: AppContext, actor: Actor, id: string, asAdmin: boolean): Promise<ReturnView> {
  const r = await findReturn(ctx.db, id);
  const me = realUser(actor);
  if (!r || (!asAdmin && r.memberId !== me.id && r.franchiseId !== me.id)) throw notFound(RETURN_MSG.notFound);
  return viewOf(ctx.db, r);
}

/** GET /api/admin/returns: newest first, by status and search, keyset-paged. */
export async function adminReturns(ctx: AppContext, q: { status?: string; q?: string; cursor?: string }) {
  const rows = await returnsPage(ctx.db, { status: q.status, q: q.q }, decodeCursor(q.cursor), PAGE + 1);
  const page = rows.slice(0, PAGE);
  const last = page[page.length - 1];
  return { items: (await detailsOf(ctx.db, page)).map(toReturnView), nextCursor: rows.length > PAGE && last ? encodeCursor(last.createdAt, last.id) : null };
}
