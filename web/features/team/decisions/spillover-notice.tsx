import type { Side } from '@contracts';
import { Alert } from '../../../components/ui/alert';

/** Shown when a direct slot is taken: the recruit spills over to the next free slot of that leg (decisions §4). */
export function SpilloverNotice({ sides }: { sides: Side[] }) {
  if (sides.length === 0) return null;
  const both = sides.length === 2;
  const names = both ? 'LEFT and RIGHT positions are' : `${sides[0].toUpperCase()} position is`;
  return (
    <Alert tone="warning" title={`Your ${names} already occupied`}>
      {both
        ? 'Whichever side you choose, the recruit will spill over to the next available slot in that leg.'
        : `If you choose ${sides[0].toUpperCase()}, the recruit will spill over to the next available slot in that leg.`}
    </Alert>
  );
}
