import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { parse } from '../../http/validate';
import { badRequest } from '../../http/app-error';
import { AuditLogQuery } from '../../../contracts/admin';
import { isValidTimeZone, startOfDayIn, endOfDayIn } from '../../lib/time';
import { listAudit } from './audit-log.repo';

function decode(cursor: string | undefined) {
  if (!cursor) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    if (!Number.isNaN(Date.parse(at)) && /^[0-9a-f-]{36}$/i.test(id)) return { at, id };
  } catch {
    /* refused below */
  }
  throw badRequest('Invalid page cursor', { cursor: ['Invalid page cursor'] });
}

/** Users Activities: the audit log, newest first, filtered by actor, action, entity and date. */
export function auditLogRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET', url: '/api/admin/audit-log', access: 'admin',
      handler: async (req) => {
        const q = parse(AuditLogQuery, req.query);
        const tz = q.timezone ?? 'UTC';
        if (!isValidTimeZone(tz)) throw badRequest('Unknown time zone', { timezone: ['Unknown time zone'] });
        const rows = await listAudit(ctx.db, {
          actor: q.actor, action: q.action, entityType: q.entityType,
          from: q.dateFrom ? startOfDayIn(q.dateFrom, tz) : undefined, to: q.dateTo ? endOfDayIn(q.dateTo, tz) : undefined,
        }, decode(q.cursor), q.limit + 1);
        const page = rows.slice(0, q.limit);
        const last = page[page.length - 1];
        return {
          items: page.map((r) => ({
            id: r.entry.id, action: r.entry.action, entityType: r.entry.entityType, entityId: r.entry.entityId,
            actorId: r.entry.actorId, actorUserId: r.actorUserId, actorName: [r.actorFirstName, r.actorLastName].filter(Boolean).join(' ') || null,
            actorEmail: r.actorEmail, actorRole: r.entry.actorRole, onBehalfOfUserId: r.onBehalfUserId,
            previousState: r.entry.previousState, newState: r.entry.newState, changes: r.entry.changes, reason: r.entry.reason,
            ipAddress: r.entry.ipAddress, userAgent: r.entry.userAgent, createdAt: r.entry.createdAt.toISOString(),
          })),
          nextCursor: rows.length > q.limit && last ? Buffer.from(JSON.stringify([last.entry.createdAt.toISOString(), last.entry.id])).toString('base64url') : null,
        };
      },
    },
  ];
}
