import type { RouteContract } from '../route-contract';
import { file, created, ok, route } from '../route-contract';
import { createdOrApproval } from '../approvals';
import {
  AdjustmentRequest,
  AdjustmentView,
  CycleCloseRequest,
  CycleDetail,
  CycleIdParam,
  CycleLinesPage,
  CycleLinesQuery,
  CyclePage,
  CycleSummary,
  CyclesQuery,
  MemberCycle,
  MemberIncome,
  PlanActivateRequest,
  PlanCreateRequest,
  PlanIdParam,
  PlanList,
  PlanUpdateRequest,
  PlanVersion,
  SimulateRequest,
  SimulationIdParam,
  SimulationJob,
  SimulationResult,
  StatementQuery,
} from '../compensation';

/** Plan versions, cycles, the simulator, adjustments and the member's income (docs/spec/compensation.md §8). */
export const COMPENSATION_API = {
  'GET /api/admin/compensation/plans': ok('Plan versions, newest first', PlanList),
  'POST /api/admin/compensation/plans': created('A new draft version', PlanVersion, { body: PlanCreateRequest }),
  'GET /api/admin/compensation/plans/:id': ok('One plan version', PlanVersion, { params: PlanIdParam }),
  'PUT /api/admin/compensation/plans/:id': ok("Change a draft's config", PlanVersion, { params: PlanIdParam, body: PlanUpdateRequest }),
  'POST /api/admin/compensation/plans/:id/activate': ok('Activate a draft from the start of a future cycle (step-up)', PlanVersion, { params: PlanIdParam, body: PlanActivateRequest }),
  'GET /api/admin/compensation/cycles': ok('Cycles, newest first', CyclePage, { query: CyclesQuery }),
  'POST /api/admin/compensation/cycles/close': ok('Close the open cycle of a kind now and open the next', CycleSummary, { body: CycleCloseRequest }),
  'GET /api/admin/compensation/cycles/:id': ok('Summary, totals, deductions, payout ratio and top earners', CycleDetail, { params: CycleIdParam }),
  'POST /api/admin/compensation/cycles/:id/calculate': ok('Calculate a closed (or recalculate a calculated) cycle', CycleSummary, { params: CycleIdParam }),
  'POST /api/admin/compensation/cycles/:id/approve': ok('Approve a calculated cycle (an admin who neither calculated it nor made an adjustment in it)', CycleSummary, { params: CycleIdParam }),
  'POST /api/admin/compensation/cycles/:id/post': ok('Post an approved cycle to the wallets (idempotent; step-up; not by its calculator or an adjustment author)', CycleSummary, {
    params: CycleIdParam,
  }),
  'GET /api/admin/compensation/cycles/:id/lines': ok('Lines per member with deductions and net', CycleLinesPage, { params: CycleIdParam, query: CycleLinesQuery }),
  'GET /api/admin/compensation/cycles/:id/export': ok("A cycle's lines as CSV", file(['text/csv'], 'One line per member and income type'), { params: CycleIdParam }),
  'POST /api/admin/compensation/simulate': route(
    'A plan version against a cycle: totals and biggest changes; posts nothing. Runs as a job and answers its result (200), or the queued simulation to poll (202) when it takes longer than the wait',
    { 200: SimulationResult, 202: SimulationJob },
    { body: SimulateRequest },
  ),
  'POST /api/admin/compensation/simulations': route(
    'Queue a plan version against a cycle as a job; poll GET .../simulations/:id for its result. Posts nothing',
    { 202: SimulationJob },
    { body: SimulateRequest },
  ),
  'GET /api/admin/compensation/simulations/:id': ok('A simulation the admin queued: its status, then its result or why it failed', SimulationJob, { params: SimulationIdParam }),
  'POST /api/admin/compensation/adjustments': createdOrApproval(
    "A line in the member's next cycle (step-up; at most the configured cap); above the approval amount it waits for a second admin (202)",
    AdjustmentView,
    { body: AdjustmentRequest },
  ),
  'GET /api/income': ok("Own cycles, carry, this cycle's pairs, financial-year gross and TDS", MemberIncome),
  'GET /api/income/cycles/:id': ok('Own lines of one cycle with explanations', MemberCycle, { params: CycleIdParam }),
  'GET /api/income/statement': ok("The financial year's statement", file(['text/csv', 'application/pdf'], 'The statement as CSV or PDF'), { query: StatementQuery }),
} as const satisfies Record<string, RouteContract>;
