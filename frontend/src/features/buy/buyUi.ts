import { createStore, useStore } from "../../shared/store.ts";

export type BuyMode = "crypto" | "card";
export type BuyUi = { mode: BuyMode; tokenId: string; referOpen: boolean; swapModal: null | { stakeOnly: boolean } };
export const buyUi = createStore<BuyUi>({ mode: "crypto", tokenId: "eth-native", referOpen: false, swapModal: null });
export const useBuyUi = () => useStore(buyUi);
export const setBuyMode = (mode: BuyMode) => buyUi.set((s) => ({ ...s, mode }));
export const setPayToken = (tokenId: string) => buyUi.set((s) => ({ ...s, tokenId }));
export const openReferModal = () => buyUi.set((s) => ({ ...s, referOpen: true }));
export const closeReferModal = () => buyUi.set((s) => ({ ...s, referOpen: false }));
/** Variant A: the swap form in a modal (native/stablecoin tabs). Used by the staking page's buy-and-stake. */
export const openSwapModal = (stakeOnly = false) => buyUi.set((s) => ({ ...s, swapModal: { stakeOnly } }));
export const closeSwapModal = () => buyUi.set((s) => ({ ...s, swapModal: null }));
