import type { JournalConsumer } from '../../core/journal';
import { issueInvoices } from './invoice.service';

/** Each purchase the volume applier applies gets its tax invoice in the same transaction: exactly once, in journal order. */
export const invoicesOnJournal: JournalConsumer = {
  name: 'invoices',
  applied: (ctx, tx, batch) => issueInvoices(ctx, tx, batch.purchaseIds),
};
