/** The ranks module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { rankProgress } from './rank.service';
export { ranksOnJournal } from './journal-consumer';
