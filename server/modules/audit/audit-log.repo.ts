import { and, desc, eq, gte, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { escapeLike } from '../../db/like';
import { auditLog, users } from '../../db/schema/index';

export interface AuditFilter {
  actor?: string;
  action?: string;
  entityType?: string;
  from?: Date;
  to?: Date;
}

const actor = alias(users, 'actor');
const onBehalf = alias(users, 'on_behalf');

export async function listAudit(db: DbOrTx, f: AuditFilter, after: { at: string; id: string } | undefined, limit: number) {
  const parts: SQL[] = [];
  if (f.actor) {
    const v = f.actor.trim();
    parts.push(or(eq(actor.userId, v.toUpperCase()), eq(actor.email, v.toLowerCase()))!);
  }
  if (f.action) parts.push(like(auditLog.action, `${escapeLike(f.action)}%`));
  if (f.entityType) parts.push(eq(auditLog.entityType, f.entityType));
  if (f.from) parts.push(gte(auditLog.createdAt, f.from));
  if (f.to) parts.push(lte(auditLog.createdAt, f.to));
  if (after) parts.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  return db
    .select({
      entry: auditLog,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      actorFirstName: actor.firstName,
      actorLastName: actor.lastName,
      onBehalfUserId: onBehalf.userId,
      // The exact instant (microseconds) for the page cursor: a JavaScript Date keeps only milliseconds.
      cursorAt: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(onBehalf, eq(onBehalf.id, auditLog.onBehalfOfId))
    .where(parts.length ? and(...parts) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
