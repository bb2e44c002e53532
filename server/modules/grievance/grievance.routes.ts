import type { AppContext } from '../../context';
import type { RouteDef } from '../../http/routes';
import { perUser, type RateLimitRule } from '../../http/rate-limit';
import { actorOf, originOf } from '../../http/actor';
import { parse } from '../../http/validate';
import {
  GRIEVANCE_MSG,
  GrievanceAcknowledgeInput,
  GrievanceConfirmInput,
  GrievanceDelayInput,
  GrievanceIdParam,
  GrievanceListQuery,
  GrievanceNoteInput,
  GrievanceRejectInput,
  GrievanceResolveInput,
  GrievanceSettingsInput,
  GrievanceTrackQuery,
  HolidayInput,
  HolidayParam,
  MemberGrievanceInput,
  PublicGrievanceInput,
} from '../../../contracts/grievance';
import * as svc from './grievance.service';
import * as settings from './grievance-settings.service';

const MIN15 = 15 * 60_000;
const bodyEmail = (req: { body: unknown }) => {
  const v = (req.body as Record<string, unknown> | undefined)?.email;
  return typeof v === 'string' && v.trim() ? v.trim().toLowerCase().slice(0, 254) : undefined;
};
// Per address, and per email for the form (a mail is sent to it), as the public signup and forgot-password routes.
const fileLimits: RateLimitRule[] = [
  { name: 'grievance-file-ip', max: 5, windowMs: MIN15, message: GRIEVANCE_MSG.tooManyComplaints },
  { name: 'grievance-file-email', max: 3, windowMs: 60 * 60_000, message: GRIEVANCE_MSG.tooManyComplaints, keyOf: bodyEmail },
];
const confirmLimits: RateLimitRule[] = [{ name: 'grievance-confirm-ip', max: 30, windowMs: MIN15, message: GRIEVANCE_MSG.tooManyLookups }];
const trackLimits: RateLimitRule[] = [{ name: 'grievance-track-ip', max: 30, windowMs: MIN15, message: GRIEVANCE_MSG.tooManyLookups }];
const memberLimits: RateLimitRule[] = [{ name: 'grievance-member', max: 10, windowMs: 60 * 60_000, message: GRIEVANCE_MSG.tooManyComplaints, keyOf: perUser }];

const ADMIN = '/api/admin/grievances';

/** Grievance redressal (Consumer Protection (Direct Selling) Rules, 2021). */
export function grievanceRoutes(ctx: AppContext): RouteDef[] {
  const id = (req: { params: unknown }) => parse(GrievanceIdParam, req.params).id;
  return [
    { method: 'GET', url: '/api/grievance', access: 'public', handler: async () => settings.publicGrievanceInfo(ctx) },
    { method: 'POST', url: '/api/grievances', access: 'public', rateLimits: fileLimits, handler: async (req) => svc.filePublicGrievance(ctx, originOf(req), parse(PublicGrievanceInput, req.body)) },
    { method: 'POST', url: '/api/grievances/confirm', access: 'public', rateLimits: confirmLimits, handler: async (req) => svc.confirmGrievance(ctx, parse(GrievanceConfirmInput, req.body).token) },
    { method: 'GET', url: '/api/grievances/track', access: 'public', rateLimits: trackLimits, handler: async (req) => svc.trackGrievance(ctx, parse(GrievanceTrackQuery, req.query)) },
    { method: 'GET', url: '/api/member/grievances', access: 'member', handler: async (req) => svc.memberGrievances(ctx, actorOf(req)) },
    {
      method: 'POST',
      url: '/api/member/grievances',
      access: 'member',
      rateLimits: memberLimits,
      handler: async (req, reply) => reply.status(201).send(await svc.fileMemberGrievance(ctx, actorOf(req), parse(MemberGrievanceInput, req.body))),
    },
    { method: 'GET', url: ADMIN, access: 'admin', handler: async (req) => svc.adminGrievances(ctx, parse(GrievanceListQuery, req.query)) },
    {
      method: 'GET',
      url: `${ADMIN}/export`,
      access: 'admin',
      handler: async (req, reply) => {
        const f = await svc.grievanceRegister(ctx, parse(GrievanceListQuery, req.query));
        return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${f.filename}"`).header('cache-control', 'no-store').send(f.body);
      },
    },
    {
      method: 'POST',
      url: `${ADMIN}/:id/acknowledge`,
      access: 'admin',
      handler: async (req) => svc.acknowledgeGrievance(ctx, actorOf(req), id(req), parse(GrievanceAcknowledgeInput, req.body ?? {})),
    },
    { method: 'POST', url: `${ADMIN}/:id/action`, access: 'admin', handler: async (req) => svc.addGrievanceAction(ctx, actorOf(req), id(req), parse(GrievanceNoteInput, req.body)) },
    { method: 'POST', url: `${ADMIN}/:id/delay`, access: 'admin', handler: async (req) => svc.explainGrievanceDelay(ctx, actorOf(req), id(req), parse(GrievanceDelayInput, req.body)) },
    { method: 'POST', url: `${ADMIN}/:id/resolve`, access: 'admin', handler: async (req) => svc.resolveGrievance(ctx, actorOf(req), id(req), parse(GrievanceResolveInput, req.body)) },
    { method: 'POST', url: `${ADMIN}/:id/reject`, access: 'admin', handler: async (req) => svc.rejectGrievance(ctx, actorOf(req), id(req), parse(GrievanceRejectInput, req.body)) },
    { method: 'GET', url: '/api/admin/settings/grievance', access: 'admin', handler: async () => settings.grievanceSettings(ctx) },
    { method: 'PUT', url: '/api/admin/settings/grievance', access: 'admin', handler: async (req) => settings.saveGrievanceSettings(ctx, actorOf(req), parse(GrievanceSettingsInput, req.body)) },
    { method: 'GET', url: '/api/admin/settings/holidays', access: 'admin', handler: async () => settings.listHolidays(ctx) },
    {
      method: 'POST',
      url: '/api/admin/settings/holidays',
      access: 'admin',
      handler: async (req, reply) => reply.status(201).send(await settings.addHoliday(ctx, actorOf(req), parse(HolidayInput, req.body))),
    },
    { method: 'DELETE', url: '/api/admin/settings/holidays/:day', access: 'admin', handler: async (req) => settings.removeHoliday(ctx, actorOf(req), parse(HolidayParam, req.params).day) },
  ];
}
