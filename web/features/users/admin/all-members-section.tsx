import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Download, RotateCcw, Search, SlidersHorizontal, UserPlus, Users } from 'lucide-react';
import { AdminUserSearchQuery, KYC_STATUSES, ROLES, USER_STATUSES } from '@contracts';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input, Select, Options } from '../../../components/ui/input';
import { getRoute } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { RECORD_PARAM, useSeekInPages } from '../../../lib/record-param';
import { titleCase } from '../../../lib/format';
import { browserTimeZone, formatCount } from '../../../lib/admin/format';
import { KEYS, schemaResolver } from '../../../lib/admin/queries';
import { roleLabel, userStatusLabel } from '../../../components/admin/badges';
import { SectionHeader } from '../../../components/admin/section-header';
import { CreateUserDialog } from './create-user-dialog';
import { ExportDialog } from './export-dialog';
import { UserActionsProvider } from './user-actions';
import { UserTable, type UserSort } from './user-table';
import { useServerFieldErrors } from '../../../lib/admin/server-errors';
import { TextField } from '../../../components/ui/text-field';
import { CountLine, QueriedList } from '../../../components/admin/queried-list';

/** The filters that pick one value or all: status, role, KYC status. */
const CHOICE_FILTERS = [
  { name: 'status', id: 'search-status', label: 'Status', blank: 'All statuses', values: USER_STATUSES, text: userStatusLabel },
  { name: 'role', id: 'search-role', label: 'Role', blank: 'All roles', values: ROLES, text: roleLabel },
  { name: 'kycStatus', id: 'search-kyc', label: 'KYC Status', blank: 'All KYC', values: KYC_STATUSES, text: titleCase },
] as const satisfies readonly { name: keyof Values; id: string; label: string; blank: string; values: readonly string[]; text: (v: string) => string }[];

/** The advanced search of doc 2 §2.3, with the server's own cross-field rules checked first. */
const SearchForm = AdminUserSearchQuery.pick({
  query: true,
  searchType: true,
  status: true,
  role: true,
  kycStatus: true,
  dateFilterType: true,
  dateFrom: true,
  dateTo: true,
}).superRefine((v, ctx) => {
  if (v.searchType === 'bv' && v.query && !/^\d{1,10}(\.\d{1,2})?$/.test(v.query)) {
    ctx.addIssue({ code: 'custom', path: ['query'], message: 'BV search needs a number' });
  }
  if (v.dateFrom && v.dateTo && v.dateFrom > v.dateTo) {
    ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: 'The start date is after the end date' });
  }
});
type Filters = z.output<typeof SearchForm>;
const FIELDS = ['query', 'searchType', 'status', 'role', 'kycStatus', 'dateFilterType', 'dateFrom', 'dateTo'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const EMPTY: Values = { query: '', searchType: 'name', status: 'all', role: 'all', kycStatus: 'all', dateFilterType: 'registration', dateFrom: '', dateTo: '' };
const DEFAULT_FILTERS: Filters = { searchType: 'name', dateFilterType: 'registration' };

const PLACEHOLDER: Record<string, string> = {
  name: 'Name or email',
  id: 'User ID, e.g. MB1234567',
  bv: 'Minimum total BV, e.g. 5000',
  rank: 'Rank, e.g. Executive',
};

const SORT_LABELS: Record<UserSort, string> = {
  registrationDate: 'Registration Date',
  activationDate: 'Activation Date',
  userId: 'User ID',
  name: 'Name',
  packageAmount: 'Total Package',
};

const PAGE_SIZE = 50;

/** A2 All Members: advanced search, the member table with row actions, Add New User and Export. */
export function AllMembersSection() {
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  const [sort, setSort] = useState<UserSort>('registrationDate');
  const [dir, setDir] = useState<'asc' | 'desc'>('desc');
  const [showFilters, setShowFilters] = useState(false);
  const [creating, setCreating] = useState(false);
  const [exporting, setExporting] = useState(false);
  const timezone = browserTimeZone();

  const form = useForm<Values, unknown, Filters>({ resolver: schemaResolver<Values, typeof SearchForm>(SearchForm), defaultValues: EMPTY });
  const { errors } = form.formState;
  const searchType = form.watch('searchType');

  const users = useInfiniteQuery({
    queryKey: [KEYS.userSearch, filters, sort, dir, timezone],
    queryFn: ({ pageParam }) => getRoute('GET /api/admin/users/search', { query: { ...filters, timezone, sort, dir, cursor: pageParam, limit: PAGE_SIZE } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    // A search shows what is there now: going back to an earlier search refetches it.
    staleTime: 0,
  });

  // A search the server refused (400) puts its messages on the fields.
  useServerFieldErrors(users.error, form.setError, FIELDS);

  const rows = users.data?.pages.flatMap((p) => p.items) ?? [];
  // A linked member (?id=) not on the first page is looked for in the next pages.
  const [linkedParams] = useSearchParams();
  const linkedId = linkedParams.get(RECORD_PARAM);
  const seeking =
    useSeekInPages(
      linkedId,
      rows.some((r) => r.id === linkedId),
      users,
    ) ||
    users.isPlaceholderData ||
    users.isPending;
  const onSubmit = form.handleSubmit((values) => {
    if (JSON.stringify(values) === JSON.stringify(filters)) void users.refetch();
    else setFilters(values);
  });

  function reset() {
    form.reset(EMPTY);
    setFilters(DEFAULT_FILTERS);
  }

  function onSort(next: UserSort) {
    if (next === sort) setDir((d) => (d === 'asc' ? 'desc' : 'asc'));
    else {
      setSort(next);
      setDir(next === 'name' || next === 'userId' ? 'asc' : 'desc');
    }
  }

  const advancedCount = [filters.status, filters.role, filters.kycStatus, filters.dateFrom, filters.dateTo].filter(Boolean).length;
  const activeFilterCount = advancedCount + (filters.query ? 1 : 0);
  const exportParams = {
    query: filters.query,
    searchType: filters.searchType,
    status: filters.status,
    role: filters.role,
    kycStatus: filters.kycStatus,
    dateFilterType: filters.dateFilterType,
    dateFrom: filters.dateFrom,
    dateTo: filters.dateTo,
    timezone,
  };
  const err = (f: keyof Values) => errors[f]?.message;

  const empty = <EmptyState icon={Users} title="No users found matching your search criteria" description="Try another search type, widen the dates or clear the filters." />;
  return (
    <UserActionsProvider rows={rows} seeking={seeking}>
      <div className="space-y-5">
        <SectionHeader
          eyebrow="User Details"
          title="All Members"
          description="Search every account, open a member's session, edit details, block or activate."
          actions={
            <>
              <Button variant="outline" onClick={() => setExporting(true)}>
                <Download aria-hidden="true" className="size-4" /> Export
              </Button>
              <Button onClick={() => setCreating(true)}>
                <UserPlus aria-hidden="true" className="size-4" /> Add New User
              </Button>
            </>
          }
        />

        <form noValidate onSubmit={(e) => void onSubmit(e)} role="search" aria-label="Advanced search" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem] lg:grid-cols-[minmax(0,1fr)_11rem_auto]">
            <FormField id="search-query" label="Search" error={err('query')}>
              <div className="relative">
                <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
                <Input type="search" className="pl-9" placeholder={PLACEHOLDER[searchType] ?? 'Search'} {...fieldA11y('search-query', err('query'))} {...form.register('query')} />
              </div>
            </FormField>
            <FormField id="search-type" label="Search by">
              <Select id="search-type" {...form.register('searchType')}>
                <option value="name">Name</option>
                <option value="id">User ID</option>
                <option value="bv">BV</option>
                <option value="rank">Rank</option>
              </Select>
            </FormField>
            <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
              <Button type="submit" className="flex-1 lg:flex-none" icon={Search}>
                Search
              </Button>
              <Button variant="outline" className="md:hidden" aria-expanded={showFilters} aria-controls="advanced-filters" onClick={() => setShowFilters((v) => !v)}>
                <SlidersHorizontal aria-hidden="true" className="size-4" /> Filters
                {advancedCount ? <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">{advancedCount}</span> : null}
              </Button>
            </div>
          </div>
          <div id="advanced-filters" className={cn('mt-3 gap-3 sm:grid-cols-3 md:grid lg:grid-cols-6', showFilters ? 'grid' : 'hidden')}>
            {CHOICE_FILTERS.map((f) => (
              <FormField key={f.name} id={f.id} label={f.label}>
                <Select id={f.id} {...form.register(f.name)}>
                  <Options blank={f.blank} blankValue="all" values={f.values} label={f.text} />
                </Select>
              </FormField>
            ))}
            <FormField id="search-date-type" label="Date filter">
              <Select id="search-date-type" {...form.register('dateFilterType')}>
                <option value="registration">Registration</option>
                <option value="activation">Activation</option>
              </Select>
            </FormField>
            <TextField form={form} name="dateFrom" id="search-from" label="From" type="date" />
            <TextField form={form} name="dateTo" id="search-to" label="To" type="date" />
          </div>
          {activeFilterCount ? (
            <div className="mt-3 flex justify-end">
              <Button variant="ghost" size="sm" onClick={reset}>
                <RotateCcw aria-hidden="true" className="size-3.5" /> Clear search
              </Button>
            </div>
          ) : null}
        </form>

        <div className="flex flex-wrap items-center justify-between gap-3">
          <CountLine>{users.isPending ? 'Searching...' : `Showing ${formatCount(rows.length)} ${rows.length === 1 ? 'user' : 'users'}${users.hasNextPage ? ' · more available' : ''}`}</CountLine>
          <label className="flex items-center gap-2 text-sm text-slate-600 md:hidden">
            <span className="shrink-0">Sort by</span>
            <Select
              aria-label="Sort by"
              className="h-9 py-0"
              value={`${sort}:${dir}`}
              onChange={(e) => {
                const [s, d] = e.target.value.split(':') as [UserSort, 'asc' | 'desc'];
                setSort(s);
                setDir(d);
              }}
            >
              {(Object.keys(SORT_LABELS) as UserSort[]).flatMap((s) => [
                <option key={`${s}:desc`} value={`${s}:desc`}>
                  {SORT_LABELS[s]} ↓
                </option>,
                <option key={`${s}:asc`} value={`${s}:asc`}>
                  {SORT_LABELS[s]} ↑
                </option>,
              ])}
            </Select>
          </label>
        </div>

        <QueriedList query={users} what="users" verb="fetch" none={rows.length === 0} empty={empty}>
          <UserTable rows={rows} label="Members" sort={{ sort, dir, onSort }} />
        </QueriedList>
      </div>
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      <ExportDialog
        open={exporting}
        onOpenChange={setExporting}
        title="Export Users"
        description={activeFilterCount ? 'Every user matching the current search, in the chosen format.' : 'Every user, in the chosen format.'}
        params={exportParams}
      />
    </UserActionsProvider>
  );
}
