import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor, Origin, SystemActor } from '../../core/actor';
import { realUser } from '../../core/actor';
import { badRequest, conflict, notFound } from '../../core/app-error';
import { newToken, sha256 } from '../../lib/crypto';
import { csvCell } from '../../lib/csv';
import { audit } from '../audit';
import { financialYearOf } from '../../lib/time';
import { queueMail } from '../mail';
import { notifyAdmins } from '../notifications';
import { displayName, findUserById } from '../users';
import {
  GRIEVANCE_CONFIRM_TTL_HOURS,
  GRIEVANCE_EVENT_LABELS,
  GRIEVANCE_MSG,
  GRIEVANCE_STATUS_LABELS,
  grievanceNumber,
  type AdminGrievance,
  type AdminGrievanceList,
  type GrievanceAcknowledgeInput,
  type GrievanceDelayInput,
  type GrievanceEvent,
  type GrievanceListQuery,
  type GrievanceNoteInput,
  type GrievanceRegistered,
  type GrievanceRejectInput,
  type GrievanceResolveInput,
  type GrievanceStatus,
  type GrievanceTrackQuery,
  type GrievanceTracked,
  type MemberGrievance,
  type MemberGrievanceInput,
  type PublicGrievanceInput,
} from '../../../contracts/grievance';
import { istDay } from './business-hours';
import { dueTimes, officerOf } from './grievance-settings.service';
import * as repo from './grievance.repo';
import type { GrievanceEventRow, GrievanceRow } from './grievance.repo';

type Out<T extends z.ZodType> = z.output<T>;

const IST_TIME = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });
const IST_DAY = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium' });
export const istText = (at: Date) => `${IST_TIME.format(at)} IST`;
const OPEN: readonly GrievanceStatus[] = ['received', 'acknowledged', 'in_progress'];
const isOpen = (g: GrievanceRow) => OPEN.includes(g.status as GrievanceStatus);
const ADMIN_LIST_LIMIT = 500;

const ackOverdue = (g: GrievanceRow, now: Date) => g.status === 'received' && g.acknowledgeDueAt !== null && g.acknowledgeDueAt < now;
const resolveOverdue = (g: GrievanceRow, now: Date) => isOpen(g) && g.resolveDueAt !== null && g.resolveDueAt < now;

// ---- views ----

const PUBLIC_KINDS = new Set(['registered', 'acknowledged', 'action', 'resolved', 'rejected', 'delay']);
const eventView = (e: GrievanceEventRow, staff: boolean): GrievanceEvent => ({ at: e.at.toISOString(), kind: e.kind as GrievanceEvent['kind'], note: e.note, by: staff ? e.actorName : null });

function core(g: GrievanceRow, now: Date) {
  return {
    number: g.number!,
    status: g.status as GrievanceStatus,
    receivedAt: g.registeredAt!.toISOString(),
    acknowledgeDueAt: g.acknowledgeDueAt!.toISOString(),
    acknowledgedAt: g.acknowledgedAt?.toISOString() ?? null,
    resolveDueAt: g.resolveDueAt!.toISOString(),
    closedAt: g.closedAt?.toISOString() ?? null,
    closingText: g.closingText,
    overdue: ackOverdue(g, now) || resolveOverdue(g, now),
  };
}

function adminView(g: GrievanceRow, events: GrievanceEventRow[], now: Date): AdminGrievance {
  return {
    id: g.id,
    ...core(g, now),
    source: g.source as 'public' | 'member',
    name: g.name,
    email: g.email,
    phone: g.phone,
    memberId: g.userId,
    orderReference: g.orderReference,
    description: g.description,
    acknowledgeOverdue: ackOverdue(g, now),
    resolveOverdue: resolveOverdue(g, now),
    delayReason: g.delayReason,
    events: events.filter((e) => e.grievanceId === g.id).map((e) => eventView(e, true)),
  };
}

const trackLink = (ctx: AppContext, number: string) => `${ctx.config.appUrl}/grievance?number=${encodeURIComponent(number)}`;

// ---- filing and registration ----

/**
 * The public form: the complaint waits for its emailed link. The answer is the same whatever the address, and
 * nothing is registered (no number) until the link is opened.
 */
export async function filePublicGrievance(ctx: AppContext, origin: Origin, input: Out<typeof PublicGrievanceInput>) {
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await repo.deleteExpiredUnconfirmed(tx, new Date(now.getTime() - 7 * 24 * 3_600_000));
    await repo.insertGrievance(tx, {
      source: 'public',
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      orderReference: input.orderReference ?? null,
      description: input.description,
      confirmTokenHash: sha256(token),
      confirmExpiresAt: new Date(now.getTime() + GRIEVANCE_CONFIRM_TTL_HOURS * 3_600_000),
      createdAt: now,
      updatedAt: now,
    });
    await queueMail(ctx, tx, input.email, { template: 'grievance_confirm', params: { name: input.name, link: `${ctx.config.appUrl}/grievance/confirm?token=${token}` } });
    await audit(tx, null, { entityType: 'grievance', entityId: input.email, action: 'grievance.filed', newState: { source: 'public', ip: origin.ip } });
  });
  ctx.kickMail();
  return { message: GRIEVANCE_MSG.filed };
}

/** Numbers, dates and acknowledges a complaint in the caller's transaction. */
async function register(ctx: AppContext, tx: DbOrTx, g: GrievanceRow, by: { id: string | null; name: string | null }): Promise<GrievanceRow> {
  const now = ctx.clock.now();
  const number = grievanceNumber(financialYearOf(now), await repo.nextSerial(tx, financialYearOf(now)));
  const due = await dueTimes(tx, now);
  const row = await repo.updateGrievance(tx, g.id, {
    number,
    status: 'received',
    registeredAt: now,
    ...due,
    confirmTokenHash: null,
    confirmExpiresAt: null,
    updatedAt: now,
  });
  await repo.insertEvent(tx, { grievanceId: g.id, kind: 'registered', note: `Complaint ${number} received`, actorId: by.id, actorName: by.name, at: now });
  await queueMail(ctx, tx, row.email, {
    template: 'grievance_registered',
    params: { name: row.name, number, acknowledgeDue: istText(due.acknowledgeDueAt), resolveDue: IST_DAY.format(due.resolveDueAt), link: trackLink(ctx, number) },
  });
  await notifyAdmins(tx, { type: 'grievance', title: `New complaint ${number}`, message: `${row.name}: ${row.description.slice(0, 200)}`, data: { grievanceId: g.id } });
  return row;
}

/** The emailed link: registers the complaint once; a used, unknown or expired link is refused. */
export async function confirmGrievance(ctx: AppContext, token: string): Promise<GrievanceRegistered> {
  const row = await ctx.db.transaction(async (tx) => {
    const g = await repo.findUnconfirmedForUpdate(tx, sha256(token));
    if (!g || g.number || !g.confirmExpiresAt || g.confirmExpiresAt.getTime() <= ctx.clock.now().getTime()) throw badRequest(GRIEVANCE_MSG.confirmInvalid, undefined, 'INVALID_TOKEN');
    const r = await register(ctx, tx, g, { id: null, name: null });
    await audit(tx, null, { entityType: 'grievance', entityId: r.id, action: 'grievance.registered', newState: { number: r.number, source: 'public' } });
    return r;
  });
  ctx.kickMail();
  return {
    message: GRIEVANCE_MSG.registered,
    number: row.number!,
    status: row.status as GrievanceStatus,
    acknowledgeDueAt: row.acknowledgeDueAt!.toISOString(),
    resolveDueAt: row.resolveDueAt!.toISOString(),
  };
}

/** A member's complaint from the Support page: the account's name and email, registered at once. */
export async function fileMemberGrievance(ctx: AppContext, actor: Actor, input: Out<typeof MemberGrievanceInput>): Promise<MemberGrievance> {
  const row = await ctx.db.transaction(async (tx) => {
    const member = await findUserById(tx, actor.user.id);
    if (!member) throw notFound();
    const now = ctx.clock.now();
    const g = await repo.insertGrievance(tx, {
      source: 'member',
      userId: member.id,
      name: displayName(member),
      email: member.email,
      phone: null,
      orderReference: input.orderReference ?? null,
      description: input.description,
      createdAt: now,
      updatedAt: now,
    });
    const r = await register(ctx, tx, g, { id: member.id, name: displayName(member) });
    await audit(tx, actor, { entityType: 'grievance', entityId: r.id, action: 'grievance.registered', newState: { number: r.number, source: 'member' } });
    return r;
  });
  ctx.kickMail();
  return memberView(row, ctx.clock.now());
}

const memberView = (g: GrievanceRow, now: Date): MemberGrievance => ({ id: g.id, ...core(g, now), orderReference: g.orderReference, description: g.description });

export async function memberGrievances(ctx: AppContext, actor: Actor): Promise<{ items: MemberGrievance[] }> {
  const now = ctx.clock.now();
  return { items: (await repo.listOfUser(ctx.db, actor.user.id)).map((g) => memberView(g, now)) };
}

/** Tracking by number and email: either wrong is the same 404, so a number alone tells nothing. */
export async function trackGrievance(ctx: AppContext, q: Out<typeof GrievanceTrackQuery>): Promise<GrievanceTracked> {
  const g = await repo.findByNumber(ctx.db, q.number);
  if (!g || g.email.toLowerCase() !== q.email.toLowerCase()) throw notFound(GRIEVANCE_MSG.notFound);
  const events = await repo.eventsOf(ctx.db, [g.id]);
  return { ...core(g, ctx.clock.now()), events: events.filter((e) => PUBLIC_KINDS.has(e.kind)).map((e) => eventView(e, false)) };
}

// ---- the admin's list and actions ----

export async function adminGrievances(ctx: AppContext, q: Out<typeof GrievanceListQuery>): Promise<AdminGrievanceList> {
  const now = ctx.clock.now();
  const rows = await repo.listRegistered(ctx.db, { status: q.status, overdueAt: q.overdue ? now : undefined, search: q.search || undefined, limit: ADMIN_LIST_LIMIT });
  const events = await repo.eventsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((g) => adminView(g, events, now)), counts: await repo.countOpen(ctx.db, now) };
}

type Step = {
  kind: 'acknowledged' | 'action' | 'resolved' | 'rejected' | 'delay';
  note: string | null;
  delayReason?: string;
};

/** One admin action on an open complaint: the status, the history, the complainant's mail, the audit row. */
async function act(ctx: AppContext, actor: Actor, id: string, step: Step): Promise<AdminGrievance> {
  const now = ctx.clock.now();
  const admin = realUser(actor);
  const by = { actorId: admin.id, actorName: displayName(admin) };
  await ctx.db.transaction(async (tx) => {
    const g = await repo.findRegisteredForUpdate(tx, id);
    if (!g) throw notFound(GRIEVANCE_MSG.notFound);
    if (!isOpen(g)) throw conflict(GRIEVANCE_MSG.closed);
    if (step.kind === 'acknowledged' && g.status !== 'received') throw conflict(GRIEVANCE_MSG.alreadyAcknowledged);
    // Late: the written reason for this delay, unless one was given since the due time passed.
    const dueAt = step.kind === 'acknowledged' ? g.acknowledgeDueAt! : step.kind === 'resolved' || step.kind === 'rejected' ? g.resolveDueAt! : null;
    const events = await repo.eventsOf(tx, [g.id]);
    const late = dueAt !== null && dueAt < now;
    if (late && !step.delayReason && !events.some((e) => e.kind === 'delay' && e.at >= dueAt)) {
      throw badRequest(GRIEVANCE_MSG.delayReasonRequired, { delayReason: [GRIEVANCE_MSG.delayReasonRequired] });
    }
    const delay = step.kind === 'delay' ? step.note : (step.delayReason ?? null);
    const status: GrievanceStatus =
      step.kind === 'acknowledged'
        ? 'acknowledged'
        : step.kind === 'action'
          ? 'in_progress'
          : step.kind === 'resolved'
            ? 'resolved'
            : step.kind === 'rejected'
              ? 'rejected'
              : (g.status as GrievanceStatus);
    const closing = step.kind === 'resolved' || step.kind === 'rejected';
    let at = now.getTime();
    if (delay) await repo.insertEvent(tx, { grievanceId: g.id, kind: 'delay', note: delay, ...by, at: new Date(at++) });
    if (step.kind !== 'delay') await repo.insertEvent(tx, { grievanceId: g.id, kind: step.kind, note: step.note, ...by, at: new Date(at) });
    await repo.updateGrievance(tx, g.id, {
      status,
      ...(step.kind === 'acknowledged' ? { acknowledgedAt: now } : {}),
      ...(closing ? { closedAt: now, closingText: step.note } : {}),
      ...(delay ? { delayReason: delay } : {}),
      updatedAt: now,
    });
    const mailText = [
      delay && step.kind !== 'delay' ? `Reason for the delay: ${delay}` : null,
      step.note ?? (step.kind === 'acknowledged' ? 'Our grievance officer has acknowledged your complaint and is looking into it.' : null),
    ]
      .filter(Boolean)
      .join('\n\n');
    await queueMail(ctx, tx, g.email, {
      template: 'grievance_update',
      params: { name: g.name, number: g.number!, title: GRIEVANCE_EVENT_LABELS[step.kind], text: mailText, status: GRIEVANCE_STATUS_LABELS[status], link: trackLink(ctx, g.number!) },
    });
    await audit(tx, actor, {
      entityType: 'grievance',
      entityId: g.id,
      action: `grievance.${step.kind}`,
      previousState: { status: g.status },
      newState: { status, note: step.note, delayReason: delay },
    });
  });
  ctx.kickMail();
  return oneAdminView(ctx, id);
}

async function oneAdminView(ctx: AppContext, id: string): Promise<AdminGrievance> {
  const g = await repo.findRegisteredForUpdate(ctx.db, id);
  if (!g) throw notFound(GRIEVANCE_MSG.notFound);
  return adminView(g, await repo.eventsOf(ctx.db, [id]), ctx.clock.now());
}

export const acknowledgeGrievance = (ctx: AppContext, actor: Actor, id: string, input: Out<typeof GrievanceAcknowledgeInput>) =>
  act(ctx, actor, id, { kind: 'acknowledged', note: input.note ?? null, delayReason: input.delayReason });
export const addGrievanceAction = (ctx: AppContext, actor: Actor, id: string, input: Out<typeof GrievanceNoteInput>) => act(ctx, actor, id, { kind: 'action', note: input.note });
export const explainGrievanceDelay = (ctx: AppContext, actor: Actor, id: string, input: Out<typeof GrievanceDelayInput>) => act(ctx, actor, id, { kind: 'delay', note: input.reason });
export const resolveGrievance = (ctx: AppContext, actor: Actor, id: string, input: Out<typeof GrievanceResolveInput>) =>
  act(ctx, actor, id, { kind: 'resolved', note: input.resolution, delayReason: input.delayReason });
export const rejectGrievance = (ctx: AppContext, actor: Actor, id: string, input: Out<typeof GrievanceRejectInput>) =>
  act(ctx, actor, id, { kind: 'rejected', note: input.reason, delayReason: input.delayReason });

// ---- overdue ----

/**
 * Flags complaints past their acknowledgement or resolution due time, once each: a history row, a notification to
 * the admins and a mail to the grievance officer. Run by the job `grievance.overdue`.
 */
export async function flagOverdueGrievances(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const system: SystemActor = { system: 'grievance-overdue', ip: null, userAgent: null };
  const flagged = await ctx.db.transaction(async (tx) => {
    const rows = await repo.claimUnflaggedOverdue(tx, now, 200);
    const officer = officerOf(await repo.findSettings(tx), 'officer');
    for (const g of rows) {
      const what: ('acknowledgement' | 'resolution')[] = [];
      if (ackOverdue(g, now) && !g.acknowledgeOverdueFlaggedAt) what.push('acknowledgement');
      if (resolveOverdue(g, now) && !g.resolveOverdueFlaggedAt) what.push('resolution');
      for (const w of what) {
        const due = w === 'acknowledgement' ? g.acknowledgeDueAt! : g.resolveDueAt!;
        await repo.insertEvent(tx, { grievanceId: g.id, kind: 'overdue', note: `The ${w} was due ${istText(due)}`, at: now });
        await notifyAdmins(tx, { type: 'grievance', title: `Overdue complaint ${g.number}`, message: `The ${w} was due ${istText(due)}.`, priority: 'high', data: { grievanceId: g.id } });
        if (officer)
          await queueMail(ctx, tx, officer.email, { template: 'grievance_overdue', params: { number: g.number!, what: w, due: istText(due), link: `${ctx.config.appUrl}/admin?section=grievances` } });
      }
      await repo.updateGrievance(tx, g.id, {
        ...(what.includes('acknowledgement') ? { acknowledgeOverdueFlaggedAt: now } : {}),
        ...(what.includes('resolution') ? { resolveOverdueFlaggedAt: now } : {}),
      });
      await audit(tx, system, { entityType: 'grievance', entityId: g.id, action: 'grievance.overdue', newState: { overdue: what } });
    }
    return rows.length;
  });
  if (flagged) ctx.kickMail();
  return flagged;
}

// ---- the register ----

/** The grievance register as CSV: one line per registered complaint, oldest first. */
export async function grievanceRegister(ctx: AppContext, q: Out<typeof GrievanceListQuery>) {
  const list = await adminGrievances(ctx, q);
  const header = ['Number', 'Received', 'Complainant', 'Email', 'Issue', 'Actions', 'Acknowledged at', 'Resolution date', 'Status', 'Overdue'];
  const lines = [header.map((h) => csvCell(h)).join(',')];
  for (const g of [...list.items].reverse()) {
    const actions = g.events
      .filter((e) => e.kind !== 'registered')
      .map((e) => `${istText(new Date(e.at))} ${GRIEVANCE_EVENT_LABELS[e.kind]}${e.note ? `: ${e.note}` : ''}`)
      .join(' | ');
    lines.push(
      [
        g.number,
        istText(new Date(g.receivedAt)),
        g.name,
        g.email,
        g.description,
        actions,
        g.acknowledgedAt ? istText(new Date(g.acknowledgedAt)) : '',
        g.closedAt ? istText(new Date(g.closedAt)) : '',
        GRIEVANCE_STATUS_LABELS[g.status],
        g.overdue ? 'yes' : 'no',
      ]
        .map((c) => csvCell(c))
        .join(','),
    );
  }
  return { filename: `grievance-register-${istDay(ctx.clock.now())}.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` };
}
