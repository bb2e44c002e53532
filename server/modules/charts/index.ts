/** The charts module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { salesTotals } from './charts.repo';
export { salesSumsOnJournal } from './journal-consumer';
