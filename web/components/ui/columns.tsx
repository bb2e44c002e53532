import type { ReactNode } from 'react';

/** Two columns from 1024 px, one of three fifths and one of two (stacked on a phone, in the order given). */
export function SplitColumns({ left, right, wide = 'left' }: { left: ReactNode; right: ReactNode; wide?: 'left' | 'right' }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-5">
      <div className={wide === 'left' ? 'min-w-0 lg:col-span-3' : 'min-w-0 lg:col-span-2'}>{left}</div>
      <div className={wide === 'left' ? 'min-w-0 lg:col-span-2' : 'min-w-0 lg:col-span-3'}>{right}</div>
    </div>
  );
}
