import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/index';

export type AuditEntry = typeof auditLog.$inferInsert;

export async function writeAudit(db: DbOrTx, entry: AuditEntry) {
  await db.insert(auditLog).values(entry);
}
