import type { AppContext } from '../../context';
import { identityOf, type RouteDef } from '../../http/routes';
import { actorOf } from '../../http/actor';
import { actorWithTransactor } from '../../http/idempotency';
import { parse } from '../../http/validate';
import {
  PlanCreateRequest,
  PlanUpdateRequest,
  PlanActivateRequest,
  CycleCloseRequest,
  CyclesQuery,
  CycleLinesQuery,
  SimulateRequest,
  AdjustmentRequest,
  StatementQuery,
  PlanIdParam as PlanId,
  CycleIdParam as CycleId,
  SimulationIdParam as SimulationId,
} from '../../../contracts/compensation';
import * as svc from '.';

const BASE = '/api/admin/compensation';

/** Plan versions, cycles, the simulator, adjustments and the member's income (docs/spec/compensation.md §8). */
export function compensationRoutes(ctx: AppContext): RouteDef[] {
  return [
    { method: 'GET', url: `${BASE}/plans`, access: 'admin', handler: async () => svc.listPlans(ctx) },
    {
      method: 'POST',
      url: `${BASE}/plans`,
      access: 'admin',
      handler: async (req, reply) => reply.status(201).send(await svc.createDraft(ctx, actorOf(req), parse(PlanCreateRequest, req.body))),
    },
    { method: 'GET', url: `${BASE}/plans/:id`, access: 'admin', handler: async (req) => svc.getPlan(ctx, parse(PlanId, req.params).id) },
    { method: 'PUT', url: `${BASE}/plans/:id`, access: 'admin', handler: async (req) => svc.updateDraft(ctx, actorOf(req), parse(PlanId, req.params).id, parse(PlanUpdateRequest, req.body).config) },
    {
      method: 'POST',
      url: `${BASE}/plans/:id/activate`,
      access: 'admin',
      handler: async (req) => svc.activatePlan(ctx, actorOf(req), parse(PlanId, req.params).id, parse(PlanActivateRequest, req.body).effectiveFrom),
    },
    { method: 'GET', url: `${BASE}/cycles`, access: 'admin', handler: async (req) => svc.listCycles(ctx, parse(CyclesQuery, req.query)) },
    { method: 'POST', url: `${BASE}/cycles/close`, access: 'admin', handler: async (req) => svc.closeNow(ctx, actorOf(req), parse(CycleCloseRequest, req.body).kind) },
    { method: 'GET', url: `${BASE}/cycles/:id`, access: 'admin', handler: async (req) => svc.cycleDetail(ctx, parse(CycleId, req.params).id) },
    { method: 'POST', url: `${BASE}/cycles/:id/calculate`, access: 'admin', handler: async (req) => svc.requestCalculation(ctx, actorOf(req), parse(CycleId, req.params).id) },
    { method: 'POST', url: `${BASE}/cycles/:id/approve`, access: 'admin', handler: async (req) => svc.approveCycle(ctx, actorOf(req), parse(CycleId, req.params).id) },
    { method: 'POST', url: `${BASE}/cycles/:id/post`, access: 'admin', handler: async (req) => svc.requestPosting(ctx, actorOf(req), parse(CycleId, req.params).id) },
    { method: 'GET', url: `${BASE}/cycles/:id/lines`, access: 'admin', handler: async (req) => svc.cycleLines(ctx, parse(CycleId, req.params).id, parse(CycleLinesQuery, req.query)) },
    {
      method: 'GET',
      url: `${BASE}/cycles/:id/export`,
      access: 'admin',
      handler: async (req, reply) => {
        const f = await svc.downloadCycle(ctx, parse(CycleId, req.params).id);
        return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${f.filename}"`).header('cache-control', 'no-store').send(f.body);
      },
    },
    {
      // The reference contract's synchronous simulator: the job, waited for; 202 with the simulation when it runs longer.
      method: 'POST',
      url: `${BASE}/simulate`,
      access: 'admin',
      handler: async (req, reply) => {
        const r = await svc.simulateAndWait(ctx, actorOf(req), parse(SimulateRequest, req.body));
        return reply.status(r.status).send(r.body);
      },
    },
    {
      // ADR 0027: queued as a job (202); the page polls GET /simulations/:id.
      method: 'POST',
      url: `${BASE}/simulations`,
      access: 'admin',
      handler: async (req, reply) => reply.status(202).send(await svc.requestSimulation(ctx, actorOf(req), parse(SimulateRequest, req.body))),
    },
    { method: 'GET', url: `${BASE}/simulations/:id`, access: 'admin', handler: async (req) => svc.simulationOf(ctx, actorOf(req), parse(SimulationId, req.params).id) },
    {
      // Issue 29: step-up, within the cap; above the approval amount a second admin approves it (202).
      method: 'POST',
      url: `${BASE}/adjustments`,
      access: 'admin',
      handler: async (req, reply) => {
        const { actor, transact } = actorWithTransactor(ctx, req);
        const a = await svc.addAdjustment(ctx, actor, transact, parse(AdjustmentRequest, req.body));
        return reply.status(a.status).send(a.body);
      },
    },
    { method: 'GET', url: '/api/income', access: 'member', handler: async (req) => svc.memberIncome(ctx, identityOf(req).user.id) },
    { method: 'GET', url: '/api/income/cycles/:id', access: 'member', handler: async (req) => svc.memberCycle(ctx, identityOf(req).user.id, parse(CycleId, req.params).id) },
    {
      method: 'GET',
      url: '/api/income/statement',
      access: 'member',
      handler: async (req, reply) => {
        const q = parse(StatementQuery, req.query);
        const u = identityOf(req).user;
        const f = await svc.memberStatement(ctx, { id: u.id, userId: u.userId, name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.userId }, q.fy, q.format);
        return reply.header('content-type', f.contentType).header('content-disposition', `attachment; filename="${f.filename}"`).header('cache-control', 'no-store').send(f.body);
      },
    },
  ];
}
