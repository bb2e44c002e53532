import type { FastifyRequest } from 'fastify';
import type { Actor, Origin } from '../core/actor';
import type { Identity } from '../core/identity';
import { identityOf } from './routes';

/** The caller's address and user agent (first 500 characters). */
export function originOf(req: FastifyRequest): Origin {
  return { ip: req.ip ?? null, userAgent: req.headers['user-agent']?.slice(0, 500) ?? null };
}

/** The actor of a resolved identity: who the request acts as, the impersonating admin if any, and where it came from. */
export function actorFrom(identity: Identity, req: FastifyRequest): Actor {
  return {
    user: identity.user,
    role: identity.user.role,
    ...(identity.impersonation ? { onBehalfOf: { admin: identity.impersonation.admin, grantId: identity.impersonation.grantId } } : {}),
    ...originOf(req),
    ...(identity.sessionHash !== undefined ? { sessionHash: identity.sessionHash } : {}),
  };
}

/** The actor of a route that declared a non-public access; 401 when no one is signed in (like identityOf). */
export function actorOf(req: FastifyRequest): Actor {
  return actorFrom(identityOf(req), req);
}
