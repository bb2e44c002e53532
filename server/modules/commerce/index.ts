/** The commerce module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { findProduct, findPurchaseOwner, insertPurchase, purchaseForUpdate } from './commerce.repo';
export type { PurchaseRow } from './commerce.repo';
