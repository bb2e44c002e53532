import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { InlineLoader } from '../../components/ui/spinner';
import { BusinessTab } from './business/business-tab';
import { DecisionsTab } from './decisions/decisions-tab';
import { DirectTab } from './direct/direct-tab';
import { DownlineTab } from './downline/downline-tab';
import { TreeTab } from './tree/tree-tab';

// The genealogy explorer is its own chunk, loaded when its tab opens (issue 15: the bundle budget).
const Explorer = lazy(() => import('./explorer/explorer-tab'));
function ExplorerPanel() {
  return createElement(Suspense, { fallback: createElement(InlineLoader, { label: 'Loading the explorer...' }) }, createElement(Explorer));
}

export type TeamTabId = 'decisions' | 'direct' | 'downline' | 'tree' | 'genealogy' | 'business';

export interface TeamTab {
  id: TeamTabId;
  label: string;
  panel: ComponentType;
  /** A count shown on the tab. */
  badge?: (counts: { decisions?: number }) => number | undefined;
}

/** The five tabs of doc 3 §2.4, in order, and the genealogy explorer (issue 15); the first is the default. */
export const TEAM_TABS: readonly TeamTab[] = [
  { id: 'decisions', label: 'Position Decisions', panel: DecisionsTab, badge: ({ decisions }) => decisions },
  { id: 'direct', label: 'Direct', panel: DirectTab },
  { id: 'downline', label: 'Downline', panel: DownlineTab },
  { id: 'tree', label: 'Binary Tree', panel: TreeTab },
  { id: 'genealogy', label: 'Genealogy', panel: ExplorerPanel },
  { id: 'business', label: 'Team Business Stages', panel: BusinessTab },
];

export const DEFAULT_TAB: TeamTabId = TEAM_TABS[0].id;

export function tabOf(value: string | null): TeamTab {
  return TEAM_TABS.find((t) => t.id === value) ?? TEAM_TABS[0];
}
