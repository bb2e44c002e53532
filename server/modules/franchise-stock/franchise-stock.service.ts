import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { realUser, type Actor } from '../../core/actor';
import { AppError, badRequest, forbidden, notFound } from '../../core/app-error';
import { personName } from '../../lib/format';
import {
  FRANCHISE_ROLES,
  STOCK_MSG,
  type AdminFranchiseStock,
  type FranchiseStock,
  type StockRequestApprove,
  type StockRequestCreate,
  type StockRequestStatus,
  type StockRequestView,
  type StockMovementView,
} from '../../../contracts/franchise-stock';
import type { UserRow } from '../users';
import { displayName } from '../users';
import { notify, notifyAdmins, workDone } from '../notifications';
import { audit } from '../audit';
import {
  addCompanyStock,
  insertMovement,
  insertStockRequest,
  movementsOf,
  productNames,
  shiftStock,
  stockOf,
  stockRequestForUpdate,
  stockRequestsOf,
  updateStockRequest,
  type StockRequestRow,
} from './franchise-stock.repo';

/**
 * Franchise stock (issue 16). Stock moves only inside a transaction, through `moveStock`: the quantity's change and
 * its stock ledger row together, never below zero (the statement refuses it and the check constraint is the last
 * guard). A request moves requested -> approved -> dispatched -> received under its row lock, so receiving twice at
 * once adds the stock once.
 */
export const isFranchise = (user: Pick<UserRow, 'role'>) => (FRANCHISE_ROLES as readonly string[]).includes(user.role);

export function assertFranchise(user: Pick<UserRow, 'role'>) {
  if (!isFranchise(user)) throw forbidden(STOCK_MSG.franchiseOnly);
}

export async function moveStock(
  tx: DbOrTx,
  actor: Actor,
  m: { franchiseId: string; productId: string; change: number; kind: StockMovementView['kind']; referenceId: string; insufficient: () => AppError },
) {
  const after = await shiftStock(tx, m.franchiseId, m.productId, m.change);
  if (after === undefined) throw m.insufficient();
  await insertMovement(tx, { franchiseId: m.franchiseId, productId: m.productId, change: m.change, quantityAfter: after, kind: m.kind, referenceId: m.referenceId, createdBy: realUser(actor).id });
  return after;
}

/**
 * Goods of a return back in stock (docs/spec/returns.md §2), through the stock ledger in the caller's transaction: a
 * counter sale's into its franchise's stock, an online order's into the company's (a movement without a franchise).
 */
export async function receiveReturnedGoods(tx: DbOrTx, actor: Actor, g: { franchiseId: string | null; productId: string; quantity: number; referenceId: string }) {
  if (g.franchiseId) {
    return moveStock(tx, actor, { ...g, franchiseId: g.franchiseId, change: g.quantity, kind: 'return', insufficient: () => new AppError('INVALID_STATE', 409, 'Stock cannot go below zero') });
  }
  const after = await addCompanyStock(tx, g.productId, g.quantity);
  await insertMovement(tx, { franchiseId: null, productId: g.productId, change: g.quantity, quantityAfter: after, kind: 'return', referenceId: g.referenceId, createdBy: realUser(actor).id });
  return after;
}

type Named = { r: StockRequestRow; franchiseUserId: string; firstName: string | null; lastName: string | null };

async function viewsOf(db: DbOrTx, rows: Named[]): Promise<StockRequestView[]> {
  const names = await productNames(db, [...new Set(rows.flatMap(({ r }) => r.items.map((i) => i.productId)))]);
  return rows.map(({ r, franchiseUserId, firstName, lastName }) => ({
    id: r.id,
    franchiseId: r.franchiseId,
    franchiseUserId,
    franchiseName: personName({ firstName, lastName, userDisplayId: franchiseUserId }),
    status: r.status as StockRequestStatus,
    items: r.items.map((i) => ({ productId: i.productId, productName: names.get(i.productId) ?? '—', requested: i.requested, approved: i.approved })),
    note: r.note,
    rejectionReason: r.rejectionReason,
    createdAt: r.createdAt.toISOString(),
    approvedAt: r.approvedAt?.toISOString() ?? null,
    dispatchedAt: r.dispatchedAt?.toISOString() ?? null,
    receivedAt: r.receivedAt?.toISOString() ?? null,
  }));
}

async function viewOf(db: DbOrTx, r: StockRequestRow, franchise: Pick<UserRow, 'userId' | 'firstName' | 'lastName'>): Promise<StockRequestView> {
  return (await viewsOf(db, [{ r, franchiseUserId: franchise.userId, firstName: franchise.firstName, lastName: franchise.lastName }]))[0];
}

// ---- the franchise ----
export async function ownStock(ctx: AppContext, actor: Actor): Promise<FranchiseStock> {
  assertFranchise(actor.user);
  const [stock, requests, movements] = await Promise.all([stockOf(ctx.db, actor.user.id), stockRequestsOf(ctx.db, actor.user.id, 100), movementsOf(ctx.db, actor.user.id, 50)]);
  return {
    stock: stock.map(({ s, productName }) => ({ productId: s.productId, productName, quantity: s.quantity, updatedAt: s.updatedAt.toISOString() })),
    requests: await viewsOf(ctx.db, requests),
    movements: movements.map(({ m, productName }) => ({
      id: m.id,
      productId: m.productId,
      productName,
      change: m.change,
      quantityAfter: m.quantityAfter,
      kind: m.kind as StockMovementView['kind'],
      referenceId: m.referenceId,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

export async function requestStock(ctx: AppContext, actor: Actor, input: z.output<typeof StockRequestCreate>) {
  assertFranchise(actor.user);
  return ctx.db.transaction(async (tx) => {
    const names = await productNames(
      tx,
      input.items.map((i) => i.productId),
      true,
    );
    const unknown = input.items.findIndex((i) => !names.has(i.productId));
    if (unknown >= 0) throw badRequest(STOCK_MSG.productUnknown, { [`items.${unknown}.productId`]: [STOCK_MSG.productUnknown] });
    const row = await insertStockRequest(tx, {
      franchiseId: actor.user.id,
      status: 'requested',
      note: input.note ?? null,
      createdAt: ctx.clock.now(),
      items: input.items.map((i) => ({ productId: i.productId, requested: i.quantity, approved: null })),
    });
    const units = input.items.reduce((n, i) => n + i.quantity, 0);
    await notifyAdmins(tx, {
      type: 'stock_requested',
      title: 'Stock request to review',
      message: `${displayName(actor.user)} (${actor.user.userId}) asked for ${units} unit(s) of ${input.items.length} product(s).`,
      data: { stockRequestId: row.id },
    });
    await audit(tx, actor, { entityType: 'stock_request', entityId: row.id, action: 'stock_request.create', newState: { items: row.items } });
    return { message: STOCK_MSG.requested, request: await viewOf(tx, row, actor.user) };
  });
}

async function lockIn(tx: DbOrTx, id: string, states: StockRequestStatus[], franchiseId?: string) {
  const r = await stockRequestForUpdate(tx, id);
  // Another franchise's request does not exist for this one.
  if (!r || (franchiseId && r.franchiseId !== franchiseId)) throw notFound(STOCK_MSG.notFound);
  if (!states.includes(r.status as StockRequestStatus)) throw new AppError('INVALID_STATE', 409, STOCK_MSG.wrongState);
  return r;
}

/** Received: each approved quantity enters the stock with its ledger row, once (the request's row lock orders a second try after the first). */
export async function receiveStock(ctx: AppContext, actor: Actor, id: string) {
  assertFranchise(actor.user);
  return ctx.db.transaction(async (tx) => {
    const r = await lockIn(tx, id, ['dispatched'], actor.user.id);
    for (const line of r.items) {
      if (!line.approved) continue;
      await moveStock(tx, actor, {
        franchiseId: r.franchiseId,
        productId: line.productId,
        change: line.approved,
        kind: 'received',
        referenceId: r.id,
        insufficient: () => new AppError('CONFLICT', 409, STOCK_MSG.wrongState),
      });
    }
    const updated = await updateStockRequest(tx, r.id, { status: 'received', receivedAt: ctx.clock.now() });
    await audit(tx, actor, { entityType: 'stock_request', entityId: r.id, action: 'stock_request.receive', previousState: { status: 'dispatched' }, newState: { status: 'received' } });
    return { message: STOCK_MSG.received, request: await viewOf(tx, updated, actor.user) };
  });
}

// ---- the admin ----
export async function adminStock(ctx: AppContext): Promise<AdminFranchiseStock> {
  const [stock, requests] = await Promise.all([stockOf(ctx.db), stockRequestsOf(ctx.db, undefined, 500)]);
  return {
    stock: stock.map(({ s, productName, franchiseUserId, firstName, lastName }) => ({
      productId: s.productId,
      productName,
      quantity: s.quantity,
      updatedAt: s.updatedAt.toISOString(),
      franchiseId: s.franchiseId,
      franchiseUserId,
      franchiseName: personName({ firstName, lastName, userDisplayId: franchiseUserId }),
    })),
    requests: await viewsOf(ctx.db, requests),
  };
}

async function decide(
  ctx: AppContext,
  actor: Actor,
  id: string,
  from: StockRequestStatus[],
  change: (r: StockRequestRow) => Partial<StockRequestRow>,
  texts: { action: string; message: string; title: string; tell: string },
) {
  return ctx.db.transaction(async (tx) => {
    const r = await lockIn(tx, id, from);
    const updated = await updateStockRequest(tx, r.id, { ...change(r), decidedBy: realUser(actor).id });
    await workDone(tx, 'stockRequest', r.id);
    const [{ franchiseUserId, firstName, lastName }] = (await stockRequestsOf(tx, r.franchiseId, 1000)).filter((x) => x.r.id === r.id);
    await notify(tx, [r.franchiseId], { type: `stock_request_${updated.status}`, title: texts.title, message: texts.tell, data: { stockRequestId: r.id } });
    await audit(tx, actor, {
      entityType: 'stock_request',
      entityId: r.id,
      action: texts.action,
      previousState: { status: r.status },
      newState: { status: updated.status, items: updated.items },
      reason: updated.rejectionReason,
    });
    return { message: texts.message, request: (await viewsOf(tx, [{ r: updated, franchiseUserId, firstName, lastName }]))[0] };
  });
}

export async function approveStockRequest(ctx: AppContext, actor: Actor, id: string, input: z.output<typeof StockRequestApprove>) {
  return decide(
    ctx,
    actor,
    id,
    ['requested'],
    (r) => {
      const given = new Map((input.items ?? []).map((i) => [i.productId, i.quantity]));
      for (const productId of given.keys()) if (!r.items.some((i) => i.productId === productId)) throw badRequest(STOCK_MSG.productUnknown, { items: [STOCK_MSG.productUnknown] });
      const items = r.items.map((i) => {
        const approved = given.get(i.productId) ?? i.requested;
        if (approved > i.requested) throw badRequest(STOCK_MSG.approvedQuantity, { items: [STOCK_MSG.approvedQuantity] });
        return { ...i, approved };
      });
      if (!items.some((i) => i.approved > 0)) throw badRequest(STOCK_MSG.nothingApproved, { items: [STOCK_MSG.nothingApproved] });
      return { status: 'approved', items, approvedAt: ctx.clock.now() };
    },
    { action: 'stock_request.approve', message: STOCK_MSG.approved, title: 'Stock request approved', tell: 'Your stock request was approved; it will be dispatched.' },
  );
}

export async function rejectStockRequest(ctx: AppContext, actor: Actor, id: string, reason: string) {
  return decide(ctx, actor, id, ['requested', 'approved'], () => ({ status: 'rejected', rejectionReason: reason }), {
    action: 'stock_request.reject',
    message: STOCK_MSG.rejected,
    title: 'Stock request rejected',
    tell: `Your stock request was rejected: ${reason}`,
  });
}

export async function dispatchStockRequest(ctx: AppContext, actor: Actor, id: string) {
  return decide(ctx, actor, id, ['approved'], () => ({ status: 'dispatched', dispatchedAt: ctx.clock.now() }), {
    action: 'stock_request.dispatch',
    message: STOCK_MSG.dispatched,
    title: 'Stock dispatched',
    tell: 'Your stock request was dispatched. Confirm it in Stock Management when it arrives.',
  });
}
