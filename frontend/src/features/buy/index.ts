// Public surface of the buy feature (PRODUCT.md §2 "Buy widget", "Swap form"; §4 swap statuses) for the app and the
// other features. Other features drive the swap machine (the card on-ramp) and open the swap form in a modal (the
// staking page's buy-and-stake).
export {
  dispatchSwap,
  getSwapState,
  INITIAL_SWAP,
  swapReducer,
  swapStore,
  useSwapState,
  type SwapEvent,
  type SwapState,
} from "./swapMachine.ts";
export { buyUi, openSwapModal, useBuyUi } from "./buyUi.ts";
export { BuyWidget } from "./BuyWidget.tsx";
export { StatusView } from "./StatusView.tsx";
export { failureText } from "./statusText.ts";

/** Refer-and-earn (its own chunk, loaded when first opened). */
export const loadReferModal = () => import("./ReferModal.tsx");
/** The swap form in a modal (variant A; its own chunk, loaded when first opened). */
export const loadSwapModal = () => import("./SwapModal.tsx");
