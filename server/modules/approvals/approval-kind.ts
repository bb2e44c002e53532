import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { realUser, type Actor } from '../../core/actor';
import type { Answer } from '../../core/transactor';
import { APPROVAL_KINDS, type ApprovalChange, type ApprovalKind, type ApprovalPerson, type ApprovalRequested, type ApprovalView } from '../../../contracts/approvals';
import { displayName } from '../users';
import type { UserRow } from '../users';
import { notifyAdmins } from '../notifications';
import { audit } from '../audit';
import { insertApproval, type ApprovalRow } from './approvals.repo';

/** What a request would do, as the deciding admin sees it (contracts/approvals.ts ApprovalView). */
export interface ApprovalDescription {
  summary: string;
  changes: ApprovalChange[];
  fund: ApprovalView['fund'];
  remarks: string | null;
}

/**
 * One kind of maker-checker request (issue 13): how it reads and what approving it does. The generic service
 * (approvals.service.ts) locks the request, refuses its requester (SECOND_ADMIN_REQUIRED), calls `apply` in the
 * approval's transaction, records the decision, tells the requester and writes the audit rows.
 */
export interface ApprovalKindDef {
  kind: ApprovalKind;
  /** Prefix of its audit actions (`fund` -> fund.approval_requested) and notification types (fund_approval_requested). */
  prefix: string;
  messages: { approved: string; rejected: string; ownRequest: string };
  /**
   * The request as the admins read it; `target` is the user's current row (null when there is none), `details` what
   * `targetDetails` loaded for that user.
   */
  describe(row: ApprovalRow, target: UserRow | null, details?: unknown): ApprovalDescription;
  /**
   * What `describe` reads of the targets besides their users row, for many at once (the payout details kind: the
   * members' payout details, which the users module keeps in a table of their own, ADR 0026).
   */
  targetDetails?(db: DbOrTx, userIds: string[]): Promise<Map<string, unknown>>;
  /**
   * Applies the request in the approval's transaction, under the request's lock. A refusal (AppError) rolls back and
   * leaves the request pending. Answers fields added to the approval's answer and to its audit row.
   */
  apply(
    ctx: AppContext,
    tx: DbOrTx,
    actor: Actor,
    row: ApprovalRow,
    people: { target: UserRow | null; requester: UserRow | null },
  ): Promise<{ answer?: Record<string, unknown>; audit?: Record<string, unknown> }>;
}

/**
 * A kind whose requests carry a `P` (what `requestApproval` stored): `describe` and `apply` are handed the payload
 * typed, after the row's other fields; a description without `fund` or `remarks` shows none.
 */
export function payloadKind<P>(
  kind: ApprovalKind,
  prefix: string,
  messages: ApprovalKindDef['messages'],
  def: {
    targetDetails?: ApprovalKindDef['targetDetails'];
    describe(payload: P, target: UserRow | null, details?: unknown): Omit<ApprovalDescription, 'fund' | 'remarks'> & Partial<ApprovalDescription>;
    apply(ctx: AppContext, tx: DbOrTx, actor: Actor, payload: P, row: ApprovalRow, people: Parameters<ApprovalKindDef['apply']>[4]): ReturnType<ApprovalKindDef['apply']>;
  },
): ApprovalKindDef {
  return {
    kind,
    prefix,
    messages,
    ...(def.targetDetails ? { targetDetails: def.targetDetails } : {}),
    describe: (row, target, details) => ({ fund: null, remarks: null, ...def.describe(row.payload as P, target, details) }),
    apply: (ctx, tx, actor, row, people) => def.apply(ctx, tx, actor, row.payload as P, row, people),
  };
}

type Person = { userId: string; firstName: string | null; lastName: string | null } | null | undefined;
export const personOf = (u: Person): ApprovalPerson | null => (u ? { userId: u.userId, name: displayName(u) } : null);

/** The kind's `targetDetails` of one user (undefined when the kind reads none). */
export async function detailsOfTarget(db: DbOrTx, def: ApprovalKindDef, target: { id: string } | null | undefined): Promise<unknown> {
  return target && def.targetDetails ? (await def.targetDetails(db, [target.id])).get(target.id) : undefined;
}

export function toApprovalView(def: ApprovalKindDef, row: ApprovalRow, who: { requester?: Person; reviewer?: Person; target: UserRow | null; details?: unknown }): ApprovalView {
  const d = def.describe(row, who.target, who.details);
  return {
    id: row.id,
    kind: def.kind,
    status: row.status as ApprovalView['status'],
    summary: d.summary,
    changes: d.changes,
    fund: d.fund,
    remarks: d.remarks,
    member: personOf(who.target),
    requestedBy: personOf(who.requester),
    reviewedBy: personOf(who.reviewer),
    rejectionReason: row.rejectionReason ?? null,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * Stores a request for a second admin, in the caller's transaction: the row (kind, payload, target, requester), a
 * notification to every admin and the audit row `<prefix>.approval_requested`. Answers the row and its view.
 */
export async function requestApproval(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  def: ApprovalKindDef,
  input: { payload: unknown; target: UserRow | null; notice: { title: string; message: string }; reason?: string | null; auditState: Record<string, unknown> },
) {
  const requester = realUser(actor);
  const row = await insertApproval(tx, {
    kind: def.kind,
    status: 'pending',
    payload: input.payload,
    targetUserId: input.target?.id ?? null,
    requestedBy: requester.id,
    formSnapshot: null,
    createdAt: ctx.clock.now(),
  });
  await notifyAdmins(tx, { type: `${def.prefix}_approval_requested`, title: input.notice.title, priority: 'high', message: input.notice.message, data: { approvalId: row.id, kind: def.kind } });
  await audit(tx, actor, {
    entityType: 'approval_request',
    entityId: row.id,
    action: `${def.prefix}.approval_requested`,
    reason: input.reason ?? null,
    newState: { kind: def.kind, ...input.auditState },
  });
  return { row, view: toApprovalView(def, row, { requester, target: input.target, details: await detailsOfTarget(tx, def, input.target) }) };
}

/**
 * Stores a request about a member's money (`what`, for `member`, because of `reason`) for a second admin and answers
 * it 202 with `message` and the request: the notice tells every admin who asked for what, for whom and why.
 */
export async function requestMemberApproval(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  def: ApprovalKindDef,
  input: { payload: unknown; member: UserRow; title: string; what: string; reason: string; auditState: Record<string, unknown>; message: string },
): Promise<Answer<ApprovalRequested>> {
  const { member, reason } = input;
  const { view } = await requestApproval(ctx, tx, actor, def, {
    payload: input.payload,
    target: member,
    notice: { title: input.title, message: `${displayName(realUser(actor))} asked for a ${input.what.toLowerCase()} for ${displayName(member)} (${member.userId}): ${reason}` },
    reason,
    auditState: input.auditState,
  });
  return { status: 202, body: { message: input.message, approval: view } };
}

/**
 * The kinds, each defined by the module that owns the change it applies (Send Fund in wallet, account changes in
 * users, adjustments in compensation) and registered by the app at start (server/app.ts): the approvals module
 * decides requests without importing the modules whose changes it applies.
 */
const registry = new Map<ApprovalKind, ApprovalKindDef>();

export function registerApprovalKinds(...defs: ApprovalKindDef[]) {
  for (const def of defs) registry.set(def.kind, def);
  const missing = APPROVAL_KINDS.filter((k) => !registry.has(k));
  if (missing.length) throw new Error(`approval kinds without a definition: ${missing.join(', ')}`);
}

/** The definition of a registered kind. */
export function approvalKind(kind: ApprovalKind): ApprovalKindDef {
  const def = registry.get(kind);
  if (!def) throw new Error(`approval kind ${kind} is not registered (server/app.ts registers them)`);
  return def;
}
