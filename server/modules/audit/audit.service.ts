import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { Identity } from '../../http/identity';
import { writeAudit, type AuditEntry } from './audit.repo';

type Action = Pick<AuditEntry, 'entityType' | 'entityId' | 'action' | 'previousState' | 'newState' | 'changes' | 'reason'>;

/** Writes one audit row; under impersonation the admin is the actor and the target is on whose behalf. */
export async function audit(db: DbOrTx, req: FastifyRequest | undefined, identity: Identity | null, action: Action) {
  const actor = identity?.impersonation?.admin ?? identity?.user;
  await writeAudit(db, {
    ...action,
    actorId: actor?.id ?? null,
    actorRole: actor?.role ?? null,
    onBehalfOfId: identity?.impersonation ? identity.user.id : null,
    ipAddress: req?.ip ?? null,
    userAgent: req?.headers['user-agent']?.slice(0, 500) ?? null,
    sessionId: identity?.sessionHash?.slice(0, 16) ?? (identity?.impersonation ? `imp:${identity.impersonation.grantId.slice(0, 8)}` : null),
  });
}
