import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useTopLayer } from "../../shared/topLayer.ts";
import { dismissStakingToast, STAKING_TOAST_MS, useStakingToasts } from "./stakingToast.ts";

/** Staking-page toasts: bottom-right, one at a time, 4 s with a progress bar. */
export function StakingToasts() {
  const { t: tr } = useTranslation();
  const toasts = useStakingToasts();
  const list = useRef<HTMLDivElement>(null);
  useTopLayer(list, toasts, toasts.length > 0);
  return (
    <div ref={list} className="toasts staking-toasts" popover="manual" aria-live="polite" data-testid="staking-toasts">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.type}`} data-testid={`staking-toast-${t.type}`} role="status">
          <div className="toast-body">
            <strong>{t.title}{t.count > 0 ? ` (${t.count + 1})` : ""}</strong>
            {t.message && <span>{t.message}</span>}
          </div>
          <button className="icon-btn" onClick={() => dismissStakingToast(t.id)} aria-label={tr("toast.close")} data-testid="staking-toast-dismiss">×</button>
          <span className="toast-progress" style={{ animationDuration: `${STAKING_TOAST_MS}ms` }} />
        </div>
      ))}
    </div>
  );
}
