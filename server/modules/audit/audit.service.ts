import type { DbOrTx } from '../../db/client';
import { isSystemActor, realUser, type Actor, type SystemActor } from '../../core/actor';
import { writeAudit, type AuditEntry } from './audit.repo';
import type { AppContext } from '../../context';
import type { ArgsAfterDb } from '../../core/repo-args';
import * as auditLogRepo from './audit-log.repo';

export type { AuditEntry };

type Action = Pick<AuditEntry, 'entityType' | 'entityId' | 'action' | 'previousState' | 'newState' | 'changes' | 'reason'>;

/**
 * The audit row of an action: under impersonation the admin is the actor and the target is on whose
 * behalf. A job (SystemActor) has no user: actor_role 'system' and its name in session_id as `system:<name>`.
 */
export function auditEntry(actor: Actor | SystemActor | null, action: Action): AuditEntry {
  if (actor && isSystemActor(actor)) {
    return {
      ...action,
      actorId: null,
      actorRole: 'system',
      onBehalfOfId: null,
      ipAddress: null,
      userAgent: null,
      sessionId: `system:${actor.system}`.slice(0, 64),
    };
  }
  const who = actor ? realUser(actor) : undefined;
  return {
    ...action,
    actorId: who?.id ?? null,
    actorRole: who?.role ?? null,
    onBehalfOfId: actor?.onBehalfOf ? actor.user.id : null,
    ipAddress: actor?.ip ?? null,
    userAgent: actor?.userAgent ?? null,
    sessionId: actor?.sessionHash?.slice(0, 16) ?? (actor?.onBehalfOf ? `imp:${actor.onBehalfOf.grantId.slice(0, 8)}` : null),
  };
}

/** Writes one audit row (see auditEntry). */
export async function audit(db: DbOrTx, actor: Actor | SystemActor | null, action: Action) {
  await writeAudit(db, auditEntry(actor, action));
}

/** Reads and marks for the routes (a route calls its module's services, never a repo). */
export const listAudit = (ctx: AppContext, ...args: ArgsAfterDb<typeof auditLogRepo.listAudit>) => auditLogRepo.listAudit(ctx.db, ...args);
