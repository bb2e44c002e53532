import type { BadgeTone } from '../../components/ui/badge';
import { titleCase } from '../../lib/format';

/** Ledger types (doc 3 §3.3) as a member reads them; an unknown type is title-cased. */
const TYPE_LABELS: Record<string, string> = {
  admin_credit: 'Fund Credit',
  admin_debit: 'Fund Debit',
  withdrawal: 'Withdrawal',
  withdrawal_reversal: 'Withdrawal Returned',
  purchase: 'Product Purchase',
  millionaire_club: 'Millionaire Club',
};
export const transactionTypeLabel = (type: string) => TYPE_LABELS[type] ?? titleCase(type);

export const WITHDRAWAL_STATUS_LOOK: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

export const withdrawalTypeLabel = (w: { withdrawalType: string; networkType: string | null }) =>
  w.withdrawalType === 'usdt' ? `USDT${w.networkType ? ` (${w.networkType})` : ''}` : 'Bank Transfer';
