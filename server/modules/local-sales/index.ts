/** The local-sales module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { salesSummaries } from './local-sales.repo';
