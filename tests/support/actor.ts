import type { Actor } from '../../server/core/actor';
import type { UserRow } from '../../server/modules/users/users.repo';

/** An actor for calling a service directly, outside a request: no address, no agent, no session. */
export function actorFor(user: UserRow, onBehalfOf?: Actor['onBehalfOf']): Actor {
  return { user, role: user.role, ip: null, userAgent: null, ...(onBehalfOf ? { onBehalfOf } : {}) };
}
