// Modal with the product's states hidden -> shown -> hiding (300 ms animation, 150 ms backdrop), on a native <dialog>
// opened with showModal(): the rest of the page is inert (focus stays inside), Escape closes, the dialog is named
// by its title (or `label`), focus moves into it (the `data-autofocus` control, else its first field, else its first
// control) and returns to what had it when it closes.
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject, type SyntheticEvent } from "react";
import { createPortal } from "react-dom";
import { TIMINGS } from "../config/constants.ts";
import { focusElement, followReplacedOpener, openerFallback } from "./focusRescue.ts";
import { CloseIcon } from "./icons.tsx";
import { motionMs } from "./motion.ts";

export type ModalState = "hidden" | "shown" | "hiding";

type Props = {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** Accessible name when the dialog has no visible title (a popup names itself by its own heading text). */
  label?: string;
  children: ReactNode;
  testId: string;
  wide?: boolean;
  closeLabel?: string;
};

/**
 * Ends the modal state and returns focus to the opener, unless the visitor already moved it elsewhere. An opener
 * replaced while the dialog was open (the connect button by the form) hands over to what replaced it (focusRescue.ts).
 */
function release(d: HTMLDialogElement, opener: RefObject<Element | null>, openerAncestors: RefObject<Element[]>) {
  const focusInside = d.contains(document.activeElement) || document.activeElement === document.body;
  if (typeof d.close === "function" && d.open) d.close();
  else d.removeAttribute("open");
  const back = opener.current;
  opener.current = null;
  if (!focusInside) return;
  if (back instanceof HTMLElement && back.isConnected) {
    back.focus();
    followReplacedOpener(back, openerAncestors.current);
  } else focusElement(openerFallback(openerAncestors.current));
}

const ancestorsOf = (el: Element | null) => {
  const out: Element[] = [];
  for (let a = el?.parentElement; a; a = a.parentElement) out.push(a);
  return out;
};

export function Modal({ open, onClose, title, label, children, testId, wide, closeLabel = "Close" }: Props) {
  const [state, setState] = useState<ModalState>(open ? "shown" : "hidden");
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const openerAncestors = useRef<Element[]>([]);
  const titleId = useId();
  // Opening shows it; closing a shown modal starts the fade-out (state adjusted while rendering, as React documents).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setState("shown");
    else if (state === "shown") setState("hiding");
  }
  useEffect(() => {
    if (state !== "hiding") return;
    const id = setTimeout(() => setState("hidden"), motionMs(TIMINGS.modalAnimMs));
    return () => clearTimeout(id);
  }, [state]);
  const mounted = state !== "hidden";
  useEffect(() => {
    const d = dialog.current;
    if (!mounted || !d) return;
    opener.current = document.activeElement;
    openerAncestors.current = ancestorsOf(document.activeElement);
    if (typeof d.showModal === "function") {
      if (!d.open) d.showModal();
    } else d.setAttribute("open", ""); // environments without <dialog> support (jsdom)
    // Focus the control marked data-autofocus, else the first field, else the first control. showModal() focuses the
    // first focusable one, the close button; React's autoFocus runs earlier, while the closed dialog takes no focus.
    const preferred =
      d.querySelector<HTMLElement>("[data-autofocus]") ??
      d.querySelector<HTMLElement>("input:not([disabled]):not([type=hidden])");
    if (preferred) preferred.focus();
    else if (!d.contains(document.activeElement))
      d.querySelector<HTMLElement>("button:not([disabled]), a[href]")?.focus();
    return () => release(d, opener, openerAncestors);
  }, [mounted]);
  // Closing: the page stops being inert at once (not after the fade-out), and focus goes back to where it was.
  useEffect(() => {
    const d = dialog.current;
    if (state !== "hiding" || !d) return;
    release(d, opener, openerAncestors);
    d.setAttribute("open", ""); // shown, non-modal, for the fade-out only
  }, [state]);
  if (!mounted) return null;
  const onCancel = (e: SyntheticEvent) => {
    e.preventDefault(); // Escape: close through the app's state (animation, flow resets), not natively
    onClose();
  };
  return createPortal(
    <dialog
      ref={dialog}
      className={`modal-root modal-${state}`}
      data-testid={`${testId}-root`}
      onCancel={onCancel}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : label}
    >
      <div className="modal-backdrop" onClick={onClose} />
      <div className={`modal-panel${wide ? " modal-wide" : ""}`} data-testid={testId}>
        <div className="modal-head">
          {title ? (
            <h2 className="modal-title" id={titleId}>
              {title}
            </h2>
          ) : (
            <span />
          )}
          <button className="icon-btn" onClick={onClose} aria-label={closeLabel} data-testid={`${testId}-close`}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </dialog>,
    document.body,
  );
}
