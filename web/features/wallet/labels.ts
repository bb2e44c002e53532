import type { BadgeTone } from '../../components/ui/badge';
import { ledgerTypeLabel } from '@contracts';

/** Ledger types (doc 3 §3.3) by the registry's labels (contracts/income-types.ts); an unknown type is title-cased. */
export const transactionTypeLabel = ledgerTypeLabel;

export const WITHDRAWAL_STATUS_LOOK: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

export const withdrawalTypeLabel = (w: { withdrawalType: string; networkType: string | null }) => (w.withdrawalType === 'usdt' ? `USDT${w.networkType ? ` (${w.networkType})` : ''}` : 'Bank Transfer');
