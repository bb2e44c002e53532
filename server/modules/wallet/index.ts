/**
 * The wallet module's face for other modules: the wallet is the only writer of `wallet_balances` and `transactions`
 * (docs/spec/decisions.md §6; tests/architecture/money-path.test.ts). A module that moves money calls these, or the ledger
 * service (ledger.service.ts), never the tables.
 */
export { ensureWallet, walletDebitCtes, walletDebitsCtes } from './wallet.repo';
export { postLedger, postLedgerBatch } from './ledger.service';
export { walletOf } from './wallet.repo';
