import { useTranslation } from "react-i18next";
import { Modal } from "./Modal.tsx";
import { closePopup, popupStore } from "./popup.ts";
import { useStore } from "./store.ts";

const ICON: Record<string, string> = { warning: "!", info: "i", question: "?", error: "×" };

export function Popup() {
  const { t } = useTranslation();
  const p = useStore(popupStore);
  return (
    <Modal
      open={!!p}
      onClose={() => closePopup(false)}
      testId={p?.testId ?? "popup"}
      label={p?.title}
      closeLabel={t("common.close")}
    >
      {p && (
        <div className="popup">
          <div className={`popup-icon popup-icon-${p.icon}`}>{ICON[p.icon]}</div>
          <h3>{p.title}</h3>
          <p>{p.description}</p>
          <div className="popup-actions">
            {p.denyLabel && (
              <button className="btn btn-ghost" onClick={() => closePopup(false)} data-testid="popup-deny">
                {p.denyLabel}
              </button>
            )}
            <button className="btn btn-primary" onClick={() => closePopup(true)} data-testid="popup-confirm">
              {p.confirmLabel}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
