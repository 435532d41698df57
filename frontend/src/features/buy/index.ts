// Public surface of the buy feature for other features (card, staking).
export {
  dispatchSwap,
  getSwapState,
  swapStore,
  useSwapState,
  swapReducer,
  type SwapEvent,
  type SwapState,
  type SwapStatus,
} from "./swapMachine.ts";
export { openSwapModal, closeSwapModal } from "./buyUi.ts";
export { usePresale, type PresaleView } from "./usePresale.ts";
export { SwapForm } from "./SwapForm.tsx";
