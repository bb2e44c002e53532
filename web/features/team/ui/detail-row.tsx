import { termOf } from '../../../components/ui/term';

/** One term and figure of a team card's list (`<dl>`): the leg cards and the explorer's member card. */
export const DetailRow = termOf({ row: 'flex items-center justify-between gap-3 py-1.5 text-sm', term: 'text-slate-600', value: 'text-right font-semibold text-slate-900 tabular-nums' });
