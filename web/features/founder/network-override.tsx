import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ArrowLeftToLine, ArrowRightToLine, GitBranchPlus, Info, MoveRight } from 'lucide-react';
import { NetworkOverrideInput } from '@contracts';
import { StatusBadge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { Dialog, DialogContent, FormFooter } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { QueryStates } from '../../components/ui/query-error';
import { CardField, DataTable, type Column } from '../../components/ui/table';
import { formatDate } from '../../lib/format';
import { schemaResolver } from '../../lib/schema-resolver';
import { RECRUIT_STATUS } from '../../lib/status-looks';
import { useMoveRecruit, useOverrideRecruits, type OverrideRecruit } from './founder-api';

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

/** The move dialog: the member to place under (by user ID) and the side; the server checks the slot is free and in your tree. */
function MoveDialog({ recruit, onClose }: { recruit: OverrideRecruit | null; onClose: () => void }) {
  const move = useMoveRecruit();
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
    if (!recruit) return;
    if (!(await move.run({ id: recruit.id, ...values }, { setError: form.setError, fields: FIELDS })).ok) return;
    form.reset();
    onClose();
  });
  return (
    <Dialog open={Boolean(recruit)} onOpenChange={(next) => !next && close()}>
      <DialogContent title="Change Placement" description={recruit ? `${recruit.fullName} (${recruit.email}) is placed here when approved.` : undefined}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <FormField id="override-parent" label="Place under (user ID)" error={errors.parentUserId?.message}>
            <Input autoComplete="off" autoFocus maxLength={20} className="font-mono uppercase" {...fieldA11y('override-parent', errors.parentUserId?.message)} {...form.register('parentUserId')} />
          </FormField>
          <ChoiceCards
            legend="Side"
            error={errors.side?.message}
            options={[
              { value: 'left', label: 'Left', icon: ArrowLeftToLine },
              { value: 'right', label: 'Right', icon: ArrowRightToLine },
            ]}
            {...form.register('side')}
          />
          <p className="text-xs text-slate-500">The member must be in your downline and that side must be free.</p>
          <FormFooter onCancel={close} busy={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Change Placement'}
          </FormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Network Override (doc 3 §2.6, issue 16): recruits awaiting placement in your tree, moved to a free slot before approval. */
export function NetworkOverrideSection() {
  const recruits = useOverrideRecruits();
  const [moving, setMoving] = useState<OverrideRecruit | null>(null);
  const rows = recruits.data?.recruits ?? [];
  const columns: Column<OverrideRecruit>[] = [
    {
      header: 'Recruit',
      cell: (r) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{r.fullName}</p>
          <p className="truncate text-xs text-slate-500">{r.email}</p>
        </div>
      ),
    },
    { header: 'Recruiter', cell: (r) => (r.recruiter ? `${r.recruiter.name} (${r.recruiter.userId})` : '—') },
    { header: 'Status', cell: (r) => <StatusBadge map={RECRUIT_STATUS} value={r.status} /> },
    { header: 'Placement', cell: (r) => <Placement r={r} /> },
    { header: 'Registered', className: 'whitespace-nowrap', cell: (r) => formatDate(r.createdAt) },
    {
      header: <span className="sr-only">Action</span>,
      className: 'text-right',
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
          Only recruits not yet placed can be moved. Placed members, hidden IDs included, keep their slot: the team counts, volumes and commissions of everyone above them are built on it. The recruit
          is placed on the chosen side when an admin approves; if that side has been filled by then, it goes to the next free place in that leg.
        </p>
      </div>
      <Card aria-labelledby="override-list">
        <CardHeader>
          <CardTitle id="override-list">Recruits Awaiting Placement</CardTitle>
          <CardDescription>Recruits in your tree waiting for their upline or for approval.</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryStates query={recruits} errorTitle="Could not load the recruits" loadingLabel="Loading recruits...">
            {rows.length ? (
              <DataTable
                rows={rows}
                rowKey={(r) => r.id}
                label="Recruits awaiting placement"
                breakpoint="lg"
                columns={columns}
                rowData={(r) => ({ 'data-recruit': r.email })}
                card={(r) => (
                  <>
                    <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
                      <CardField label="Recruit" wide>
                        {columns[0].cell(r)}
                      </CardField>
                      <CardField label="Status">{columns[2].cell(r)}</CardField>
                      <CardField label="Registered">{formatDate(r.createdAt)}</CardField>
                      <CardField label="Recruiter" wide>
                        {columns[1].cell(r)}
                      </CardField>
                      <CardField label="Placement" wide>
                        <Placement r={r} />
                      </CardField>
                    </dl>
                    {columns[5].cell(r)}
                  </>
                )}
              />
            ) : (
              <EmptyState icon={GitBranchPlus} title="No recruits awaiting placement" description="Recruits of your downline appear here until they are approved." />
            )}
          </QueryStates>
        </CardContent>
      </Card>
      <MoveDialog recruit={moving} onClose={() => setMoving(null)} />
    </section>
  );
}
