import { GenealogyExplorer } from '../explorer/genealogy-explorer';
import { SectionHeader } from '../../../components/admin/section-header';

/** User Details > Genealogy (issue 15): the whole tree from its root, any member by search. */
export function GenealogySection() {
  return (
    <div className="space-y-5">
      <SectionHeader eyebrow="User Details" title="Genealogy" description="The binary tree from its root. Search any member, jump to the extreme left or right, open a member's card." />
      <GenealogyExplorer scope="admin" />
    </div>
  );
}
