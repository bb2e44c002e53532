/** The franchise-stock module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { stockSummaries } from './franchise-stock.repo';
export { isFranchise, moveStock, receiveReturnedGoods } from './franchise-stock.service';
