import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../users';
import { displayName } from '../users';
import { notify, notifyAdmins } from '../notifications';
import { insertPendingRecruit, type PendingRecruitInsert } from './pipeline.repo';

/**
 * Every member enters the tree through a pending_recruits row (docs/spec/decisions.md §3).
 * With an upline the recruit waits for the upline's side; otherwise it goes straight to the admins.
 */
export async function enterPipeline(
  db: DbOrTx,
  applicant: UserRow,
  opts: {
    recruiterId?: string | null;
    uplineId?: string | null;
    placementType?: 'sponsor' | 'strategic' | 'auto' | 'root';
    placementParentId?: string | null;
    position?: 'left' | 'right' | null;
    packageAmount?: string | null;
    referralLinkId?: string | null;
    extra?: Partial<PendingRecruitInsert>;
  },
) {
  const awaitingUpline = Boolean(opts.uplineId);
  const row = await insertPendingRecruit(db, {
    applicantUserId: applicant.id,
    referralLinkId: opts.referralLinkId ?? null,
    email: applicant.email,
    // first (80) + space + last (80) can exceed the column (160).
    fullName: displayName(applicant).slice(0, 160),
    mobile: applicant.mobile,
    recruiterId: opts.recruiterId ?? null,
    uplineId: opts.uplineId ?? null,
    placementType: opts.placementType ?? (awaitingUpline ? 'sponsor' : 'auto'),
    placementParentId: opts.placementParentId ?? null,
    position: opts.position ?? null,
    packageAmount: opts.packageAmount ?? null,
    status: awaitingUpline ? 'awaiting_upline' : 'awaiting_admin',
    ...opts.extra,
  });
  const name = displayName(applicant);
  if (awaitingUpline) {
    await notify(db, [opts.uplineId], {
      type: 'placement_decision_required',
      title: 'Placement decision required',
      message: `${name} is waiting for you to choose a position (left or right).`,
      priority: 'high',
      data: { pendingRecruitId: row.id },
    });
  } else {
    await notifyAdmins(db, {
      type: 'recruit_awaiting_admin',
      title: 'New registration to review',
      message: `${name} (${applicant.email}) is waiting for admin approval.`,
      data: { pendingRecruitId: row.id },
    });
  }
  return row;
}
