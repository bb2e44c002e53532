import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';

/**
 * Read-your-writes with read replicas (ADR 0031). After a request that may have written (any method but GET, HEAD
 * and OPTIONS), the primary's WAL position is read once and remembered for the signed-in user in this process; the
 * lag-tolerant reads of that user stay on the primary until a replica has replayed past it (core/read-db.ts). The
 * position also goes back in a short-lived cookie, so another app process that takes the next request learns it too.
 * The cookie is no credential: a forged one sends its own reads to the primary, or to a replica a second early.
 */
export const REPLICA_POSITION_COOKIE = 'replica_lsn';

/** How long the cookie lives: by then any replica still behind the write is far past the lag limit and left out. */
const COOKIE_SECONDS = 60;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const usersOf = (req: FastifyRequest): string[] => {
  const id = req.identity;
  if (!id) return [];
  return id.impersonation ? [id.user.id, id.impersonation.admin.id] : [id.user.id];
};

/** Installed before the cookie plugin, so the cookie set in onSend is written by its onSend after this one. */
export function installReadYourWrites(app: FastifyInstance, ctx: Pick<AppContext, 'replicas' | 'config'>) {
  const replicas = ctx.replicas;
  if (!replicas) return;
  app.addHook('preHandler', async (req) => {
    const position = req.cookies?.[REPLICA_POSITION_COOKIE];
    if (position && req.identity) replicas.seen(usersOf(req), position);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (READS.has(req.method)) return payload;
    try {
      const position = await replicas.wrote(usersOf(req));
      if (position) {
        reply.setCookie(REPLICA_POSITION_COOKIE, position, { path: '/', sameSite: 'lax', secure: ctx.config.secureCookies, httpOnly: true, maxAge: COOKIE_SECONDS });
      }
    } catch (err) {
      // Without the position the user's next reads may come from a replica a moment behind; the answer itself stands.
      req.log.warn({ err }, 'could not read the WAL position after a write');
    }
    return payload;
  });
}
