import type { ReactNode } from 'react';

/** One term and figure of a team card's list (`<dl>`): the leg cards and the explorer's member card. */
export function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5 text-sm">
      <dt className="text-slate-600">{term}</dt>
      <dd className="text-right font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}
