/** Exact money arithmetic: the shared rules of contracts/money.ts (docs/spec/decisions.md §5). */
export { addMoney, compareMoney, fromPaise, orderTotals, sumMoney } from '../../contracts/money';
