import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BadgeCheck, CalendarCheck, Download, Search, UserRound } from 'lucide-react';
import { FreeUsersQuery } from '@contracts';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { getRoute } from '../../../lib/api';
import { browserTimeZone, formatCount, formatDateUS } from '../../../lib/admin/format';
import { KEYS, schemaResolver } from '../../../lib/admin/queries';
import { QueryStates } from '../../../components/ui/query-error';
import { SectionHeader } from '../../../components/admin/section-header';
import { ExportDialog } from './export-dialog';
import { UserActionsProvider } from './user-actions';
import { UserTable } from './user-table';
import { useServerFieldErrors } from '../../../lib/admin/server-errors';
import { CountLine, QueriedList } from '../../../components/admin/queried-list';

/** A3 Paid Members (doc 2 §2.5): approved KYC, complete bank details and an active package. */
export function PaidMembersSection() {
  const list = useQuery({ queryKey: [KEYS.paidMembers], queryFn: () => getRoute('GET /api/users/paid-members') });
  const rows = list.data ?? [];
  return (
    <UserActionsProvider rows={rows} seeking={list.isPending || list.isPlaceholderData}>
      <div className="space-y-5">
        <SectionHeader eyebrow="User Details" title="Paid Members" description="Active members with an approved KYC, complete bank details and a package." />
        <QueryStates
          query={list}
          what="paid members"
          verb="fetch"
          empty={
            rows.length === 0 ? (
              <EmptyState icon={BadgeCheck} title="No Paid Members" description="A member appears here once their KYC is approved, their bank details are complete and their package is active." />
            ) : null
          }
        >
          <>
            <CountLine>
              {formatCount(rows.length)} paid {rows.length === 1 ? 'member' : 'members'}
            </CountLine>
            <UserTable rows={rows} label="Paid members" />
          </>
        </QueryStates>
      </div>
    </UserActionsProvider>
  );
}

/** A4 View Today Joinings: users activated today in this browser's time zone; never cached. */
export function TodayJoiningsSection() {
  const timezone = browserTimeZone();
  const list = useQuery({
    queryKey: [KEYS.todayJoinings, timezone],
    queryFn: () => getRoute('GET /api/users/today-joinings', { query: { timezone, t: Date.now() } }),
    staleTime: 0,
    gcTime: 0,
  });
  const rows = list.data?.items ?? [];
  const day = list.data ? formatDateUS(`${list.data.date}T12:00:00`) : null;
  const empty = <EmptyState icon={CalendarCheck} title="No Activations Today" description="Members approved today will be listed here." />;
  return (
    <UserActionsProvider rows={rows} seeking={list.isPending || list.isPlaceholderData}>
      <div className="space-y-5">
        <SectionHeader eyebrow="User Details" title="View Today Joinings" description={day ? `Members activated on ${day} (${list.data?.timezone}).` : 'Members activated today.'} />
        <QueryStates query={list} what="today's joinings" verb="fetch" empty={rows.length === 0 && empty}>
          <>
            <CountLine>
              {formatCount(rows.length)} {rows.length === 1 ? 'activation' : 'activations'} today
            </CountLine>
            <UserTable rows={rows} label="Today's joinings" />
          </>
        </QueryStates>
      </div>
    </UserActionsProvider>
  );
}

const FreeSearch = FreeUsersQuery.pick({ search: true });
type FreeSearchValues = { search: string };

/** A5 Free Users (doc 2 §2.4): package 0 or none; search, count line and export. */
export function FreeUsersSection() {
  const [search, setSearch] = useState('');
  const [exporting, setExporting] = useState(false);
  const form = useForm<FreeSearchValues, unknown, z.output<typeof FreeSearch>>({
    resolver: schemaResolver<FreeSearchValues, typeof FreeSearch>(FreeSearch),
    defaultValues: { search: '' },
    mode: 'onChange',
  });
  const typed = form.watch('search');

  // Search as you type, 300 ms after the last key; the schema trims and bounds the text.
  const { handleSubmit } = form;
  useEffect(() => {
    const timer = setTimeout(() => void handleSubmit((v) => setSearch(v.search ?? ''))(), 300);
    return () => clearTimeout(timer);
  }, [typed, handleSubmit]);

  const list = useQuery({
    queryKey: [KEYS.freeUsers, search],
    queryFn: () => getRoute('GET /api/users/free-users', { query: { search } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  useServerFieldErrors(list.error, form.setError, ['search']);
  const rows = list.data?.items ?? [];
  const error = form.formState.errors.search?.message;

  const empty = <EmptyState icon={UserRound} title="No Free Users" description={search ? `No free user matches “${search}”.` : 'Every account has a package.'} />;
  return (
    <UserActionsProvider rows={rows} seeking={list.isPending || list.isPlaceholderData}>
      <div className="space-y-5">
        <SectionHeader
          eyebrow="User Details"
          title="Free Users"
          description="Accounts without a package (package amount 0 or none)."
          actions={
            <Button variant="outline" onClick={() => setExporting(true)}>
              <Download aria-hidden="true" className="size-4" /> Export
            </Button>
          }
        />
        <form
          role="search"
          aria-label="Search free users"
          noValidate
          onSubmit={(e) => void handleSubmit((v) => setSearch(v.search ?? ''))(e)}
          className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="w-full sm:max-w-sm">
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
              <Input type="search" aria-label="Search users" placeholder="Search users..." className="pl-9" aria-invalid={error ? true : undefined} {...form.register('search')} />
            </div>
            {error ? <p className="mt-1 text-sm font-medium text-red-600">{error}</p> : null}
          </div>
          {list.data ? (
            <CountLine>
              Showing {formatCount(list.data.matching)} of {formatCount(list.data.total)} free users
            </CountLine>
          ) : null}
        </form>
        <QueriedList query={list} what="free users" verb="fetch" none={rows.length === 0} empty={empty} className="space-y-3">
          {list.data && list.data.matching > rows.length ? (
            <p className="text-xs text-slate-500">The first {formatCount(rows.length)} are listed; narrow the search or export to see every match.</p>
          ) : null}
          <UserTable rows={rows} label="Free users" withStatus={false} />
        </QueriedList>
      </div>
      <ExportDialog
        open={exporting}
        onOpenChange={setExporting}
        title="Export Free Users"
        description={search ? `Free users matching “${search}”, in the chosen format.` : 'Every free user, in the chosen format.'}
        params={{ scope: 'free', query: search || undefined }}
      />
    </UserActionsProvider>
  );
}
