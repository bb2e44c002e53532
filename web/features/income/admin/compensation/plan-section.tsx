import { useMemo, useState } from 'react';
import { format, isValid } from 'date-fns';
import { CopyPlus, Eye, FileSliders, RotateCcw } from 'lucide-react';
import { DEFAULT_PLAN, PlanActivateRequest, type PlanVersion } from '../../../../../contracts/compensation';
import { Button } from '../../../../components/ui/button';
import { TitledCard } from '../../../../components/ui/card';
import { Dialog, DialogContent, FormFooter } from '../../../../components/ui/dialog';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { toast, toastError } from '../../../../components/ui/toast';
import { formatCycleMoment } from '../../../../lib/cycles';
import { browserTimeZone, formatDateUS } from '../../../../lib/admin/format';
import { QueryStates } from '../../../../components/ui/query-error';
import { SectionHeader } from '../../../../components/admin/section-header';
import { CardField, DataTable } from '../../../../components/ui/table';
import { activatePlan, CompensationError, createDraft, failureText, formatEffectiveFrom, useInvalidatePlans, useOpenCycle, usePlans } from './compensation-api';
import { PlanStatusBadge } from './compensation-badges';
import { PlanDiff, PlanEditor } from './plan-editor';
import { fromConfig, toConfig, type PlanForm } from './plan-form';
import { PlanSimulator } from './plan-simulator';

/** "2026-03-09T00:00" for a datetime-local input, in the browser's zone. */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return isValid(d) ? format(d, "yyyy-MM-dd'T'HH:mm") : '';
}

/** Activate a draft from a moment: by default the start of the next pairing cycle (the open one's end). */
function ActivateDialog({ plan, onClose }: { plan: PlanVersion; onClose: () => void }) {
  const invalidate = useInvalidatePlans();
  const open = useOpenCycle('pairing');
  const suggested = open.data?.endsAt ?? null;
  const [edited, setEdited] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const value = edited ?? toLocalInput(suggested);
  const usesSuggested = Boolean(suggested) && value === toLocalInput(suggested);

  const submit = async () => {
    const local = value ? new Date(value) : null;
    const effectiveFrom = usesSuggested ? suggested! : local && isValid(local) ? local.toISOString() : '';
    const checked = PlanActivateRequest.safeParse({ effectiveFrom });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Choose when the version takes effect');
      return;
    }
    setBusy(true);
    try {
      const done = await activatePlan(plan.id, checked.data.effectiveFrom);
      toast({ title: `Version ${done.version} activated`, description: `Cycles starting from ${formatCycleMoment(done.effectiveFrom ?? effectiveFrom)} use it.`, variant: 'success' });
      await invalidate();
      onClose();
    } catch (e) {
      if (e instanceof CompensationError && e.fieldErrors?.effectiveFrom?.[0]) setError(e.fieldErrors.effectiveFrom[0]);
      toastError(failureText(e, 'Failed to activate the version'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent title={`Activate version ${plan.version}`} description="An activated version is never edited again. Cycles that start from the moment you choose are computed with it.">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          className="space-y-4"
        >
          <div className="space-y-1.5">
            <Label htmlFor="plan-effective-from">Effective from</Label>
            <Input
              id="plan-effective-from"
              type="datetime-local"
              value={value}
              onChange={(e) => {
                setEdited(e.target.value);
                setError(undefined);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'plan-effective-from-error plan-effective-from-hint' : 'plan-effective-from-hint'}
            />
            <p id="plan-effective-from-hint" className="text-xs text-slate-500">
              {suggested
                ? `The next pairing cycle starts ${formatCycleMoment(suggested)}${usesSuggested ? ' (chosen).' : '.'}`
                : open.isPending
                  ? 'Reading the open pairing cycle...'
                  : 'No pairing cycle is open: choose the start of a future cycle.'}{' '}
              Times are in your time zone ({browserTimeZone()}).
            </p>
            {error ? (
              <p id="plan-effective-from-error" className="text-sm font-medium text-red-600">
                {error}
              </p>
            ) : null}
            {suggested && !usesSuggested ? (
              <Button variant="link" size="sm" onClick={() => setEdited(null)}>
                <RotateCcw aria-hidden="true" className="size-3.5" /> Use the start of the next pairing cycle
              </Button>
            ) : null}
          </div>
          <FormFooter onCancel={onClose} busy={busy}>
            Activate version {plan.version}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function VersionHistory({
  plans,
  current,
  onOpen,
  onNewDraft,
  creatingFrom,
}: {
  plans: PlanVersion[];
  current: string;
  onOpen: (id: string) => void;
  onNewDraft: (from: PlanVersion) => void;
  creatingFrom: string | null;
}) {
  const basedOn = (p: PlanVersion) => (p.basedOn ? plans.find((q) => q.id === p.basedOn)?.version : undefined);
  const actions = (p: PlanVersion, wide?: boolean) => (
    <div className={wide ? 'grid grid-cols-2 gap-2' : 'flex justify-end gap-2'}>
      <Button size="sm" variant={p.id === current ? 'secondary' : 'outline'} onClick={() => onOpen(p.id)} aria-pressed={p.id === current}>
        <Eye aria-hidden="true" className="size-3.5" /> {p.id === current ? 'Viewing' : 'View'}
        <span className="sr-only"> version {p.version}</span>
      </Button>
      <Button size="sm" variant="outline" onClick={() => onNewDraft(p)} loading={creatingFrom === p.id} disabled={creatingFrom !== null}>
        {creatingFrom === p.id ? null : <CopyPlus aria-hidden="true" className="size-3.5" />} New draft
        <span className="sr-only"> from version {p.version}</span>
      </Button>
    </div>
  );
  return (
    <TitledCard id="plan-history-title" title="Versions" description="Newest first. A cycle is computed with the version in force at its start." contentClassName="pt-3">
      <DataTable
        rows={plans}
        rowKey={(p) => p.id}
        label="Plan versions"
        rowData={(p) => ({ 'data-plan-id': p.id })}
        rowClassName={(p) => (p.id === current ? 'bg-brand-50/40' : undefined)}
        cardTone={(p) => (p.id === current ? 'border-brand-300 bg-brand-50/40' : undefined)}
        columns={[
          { header: 'Version', className: 'font-semibold text-slate-900', cell: (p) => `v${p.version}` },
          { header: 'Status', cell: (p) => <PlanStatusBadge plan={p} /> },
          { header: 'Effective from', className: 'whitespace-nowrap', cell: (p) => (p.effectiveFrom ? formatEffectiveFrom(p.effectiveFrom) : <span className="text-slate-500">Not activated</span>) },
          { header: 'Created', className: 'whitespace-nowrap', cell: (p) => formatDateUS(p.createdAt) },
          { header: 'Based on', cell: (p) => (basedOn(p) !== undefined ? `v${basedOn(p)}` : '—') },
          { header: <span className="sr-only">Actions</span>, stickyEnd: true, headerClassName: 'text-right', className: 'text-right', cell: (p) => actions(p) },
        ]}
        card={(p) => (
          <>
            <div className="flex items-center justify-between gap-3">
              <p className="font-semibold text-slate-900">Version {p.version}</p>
              <PlanStatusBadge plan={p} />
            </div>
            <dl className="grid grid-cols-2 gap-3 border-t border-slate-100 pt-3">
              <CardField label="Effective from" wide>
                {formatEffectiveFrom(p.effectiveFrom)}
              </CardField>
              <CardField label="Created">{formatDateUS(p.createdAt)}</CardField>
              <CardField label="Based on">{basedOn(p) !== undefined ? `v${basedOn(p)}` : '—'}</CardField>
            </dl>
            <div className="border-t border-slate-100 pt-3">{actions(p, true)}</div>
          </>
        )}
      />
    </TitledCard>
  );
}

/** A-comp-2 Plan (docs/spec/compensation.md §1, §3-§6): version history, the draft editor, the diff, activation and the simulator. */
export function PlanSection() {
  const plans = usePlans();
  const invalidate = useInvalidatePlans();
  const items = useMemo(() => plans.data ?? [], [plans.data]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [forms, setForms] = useState<Record<string, PlanForm>>({});
  const [creatingFrom, setCreatingFrom] = useState<string | null>(null);
  const [activating, setActivating] = useState(false);

  const inForce = items.find((p) => p.inForce);
  const selected = items.find((p) => p.id === selectedId) ?? items.find((p) => p.status === 'draft') ?? inForce ?? items[0];
  const form = selected ? (forms[selected.id] ?? fromConfig(selected.config)) : null;
  const dirty = Boolean(selected && form && JSON.stringify(toConfig(form)) !== JSON.stringify(toConfig(fromConfig(selected.config))));

  const setForm = (update: (f: PlanForm) => PlanForm) => {
    if (!selected) return;
    setForms((all) => ({ ...all, [selected.id]: update(all[selected.id] ?? fromConfig(selected.config)) }));
  };

  const newDraft = async (from: PlanVersion | null) => {
    setCreatingFrom(from?.id ?? 'defaults');
    try {
      const draft = await createDraft(from ? from.config : DEFAULT_PLAN, from?.id);
      toast({
        title: 'Draft created',
        description: from ? `Version ${draft.version} is a draft copied from version ${from.version}.` : `Version ${draft.version} is a draft with the plan’s defaults.`,
        variant: 'success',
      });
      await invalidate();
      setSelectedId(draft.id);
    } catch (e) {
      toastError(failureText(e, 'Failed to create the draft'));
    } finally {
      setCreatingFrom(null);
    }
  };

  return (
    <div className="space-y-5">
      <SectionHeader
        eyebrow="Compensation"
        title="Plan"
        description="Every parameter of the compensation plan, as versions: edit a draft, compare it with the version in force, simulate it on a past cycle, then activate it from the start of a future cycle."
      />
      <QueryStates
        query={plans}
        errorTitle="Failed to load the plan versions"
        loadingLabel="Loading plan versions..."
        empty={
          items.length === 0 ? (
            <EmptyState
              icon={FileSliders}
              className="bg-white"
              title="No plan version exists yet"
              description="Start a draft with the plan’s default parameters, adjust it, then activate it."
              action={
                <Button onClick={() => void newDraft(null)} loading={creatingFrom === 'defaults'}>
                  Create a draft from the defaults
                </Button>
              }
            />
          ) : null
        }
      >
        {selected && form ? (
          <>
            <VersionHistory plans={items} current={selected.id} onOpen={setSelectedId} onNewDraft={(p) => void newDraft(p)} creatingFrom={creatingFrom} />
            <PlanEditor
              key={selected.id}
              plan={selected}
              form={form}
              setForm={setForm}
              onNewDraft={(p) => void newDraft(p)}
              creating={creatingFrom === selected.id}
              onActivate={() => setActivating(true)}
            />
            <PlanDiff form={form} inForce={inForce} self={selected} />
            <PlanSimulator plans={items} preferredPlanId={selected.status === 'draft' ? selected.id : undefined} unsaved={dirty} />
            {activating ? <ActivateDialog plan={selected} onClose={() => setActivating(false)} /> : null}
          </>
        ) : null}
      </QueryStates>
    </div>
  );
}
