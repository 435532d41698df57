import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useTopLayer } from "./topLayer.ts";
import { dismissToast, toastOptionsStore, toastStore } from "./toast.ts";
import { useStore } from "./store.ts";

/** The app's one toast list, placed as the current page's options say. */
export function Toasts() {
  const { t: tr } = useTranslation();
  const toasts = useStore(toastStore);
  const { placement } = useStore(toastOptionsStore);
  const list = useRef<HTMLDivElement>(null);
  useTopLayer(list, toasts, toasts.length > 0);
  return (
    <div ref={list} className={`toasts toasts-${placement}`} popover="manual" aria-live="polite" data-testid="toasts">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.type}`} data-testid={`toast-${t.type}`} role="status">
          <div className="toast-body">
            <strong>
              {t.title}
              {t.count > 0 ? ` (${t.count + 1})` : ""}
            </strong>
            {t.message && <span>{t.message}</span>}
          </div>
          <button
            className="icon-btn"
            onClick={() => dismissToast(t.id)}
            aria-label={tr("toast.close")}
            data-testid="toast-dismiss"
          >
            ×
          </button>
          {t.timeoutMs > 0 && <span className="toast-progress" style={{ animationDuration: `${t.timeoutMs}ms` }} />}
        </div>
      ))}
    </div>
  );
}
