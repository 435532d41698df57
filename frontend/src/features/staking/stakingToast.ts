// Staking-page toasts (PRODUCT.md §9): 4000 ms, bottom-right, no duplicates, at most one open, with a progress bar.
// A separate channel built on the shared toast list functions; StakingToasts renders it.
import { addToast, removeToast, type Toast, type ToastType } from "../../shared/toast.ts";
import { createStore, useStore } from "../../shared/store.ts";

export const STAKING_TOAST_MS = 4000;
export const stakingToastStore = createStore<Toast[]>([]);
let nextId = 1;

export function stakingToast(type: ToastType, title: string, message = ""): number {
  const id = nextId++;
  // addToast merges duplicates; keep only the newest one open.
  stakingToastStore.set((l) => addToast(l, { type, title, message }, id).slice(-1));
  setTimeout(() => stakingToastStore.set((l) => removeToast(l, id)), STAKING_TOAST_MS);
  return id;
}

export const dismissStakingToast = (id: number) => stakingToastStore.set((l) => removeToast(l, id));
export const useStakingToasts = () => useStore(stakingToastStore);
