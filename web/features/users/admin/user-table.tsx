import type { ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import type { AdminUserRow } from '../../../lib/admin/types';
import { fullName } from '../../../lib/format';
import { cn } from '../../../lib/cn';
import { formatDateUS, formatINR } from '../../../lib/admin/format';
import { KycBadge, RoleBadge, UserStatusBadge, WithdrawBadge } from '../../../components/admin/badges';
import { CardField, DataTable, type Column as DataColumn } from '../../../components/ui/table';
import { UserActionsMenu } from './user-actions';

export type UserSort = 'registrationDate' | 'activationDate' | 'userId' | 'name' | 'packageAmount';
export interface SortState {
  sort: UserSort;
  dir: 'asc' | 'desc';
  onSort: (sort: UserSort) => void;
}

const PASSWORD_STATE: Record<AdminUserRow['passwordState'], { label: string; className: string }> = {
  set: { label: 'Set', className: 'text-slate-700' },
  temporary: { label: 'Temporary', className: 'text-amber-700' },
  none: { label: 'Not set', className: 'text-slate-500' },
};

/** Password column: whether a password is set and whether it is temporary, never the secret (docs/spec/decisions.md §2). */
function PasswordState({ row }: { row: AdminUserRow }) {
  const s = PASSWORD_STATE[row.passwordState] ?? PASSWORD_STATE.none;
  return <span className={cn('font-medium', s.className)}>{s.label}</span>;
}

function PinState({ row }: { row: AdminUserRow }) {
  return row.txnPinSet ? <span className="font-medium text-slate-700">Set</span> : <span className="font-medium text-slate-500">Not set</span>;
}

function WalletAddress({ value }: { value: string | null }) {
  if (!value) return <span className="text-slate-500">—</span>;
  return (
    <span className="block max-w-40 truncate font-mono text-xs" title={value}>
      {value}
    </span>
  );
}

interface Column {
  key: string;
  header: string;
  sort?: UserSort;
  /** Left out of the Free Users table (doc 2 §2.4). */
  statusColumn?: boolean;
  align?: 'right';
  cell: (row: AdminUserRow) => ReactNode;
}

const COLUMNS: Column[] = [
  { key: 'withdraw', header: 'Withdraw Status', statusColumn: true, cell: (r) => <WithdrawBadge status={r.withdrawStatus} /> },
  { key: 'kyc', header: 'KYC Status', statusColumn: true, cell: (r) => <KycBadge status={r.kycStatus} /> },
  { key: 'userId', header: 'User ID', sort: 'userId', cell: (r) => <span className="font-mono text-xs font-semibold text-slate-900">{r.userId}</span> },
  {
    key: 'name',
    header: 'Name',
    sort: 'name',
    cell: (r) => (
      <div className="min-w-36">
        <p className="font-medium whitespace-nowrap text-slate-900">{fullName(r, '—')}</p>
        <div className="mt-1 flex flex-wrap gap-1">
          <UserStatusBadge status={r.status} />
          <RoleBadge role={r.role} />
        </div>
      </div>
    ),
  },
  { key: 'phone', header: 'Phone', cell: (r) => <span className="whitespace-nowrap tabular-nums">{r.mobile || '—'}</span> },
  { key: 'email', header: 'Email', cell: (r) => <span className="whitespace-nowrap">{r.email}</span> },
  { key: 'password', header: 'Password', cell: (r) => <PasswordState row={r} /> },
  { key: 'pin', header: 'TXN Pin', cell: (r) => <PinState row={r} /> },
  { key: 'sponsor', header: 'Sponsor User ID', cell: (r) => (r.sponsorUserId ? <span className="font-mono text-xs">{r.sponsorUserId}</span> : <span className="text-slate-500">—</span>) },
  { key: 'package', header: 'Total Package', sort: 'packageAmount', align: 'right', cell: (r) => formatINR(r.packageAmount) },
  { key: 'walletAddress', header: 'Wallet Address', cell: (r) => <WalletAddress value={r.cryptoWalletAddress} /> },
  { key: 'ewallet', header: 'E-wallet', align: 'right', cell: (r) => formatINR(r.walletBalance) },
  { key: 'income', header: 'Income', align: 'right', cell: (r) => formatINR(r.totalEarnings) },
  { key: 'withdrawn', header: 'Total Withdraw', align: 'right', cell: (r) => formatINR(r.totalWithdrawals) },
  { key: 'registered', header: 'Registration Date', sort: 'registrationDate', cell: (r) => <span className="whitespace-nowrap">{formatDateUS(r.registrationDate)}</span> },
  { key: 'activated', header: 'Activation Date', sort: 'activationDate', cell: (r) => <span className="whitespace-nowrap">{formatDateUS(r.activationDate, 'Not activated')}</span> },
];

/**
 * The user table of doc 2 §2.3 (every column), as a scrolling table with a sticky Actions column
 * from 768 px and as cards on phones. `withStatus={false}` drops Withdraw and KYC status (Free Users).
 */
export function UserTable({ rows, label, sort, withStatus = true }: { rows: AdminUserRow[]; label: string; sort?: SortState; withStatus?: boolean }) {
  const columns: DataColumn<AdminUserRow>[] = [
    { header: 'Actions', sticky: true, cell: (row) => <UserActionsMenu row={row} /> },
    ...COLUMNS.filter((c) => withStatus || !c.statusColumn).map((c): DataColumn<AdminUserRow> => ({
      header: c.header,
      cell: c.cell,
      headerClassName: c.align === 'right' ? 'text-right' : undefined,
      className: c.align === 'right' ? 'text-right whitespace-nowrap tabular-nums' : undefined,
      sort: c.sort && sort ? { active: sort.sort === c.sort, dir: sort.dir, onSort: () => sort.onSort(c.sort!) } : undefined,
    })),
  ];
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.id}
      rowData={(row) => ({ 'data-user-id': row.userId })}
      label={label}
      columns={columns}
      card={(row) => (
        <div>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{fullName(row, row.email)}</p>
              <p className="font-mono text-xs text-slate-500">{row.userId}</p>
            </div>
            <UserActionsMenu row={row} compact />
          </div>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <UserStatusBadge status={row.status} />
            <RoleBadge role={row.role} />
            {withStatus ? (
              <>
                <span className="inline-flex items-center gap-1 text-xs text-slate-500">
                  KYC <KycBadge status={row.kycStatus} />
                </span>
                <span className="inline-flex items-center gap-1 text-xs text-slate-500">
                  Withdraw <WithdrawBadge status={row.withdrawStatus} />
                </span>
              </>
            ) : null}
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-100 pt-3">
            <CardField label="Email" wide>
              {row.email}
            </CardField>
            <CardField label="Phone">{row.mobile || '—'}</CardField>
            <CardField label="Total Package">{formatINR(row.packageAmount)}</CardField>
            <CardField label="Registration Date">{formatDateUS(row.registrationDate)}</CardField>
            <CardField label="Activation Date">{formatDateUS(row.activationDate, 'Not activated')}</CardField>
          </dl>
          <details className="group/more mt-3 border-t border-slate-100 pt-2">
            <summary className="flex cursor-pointer list-none items-center gap-1 py-1 text-sm font-medium text-brand-700 [&::-webkit-details-marker]:hidden">
              <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open/more:rotate-90" />
              More details
            </summary>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-3">
              <CardField label="Sponsor User ID">{row.sponsorUserId ?? '—'}</CardField>
              <CardField label="E-wallet">{formatINR(row.walletBalance)}</CardField>
              <CardField label="Income">{formatINR(row.totalEarnings)}</CardField>
              <CardField label="Total Withdraw">{formatINR(row.totalWithdrawals)}</CardField>
              <CardField label="Password">
                <PasswordState row={row} />
              </CardField>
              <CardField label="TXN Pin">
                <PinState row={row} />
              </CardField>
              <CardField label="Wallet Address" wide>
                {row.cryptoWalletAddress ? <span className="font-mono text-xs break-all">{row.cryptoWalletAddress}</span> : '—'}
              </CardField>
            </dl>
          </details>
        </div>
      )}
    />
  );
}
