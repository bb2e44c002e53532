import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INCOME_TYPES, ledgerTypeLabel } from '@contracts';
import type { ApprovalView } from '@contracts';
import {
  ADJUSTMENT_MSG,
  type AdjustmentRequest,
  type AdjustmentView,
  type CycleDetail,
  type CycleSummary,
  type MemberCycleLines,
  type PlanConfig,
  type PlanVersion,
  type SimulationJob,
} from '../../../../../contracts/compensation';
import type { z } from 'zod';
import { toastError } from '../../../../components/ui/toast';
import { apiRequest, errorMessage, type WriteResult, getRoute } from '../../../../lib/api';
import { formatCycleMoment } from '../../../../lib/cycles';
import { fromPaise, sumMoney, toPaise } from '../../../../lib/money';
import { adminMessage, useMoneyPost } from '../../../../lib/admin/money-writes';
import { formatINR } from '../../../../lib/admin/format';
import { invalidatePaths, KEYS, MONEY_KEYS } from '../../../../lib/admin/queries';

export type { CycleDetail, CycleSummary, MemberCycleLines, PlanVersion };
export type CycleKind = CycleSummary['kind'];
export type CycleStatus = CycleSummary['status'];

export const COMP_PATHS = {
  plans: KEYS.compPlans,
  cycles: KEYS.compCycles,
  simulations: '/api/admin/compensation/simulations',
  adjustments: '/api/admin/compensation/adjustments',
} as const;

export interface SimulationTotals {
  gross: string;
  net: string;
  payoutRatio: string | null;
  totals: Record<string, string>;
}

/** A draft run against a cycle's snapshot (a job: POST /simulations, then GET /simulations/:id); posts nothing. */
export interface SimulationResult {
  cycleId: string;
  planVersion: number;
  basePlanVersion: number;
  base: SimulationTotals;
  draft: SimulationTotals;
  changes: Array<{ userId: string; name: string; base: string; draft: string; delta: string }>;
}

const cyclePath = (id: string) => `${COMP_PATHS.cycles}/${encodeURIComponent(id)}`;
const planPath = (id: string) => `${COMP_PATHS.plans}/${encodeURIComponent(id)}`;

/** GET /plans: every version, newest first. */
export function usePlans() {
  return useQuery({ queryKey: [COMP_PATHS.plans], queryFn: () => getRoute('GET /api/admin/compensation/plans'), select: (d) => d.items });
}

/** GET /cycles?kind=&status=&cursor= : the cycles of one kind, newest first. */
export function useCycles(kind: CycleKind, status?: CycleStatus) {
  return useInfiniteQuery({
    queryKey: [COMP_PATHS.cycles, 'list', { kind, status }],
    queryFn: ({ pageParam }) => getRoute('GET /api/admin/compensation/cycles', { query: { kind, status, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The open cycle of a kind (null when none is open). */
export function useOpenCycle(kind: CycleKind) {
  return useQuery({
    queryKey: [COMP_PATHS.cycles, 'list', { kind, status: 'open' }, 'first'],
    queryFn: () => getRoute('GET /api/admin/compensation/cycles', { query: { kind, status: 'open' } }),
    select: (d) => d.items[0] ?? null,
  });
}

/** GET /cycles/:id: the summary with top earners. */
export function useCycle(id: string) {
  return useQuery({ queryKey: [COMP_PATHS.cycles, 'detail', id], queryFn: () => getRoute('GET /api/admin/compensation/cycles/:id', { params: { id } }) });
}

/** GET /cycles/:id/lines?userId=&cursor= : each member's lines, deductions and net. */
export function useCycleLines(id: string, userId: string) {
  return useInfiniteQuery({
    queryKey: [COMP_PATHS.cycles, 'lines', id, userId],
    queryFn: ({ pageParam }) => getRoute('GET /api/admin/compensation/cycles/:id/lines', { params: { id }, query: { userId, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export const cycleExportHref = (id: string) => `${cyclePath(id)}/export`;

/** A refused write: the server's words, its status and its fieldErrors. */
export class CompensationError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

async function write<T>(method: string, url: string, body: unknown, fallback: string): Promise<T> {
  let res: WriteResult<T>;
  try {
    res = await apiRequest<T>(method, url, body);
  } catch (e) {
    throw new CompensationError(adminMessage(errorMessage(e, ''), fallback), 500);
  }
  if (!res.ok) throw new CompensationError(adminMessage(res.error.message, fallback, res.status), res.status, res.error.fieldErrors);
  return res.data;
}

export const createDraft = (config: PlanConfig, basedOn?: string) => write<PlanVersion>('POST', COMP_PATHS.plans, basedOn ? { config, basedOn } : { config }, 'Failed to create the draft');
export const saveDraft = (id: string, config: PlanConfig) => write<PlanVersion>('PUT', planPath(id), { config }, 'Failed to save the draft');
export const activatePlan = (id: string, effectiveFrom: string) => write<PlanVersion>('POST', `${planPath(id)}/activate`, { effectiveFrom }, 'Failed to activate the version');

/** The simulator's polls: soon at first (a small tree finishes at once), then every two seconds while the job runs. */
const SIMULATION_POLLS_MS = [250, 500, 1000, 2000];

/**
 * Runs a draft against a cycle (ADR 0027): POST /simulations queues the job (202), then GET /simulations/:id is polled
 * until it is done (its result) or failed (its refusal, thrown as the error toast's text).
 */
export async function simulate(planId: string, cycleId: string): Promise<SimulationResult> {
  let job = await write<SimulationJob>('POST', COMP_PATHS.simulations, { planId, cycleId }, 'Failed to run the simulation');
  for (let poll = 0; job.status === 'queued' || job.status === 'running'; poll++) {
    await new Promise((r) => setTimeout(r, SIMULATION_POLLS_MS[Math.min(poll, SIMULATION_POLLS_MS.length - 1)]));
    job = await getRoute('GET /api/admin/compensation/simulations/:id', { params: { id: job.id } });
  }
  if (job.status === 'failed' || !job.result) throw new CompensationError(job.error ?? 'Failed to run the simulation', 409);
  return job.result;
}

export type CycleAction = 'calculate' | 'approve' | 'post';

const ACTION_FAIL: Record<CycleAction, string> = {
  calculate: 'Failed to calculate the cycle',
  approve: 'Failed to approve the cycle',
  post: 'Failed to post the cycle',
};

/** The server's message of a failed write, for the error toast. */
export const failureText = (e: unknown, fallback: string) => (e instanceof CompensationError ? e.message : errorMessage(e, fallback));

/** Calculate, approve or post a cycle; a refusal (approving one's own calculation: 403) is shown in a toast. */
export function useCycleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: CycleAction }) => write<CycleSummary>('POST', `${cyclePath(id)}/${action}`, undefined, ACTION_FAIL[action]),
    onSuccess: async (_data, { action }) => {
      await invalidatePaths(queryClient, action === 'post' ? [COMP_PATHS.cycles, ...MONEY_KEYS] : [COMP_PATHS.cycles]);
    },
    onError: async (e, { action }) => {
      toastError(failureText(e, ACTION_FAIL[action]));
      // The cycle may have moved on meanwhile (another admin): show its state now.
      if (e instanceof CompensationError && (e.status === 404 || e.status === 409)) await invalidatePaths(queryClient, [COMP_PATHS.cycles]);
    },
  });
}

/** POST /cycles/close {kind}: ends the open cycle now; the next one opens at once. */
export function useCloseCycle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: CycleKind) => write<CycleSummary>('POST', `${COMP_PATHS.cycles}/close`, { kind }, 'Failed to close the cycle'),
    onSuccess: () => invalidatePaths(queryClient, [COMP_PATHS.cycles]),
    onError: (e) => toastError(failureText(e, 'Failed to close the cycle')),
  });
}

export type AdjustmentInput = z.output<typeof AdjustmentRequest>;
/** 201: the adjustment made; 202: the request that waits for a second admin (issue 29). */
export type AdjustmentAnswer = Partial<AdjustmentView> & { message?: string; approval?: ApprovalView };

/**
 * POST /adjustments (step-up; apiRequest asks for the code): a line in the member's next calculated cycle. Up to the
 * approval amount it is made at once (201); above it the server answers 202 and its message says it waits for a
 * second admin (Approvals). A money POST: the Idempotency-Key of the body, the money lists and approvals refreshed.
 */
export function useAddAdjustment() {
  return useMoneyPost<AdjustmentInput, AdjustmentAnswer>(COMP_PATHS.adjustments, {
    failed: 'Failed to add the adjustment',
    successToast: (data, body, status) =>
      status === 202
        ? { title: 'Sent for approval', description: data.message || ADJUSTMENT_MSG.requested, variant: 'default' }
        : { title: 'Adjustment added', description: `${ledgerTypeLabel(body.type)} adjustment of ${formatINR(body.amount)} for ${body.userId}: a line in the next cycle calculated.` },
  });
}

/** After a plan change: the versions (and the cycles, whose plan version may follow). */
export function useInvalidatePlans() {
  const queryClient = useQueryClient();
  return () => invalidatePaths(queryClient, [COMP_PATHS.plans, KEYS.auditLog]);
}

/** Income types in the registry's order, then any the registry does not know, each with its label. */
export function orderedTypes(...records: Array<Record<string, string> | undefined>): Array<{ type: string; label: string }> {
  const keys = new Set(records.flatMap((r) => Object.keys(r ?? {})));
  const known: string[] = INCOME_TYPES.map((t) => t.key).filter((k) => keys.has(k));
  const other = [...keys].filter((k) => !known.includes(k)).sort();
  return [...known, ...other].map((type) => ({ type, label: ledgerTypeLabel(type) }));
}

/** A cycle has figures once it is calculated; before that its zeros would mislead. */
export const hasFigures = (c: Pick<CycleSummary, 'status'>) => c.status === 'calculated' || c.status === 'approved' || c.status === 'posted';

/** Admin charge plus TDS. */
export const deductionsOf = (c: Pick<CycleSummary, 'adminCharge' | 'tds'>) => sumMoney([c.adminCharge, c.tds]);

/** Exact a − b of two decimal strings. */
export function subtractMoney(a: string | null | undefined, b: string | null | undefined): string {
  return fromPaise((toPaise(a ?? '0') ?? 0n) - (toPaise(b ?? '0') ?? 0n));
}

/**
 * The payout ratio (docs/spec/compensation.md §6: net paid / sales of the cycle) as the server sends it, a percent
 * decimal string: "42.5" -> "42.5 %"; none when the cycle had no sales.
 */
export function formatPayoutRatio(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  return `${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })} %`;
}

/** Version 1 is in force from the epoch: from the very first cycle, not from a date worth showing. */
const fromTheStart = (iso: string) => new Date(iso).getTime() <= 0;

/** When a version takes effect, on the cycle calendar (IST): "Nov 30, 2026, 12:00 AM IST", "From the first cycle". */
export function formatEffectiveFrom(iso: string | null | undefined): string {
  if (!iso) return 'Not activated';
  return fromTheStart(iso) ? 'From the first cycle' : formatCycleMoment(iso);
}

/** The sentence of a version's start: in force since, or still to come. */
export function effectiveSentence(p: Pick<PlanVersion, 'effectiveFrom' | 'inForce'>): string {
  if (!p.effectiveFrom) return '';
  if (fromTheStart(p.effectiveFrom)) return 'In force from the first cycle.';
  const at = formatCycleMoment(p.effectiveFrom);
  if (new Date(p.effectiveFrom).getTime() > Date.now()) return `Cycles starting from ${at} use it.`;
  return p.inForce ? `In force since ${at}.` : `Effective from ${at}.`;
}
