import { useQuery } from '@tanstack/react-query';
import type { IncomeLine } from '../../../contracts/compensation';
import { apiGet } from '../../lib/api';

export type { IncomeLine };

/** First element of every income query key: the path it reads (invalidation matches on it). */
export const INCOME_KEYS = {
  summary: '/api/income',
  cycles: '/api/income/cycles',
  statement: '/api/income/statement',
} as const;

export interface IncomeCycle {
  id: string;
  kind: 'pairing' | 'monthly';
  startsAt: string;
  endsAt: string;
  gross: string;
  adminCharge: string;
  tds: string;
  net: string;
  postedAt: string | null;
}

/** GET /api/income: the member's posted cycles, carry per leg now, this cycle so far, the financial year and pool awards. */
export interface IncomeSummary {
  cycles: IncomeCycle[];
  carry: { left: string; right: string };
  thisCycle: { id: string; startsAt: string; endsAt: string; left: string; right: string; pairs: number; amount: string } | null;
  financialYear: { label: string; gross: string; tds: string };
  poolAwards: Array<{ type: string; label: string; amount: string; periodDate: string }>;
}

/** GET /api/income/cycles/:id: the member's own lines of one cycle with their explanations. */
export interface IncomeCycleDetail {
  cycle: { id: string; kind: 'pairing' | 'monthly'; startsAt: string; endsAt: string };
  lines: IncomeLine[];
  gross: string;
  adminCharge: string;
  tds: string;
  net: string;
}

// Cycles are posted by admins while the member looks: a visit after 30 s re-reads.
const STALE_MS = 30_000;

export function useIncome() {
  return useQuery({ queryKey: [INCOME_KEYS.summary], queryFn: () => apiGet<IncomeSummary>(INCOME_KEYS.summary), staleTime: STALE_MS });
}

/** One posted cycle's lines: read when the member opens its row (posted lines never change). */
export function useIncomeCycle(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [INCOME_KEYS.cycles, id],
    queryFn: () => apiGet<IncomeCycleDetail>(`${INCOME_KEYS.cycles}/${encodeURIComponent(id)}`),
    enabled,
  });
}

/** The statement of a financial year ("2026-27") as a file. */
export const statementHref = (fy: string, format: 'csv' | 'pdf') => `${INCOME_KEYS.statement}?${new URLSearchParams({ fy, format }).toString()}`;
