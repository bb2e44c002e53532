/** The volume module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { CLOSE_GRACE_MS, drainJournal, journalLag } from './applier.service';
export { absorbPendingCountEntries, holdApplier, recordActivity, recordCompletedPurchase, recordPlacement, recordReturnReversal } from './journal.service';
export { cycleLegsSql, teamFigureColumns, volumeOf } from './volume.repo';
export { registerJournalConsumers } from './journal-consumers';
export { quarantinedEntries, retryQuarantined, settleQuarantinedEntry } from './quarantine.service';
