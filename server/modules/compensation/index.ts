/**
 * The compensation module's face (docs/spec/compensation.md §1-§6): what routes, jobs, the seed and other modules may use.
 * Its repos (plans, cycles, adjustments, inputs, results, posting and income .repo.ts, one per concern) and the
 * engine's internals stay inside; each part is its own file:
 * - plans.service.ts: plan versions;
 * - cycles.service.ts: the cycle lifecycle, approval and adjustments;
 * - calculation.service.ts: the snapshot, the engine's lines, payouts and carry;
 * - cycle-jobs.ts: calculation and posting as jobs, and the requests that wait for them;
 * - posting.service.ts: posting to the wallets in batches;
 * - cycle-lines.service.ts: a cycle's lines and their export;
 * - simulator.service.ts: a draft version against a past cycle;
 * - simulation-jobs.ts: the simulator as a job (ADR 0027): queued by the request, run by the job runner, polled;
 * - member-income.service.ts: the member's Income page and a cycle's lines;
 * - member-statement.service.ts: the financial year's statement, streamed from the database in pages;
 * - income-disclosure.service.ts: the public annual income disclosure (last financial year, cached).
 */
export { fyOf, fyLabel } from './common';
export { ensureDefaultPlan, planFor, planInForce, listPlans, getPlan, createDraft, updateDraft, activatePlan } from './plans.service';
export { listCycles, cycleDetail, closeNow, approveCycle, addAdjustment } from './cycles.service';
export { calculateCycle } from './calculation.service';
export { CALCULATE_JOB, POST_JOB, ANALYZE_JOB, analyzeResultTables, CYCLE_JOB_WAIT_MS, type CycleJobPayload, requestCalculation, requestPosting, runCycleJob } from './cycle-jobs';
export { type PostOptions, postCycle, JOB_POSTERS, BATCH_TRIES } from './posting.service';
export { cycleLines, downloadCycle, exportCycle, EXPORT_PAGE } from './cycle-lines.service';
export { simulate } from './simulator.service';
export { SIMULATE_JOB, type SimulationJobPayload, requestSimulation, simulateAndWait, simulationOf, runSimulationJob } from './simulation-jobs';
export { memberIncome, memberCycle } from './member-income.service';
export { memberStatement } from './member-statement.service';
export { incomeDisclosure } from './income-disclosure.service';
