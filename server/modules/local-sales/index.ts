/** The local-sales module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { localSaleForUpdate, localSaleOfPurchase, salesSummaries } from './local-sales.repo';
export type { LocalSaleRow } from './local-sales.repo';
