import type { DirectRecruit } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { DataTable } from '../../../components/ui/table';
import { termOf } from '../../../components/ui/term';
import { formatDate } from '../../../lib/format';
import { rupees, memberName, sideLabel } from '../format';
import { MemberContact } from '../ui/member-contact';

const Field = termOf({ row: 'min-w-0', term: 'text-xs text-slate-500', value: 'font-medium text-slate-800' });

function IdStatus({ r }: { r: DirectRecruit }) {
  const active = r.idStatus === 'Active';
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

/** Direct recruits: members this member sponsored (decisions §4). A table from the small breakpoint up, cards below. */
export function DirectTable({ rows }: { rows: DirectRecruit[] }) {
  return (
    <DataTable
      rows={rows}
      rowKey={(r) => r.id}
      label="Direct recruits"
      breakpoint="sm"
      columns={[
        {
          header: 'Name',
          className: 'whitespace-nowrap',
          cell: (r) => (
            <>
              <p className="font-medium text-slate-900">{memberName(r)}</p>
              <p className="font-mono text-xs text-slate-500">{r.userId}</p>
            </>
          ),
        },
        { header: 'Email', className: 'whitespace-nowrap', cell: (r) => r.email },
        { header: 'Package Amount', className: 'whitespace-nowrap tabular-nums', cell: (r) => rupees(r.packageAmount) },
        { header: 'Registration Date', className: 'whitespace-nowrap', cell: (r) => formatDate(r.registrationDate || r.createdAt) },
        { header: 'Activation Date', className: 'whitespace-nowrap', cell: (r) => formatDate(r.activationDate) },
        { header: 'ID Status', cell: (r) => <IdStatus r={r} /> },
        { header: 'Position', className: 'whitespace-nowrap', cell: (r) => (r.position ? sideLabel(r.position) : '—') },
      ]}
      card={(r) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <MemberContact member={r} />
            <IdStatus r={r} />
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
            <Field term="Package Amount">{rupees(r.packageAmount)}</Field>
            <Field term="Position">{r.position ? sideLabel(r.position) : '—'}</Field>
            <Field term="Registration Date">{formatDate(r.registrationDate || r.createdAt)}</Field>
            <Field term="Activation Date">{formatDate(r.activationDate)}</Field>
          </dl>
        </>
      )}
    />
  );
}
