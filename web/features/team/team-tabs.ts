import type { ComponentType } from 'react';
import { BusinessTab } from './business/business-tab';
import { DecisionsTab } from './decisions/decisions-tab';
import { DirectTab } from './direct/direct-tab';
import { DownlineTab } from './downline/downline-tab';
import { TreeTab } from './tree/tree-tab';

export type TeamTabId = 'decisions' | 'direct' | 'downline' | 'tree' | 'business';

export interface TeamTab {
  id: TeamTabId;
  label: string;
  panel: ComponentType;
  /** A count shown on the tab. */
  badge?: (counts: { decisions?: number }) => number | undefined;
}

/** The five tabs of doc 3 §2.4, in order; the first is the default. */
export const TEAM_TABS: readonly TeamTab[] = [
  { id: 'decisions', label: 'Position Decisions', panel: DecisionsTab, badge: ({ decisions }) => decisions },
  { id: 'direct', label: 'Direct', panel: DirectTab },
  { id: 'downline', label: 'Downline', panel: DownlineTab },
  { id: 'tree', label: 'Binary Tree', panel: TreeTab },
  { id: 'business', label: 'Team Business Stages', panel: BusinessTab },
];

export const DEFAULT_TAB: TeamTabId = TEAM_TABS[0].id;

export function tabOf(value: string | null): TeamTab {
  return TEAM_TABS.find((t) => t.id === value) ?? TEAM_TABS[0];
}
