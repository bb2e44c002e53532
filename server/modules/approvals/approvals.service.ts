import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { realUser, type Actor } from '../../core/actor';
import { AppError, notFound } from '../../core/app-error';
import type { Answer, Transactor } from '../../core/transactor';
import { MSG } from '../../../contracts/messages';
import { APPROVAL_KINDS, type ApprovalKind, type ApprovalStatus, type ApprovalView } from '../../../contracts/approvals';
import { findUserById } from '../users';
import { displayName } from '../users';
import { notify } from '../notifications';
import { audit } from '../audit';
import { approvalForUpdate, decideApproval, listApprovals } from './approvals.repo';
import { workDone } from '../notifications';
import { approvalKind, detailsOfTarget, toApprovalView } from './approval-kind';

/**
 * Maker-checker (issue 13), one pattern for every kind: the request is made where the change is asked for (Send Fund,
 * the admin's edit of a member, a new admin) through `requestApproval`; here another admin approves it (the change is
 * applied in the approval's transaction, under the request's lock, so two approvals at once apply it once) or either
 * admin rejects it with a reason. The requester cannot approve (SECOND_ADMIN_REQUIRED); requested, applied and decided
 * are audit rows; the requester is told of the decision.
 */
async function lockPendingRequest(tx: DbOrTx, id: string) {
  const row = await approvalForUpdate(tx, id, APPROVAL_KINDS);
  if (!row) throw notFound(MSG.approvalNotFound);
  if (row.status !== 'pending') throw new AppError('INVALID_STATE', 409, MSG.approvalNotPending);
  return { row, def: approvalKind(row.kind as ApprovalKind) };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

type PendingRequest = Awaited<ReturnType<typeof lockPendingRequest>>;

/** The request's target and requester as they are now (undefined where the request names none). */
async function peopleOf(tx: DbOrTx, row: PendingRequest['row']) {
  const [target, requester] = await Promise.all([row.targetUserId ? findUserById(tx, row.targetUserId) : undefined, row.requestedBy ? findUserById(tx, row.requestedBy) : undefined]);
  return { target, requester };
}

/** The audit row of a decision on a pending request: `newState` adds to its status and kind. */
function auditDecision(tx: DbOrTx, actor: Actor, { row, def }: PendingRequest, status: 'approved' | 'rejected', more: { newState?: Record<string, unknown>; reason?: string }) {
  return audit(tx, actor, {
    entityType: 'approval_request',
    entityId: row.id,
    action: `${def.prefix}.approval_${status}`,
    previousState: { status: 'pending' },
    newState: { status, kind: def.kind, ...more.newState },
    ...(more.reason === undefined ? {} : { reason: more.reason }),
  });
}

export async function approveRequest(ctx: AppContext, actor: Actor, transact: Transactor, id: string) {
  return transact(async (tx): Promise<Answer<unknown>> => {
    const { row, def } = await lockPendingRequest(tx, id);
    const approver = realUser(actor);
    if (row.requestedBy === approver.id) throw new AppError('SECOND_ADMIN_REQUIRED', 403, def.messages.ownRequest);
    // Nobody approves a change to their own account or money (issue 29): the target is a third person's to decide.
    if (row.targetUserId === approver.id) throw new AppError('SECOND_ADMIN_REQUIRED', 403, MSG.ownAccountApproval);
    const { target, requester } = await peopleOf(tx, row);
    if (row.targetUserId && !target) throw notFound(MSG.approvalNotFound);
    const described = def.describe(row, target ?? null, await detailsOfTarget(tx, def, target));
    const applied = await def.apply(ctx, tx, actor, row, { target: target ?? null, requester: requester ?? null });
    const decided = await decideApproval(tx, row.id, { status: 'approved', reviewedBy: approver.id, reviewedAt: ctx.clock.now() });
    await workDone(tx, 'approval', row.id);
    // The answer shows the target as it is now (after the change).
    const after = row.targetUserId ? await findUserById(tx, row.targetUserId) : null;
    await notify(tx, [row.requestedBy], {
      type: `${def.prefix}_approval_decided`,
      title: 'Your request was approved',
      message: `${displayName(approver)} approved your request: ${lowerFirst(described.summary)}${target ? ` for ${target.userId}` : ''}.`,
      data: { approvalId: row.id },
    });
    await auditDecision(tx, actor, { row, def }, 'approved', { newState: applied.audit });
    const view = toApprovalView(def, decided, { requester, reviewer: approver, target: after ?? null, details: await detailsOfTarget(tx, def, after) });
    return { status: 200, body: { message: def.messages.approved, approval: { ...view, changes: described.changes }, ...applied.answer } };
  });
}

export async function rejectRequest(ctx: AppContext, actor: Actor, transact: Transactor, id: string, reason: string) {
  return transact(async (tx): Promise<Answer<unknown>> => {
    const { row, def } = await lockPendingRequest(tx, id);
    const reviewer = realUser(actor);
    const decided = await decideApproval(tx, row.id, { status: 'rejected', reviewedBy: reviewer.id, reviewedAt: ctx.clock.now(), rejectionReason: reason });
    await workDone(tx, 'approval', row.id);
    const { target, requester } = await peopleOf(tx, row);
    const view = toApprovalView(def, decided, { requester, reviewer, target: target ?? null, details: await detailsOfTarget(tx, def, target) });
    // The requester withdrawing their own request needs no notice.
    if (row.requestedBy !== reviewer.id) {
      await notify(tx, [row.requestedBy], {
        type: `${def.prefix}_approval_decided`,
        title: 'Your request was rejected',
        priority: 'high',
        message: `${displayName(reviewer)} rejected your request: ${lowerFirst(view.summary)}${target ? ` for ${target.userId}` : ''}: ${reason}`,
        data: { approvalId: row.id },
      });
    }
    await auditDecision(tx, actor, { row, def }, 'rejected', { reason });
    return { status: 200, body: { message: def.messages.rejected, approval: view } };
  });
}

/** Requests of one kind (or of every kind) and one status, newest first, each with what it would change. */
export async function listRequests(ctx: AppContext, q: { kind?: ApprovalKind; status: ApprovalStatus }): Promise<ApprovalView[]> {
  const rows = await listApprovals(ctx.db, q.kind ? [q.kind] : APPROVAL_KINDS, q.status, 500);
  // Each kind's target details, loaded once for all of its rows.
  const details = new Map<ApprovalKind, Map<string, unknown>>();
  for (const kind of new Set(rows.map((r) => r.row.kind as ApprovalKind))) {
    const def = approvalKind(kind);
    const ids = [...new Set(rows.filter((r) => r.row.kind === kind && r.target).map((r) => r.target!.id))];
    if (def.targetDetails && ids.length) details.set(kind, await def.targetDetails(ctx.db, ids));
  }
  return rows.map((r) =>
    toApprovalView(approvalKind(r.row.kind as ApprovalKind), r.row, {
      requester: r.requester,
      reviewer: r.reviewer,
      target: r.target,
      details: r.target ? details.get(r.row.kind as ApprovalKind)?.get(r.target.id) : undefined,
    }),
  );
}
