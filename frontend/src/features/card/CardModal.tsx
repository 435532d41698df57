// The card on-ramp modal (PRODUCT.md §2 "Other modals"): a disclaimer with Continue, then a loading view while
// the widget opens. The flow (flow.ts) opens it about 1 s after Buy with card and closes it when the widget loads.
import { useTranslation } from "react-i18next";
import { env } from "../../config/env.ts";
import { formatNumber, formatTokens } from "../../shared/format.ts";
import { Modal } from "../../shared/Modal.tsx";
import { useWallet } from "../../chain/index.ts";
import { cancelCard, continueCard, useCardUi, type CardPhase } from "./cardUi.ts";
import { useLastKept } from "../../shared/hooks.ts";

const row = { display: "flex", justifyContent: "space-between", gap: 12, margin: 0 } as const;

export default function CardModal() {
  const { t } = useTranslation();
  const ui = useCardUi();
  const { address } = useWallet();
  // While the modal animates out, keep showing what it showed.
  const view = useLastKept(ui.phase, (p): p is Exclude<CardPhase, "idle"> => p !== "idle", "disclaimer");
  const tokens = formatTokens(ui.tokens ?? 0);
  return (
    <Modal
      open={ui.phase !== "idle"}
      onClose={cancelCard}
      title={t("card.title")}
      testId="card-modal"
      closeLabel={t("common.close")}
    >
      {view === "loading" ? (
        <div className="status" data-testid="card-loading" role="status" aria-live="polite">
          <span className="spinner" />
          <h3>{t("card.loading")}</h3>
          <p className="muted">{t("card.loading_desc")}</p>
        </div>
      ) : (
        <div className="swap-form" data-testid="card-disclaimer">
          <div
            className="price-line"
            style={{ flexDirection: "column", alignItems: "stretch", gap: 6 }}
            data-testid="card-summary"
          >
            <p style={row}>
              <span className="muted">{t("card.you_receive")}</span>
              <strong data-testid="card-summary-tokens">
                {tokens} {env.tokenName}
              </strong>
            </p>
            {ui.ethAmount ? (
              <p style={row}>
                <span className="muted">{t("card.card_pays")}</span>
                <span data-testid="card-summary-eth">{formatNumber(ui.ethAmount, 8)} ETH</span>
              </p>
            ) : null}
            <p style={row}>
              <span className="muted">{t("card.network")}</span>
              <span>{env.base.chainName}</span>
            </p>
            {address && (
              <p style={row}>
                <span className="muted">{t("card.wallet")}</span>
                <span className="mono">
                  {address.slice(0, 6)}…{address.slice(-5)}
                </span>
              </p>
            )}
            {ui.stake && (
              <p className="small" style={{ margin: 0, color: "var(--accent)" }} data-testid="card-summary-stake">
                {t("card.staked")}
              </p>
            )}
          </div>
          <p className="muted small" style={{ margin: 0 }}>
            {t("card.disclaimer_provider")}
          </p>
          <p className="muted small" style={{ margin: 0 }}>
            {t("card.disclaimer_amount", { chain: env.base.chainName })}
          </p>
          <p className="muted small" style={{ margin: 0 }}>
            {t("card.disclaimer_risk")}
          </p>
          <div className="swap-actions">
            <button
              className="btn btn-native btn-block"
              onClick={continueCard}
              data-testid="card-modal-continue"
              data-autofocus
            >
              {t("common.continue")}
            </button>
            <button className="btn btn-ghost btn-block" onClick={cancelCard} data-testid="card-modal-cancel">
              {t("common.cancel")}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
