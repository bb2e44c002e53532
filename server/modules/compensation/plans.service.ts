/** Plan versions (docs/spec/compensation.md §1): drafts, activation from a future cycle, the version in force. */
import type { PlanList } from '../../../contracts/compensation';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { realUser } from '../../core/actor';
import { badRequest, conflict, notFound } from '../../core/app-error';
import { audit } from '../audit';
import { DEFAULT_PLAN, PlanConfig, type PlanVersion } from '../../../contracts/compensation';
import * as plansRepo from './plans.repo';

export function toPlan(p: plansRepo.PlanRow, inForceId: string | undefined): PlanVersion {
  return {
    id: p.id,
    version: p.version,
    status: p.status as PlanVersion['status'],
    inForce: p.id === inForceId,
    effectiveFrom: p.effectiveFrom?.toISOString() ?? null,
    createdBy: p.createdBy,
    createdAt: p.createdAt.toISOString(),
    activatedAt: p.activatedAt?.toISOString() ?? null,
    basedOn: p.basedOn,
    config: p.config as PlanConfig,
  };
}

/** First start: version 1 with the defaults of the spec, in force since the epoch. */
export async function ensureDefaultPlan(db: DbOrTx, now: Date) {
  await plansRepo.insertDefaultPlan(db, DEFAULT_PLAN, now);
}

/** The plan used by a cycle: the version in force at its start. */
export async function planFor(db: DbOrTx, at: Date) {
  const p = await plansRepo.planInForceAt(db, at);
  if (!p) return { id: null as string | null, version: 1, config: DEFAULT_PLAN };
  return { id: p.id as string | null, version: p.version, config: PlanConfig.parse(p.config) };
}

/** The version in force at an instant, as the public disclosures show it (effectiveFrom null: since the start). */
export async function planInForce(db: DbOrTx, at: Date) {
  const p = await plansRepo.planInForceAt(db, at);
  if (!p) return { version: 1, effectiveFrom: null as string | null, config: DEFAULT_PLAN };
  const from = p.effectiveFrom && p.effectiveFrom.getTime() > 0 ? p.effectiveFrom.toISOString() : null;
  return { version: p.version, effectiveFrom: from, config: PlanConfig.parse(p.config) };
}

export async function listPlans(ctx: AppContext): Promise<PlanList> {
  const now = ctx.clock.now();
  await plansRepo.retireSuperseded(ctx.db, now);
  const inForce = await plansRepo.planInForceAt(ctx.db, now);
  return { items: (await plansRepo.listPlans(ctx.db)).map((p) => toPlan(p, inForce?.id)) };
}

/** A plan version by its id; 404 when there is none. */
async function planById(db: DbOrTx, id: string) {
  const p = await plansRepo.findPlan(db, id);
  if (!p) throw notFound('Plan version not found');
  return p;
}

/** A plan version that is still a draft: 404 when there is none, 409 with `notDraft` when it is one no longer. */
async function draftById(db: DbOrTx, id: string, notDraft: string) {
  const p = await planById(db, id);
  if (p.status !== 'draft') throw conflict(notDraft);
  return p;
}

export async function getPlan(ctx: AppContext, id: string) {
  const p = await planById(ctx.db, id);
  const inForce = await plansRepo.planInForceAt(ctx.db, ctx.clock.now());
  return toPlan(p, inForce?.id);
}

export async function createDraft(ctx: AppContext, actor: Actor, input: { config: PlanConfig; basedOn?: string }) {
  return ctx.db.transaction(async (tx) => {
    if (input.basedOn) await planById(tx, input.basedOn);
    await plansRepo.lockPlans(tx);
    const now = ctx.clock.now();
    const row = await plansRepo.insertPlan(tx, {
      version: await plansRepo.nextPlanVersion(tx),
      status: 'draft',
      config: input.config,
      basedOn: input.basedOn ?? null,
      createdBy: realUser(actor).id,
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx, actor, { entityType: 'comp_plan', entityId: row.id, action: 'plan.draft_created', newState: { version: row.version, basedOn: input.basedOn ?? null } });
    return toPlan(row, undefined);
  });
}

export async function updateDraft(ctx: AppContext, actor: Actor, id: string, config: PlanConfig) {
  return ctx.db.transaction(async (tx) => {
    const before = await draftById(tx, id, 'Only a draft can be edited; an active version never changes');
    const row = await plansRepo.updateDraft(tx, id, config, ctx.clock.now());
    if (!row) throw conflict('Only a draft can be edited; an active version never changes');
    await audit(tx, actor, { entityType: 'comp_plan', entityId: id, action: 'plan.draft_updated', previousState: before.config, newState: config });
    return toPlan(row, undefined);
  });
}

/** Activation from the start of a future pairing cycle: the open cycle's end or a later period start. */
export async function activatePlan(ctx: AppContext, actor: Actor, id: string, effectiveFromIso: string) {
  return ctx.db.transaction(async (tx) => {
    const plan = await draftById(tx, id, 'This version is already active');
    const parsed = PlanConfig.safeParse(plan.config);
    if (!parsed.success) throw badRequest('The draft does not validate; fix it before activating');
    const at = new Date(effectiveFromIso);
    const now = ctx.clock.now();
    // It applies from the first cycle that starts at or after this moment (the open cycle keeps its version).
    if (at.getTime() < now.getTime()) {
      throw badRequest('A version takes effect from the start of a future cycle', { effectiveFrom: ['Choose a moment that has not passed yet'] });
    }
    const row = await plansRepo.markActive(tx, id, at, realUser(actor).id, now);
    if (!row) throw conflict('This version is already active');
    await audit(tx, actor, { entityType: 'comp_plan', entityId: id, action: 'plan.activated', newState: { version: row.version, effectiveFrom: at.toISOString() } });
    return toPlan(row, undefined);
  });
}
