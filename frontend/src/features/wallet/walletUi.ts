import { createStore, useStore } from "../../shared/store.ts";
import { TIMINGS } from "../../config/constants.ts";

type WalletUi = {
  connectOpen: boolean;
  promoOpen: boolean;
  wcUri: string | null;
  wcLabel: string;
  connecting: string | null;
};
export const walletUi = createStore<WalletUi>({
  connectOpen: false,
  promoOpen: false,
  wcUri: null,
  wcLabel: "",
  connecting: null,
});
export const useWalletUi = () => useStore(walletUi);
export const openConnectModal = () => walletUi.set((s) => ({ ...s, connectOpen: true, promoOpen: false }));
export const closeConnectModal = () =>
  walletUi.set((s) => ({ ...s, connectOpen: false, wcUri: null, connecting: null }));
const openPromoModal = () => walletUi.set((s) => ({ ...s, promoOpen: true, connectOpen: false }));
export const closePromoModal = () => walletUi.set((s) => ({ ...s, promoOpen: false }));
/** The no-wallet link opens the promotion modal after 500 ms. */
export const openPromoModalDelayed = () => setTimeout(openPromoModal, TIMINGS.promoDelayMs);
