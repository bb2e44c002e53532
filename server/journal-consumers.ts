import { registerJournalConsumers } from './modules/volume';
import { invoicesOnJournal } from './modules/invoices';
import { salesSumsOnJournal } from './modules/charts';
import { ranksOnJournal } from './modules/ranks';

/**
 * The volume journal's consumers, in the order they run after each batch (core/journal.ts): every process that
 * applies the journal (the app and tests through runtime.ts, the worker, the tools) calls this first; the applier
 * refuses to run without them. A new consumer is defined in the module that owns what it writes and added here.
 */
export function registerVolumeJournalConsumers() {
  registerJournalConsumers(invoicesOnJournal, salesSumsOnJournal, ranksOnJournal);
}
