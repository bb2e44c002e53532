import { useSearchParams } from 'react-router';
import { Activity, Network, UserPlus } from 'lucide-react';
import { count } from './format';
import { AddRecruitDialog } from './add-recruit-dialog';
import { usePendingDecisions, useTeamStats } from './api';
import { DEFAULT_TAB, TEAM_TABS, tabOf, type TeamTabId } from './team-tabs';
import { StatCard } from './ui/stat-card';
import { Tabs } from './ui/tabs';

function StatsRow() {
  const { data, isPending, isError } = useTeamStats();
  const show = (n: number | undefined) => (isPending ? '…' : isError || n === undefined ? '—' : count(n));
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-3">
      <StatCard label="Direct Recruits" value={show(data?.directRecruits)} icon={UserPlus} hint={data ? `${data.directPositions} of 2 direct positions filled` : undefined} />
      <StatCard label="Total Downline" value={show(data?.totalDownline)} icon={Network} tone="sky" hint={data ? `Left ${count(data.leftCount)} · Right ${count(data.rightCount)}` : undefined} />
      <StatCard label="Active Members" value={show(data?.activeMembers)} icon={Activity} tone="emerald" hint={data ? `Left ${count(data.leftActive)} · Right ${count(data.rightActive)}` : undefined} />
    </div>
  );
}

/** /my-team (doc 3 §2.4): header with Add Recruit, the stats row and the team tabs (?tab=, default decisions). */
export function MyTeamPage() {
  const [params, setParams] = useSearchParams();
  const active = tabOf(params.get('tab'));
  const decisions = usePendingDecisions();
  const Panel = active.panel;

  const select = (id: TeamTabId) =>
    setParams(
      () => {
        // The tree's viewed root belongs to the tree tab only.
        const next = new URLSearchParams();
        if (id !== DEFAULT_TAB) next.set('tab', id);
        return next;
      },
      // Each tab is its own history entry (issue 30): Back returns to the previous tab, a reload keeps this one.
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Team</h1>
          <p className="mt-1 text-sm text-slate-500">Recruit, place and follow the members of your binary tree.</p>
        </div>
        <AddRecruitDialog />
      </div>
      <StatsRow />
      <Tabs label="Team views" tabs={TEAM_TABS.map((t) => ({ id: t.id, label: t.label, badge: t.badge?.({ decisions: decisions.data?.length }) }))} value={active.id} onChange={select}>
        <Panel />
      </Tabs>
    </div>
  );
}
