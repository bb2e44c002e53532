/** The charts module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { addToSalesSlots, salesTotals } from './charts.repo';
