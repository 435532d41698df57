// Confirmation / info popup: icon, title, description, confirm and deny buttons; resolves to the choice.
import { createStore } from "./store.ts";

type PopupIcon = "warning" | "info" | "question" | "error";
export type PopupRequest = {
  icon: PopupIcon;
  title: string;
  description: string;
  confirmLabel: string;
  denyLabel?: string;
  testId?: string;
};
type Open = PopupRequest & { resolve: (ok: boolean) => void };

export const popupStore = createStore<Open | null>(null);

export function openPopup(req: PopupRequest): Promise<boolean> {
  const prev = popupStore.get();
  if (prev) prev.resolve(false);
  return new Promise((resolve) => popupStore.set({ ...req, resolve }));
}

export function closePopup(ok: boolean) {
  const cur = popupStore.get();
  if (!cur) return;
  popupStore.set(null);
  cur.resolve(ok);
}
