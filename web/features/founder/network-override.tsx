import { useForm, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { EyeOff, GitBranchPlus, Info, MoveRight } from 'lucide-react';
import { NetworkOverrideInput } from '@contracts';
import { StatusBadge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { NameCell } from '../../components/ui/name-cell';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { Dialog, DialogContent, FormFooter } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { QueryStates } from '../../components/ui/query-error';
import { DataTable, type Column } from '../../components/ui/table';
import { formatDate } from '../../lib/format';
import { useRecordParam } from '../../lib/record-param';
import { RecordNotFound } from '../../components/ui/record-not-found';
import { schemaResolver } from '../../lib/schema-resolver';
import { RECRUIT_STATUS } from '../../lib/status-looks';
import { useMoveHiddenId, useMoveRecruit, useOverrideRecruits, type OverrideHiddenId, type OverrideRecruit } from './founder-api';
import { sideOptions } from './side-options';

type Values = { parentUserId: string; side: 'left' | 'right' | '' };
const FIELDS = ['parentUserId', 'side'] as const;

function Placement({ r }: { r: OverrideRecruit }) {
  if (!r.parent) return <span className="text-slate-500">{r.status === 'awaiting_upline' ? 'Upline chooses the side' : 'Decided at approval'}</span>;
  return (
    <span>
      {r.side ? <span className="font-medium text-slate-900">{r.side === 'left' ? 'Left' : 'Right'} of </span> : 'Under '}
      {r.parent.name} <span className="font-mono text-xs text-slate-500">({r.parent.userId})</span>
    </span>
  );
}

type MoveRun = (vars: z.output<typeof NetworkOverrideInput> & { id: string }, call: { setError: UseFormSetError<Values>; fields: typeof FIELDS }) => Promise<{ ok: boolean }>;
/** Who is moved: the id the route takes and the dialog's description. */
type Subject = { id: string; description: string };

/** The move dialog: the member to place under (by user ID) and the side; the server checks the slot is free and in your tree. */
function MoveDialog({ subject, run, submitLabel, onClose }: { subject: Subject | null; run: MoveRun; submitLabel: string; onClose: () => void }) {
  const form = useForm<Values, unknown, z.output<typeof NetworkOverrideInput>>({
    resolver: schemaResolver<Values, typeof NetworkOverrideInput>(NetworkOverrideInput),
    defaultValues: { parentUserId: '', side: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    if (isSubmitting) return;
    form.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    if (!subject) return;
    if (!(await run({ id: subject.id, ...values }, { setError: form.setError, fields: FIELDS })).ok) return;
    form.reset();
    onClose();
  });
  return (
    <Dialog open={Boolean(subject)} onOpenChange={(next) => !next && close()}>
      <DialogContent title={submitLabel} description={subject?.description}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <FormField id="override-parent" label="Place under (user ID)" error={errors.parentUserId?.message}>
            <Input autoComplete="off" autoFocus maxLength={20} className="font-mono uppercase" {...fieldA11y('override-parent', errors.parentUserId?.message)} {...form.register('parentUserId')} />
          </FormField>
          <ChoiceCards legend="Side" error={errors.side?.message} options={sideOptions('Left', 'Right')} {...form.register('side')} />
          <p className="text-xs text-slate-500">The member must be in your downline and that side must be free.</p>
          <FormFooter onCancel={close} busy={isSubmitting}>
            {isSubmitting ? 'Saving...' : submitLabel}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Slot({ h }: { h: OverrideHiddenId }) {
  if (!h.parent) return <span className="text-slate-500">Not placed</span>;
  return (
    <span>
      <span className="font-medium text-slate-900">{h.side === 'left' ? 'Left' : 'Right'} of </span>
      {h.parent.name} <span className="font-mono text-xs text-slate-500">({h.parent.userId})</span>
    </span>
  );
}

/** Your hidden IDs: those without a downline or volume can move to a free slot of your downline (ADR 0018). */
function HiddenIdsCard({ rows, onMove }: { rows: OverrideHiddenId[]; onMove: (h: OverrideHiddenId) => void }) {
  const columns: Column<OverrideHiddenId>[] = [
    {
      header: 'Hidden ID',
      card: true,
      cell: (h) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {h.name} <span className="font-mono text-xs text-slate-500">({h.userId})</span>
          </p>
          <p className="truncate text-xs text-slate-500">{h.email}</p>
        </div>
      ),
    },
    { header: 'Slot', card: true, cell: (h) => <Slot h={h} /> },
    {
      header: <span className="sr-only">Action</span>,
      className: 'text-right',
      card: 'after',
      cell: (h) =>
        h.movable ? (
          <Button size="sm" variant="outline" onClick={() => onMove(h)} aria-label={`Move ${h.name} (${h.userId})`}>
            <MoveRight aria-hidden="true" className="size-4" /> Move
          </Button>
        ) : (
          <span className="text-xs text-slate-500">{h.reason}</span>
        ),
    },
  ];
  return (
    <TitledCard id="override-hidden" title="Hidden IDs" description="A hidden ID moves while it has no members below it and no business volume.">
      {rows.length ? (
        <DataTable rows={rows} rowKey={(h) => h.id} label="Hidden IDs" breakpoint="lg" columns={columns} rowData={(h) => ({ 'data-hidden-id': h.userId })} cardFields="grid grid-cols-1 gap-y-3" />
      ) : (
        <EmptyState icon={EyeOff} title="No hidden IDs yet" description="Hidden IDs you create in Hidden IDs Management appear here." />
      )}
    </TitledCard>
  );
}

/** Network Override (doc 3 §2.6, issue 16): recruits awaiting placement in your tree, moved to a free slot before approval. */
export function NetworkOverrideSection() {
  const recruits = useOverrideRecruits();
  const moveRecruit = useMoveRecruit();
  const moveHidden = useMoveHiddenId();
  const rows = recruits.data?.recruits ?? [];
  // The recruit or hidden ID being moved is in the address (?section=network-override&id=&action=move|move-hidden, issue 30).
  const record = useRecordParam<'move' | 'move-hidden'>();
  const setMoving = (r: OverrideRecruit) => record.open(r.id, 'move');
  const setMovingHidden = (h: OverrideHiddenId) => record.open(h.id, 'move-hidden');
  const hiddenIds = recruits.data?.hiddenIds ?? [];
  const moving = record.id && record.action !== 'move-hidden' ? (rows.find((r) => r.id === record.id) ?? null) : null;
  const movingHidden = record.id && record.action === 'move-hidden' ? (hiddenIds.find((h) => h.id === record.id) ?? null) : null;
  const columns: Column<OverrideRecruit>[] = [
    { header: 'Recruit', card: 'wide', cell: (r) => <NameCell name={r.fullName} sub={r.email} /> },
    { header: 'Recruiter', card: { wide: true, order: 3 }, cell: (r) => (r.recruiter ? `${r.recruiter.name} (${r.recruiter.userId})` : '—') },
    { header: 'Status', card: { order: 1 }, cell: (r) => <StatusBadge map={RECRUIT_STATUS} value={r.status} /> },
    { header: 'Placement', card: { wide: true, order: 4 }, cell: (r) => <Placement r={r} /> },
    { header: 'Registered', card: { order: 2 }, className: 'whitespace-nowrap', cell: (r) => formatDate(r.createdAt) },
    {
      header: <span className="sr-only">Action</span>,
      className: 'text-right',
      card: 'after',
      cell: (r) => (
        <Button size="sm" variant="outline" onClick={() => setMoving(r)} aria-label={`Change placement of ${r.fullName}`}>
          <MoveRight aria-hidden="true" className="size-4" /> Change Placement
        </Button>
      ),
    },
  ];
  return (
    <section aria-labelledby="network-override" className="space-y-5">
      <div>
        <h1 id="network-override" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Network Override
        </h1>
        <p className="mt-1 text-sm text-slate-500">Place a recruit awaiting approval on a free side of any member in your downline.</p>
      </div>
      <div className="flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>
          A recruit not yet placed is placed on the chosen side when an admin approves; if that side has been filled by then, it goes to the next free place in that leg. Of placed members only your
          hidden IDs move, and only while they have no members below them and no business volume: everyone else keeps their slot, since the team counts, volumes and commissions of everyone above them
          are built on it.
        </p>
      </div>
      <TitledCard id="override-list" title="Recruits Awaiting Placement" description="Recruits in your tree waiting for their upline or for approval.">
        <QueryStates query={recruits} errorTitle="Could not load the recruits" loadingLabel="Loading recruits...">
          {rows.length ? (
            <DataTable rows={rows} rowKey={(r) => r.id} label="Recruits awaiting placement" breakpoint="lg" columns={columns} rowData={(r) => ({ 'data-recruit': r.email })} />
          ) : (
            <EmptyState icon={GitBranchPlus} title="No recruits awaiting placement" description="Recruits of your downline appear here until they are approved." />
          )}
        </QueryStates>
      </TitledCard>
      <QueryStates query={recruits} errorTitle="Could not load the hidden IDs" loadingLabel="Loading hidden IDs...">
        <HiddenIdsCard rows={recruits.data?.hiddenIds ?? []} onMove={setMovingHidden} />
      </QueryStates>
      <MoveDialog
        subject={moving && { id: moving.id, description: `${moving.fullName} (${moving.email}) is placed here when approved.` }}
        run={(vars, call) => moveRecruit.run(vars, call)}
        submitLabel="Change Placement"
        onClose={record.close}
      />
      <MoveDialog
        subject={movingHidden && { id: movingHidden.id, description: `${movingHidden.name} (${movingHidden.userId}) moves to this slot at once.` }}
        run={(vars, call) => moveHidden.run(vars, call)}
        submitLabel="Move Hidden ID"
        onClose={record.close}
      />
      {record.id && recruits.data && !moving && !movingHidden ? <RecordNotFound what={record.action === 'move-hidden' ? 'hidden ID' : 'recruit'} id={record.id} onClose={record.close} /> : null}
    </section>
  );
}
