import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, kycDocuments } from '../../db/schema/index';

/** Users of one review tab: pending = any document waiting; approved/rejected = the user's overall status. */
/** Written out in full: in a one-table select Drizzle prints ${users.id} unqualified, which inside these subqueries means d.id. */
const USER_ID = sql.raw('"users"."id"');

export async function listKycUsers(db: DbOrTx, status: 'pending' | 'approved' | 'rejected', limit: number) {
  const hasDocs = sql`exists (select 1 from ${kycDocuments} d where d.user_id = ${USER_ID})`;
  const where = status === 'pending' ? sql`exists (select 1 from ${kycDocuments} d where d.user_id = ${USER_ID} and d.status = 'pending')` : and(eq(users.kycStatus, status), hasDocs);
  return db
    .select({
      user: users,
      lastActivity: sql<Date>`(select max(d.updated_at) from ${kycDocuments} d where d.user_id = ${USER_ID})`.mapWith((v) => new Date(v)),
    })
    .from(users)
    .where(where)
    .orderBy(desc(sql`(select max(d.updated_at) from ${kycDocuments} d where d.user_id = ${USER_ID})`), desc(users.id))
    .limit(limit);
}

export async function documentsOfUsers(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db.select().from(kycDocuments).where(inArray(kycDocuments.userId, userIds)).orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.id));
}
