export { WalletPage } from './wallet-page';
export { useWalletSummary, useInvalidateWallet, WALLET_KEYS } from './api';
