import { useQuery } from '@tanstack/react-query';
import type { IncomeLine } from '../../../contracts/compensation';
import type { ApiResponse } from '@contracts/api';
import { getRoute } from '../../lib/api';

export type { IncomeLine };

/** First element of every income query key: the path it reads (invalidation matches on it). */
export const INCOME_KEYS = {
  summary: '/api/income',
  cycles: '/api/income/cycles',
  statement: '/api/income/statement',
} as const;

/** GET /api/income: the member's posted cycles, carry per leg now, this cycle so far, the financial year and pool awards. */
export type IncomeSummary = ApiResponse<'GET /api/income'>;
export type IncomeCycle = IncomeSummary['cycles'][number];
/** GET /api/income/cycles/:id: the member's own lines of one cycle with their explanations. */
export type IncomeCycleDetail = ApiResponse<'GET /api/income/cycles/:id'>;

// Cycles are posted by admins while the member looks: a visit after 30 s re-reads.
const STALE_MS = 30_000;

export function useIncome() {
  return useQuery({ queryKey: [INCOME_KEYS.summary], queryFn: () => getRoute('GET /api/income'), staleTime: STALE_MS });
}

/** One posted cycle's lines: read when the member opens its row (posted lines never change). */
export function useIncomeCycle(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [INCOME_KEYS.cycles, id],
    queryFn: () => getRoute('GET /api/income/cycles/:id', { params: { id } }),
    enabled,
  });
}

/** The statement of a financial year ("2026-27") as a file. */
export const statementHref = (fy: string, format: 'csv' | 'pdf') => `${INCOME_KEYS.statement}?${new URLSearchParams({ fy, format }).toString()}`;
