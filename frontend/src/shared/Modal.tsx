// Modal with the spec's states hidden -> shown -> hiding (300 ms animation, 150 ms backdrop).
import { useEffect, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { TIMINGS } from "../config/constants.ts";
import { CloseIcon } from "./icons.tsx";

export type ModalState = "hidden" | "shown" | "hiding";

type Props = { open: boolean; onClose: () => void; title?: ReactNode; children: ReactNode; testId: string; wide?: boolean; closeLabel?: string };

export function Modal({ open, onClose, title, children, testId, wide, closeLabel = "Close" }: Props) {
  const [state, setState] = useState<ModalState>(open ? "shown" : "hidden");
  useEffect(() => {
    if (open) setState("shown");
    else if (state === "shown") {
      setState("hiding");
      const id = setTimeout(() => setState("hidden"), TIMINGS.modalAnimMs);
      return () => clearTimeout(id);
    }
    return undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);
  if (state === "hidden") return null;
  return createPortal(
    <div className={`modal-root modal-${state}`} data-testid={`${testId}-root`}>
      <div className="modal-backdrop" onClick={onClose} />
      <div className={`modal-panel${wide ? " modal-wide" : ""}`} role="dialog" aria-modal="true" data-testid={testId}>
        <div className="modal-head">
          {title ? <h3 className="modal-title">{title}</h3> : <span />}
          <button className="icon-btn" onClick={onClose} aria-label={closeLabel} data-testid={`${testId}-close`}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
