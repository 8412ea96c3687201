export { postWalletEntry } from './ledger.js';
export { walletRoutes } from './routes.js';
export { getWallet, walletFulfilments } from './service.js';
