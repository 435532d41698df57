// Toasts above open dialogs: a modal <dialog> sits in the browser's top layer, over any z-index, so the toast list is
// a manual popover, shown again (to the top of the top layer) whenever its content changes while it has toasts.
import { useEffect, type RefObject } from "react";

export function useTopLayer(ref: RefObject<HTMLElement | null>, key: unknown, shown: boolean) {
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== "function") return; // no popover support (old browsers, jsdom): z-index only
    const open = el.matches(":popover-open");
    if (open) el.hidePopover();
    if (shown) el.showPopover();
  }, [ref, key, shown]);
}
