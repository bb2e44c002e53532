import { volumeOf } from '../volume';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { personName } from '../../lib/format';
import type { Actor } from '../../core/actor';
import { AppError, badRequest, conflict, notFound } from '../../core/app-error';
import {
  ENGAGEMENT_MSG,
  TICKET_NEXT,
  type FranchiseRequestInput,
  type FranchiseDecision,
  type TicketInput,
  type TicketUpdate,
  type NewsInput,
  type NewsPatch,
  type FranchiseRequestView,
  type AdminFranchiseRequest,
  type AdminFranchiseRequestList,
  type AdminTicketList,
  type NewsView,
  newsStateAt,
} from '../../../contracts/engagement';
import { displayName } from '../users';
import { addMoney } from '../../lib/money';
import { findUserById, updateUser } from '../users';
import { notify, notifyAdmins } from '../notifications';
import { audit } from '../audit';
import { workDone } from '../notifications';
import { recordStatusChange } from './support.service';
import {
  insertFranchiseRequest,
  franchiseRequestsOf,
  pendingFranchiseRequestOf,
  adminFranchiseRequests,
  franchiseCounts,
  franchiseRequestForUpdate,
  updateFranchiseRequest,
  insertTicket,
  ticketsOf,
  adminTickets,
  ticketCounts,
  activeAdmins,
  ticketForUpdate,
  updateTicket,
  insertNews,
  allNews,
  findNews,
  updateNews,
  liveNews,
  usersByIds,
  type FranchiseRow,
  type TicketRow,
  type NewsRow,
} from './engagement.repo';
import { toTicket } from './ticket-view';

const iso = (d: Date | null) => d?.toISOString() ?? null;

// ---- franchise requests (doc 3 §5.2; docs/spec/decisions.md §10) ----
const toFranchise = (r: FranchiseRow): FranchiseRequestView => ({
  id: r.id,
  franchiseType: r.franchiseType,
  investmentAmount: r.investmentAmount,
  businessVolume: r.businessVolume,
  status: r.status as FranchiseRequestView['status'],
  businessPlan: r.businessPlan,
  adminNotes: r.adminNotes,
  reviewedAt: iso(r.reviewedAt),
  createdAt: r.createdAt.toISOString(),
});
/** Approving these types grants the matching portal role. */
const FRANCHISE_ROLE: Record<string, string> = { Mini: 'mini_franchise', Basic: 'basic_franchise' };

export async function applyForFranchise(ctx: AppContext, actor: Actor, input: z.output<typeof FranchiseRequestInput>) {
  return ctx.db.transaction(async (tx) => {
    const me = actor.user;
    if (await pendingFranchiseRequestOf(tx, me.id)) throw conflict(ENGAGEMENT_MSG.franchisePending);
    const bv = await volumeOf(tx, me.id);
    const row = await insertFranchiseRequest(tx, {
      userId: me.id,
      franchiseType: input.franchiseType,
      investmentAmount: input.investmentAmount,
      businessPlan: input.businessPlan,
      businessVolume: addMoney(bv.leftBV, bv.rightBV),
      createdAt: ctx.clock.now(),
    });
    await notifyAdmins(tx, {
      type: 'franchise_requested',
      title: 'Franchise request to review',
      message: `${displayName(me)} (${me.userId}) applied for a ${input.franchiseType} franchise.`,
      data: { franchiseRequestId: row.id },
    });
    await audit(tx, actor, {
      entityType: 'franchise_request',
      entityId: row.id,
      action: 'franchise.apply',
      newState: { franchiseType: input.franchiseType, investmentAmount: input.investmentAmount },
    });
    return toFranchise(row);
  });
}

export async function ownFranchiseRequests(ctx: AppContext, userId: string) {
  return (await franchiseRequestsOf(ctx.db, userId)).map(toFranchise);
}

export async function adminFranchiseList(ctx: AppContext, status: string | undefined): Promise<AdminFranchiseRequestList> {
  const [rows, counts] = await Promise.all([adminFranchiseRequests(ctx.db, status), franchiseCounts(ctx.db)]);
  const items: AdminFranchiseRequest[] = rows.map(({ r, ...u }) => ({
    ...toFranchise(r),
    userId: r.userId,
    userDisplayId: u.userDisplayId,
    userName: personName(u),
    userEmail: u.userEmail,
    userRole: u.userRole,
  }));
  return { items, counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) };
}

export async function decideFranchise(ctx: AppContext, actor: Actor, id: string, input: z.output<typeof FranchiseDecision>) {
  return ctx.db.transaction(async (tx) => {
    const r = await franchiseRequestForUpdate(tx, id);
    if (!r) throw notFound(ENGAGEMENT_MSG.requestNotFound);
    if (r.status !== 'pending') throw new AppError('INVALID_STATE', 409, ENGAGEMENT_MSG.requestDecided);
    const now = ctx.clock.now();
    const updated = (await updateFranchiseRequest(tx, id, { status: input.status, adminNotes: input.adminNotes ?? null, reviewedBy: actor.user.id, reviewedAt: now }))!;
    await workDone(tx, 'franchise', id);
    const member = (await findUserById(tx, r.userId))!;
    let roleChange: { from: string; to: string } | null = null;
    const role = FRANCHISE_ROLE[r.franchiseType];
    if (input.status === 'approved' && role && member.role !== role && ['user', 'mini_franchise', 'basic_franchise'].includes(member.role)) {
      await updateUser(tx, member.id, { role });
      roleChange = { from: member.role, to: role };
    }
    await notify(
      tx,
      [member.id],
      input.status === 'approved'
        ? {
            type: 'franchise_approved',
            title: 'Franchise request approved',
            priority: 'high',
            message: `Your ${r.franchiseType} franchise request was approved.${roleChange ? ' Your franchise portal is open at /franchise.' : ''}`,
          }
        : { type: 'franchise_rejected', title: 'Franchise request rejected', priority: 'high', message: `Your ${r.franchiseType} franchise request was rejected: ${input.adminNotes}` },
    );
    await audit(tx, actor, {
      entityType: 'franchise_request',
      entityId: id,
      action: `franchise.${input.status === 'approved' ? 'approve' : 'reject'}`,
      reason: input.adminNotes ?? null,
      previousState: { status: 'pending', role: member.role },
      newState: { status: input.status, role: roleChange?.to ?? member.role },
    });
    return { message: input.status === 'approved' ? 'Franchise request approved' : 'Franchise request rejected', request: toFranchise(updated), roleChange };
  });
}

// ---- support tickets ----
export async function openTicket(ctx: AppContext, actor: Actor, input: z.output<typeof TicketInput>) {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const t = await insertTicket(tx, {
      userId: actor.user.id,
      category: input.category,
      subject: input.subject,
      description: input.description,
      priority: input.priority,
      createdAt: now,
      updatedAt: now,
    });
    await notifyAdmins(tx, {
      type: 'ticket_opened',
      title: 'New support ticket',
      message: `${displayName(actor.user)}: ${input.subject} (${input.category}, ${input.priority})`,
      data: { ticketId: t.id },
    });
    return toTicket(t, null);
  });
}

export async function ownTickets(ctx: AppContext, userId: string) {
  return (await ticketsOf(ctx.db, userId)).map((r) => toTicket(r.t, r.assigneeName));
}

export async function ticketQueue(ctx: AppContext, f: { status?: string; category?: string; priority?: string }): Promise<AdminTicketList> {
  const [rows, admins, counts] = await Promise.all([adminTickets(ctx.db, f), activeAdmins(ctx.db), ticketCounts(ctx.db)]);
  return {
    items: rows.map(({ t, assigneeName, ...u }) => ({
      ...toTicket(t, assigneeName),
      userId: t.userId,
      userDisplayId: u.userDisplayId,
      userName: personName(u),
      userEmail: u.userEmail,
      assignedTo: t.assignedTo,
    })),
    admins: admins.map((a) => ({ id: a.id, name: [a.firstName, a.lastName].filter(Boolean).join(' ') || a.userId })),
    counts: Object.fromEntries(counts.map((c) => [c.status, c.n])),
  };
}

const STATUS_WORDS: Record<string, string> = { open: 'Open', in_progress: 'In Progress', resolved: 'Resolved', closed: 'Closed' };

/** Status moves through open, in progress, resolved and closed; resolving needs a resolution; the member is told of each change. */
export async function updateTicketByAdmin(ctx: AppContext, actor: Actor, id: string, input: z.output<typeof TicketUpdate>) {
  return ctx.db.transaction(async (tx) => {
    const t = await ticketForUpdate(tx, id);
    if (!t) throw notFound(ENGAGEMENT_MSG.ticketNotFound);
    if (t.status === 'closed') throw new AppError('INVALID_STATE', 409, ENGAGEMENT_MSG.ticketClosed);
    const changes: Partial<TicketRow> = {};
    if (input.status && input.status !== t.status) {
      if (!TICKET_NEXT[t.status].includes(input.status)) throw new AppError('INVALID_STATE', 409, `A ticket cannot go from ${STATUS_WORDS[t.status]} to ${STATUS_WORDS[input.status]}.`);
      changes.status = input.status;
      // A ticket someone has taken up is no longer new work for the other admins.
      await workDone(tx, 'ticket', t.id);
    }
    if (input.priority && input.priority !== t.priority) changes.priority = input.priority;
    if (input.resolution !== undefined && input.resolution !== t.resolution) changes.resolution = input.resolution;
    if (input.assignedTo !== undefined && input.assignedTo !== t.assignedTo) {
      if (input.assignedTo) {
        const [a] = await usersByIds(tx, [input.assignedTo]);
        if (!a || a.role !== 'admin' || a.status !== 'active') throw badRequest(ENGAGEMENT_MSG.assigneeInvalid, { assignedTo: [ENGAGEMENT_MSG.assigneeInvalid] });
      }
      changes.assignedTo = input.assignedTo;
    }
    const resolving = changes.status === 'resolved';
    if (resolving && !(changes.resolution ?? t.resolution)) throw badRequest(ENGAGEMENT_MSG.resolutionRequired, { resolution: [ENGAGEMENT_MSG.resolutionRequired] });
    if (resolving) changes.resolvedAt = ctx.clock.now();
    if (changes.status && changes.status !== 'resolved' && changes.status !== 'closed') changes.resolvedAt = null;
    if (!Object.keys(changes).length) return { message: 'Nothing changed', ticket: toTicket(t, null) };
    const updated = (await updateTicket(tx, id, changes))!;
    // The conversation shows the change where it happened (issue 15).
    if (changes.status) await recordStatusChange(tx, id, actor.user.id, t.status, changes.status, ctx.clock.now());
    const said = [
      changes.status ? `status ${STATUS_WORDS[changes.status]}` : null,
      changes.priority ? `priority ${changes.priority}` : null,
      changes.assignedTo !== undefined ? (changes.assignedTo ? 'assigned to our support team' : 'unassigned') : null,
      changes.resolution ? `resolution: ${changes.resolution}` : null,
    ].filter(Boolean);
    await notify(tx, [t.userId], { type: 'ticket_updated', title: `Ticket updated: ${t.subject}`.slice(0, 200), message: `Your ticket was updated — ${said.join('; ')}.`, data: { ticketId: id } });
    await audit(tx, actor, {
      entityType: 'support_ticket',
      entityId: id,
      action: 'ticket.update',
      previousState: { status: t.status, priority: t.priority, assignedTo: t.assignedTo },
      newState: changes,
    });
    return { message: 'Ticket updated', ticket: toTicket(updated, null) };
  });
}

// ---- news ----
const toNews = (n: NewsRow, now: Date): NewsView => {
  const view = {
    id: n.id,
    title: n.title,
    content: n.content,
    type: n.type,
    priority: n.priority,
    isActive: n.isActive,
    publishedAt: iso(n.publishedAt),
    expiresAt: iso(n.expiresAt),
    createdAt: n.createdAt.toISOString(),
  };
  return { ...view, state: newsStateAt(view, now.getTime()) };
};
const date = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

export async function createNews(ctx: AppContext, actor: Actor, input: z.output<typeof NewsInput>) {
  return ctx.db.transaction(async (tx) => {
    const n = await insertNews(tx, {
      title: input.title,
      content: input.content,
      type: input.type,
      priority: input.priority,
      isActive: input.isActive,
      publishedAt: date(input.publishedAt) ?? ctx.clock.now(),
      expiresAt: date(input.expiresAt) ?? null,
      createdBy: actor.user.id,
      createdAt: ctx.clock.now(),
    });
    await audit(tx, actor, { entityType: 'news', entityId: n.id, action: 'news.create', newState: toNews(n, ctx.clock.now()) });
    return toNews(n, ctx.clock.now());
  });
}

export async function editNews(ctx: AppContext, actor: Actor, id: string, input: z.output<typeof NewsPatch>) {
  return ctx.db.transaction(async (tx) => {
    const before = await findNews(tx, id);
    if (!before) throw notFound(ENGAGEMENT_MSG.newsNotFound);
    const publishedAt = input.publishedAt === undefined ? before.publishedAt : date(input.publishedAt);
    const expiresAt = input.expiresAt === undefined ? before.expiresAt : date(input.expiresAt);
    if (publishedAt && expiresAt && expiresAt <= publishedAt) throw badRequest(ENGAGEMENT_MSG.expiresBeforePublish, { expiresAt: [ENGAGEMENT_MSG.expiresBeforePublish] });
    const n = (await updateNews(tx, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.content !== undefined ? { content: input.content } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.priority !== undefined ? { priority: input.priority } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
      publishedAt,
      expiresAt,
    }))!;
    await audit(tx, actor, {
      entityType: 'news',
      entityId: id,
      action: input.isActive === false && before.isActive ? 'news.deactivate' : 'news.update',
      previousState: toNews(before, ctx.clock.now()),
      newState: toNews(n, ctx.clock.now()),
    });
    return toNews(n, ctx.clock.now());
  });
}

export async function adminNews(ctx: AppContext) {
  return (await allNews(ctx.db)).map((n) => toNews(n, ctx.clock.now()));
}

export async function publishedNews(ctx: AppContext) {
  return (await liveNews(ctx.db, ctx.clock.now(), 50)).map((n) => toNews(n, ctx.clock.now()));
}
