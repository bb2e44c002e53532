import type { DbOrTx } from '../../db/client';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pendingRecruits, users, kycDocuments } from '../../db/schema/index';
import { countsByStatus, insertRow } from '../../db/rows';
import { fullNameOf } from '../../db/owner-columns';
import { kycStateOf } from '../kyc';

export type PendingRecruitInsert = typeof pendingRecruits.$inferInsert;

export async function insertPendingRecruit(db: DbOrTx, values: PendingRecruitInsert) {
  return insertRow(db, pendingRecruits, values);
}

export type PendingRecruitRow = typeof pendingRecruits.$inferSelect;

export async function findRecruitForUpdate(db: DbOrTx, id: string): Promise<PendingRecruitRow | undefined> {
  const [row] = await db.select().from(pendingRecruits).where(eq(pendingRecruits.id, id)).for('update');
  return row;
}

export async function updateRecruit(db: DbOrTx, id: string, values: Partial<PendingRecruitInsert>) {
  const [row] = await db
    .update(pendingRecruits)
    .set({ ...values, version: sql`${pendingRecruits.version} + 1`, updatedAt: new Date() })
    .where(eq(pendingRecruits.id, id))
    .returning();
  return row;
}

const recruiter = alias(users, 'recruiter');
const upline = alias(users, 'upline');
const parent = alias(users, 'placement_parent');
const applicant = alias(users, 'applicant');

/** The admin's list: recruits with their recruiter, upline, intended parent and document count. */
export async function listRecruitsForAdmin(db: DbOrTx, statuses: string[], limit: number) {
  return db
    .select({
      recruit: pendingRecruits,
      recruiterName: fullNameOf(recruiter),
      recruiterUserId: recruiter.userId,
      recruiterRole: recruiter.role,
      uplineName: fullNameOf(upline),
      parentId: parent.id,
      parentUserId: parent.userId,
      parentName: fullNameOf(parent),
      applicantUserId: applicant.userId,
      applicantKyc: kycStateOf(applicant).kycStatus,
      documentCount: sql<number>`(select count(*)::int from ${kycDocuments} d where d.user_id = ${pendingRecruits.applicantUserId})`,
    })
    .from(pendingRecruits)
    .leftJoin(recruiter, eq(recruiter.id, pendingRecruits.recruiterId))
    .leftJoin(upline, eq(upline.id, pendingRecruits.uplineId))
    .leftJoin(parent, eq(parent.id, pendingRecruits.placementParentId))
    .leftJoin(applicant, eq(applicant.id, pendingRecruits.applicantUserId))
    .where(inArray(pendingRecruits.status, statuses))
    .orderBy(desc(pendingRecruits.createdAt))
    .limit(limit);
}

export async function countRecruitsByStatus(db: DbOrTx) {
  return countsByStatus(db, pendingRecruits, inArray(pendingRecruits.status, ['awaiting_upline', 'awaiting_admin', 'rejected']));
}

export async function findRecruit(db: DbOrTx, id: string): Promise<PendingRecruitRow | undefined> {
  const [row] = await db.select().from(pendingRecruits).where(eq(pendingRecruits.id, id)).limit(1);
  return row;
}

/** Recruits waiting for this upline's decision, with their recruiter. */
export async function listAwaitingUpline(db: DbOrTx, uplineId: string) {
  return db
    .select({ recruit: pendingRecruits, recruiter })
    .from(pendingRecruits)
    .leftJoin(recruiter, eq(recruiter.id, pendingRecruits.recruiterId))
    .where(and(eq(pendingRecruits.uplineId, uplineId), eq(pendingRecruits.status, 'awaiting_upline')))
    .orderBy(desc(pendingRecruits.createdAt))
    .limit(200);
}

/** This member's own recruits still in the pipeline. */
export async function listRecruiterPipeline(db: DbOrTx, recruiterId: string) {
  return db
    .select()
    .from(pendingRecruits)
    .where(and(eq(pendingRecruits.recruiterId, recruiterId), inArray(pendingRecruits.status, ['awaiting_upline', 'awaiting_admin'])))
    .orderBy(desc(pendingRecruits.createdAt))
    .limit(200);
}

/** Every document a recruit submitted (newest first), for the reviewer. */
export async function recruitDocuments(db: DbOrTx, applicantId: string) {
  return db.select().from(kycDocuments).where(eq(kycDocuments.userId, applicantId)).orderBy(desc(kycDocuments.createdAt));
}

/** Applies the approval's KYC decision to every submitted document still waiting. */
export async function decidePendingDocuments(db: DbOrTx, applicantId: string, values: { status: string; rejectionReason: string | null; reviewedBy: string; reviewedAt: Date }) {
  await db
    .update(kycDocuments)
    .set(values)
    .where(and(eq(kycDocuments.userId, applicantId), eq(kycDocuments.status, 'pending')));
}

const overrideRecruiter = alias(users, 'override_recruiter');
const overrideParent = alias(users, 'override_parent');
const overrideUpline = alias(users, 'override_upline');

/**
 * Open recruits (awaiting the upline or the approval) with the members they refer to: the recruiter, the upline and the
 * strategic placement parent (the founder's Network Override; newest first, at most `limit`, or the ones of `ids`).
 */
export async function openRecruitsWithRefs(db: DbOrTx, f: { limit: number; ids?: string[] }) {
  return db
    .select({
      recruit: pendingRecruits,
      recruiter: { id: overrideRecruiter.id, userId: overrideRecruiter.userId, name: fullNameOf(overrideRecruiter) },
      upline: { id: overrideUpline.id, userId: overrideUpline.userId, name: fullNameOf(overrideUpline) },
      parent: { id: overrideParent.id, userId: overrideParent.userId, name: fullNameOf(overrideParent) },
    })
    .from(pendingRecruits)
    .leftJoin(overrideRecruiter, eq(overrideRecruiter.id, pendingRecruits.recruiterId))
    .leftJoin(overrideUpline, eq(overrideUpline.id, pendingRecruits.uplineId))
    .leftJoin(overrideParent, eq(overrideParent.id, pendingRecruits.placementParentId))
    .where(and(inArray(pendingRecruits.status, ['awaiting_upline', 'awaiting_admin']), f.ids ? inArray(pendingRecruits.id, f.ids) : undefined))
    .orderBy(desc(pendingRecruits.createdAt))
    .limit(f.limit);
}

/** Open recruits already aimed by a strategic placement at exactly (parent, side), other than `exceptId`. */
export async function recruitsAimedAt(db: DbOrTx, parentId: string, side: string, exceptId?: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pendingRecruits)
    .where(
      and(
        eq(pendingRecruits.placementParentId, parentId),
        eq(pendingRecruits.position, side),
        eq(pendingRecruits.placementType, 'strategic'),
        inArray(pendingRecruits.status, ['awaiting_upline', 'awaiting_admin']),
        exceptId ? sql`${pendingRecruits.id} <> ${exceptId}::uuid` : undefined,
      ),
    );
  return Number(row.n);
}
