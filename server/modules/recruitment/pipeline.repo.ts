import type { DbOrTx } from '../../db/client';
import { pendingRecruits } from '../../db/schema/index';

export type PendingRecruitInsert = typeof pendingRecruits.$inferInsert;

export async function insertPendingRecruit(db: DbOrTx, values: PendingRecruitInsert) {
  const [row] = await db.insert(pendingRecruits).values(values).returning();
  return row;
}
