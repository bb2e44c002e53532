import type { ReactNode } from 'react';
import type { DirectRecruit } from '@contracts';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';
import { rupees, memberName, sideLabel } from '../format';
import { termOf } from '../../../components/ui/term';

const COLUMNS = ['Name', 'Email', 'Package Amount', 'Registration Date', 'Activation Date', 'ID Status', 'Position'] as const;

function Td({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <td className={`border-b border-slate-100 px-4 py-3 align-middle text-slate-700 group-last:border-b-0 ${className}`}>{children}</td>;
}

const Field = termOf({ row: 'min-w-0', term: 'text-xs text-slate-500', value: 'font-medium text-slate-800' });

/** Phones: one card per recruit with the table's fields. */
function DirectCards({ rows }: { rows: DirectRecruit[] }) {
  return (
    <ul aria-label="Direct recruits" className="space-y-3 sm:hidden">
      {rows.map((r) => {
        const active = r.idStatus === 'Active';
        return (
          <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{memberName(r)}</p>
                <p className="truncate text-sm text-slate-500">{r.email}</p>
                <p className="font-mono text-xs text-slate-500">{r.userId}</p>
              </div>
              <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
              <Field term="Package Amount">{rupees(r.packageAmount)}</Field>
              <Field term="Position">{r.position ? sideLabel(r.position) : '—'}</Field>
              <Field term="Registration Date">{formatDate(r.registrationDate || r.createdAt)}</Field>
              <Field term="Activation Date">{formatDate(r.activationDate)}</Field>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

/** Direct recruits: members this member sponsored (decisions §4). A table from the small breakpoint up, cards below. */
export function DirectTable({ rows }: { rows: DirectRecruit[] }) {
  return (
    <>
      <DirectCards rows={rows} />
      <DirectRowsTable rows={rows} />
    </>
  );
}

function DirectRowsTable({ rows }: { rows: DirectRecruit[] }) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:block">
      <div className="overflow-x-auto" role="region" aria-label="Direct recruits" tabIndex={0}>
        <table className="w-full border-separate border-spacing-0 text-left text-sm">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="border-b border-slate-200 bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const active = r.idStatus === 'Active';
              return (
                <tr key={r.id} className="group hover:bg-slate-50">
                  <Td className="whitespace-nowrap">
                    <p className="font-medium text-slate-900">{memberName(r)}</p>
                    <p className="font-mono text-xs text-slate-500">{r.userId}</p>
                  </Td>
                  <Td className="whitespace-nowrap">{r.email}</Td>
                  <Td className="whitespace-nowrap tabular-nums">{rupees(r.packageAmount)}</Td>
                  <Td className="whitespace-nowrap">{formatDate(r.registrationDate || r.createdAt)}</Td>
                  <Td className="whitespace-nowrap">{formatDate(r.activationDate)}</Td>
                  <Td>
                    <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>
                  </Td>
                  <Td className="whitespace-nowrap">{r.position ? sideLabel(r.position) : '—'}</Td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
