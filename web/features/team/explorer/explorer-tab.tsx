import { GenealogyExplorer } from './genealogy-explorer';

/** My Team > Genealogy (issue 15): the member's own downline in the explorer (its own chunk, loaded on this tab). */
export default function ExplorerTab() {
  return <GenealogyExplorer scope="member" />;
}
