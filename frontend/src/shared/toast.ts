// Toasts: id, title, message, type and a count of duplicates; inactive -> active -> removed.
import { createStore } from "./store.ts";

export type ToastType = "error" | "success" | "info" | "warning";
export type ToastState = "inactive" | "active" | "removed";
export type Toast = { id: number; title: string; message: string; type: ToastType; count: number; state: ToastState };

export const toastStore = createStore<Toast[]>([]);
let nextId = 1;
export const MAX_TOASTS = 3;

export function addToast(list: Toast[], t: Omit<Toast, "id" | "count" | "state">, id: number): Toast[] {
  const dup = list.find((x) => x.state !== "removed" && x.title === t.title && x.message === t.message && x.type === t.type);
  if (dup) return list.map((x) => (x === dup ? { ...x, count: x.count + 1 } : x));
  const active = [...list.filter((x) => x.state !== "removed"), { ...t, id, count: 0, state: "active" as const }];
  return active.slice(-MAX_TOASTS);
}

export function removeToast(list: Toast[], id: number): Toast[] {
  return list.filter((x) => x.id !== id);
}

export function toast(type: ToastType, title: string, message = "", timeoutMs = 7000): number {
  const id = nextId++;
  toastStore.set((l) => addToast(l, { type, title, message }, id));
  if (timeoutMs > 0) setTimeout(() => toastStore.set((l) => removeToast(l, id)), timeoutMs);
  return id;
}

export const dismissToast = (id: number) => toastStore.set((l) => removeToast(l, id));
