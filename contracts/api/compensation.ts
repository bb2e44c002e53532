import type { RouteContract } from '../route-contract';
import { file } from '../route-contract';
import { ApprovalRequested } from '../approvals';
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
  'GET /api/admin/compensation/plans': { summary: 'Plan versions, newest first', response: { 200: PlanList } },
  'POST /api/admin/compensation/plans': { summary: 'A new draft version', body: PlanCreateRequest, response: { 201: PlanVersion } },
  'GET /api/admin/compensation/plans/:id': { summary: 'One plan version', params: PlanIdParam, response: { 200: PlanVersion } },
  'PUT /api/admin/compensation/plans/:id': { summary: "Change a draft's config", params: PlanIdParam, body: PlanUpdateRequest, response: { 200: PlanVersion } },
  'POST /api/admin/compensation/plans/:id/activate': {
    summary: 'Activate a draft from the start of a future cycle (step-up)',
    params: PlanIdParam,
    body: PlanActivateRequest,
    response: { 200: PlanVersion },
  },
  'GET /api/admin/compensation/cycles': { summary: 'Cycles, newest first', query: CyclesQuery, response: { 200: CyclePage } },
  'POST /api/admin/compensation/cycles/close': { summary: 'Close the open cycle of a kind now and open the next', body: CycleCloseRequest, response: { 200: CycleSummary } },
  'GET /api/admin/compensation/cycles/:id': { summary: 'Summary, totals, deductions, payout ratio and top earners', params: CycleIdParam, response: { 200: CycleDetail } },
  'POST /api/admin/compensation/cycles/:id/calculate': { summary: 'Calculate a closed (or recalculate a calculated) cycle', params: CycleIdParam, response: { 200: CycleSummary } },
  'POST /api/admin/compensation/cycles/:id/approve': {
    summary: 'Approve a calculated cycle (an admin who neither calculated it nor made an adjustment in it)',
    params: CycleIdParam,
    response: { 200: CycleSummary },
  },
  'POST /api/admin/compensation/cycles/:id/post': {
    summary: 'Post an approved cycle to the wallets (idempotent; step-up; not by its calculator or an adjustment author)',
    params: CycleIdParam,
    response: { 200: CycleSummary },
  },
  'GET /api/admin/compensation/cycles/:id/lines': { summary: 'Lines per member with deductions and net', params: CycleIdParam, query: CycleLinesQuery, response: { 200: CycleLinesPage } },
  'GET /api/admin/compensation/cycles/:id/export': { summary: "A cycle's lines as CSV", params: CycleIdParam, response: { 200: file(['text/csv'], 'One line per member and income type') } },
  'POST /api/admin/compensation/simulate': {
    summary:
      'A plan version against a cycle: totals and biggest changes; posts nothing. Runs as a job and answers its result (200), or the queued simulation to poll (202) when it takes longer than the wait',
    body: SimulateRequest,
    response: { 200: SimulationResult, 202: SimulationJob },
  },
  'POST /api/admin/compensation/simulations': {
    summary: 'Queue a plan version against a cycle as a job; poll GET .../simulations/:id for its result. Posts nothing',
    body: SimulateRequest,
    response: { 202: SimulationJob },
  },
  'GET /api/admin/compensation/simulations/:id': {
    summary: 'A simulation the admin queued: its status, then its result or why it failed',
    params: SimulationIdParam,
    response: { 200: SimulationJob },
  },
  'POST /api/admin/compensation/adjustments': {
    summary: "A line in the member's next cycle (step-up; at most the configured cap); above the approval amount it waits for a second admin (202)",
    body: AdjustmentRequest,
    response: { 201: AdjustmentView, 202: ApprovalRequested },
  },
  'GET /api/income': { summary: "Own cycles, carry, this cycle's pairs, financial-year gross and TDS", response: { 200: MemberIncome } },
  'GET /api/income/cycles/:id': { summary: 'Own lines of one cycle with explanations', params: CycleIdParam, response: { 200: MemberCycle } },
  'GET /api/income/statement': {
    summary: "The financial year's statement",
    query: StatementQuery,
    response: { 200: file(['text/csv', 'application/pdf'], 'The statement as CSV or PDF') },
  },
} as const satisfies Record<string, RouteContract>;
