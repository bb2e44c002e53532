import type { AppContext } from '../../context';
import { get, type RouteDef } from '../../http/routes';
import { parse } from '../../http/validate';
import { knownTimeZone } from '../../core/time-zone';
import { badRequest } from '../../core/app-error';
import { AuditLogQuery } from '../../../contracts/admin';
import { startOfDayIn, endOfDayIn } from '../../lib/time';
import { listAudit } from './audit.service';

const CURSOR_AT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z$/;

/** An instant the database will accept: a real calendar day and time of day. */
function isInstant(at: string) {
  const m = CURSOR_AT.exec(at);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

function decode(cursor: string | undefined) {
  if (!cursor) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof at === 'string' && isInstant(at) && typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return { at, id };
  } catch {
    /* refused below */
  }
  throw badRequest('Invalid page cursor', { cursor: ['Invalid page cursor'] });
}

/** Users Activities: the audit log, newest first, filtered by actor, action, entity and date. */
export function auditLogRoutes(ctx: AppContext): RouteDef[] {
  return [
    get('/api/admin/audit-log', 'admin', async (req) => {
      const q = parse(AuditLogQuery, req.query);
      const tz = knownTimeZone(q.timezone ?? 'UTC');
      const rows = await listAudit(
        ctx,
        {
          actor: q.actor,
          action: q.action,
          entityType: q.entityType,
          from: q.dateFrom ? startOfDayIn(q.dateFrom, tz) : undefined,
          to: q.dateTo ? endOfDayIn(q.dateTo, tz) : undefined,
        },
        decode(q.cursor),
        q.limit + 1,
      );
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => ({
          id: r.entry.id,
          action: r.entry.action,
          entityType: r.entry.entityType,
          entityId: r.entry.entityId,
          actorId: r.entry.actorId,
          actorUserId: r.actorUserId,
          actorName: [r.actorFirstName, r.actorLastName].filter(Boolean).join(' ') || null,
          actorEmail: r.actorEmail,
          actorRole: r.entry.actorRole,
          onBehalfOfUserId: r.onBehalfUserId,
          previousState: r.entry.previousState,
          newState: r.entry.newState,
          changes: r.entry.changes,
          reason: r.entry.reason,
          ipAddress: r.entry.ipAddress,
          userAgent: r.entry.userAgent,
          createdAt: r.entry.createdAt.toISOString(),
        })),
        nextCursor: rows.length > q.limit && last ? Buffer.from(JSON.stringify([last.cursorAt, last.entry.id])).toString('base64url') : null,
      };
    }),
  ];
}
