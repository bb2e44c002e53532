import type { JournalConsumer } from '../../core/journal';
import { addToSalesSlots } from './charts.repo';

/** Each applied sale joins the admin's sales chart's quarter-hour sums, in the transaction that applies its entry. */
export const salesSumsOnJournal: JournalConsumer = {
  name: 'sales-sums',
  applied: (_ctx, tx, batch) => addToSalesSlots(tx, batch.purchaseIds),
};
