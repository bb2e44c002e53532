import { useMemo, useState, type ReactNode } from 'react';
import { AlertTriangle, CopyPlus, GitCompare, Rocket, Save } from 'lucide-react';
import { RANKS, ledgerTypeLabel } from '@contracts';
import { DEFAULT_PLAN, POOL_TYPES, type PlanVersion } from '../../../../../contracts/compensation';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Label } from '../../../../components/ui/label';
import { toast, toastError } from '../../../../components/ui/toast';
import { cn } from '../../../../lib/cn';
import { CompensationError, effectiveSentence, failureText, saveDraft, useInvalidatePlans } from './compensation-api';
import { PlanStatusBadge } from './compensation-badges';
import { AffixInput, CellInput, FieldError, fieldId, ParamField, RowsEditor, type RowColumn } from './plan-fields';
import { diffPlans, rupeesText, fromConfig, qualifyingRanks, serverPlanErrors, setIn, toConfig, validatePlan, type FormErrors, type PlanForm } from './plan-form';

const RANK_OPTIONS = RANKS.map((r) => ({ value: r, label: r }));

const LEVEL_COLUMNS: RowColumn[] = [
  { key: 'level', label: 'Level', kind: 'whole' },
  { key: 'percent', label: 'Percent', kind: 'decimal', suffix: '%' },
];
const RANK_BONUS_COLUMNS: RowColumn[] = [
  { key: 'rank', label: 'Rank', kind: 'select', options: RANK_OPTIONS },
  { key: 'amount', label: 'Amount', kind: 'decimal', prefix: '₹' },
];
const TDS_COLUMNS: RowColumn[] = [
  { key: 'from', label: 'From', kind: 'date' },
  { key: 'rateWithPan', label: 'Rate with PAN', kind: 'decimal', suffix: '%' },
  { key: 'rateWithoutPan', label: 'Rate without PAN', kind: 'decimal', suffix: '%' },
  { key: 'threshold', label: 'Year threshold', kind: 'decimal', prefix: '₹' },
];

type LevelPath = 'sponsorIncome.levels' | 'matching.levels';
const levelsOf = (f: PlanForm, path: LevelPath) => (path === 'sponsorIncome.levels' ? f.sponsorIncome.levels : f.matching.levels);

/** The two level tables: Direct Income by sponsor level, Sales Bonus by sponsor level. */
const LEVEL_TABLES: Array<{ path: LevelPath; title: string; meaning: string; defaults: { level: number; percent: string }[]; empty: string }> = [
  {
    path: 'sponsorIncome.levels',
    title: 'Direct Income levels',
    meaning: 'Percent of the BV value of every purchase made in the cycle by members at that level.',
    defaults: DEFAULT_PLAN.sponsorIncome.levels,
    empty: 'No levels: no direct income is paid.',
  },
  {
    path: 'matching.levels',
    title: 'Sales Bonus levels',
    meaning: 'Percent of the sales incentive earned in the cycle by members at that level.',
    defaults: DEFAULT_PLAN.matching.levels,
    empty: 'No levels: no sales bonus is paid.',
  },
];

const levelsDefault = (rows: { level: number; percent: string }[]) => (rows.length ? rows.map((r) => `level ${r.level} at ${r.percent} %`).join(', ') : 'none');
const poolDefault = (p: (typeof POOL_TYPES)[number]) => {
  const d = DEFAULT_PLAN.pools[p];
  return `${d.percent} %, from ${d.minRank}, held ${d.holdMonths} month${d.holdMonths === 1 ? '' : 's'}, ${d.capPerMember ? `cap ${rupeesText(d.capPerMember)}` : 'no cap'}`;
};
const tdsDefault = DEFAULT_PLAN.deductions.tds.map((r) => `from ${r.from}: ${r.rateWithPan} % with PAN, ${r.rateWithoutPan} % without, above ${rupeesText(r.threshold)} a year`).join('; ');

function Group({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="space-y-4 border-t border-slate-100 pt-5 first:border-t-0 first:pt-0">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        {description ? <p className="mt-0.5 text-xs text-slate-500">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

const Grid = ({ children }: { children: ReactNode }) => <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2 xl:grid-cols-3">{children}</div>;

/** The six pools as a table of six rows: percent, minimum rank, months held, cap, and points by rank. */
function PoolsEditor({ form, errors, onChange, disabled }: { form: PlanForm; errors: FormErrors; onChange: (path: string, value: string) => void; disabled?: boolean }) {
  const grid = 'sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:grid-cols-[9rem_7rem_minmax(0,1fr)_6.5rem_8rem_minmax(0,1.2fr)]';
  const columns: Record<string, RowColumn> = {
    percent: { key: 'percent', label: 'Percent', kind: 'decimal', suffix: '%' },
    minRank: { key: 'minRank', label: 'Minimum rank', kind: 'select', options: RANK_OPTIONS },
    holdMonths: { key: 'holdMonths', label: 'Months held', kind: 'whole' },
    capPerMember: { key: 'capPerMember', label: 'Cap per member', kind: 'decimal', prefix: '₹' },
  };
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby="plan-pools-hint">
      <legend className="sr-only">Pools</legend>
      <p id="plan-pools-hint" className="text-xs text-slate-500">
        Monthly: each pool takes its percent of the month’s company BV × the BV value, shared by points among members whose rank (at least the minimum) was held at this many month closes. A blank cap
        is no cap; a blank point is 1 point.
      </p>
      <div className="overflow-hidden rounded-xl border border-slate-200">
        <div aria-hidden="true" className={cn('hidden gap-3 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase lg:grid', grid)}>
          <span>Pool</span>
          <span>Percent</span>
          <span>Minimum rank</span>
          <span>Months held</span>
          <span>Cap per member</span>
          <span>Points by rank</span>
        </div>
        <ul className="divide-y divide-slate-100">
          {POOL_TYPES.map((p) => {
            const pool = form.pools[p];
            const base = `pools.${p}`;
            const ranks = qualifyingRanks(pool.minRank);
            const given = ranks.filter((r) => (pool.points[r] ?? '').trim() !== '');
            const pointErrors = ranks.map((r) => errors[`${base}.points.${r}`]).filter(Boolean);
            return (
              <li key={p} className={cn('grid grid-cols-2 items-start gap-3 p-3', grid)} aria-label={`${ledgerTypeLabel(p)} pool`}>
                <div className="col-span-2 min-w-0 sm:col-span-2 lg:col-span-1">
                  <p className="text-sm font-semibold text-slate-900">{ledgerTypeLabel(p)}</p>
                  <p className="text-xs text-slate-500">
                    <span className="font-medium">Default:</span> {poolDefault(p)}
                  </p>
                  <FieldError id={fieldId(base)} error={errors[base]} />
                </div>
                {(['percent', 'minRank', 'holdMonths', 'capPerMember'] as const).map((k) => (
                  <CellInput key={k} path={`${base}.${k}`} column={columns[k]} value={pool[k]} error={errors[`${base}.${k}`]} onChange={onChange} disabled={disabled} labelClass="lg:sr-only" />
                ))}
                <details className="group/points col-span-2 min-w-0 rounded-lg border border-slate-200 bg-white sm:col-span-2 lg:col-span-1" open={pointErrors.length > 0 || undefined}>
                  <summary className="cursor-pointer px-3 py-2 text-sm text-slate-700">
                    <span className="text-slate-500 lg:sr-only">Points by rank: </span>
                    {given.length ? given.map((r) => `${r} ${pool.points[r]}`).join(', ') : 'Every rank 1 point'}
                  </summary>
                  <div className="grid grid-cols-2 gap-2 border-t border-slate-100 p-3">
                    {ranks.map((r) => {
                      const path = `${base}.points.${r}`;
                      const id = fieldId(path);
                      return (
                        <div key={r} className="min-w-0 space-y-1">
                          <Label htmlFor={id} className="text-xs text-slate-500">
                            {r}
                          </Label>
                          <AffixInput
                            id={id}
                            value={pool.points[r] ?? ''}
                            inputMode="numeric"
                            error={errors[path]}
                            disabled={disabled}
                            describedById={errors[path] ? `${id}-error` : undefined}
                            onChange={(v) => onChange(path, v)}
                            suffix="pts"
                          />
                          <FieldError id={id} error={errors[path]} />
                        </div>
                      );
                    })}
                  </div>
                </details>
              </li>
            );
          })}
        </ul>
      </div>
      <FieldError id="plan-pools" error={errors.pools} />
    </fieldset>
  );
}

/** The parameters that differ from the version in force: path, old → new. */
export function PlanDiff({ form, inForce, self }: { form: PlanForm; inForce: PlanVersion | undefined; self: PlanVersion }) {
  const changes = useMemo(() => (inForce ? diffPlans(fromConfig(inForce.config), form) : []), [inForce, form]);
  return (
    <Card aria-labelledby="plan-diff-title">
      <CardHeader>
        <CardTitle id="plan-diff-title" className="flex items-center gap-2">
          <GitCompare aria-hidden="true" className="size-5 text-brand-600" /> Changes from the version in force
        </CardTitle>
        <CardDescription>
          {inForce ? `Version ${self.version}${self.status === 'draft' ? ' as edited' : ''} against version ${inForce.version}. ${effectiveSentence(inForce)}` : 'No version is in force yet.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="pt-3">
        {!inForce ? null : inForce.id === self.id ? (
          <p className="text-sm text-slate-500">This is the version in force.</p>
        ) : changes.length === 0 ? (
          <p className="text-sm text-slate-500">No parameter differs from version {inForce.version}.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Changed parameters">
            {changes.map((c) => (
              <li key={c.path} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                <code className="min-w-0 font-mono text-xs break-all text-slate-700">{c.path}</code>
                <span className="flex shrink-0 flex-wrap items-baseline gap-1.5 tabular-nums">
                  <span className="text-slate-500 line-through decoration-slate-300">{c.from}</span>
                  <span aria-hidden="true" className="text-slate-400">
                    →
                  </span>
                  <span className="sr-only">changed to</span>
                  <span className="font-semibold text-slate-900">{c.to}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * A version's parameters: editable while it is a draft (validated by the PlanConfig schema on save, its
 * messages under the fields, the server's fieldErrors likewise), read only once activated.
 */
export function PlanEditor({
  plan,
  form,
  setForm,
  onNewDraft,
  creating,
  onActivate,
}: {
  plan: PlanVersion;
  form: PlanForm;
  setForm: (update: (f: PlanForm) => PlanForm) => void;
  onNewDraft: (from: PlanVersion) => void;
  creating: boolean;
  onActivate: () => void;
}) {
  const invalidate = useInvalidatePlans();
  const draft = plan.status === 'draft';
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  const verdict = useMemo(() => validatePlan(form), [form]);
  const errors: FormErrors = { ...(checked && !verdict.ok ? verdict.errors : {}), ...serverErrors };
  const errorCount = Object.keys(errors).length;
  const dirty = useMemo(() => JSON.stringify(toConfig(form)) !== JSON.stringify(toConfig(fromConfig(plan.config))), [form, plan.config]);

  const change = (path: string, value: string) => {
    setForm((f) => setIn(f, path, value));
    if (serverErrors[path] || serverErrors._) setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== path && k !== '_')));
  };
  const rows = (path: LevelPath | 'rankBonus' | 'deductions.tds', update: (rows: Array<Record<string, string>>) => Array<Record<string, string>>) => {
    setServerErrors({});
    setForm((f) => {
      const current = path === 'rankBonus' ? f.rankBonus : path === 'deductions.tds' ? f.deductions.tds : levelsOf(f, path);
      return setIn(f, path, update(current as unknown as Array<Record<string, string>>));
    });
  };
  const nextLevel = (list: Array<{ level: string }>) => String(Math.min(20, Math.max(0, ...list.map((r) => Number(r.level) || 0)) + 1));

  const save = async () => {
    setChecked(true);
    if (!verdict.ok) {
      const first = Object.values(verdict.errors)[0];
      toastError(first ?? 'Please check the form.', 'Validation Error');
      return;
    }
    setSaving(true);
    try {
      await saveDraft(plan.id, verdict.config);
      setServerErrors({});
      toast({ title: 'Draft saved', description: `Version ${plan.version} is saved. Activate it when it is ready.`, variant: 'success' });
      await invalidate();
    } catch (e) {
      if (e instanceof CompensationError) setServerErrors(serverPlanErrors(e.fieldErrors));
      toastError(failureText(e, 'Failed to save the draft'));
    } finally {
      setSaving(false);
    }
  };

  const disabled = !draft || saving;
  const activateBlocked = !draft ? null : dirty ? 'Save the draft before activating it.' : !verdict.ok ? 'Fix the draft before activating it.' : null;

  return (
    <Card aria-labelledby="plan-editor-title">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:space-y-0">
        <div className="min-w-0 space-y-1">
          <CardTitle id="plan-editor-title" className="flex flex-wrap items-center gap-2">
            Version {plan.version} <PlanStatusBadge plan={plan} />
            {draft && dirty ? <Badge tone="warning">Unsaved changes</Badge> : null}
          </CardTitle>
          <CardDescription>
            {draft ? 'A draft: change any parameter, save, then activate it from the start of a future cycle.' : `Activated versions are never edited. ${effectiveSentence(plan)}`}
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
          <Button variant="outline" onClick={() => onNewDraft(plan)} loading={creating}>
            {creating ? null : <CopyPlus aria-hidden="true" className="size-4" />} New draft from version {plan.version}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-5">
        {errorCount > 0 ? (
          <Alert tone="danger" role="alert" title={errorCount === 1 ? 'One parameter needs attention' : `${errorCount} parameters need attention`}>
            {errors._ ?? 'The messages are under the fields.'}
          </Alert>
        ) : null}
        <fieldset disabled={disabled} className="min-w-0 space-y-6">
          <legend className="sr-only">Parameters of version {plan.version}</legend>
          <Group title="Business volume">
            <Grid>
              <ParamField path="bvValue" form={form} errors={errors} onChange={change} disabled={disabled} />
            </Grid>
          </Group>
          <Group title="Binary pairing (Sales Incentive)" description="Paid per member per pairing cycle from the BV of the two legs.">
            <Grid>
              {[
                'pairing.period',
                'pairing.pairUnitBV',
                'pairing.pairRate',
                'pairing.firstPair',
                'pairing.capPairs',
                'pairing.overflow',
                'pairing.carryCapBV',
                'pairing.minPersonalBV',
                'pairing.minDirectsEachLeg',
              ].map((p) => (
                <ParamField key={p} path={p} form={form} errors={errors} onChange={change} disabled={disabled} />
              ))}
            </Grid>
          </Group>
          <Group title="Direct Income and Sales Bonus" description="By level of the sponsor line (level 1: the members a member sponsored).">
            <div className="grid gap-6 lg:grid-cols-2">
              {LEVEL_TABLES.map((table) => (
                <RowsEditor
                  key={table.path}
                  title={table.title}
                  meaning={table.meaning}
                  defaultText={levelsDefault(table.defaults)}
                  basePath={table.path}
                  columns={LEVEL_COLUMNS}
                  rows={levelsOf(form, table.path) as unknown as Array<Record<string, string>>}
                  gridClass="sm:grid-cols-[6rem_minmax(0,1fr)_2.25rem]"
                  errors={errors}
                  onChange={change}
                  onAdd={() => rows(table.path, (r) => [...r, { level: nextLevel(levelsOf(form, table.path)), percent: '' }])}
                  onRemove={(i) => rows(table.path, (r) => r.filter((_, j) => j !== i))}
                  addLabel="Add level"
                  canAdd={levelsOf(form, table.path).length < 20}
                  disabled={disabled}
                  readOnly={!draft}
                  empty={table.empty}
                />
              ))}
            </div>
          </Group>
          <Group title="Franchise Income" description="Paid to the nearest placement upline holding a franchise role.">
            <Grid>
              <ParamField path="franchise.mini_franchise" form={form} errors={errors} onChange={change} disabled={disabled} />
              <ParamField path="franchise.basic_franchise" form={form} errors={errors} onChange={change} disabled={disabled} />
            </Grid>
          </Group>
          <Group title="Rank Bonus">
            <RowsEditor
              title="Rank bonuses"
              meaning="A one-time amount paid in the pairing cycle in which a member first achieves the rank."
              defaultText="none"
              basePath="rankBonus"
              columns={RANK_BONUS_COLUMNS}
              rows={form.rankBonus}
              gridClass="sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.25rem]"
              errors={errors}
              onChange={change}
              onAdd={() => rows('rankBonus', (r) => [...r, { rank: RANKS.find((k) => !r.some((x) => x.rank === k)) ?? RANKS[0], amount: '' }])}
              onRemove={(i) => rows('rankBonus', (r) => r.filter((_, j) => j !== i))}
              addLabel="Add rank bonus"
              canAdd={form.rankBonus.length < RANKS.length}
              disabled={disabled}
              readOnly={!draft}
              empty="No rank bonuses: reaching a rank pays nothing by itself."
              hideLegend
            />
          </Group>
          <Group title="Consistency Bonus" description="Monthly, on the member’s own purchases.">
            <Grid>
              {['consistency.minBV', 'consistency.months', 'consistency.percent'].map((p) => (
                <ParamField key={p} path={p} form={form} errors={errors} onChange={change} disabled={disabled} />
              ))}
            </Grid>
          </Group>
          <Group title="Pools">
            <PoolsEditor form={form} errors={errors} onChange={change} disabled={disabled} />
          </Group>
          <Group title="Deductions" description="Taken from each member’s gross when a cycle is posted.">
            <Grid>
              <ParamField path="deductions.adminChargePercent" form={form} errors={errors} onChange={change} disabled={disabled} />
            </Grid>
            <RowsEditor
              title="TDS rows"
              meaning="Dated rows; a cycle uses the latest row starting on or before it. TDS applies once a member’s financial-year gross passes the threshold."
              defaultText={tdsDefault}
              basePath="deductions.tds"
              columns={TDS_COLUMNS}
              rows={form.deductions.tds as unknown as Array<Record<string, string>>}
              gridClass="sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.2fr)_2.25rem]"
              errors={errors}
              onChange={change}
              onAdd={() =>
                rows('deductions.tds', (r) => [...r, { from: '', rateWithPan: r.at(-1)?.rateWithPan ?? '', rateWithoutPan: r.at(-1)?.rateWithoutPan ?? '', threshold: r.at(-1)?.threshold ?? '' }])
              }
              onRemove={(i) => rows('deductions.tds', (r) => r.filter((_, j) => j !== i))}
              addLabel="Add TDS row"
              minRows={1}
              disabled={disabled}
              readOnly={!draft}
              empty="No TDS rows."
            />
          </Group>
        </fieldset>
      </CardContent>
      {draft ? (
        <CardFooter className="flex-col items-stretch sm:flex-row sm:items-center sm:justify-end">
          {activateBlocked ? (
            <p id="plan-activate-blocked" className="flex items-center gap-1.5 text-xs text-slate-500 sm:mr-auto">
              <AlertTriangle aria-hidden="true" className="size-3.5 text-amber-500" /> {activateBlocked}
            </p>
          ) : null}
          <Button variant="outline" onClick={() => void save()} loading={saving}>
            {saving ? null : <Save aria-hidden="true" className="size-4" />} Save draft
          </Button>
          <Button onClick={onActivate} disabled={Boolean(activateBlocked) || saving} aria-describedby={activateBlocked ? 'plan-activate-blocked' : undefined} icon={Rocket}>
            Activate
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}
