// Public surface of the wallet feature: the connect and wallet-promotion dialogs, their open state, the wrong-chain
// prompt (PRODUCT.md §8), and the data reload on account or chain change. The connection itself is the chain layer's.
export { openConnectModal, openPromoModalDelayed, useWalletUi, walletUi } from "./walletUi.ts";
export { useEnsureChain } from "./useEnsureChain.ts";
export { WalletLifecycle } from "./WalletLifecycle.tsx";

/** The connect dialog (its own chunk, loaded when first opened). */
export const loadConnectModal = () => import("./ConnectModal.tsx");
/** The wallet promotion (its own chunk, loaded when first opened). */
export const loadPromoModal = () => import("./PromoModal.tsx");
