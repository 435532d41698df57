// Toasts: id, title, message, type and a count of duplicates; inactive -> active -> removed. One list for the whole
// app; a page sets its own options (duration, how many at once, where) while it is mounted (useToastOptions).
import { useEffect } from "react";
import { env } from "../config/env.ts";
import { createStore } from "./store.ts";

export type ToastType = "error" | "success" | "info" | "warning";
type ToastState = "inactive" | "active" | "removed";
export type Toast = {
  id: number;
  title: string;
  message: string;
  type: ToastType;
  count: number;
  state: ToastState;
  timeoutMs: number;
};

export type ToastOptions = {
  /** Milliseconds before a toast closes itself (its progress bar runs as long); 0: until dismissed. */
  timeoutMs: number;
  /** Toasts open at once; a new one closes the oldest. */
  max: number;
  placement: "top-right" | "bottom-right";
};

/** Every page but those that set their own (PRODUCT.md §9): 7 s, three at once, under the header. */
export const DEFAULT_TOAST_OPTIONS: ToastOptions = {
  timeoutMs: env.notificationTimeout,
  max: 3,
  placement: "top-right",
};

export const toastStore = createStore<Toast[]>([]);
export const toastOptionsStore = createStore<ToastOptions>(DEFAULT_TOAST_OPTIONS);
let nextId = 1;

export function addToast(
  list: Toast[],
  t: Omit<Toast, "id" | "count" | "state">,
  id: number,
  max = DEFAULT_TOAST_OPTIONS.max,
): Toast[] {
  const dup = list.find(
    (x) => x.state !== "removed" && x.title === t.title && x.message === t.message && x.type === t.type,
  );
  if (dup) return list.map((x) => (x === dup ? { ...x, count: x.count + 1 } : x));
  const active = [...list.filter((x) => x.state !== "removed"), { ...t, id, count: 0, state: "active" as const }];
  return active.slice(-max);
}

export function removeToast(list: Toast[], id: number): Toast[] {
  return list.filter((x) => x.id !== id);
}

/** The removal timer of each shown toast, by id. */
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a toast with the current page's options (`timeoutMs`: this toast's own duration instead). */
export function toast(
  type: ToastType,
  title: string,
  message = "",
  timeoutMs = toastOptionsStore.get().timeoutMs,
): number {
  const { max } = toastOptionsStore.get();
  const fresh = nextId++;
  const list = addToast(toastStore.get(), { type, title, message, timeoutMs }, fresh, max);
  toastStore.set(list);
  // A duplicate merged into a shown toast restarts that toast's timer: it stays its full time after the latest one.
  const id = list.some((x) => x.id === fresh)
    ? fresh
    : (list.find((x) => x.title === title && x.message === message && x.type === type)?.id ?? fresh);
  clearTimeout(timers.get(id));
  if (timeoutMs > 0)
    timers.set(
      id,
      setTimeout(() => {
        timers.delete(id);
        toastStore.set((l) => removeToast(l, id));
      }, timeoutMs),
    );
  return id;
}

export const dismissToast = (id: number) => {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toastStore.set((l) => removeToast(l, id));
};

/** A page's toast options, from its mount to its unmount (`options` must be a constant: it is compared by identity). */
export function useToastOptions(options: ToastOptions): void {
  useEffect(() => {
    toastOptionsStore.set(options);
    return () => toastOptionsStore.set(DEFAULT_TOAST_OPTIONS);
  }, [options]);
}
