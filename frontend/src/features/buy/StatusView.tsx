// One view per swap status (PRODUCT.md §2 "Views by status").
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { blockById, env } from "../../config/env.ts";
import { formatTokens } from "../../shared/format.ts";
import { CheckIcon, WarnIcon } from "../../shared/icons.tsx";
import { useCurrentLang, localizePath } from "../i18n/index.ts";
import { failureText, rejectionText } from "./statusText.ts";
import { dispatchSwap, type SwapState } from "./swapMachine.ts";

function TxLink({ s }: { s: SwapState }) {
  const { t } = useTranslation();
  const prefix = blockById(s.chainId)?.blockExplorerURL ?? "";
  if (!s.hash) return null;
  return prefix ? (
    <a
      className="btn btn-ghost"
      href={`${prefix}${s.hash}`}
      target="_blank"
      rel="noreferrer"
      data-testid="view-transaction"
    >
      {t("status.view_tx")}
    </a>
  ) : (
    <span className="muted small mono" data-testid="view-transaction">
      {s.hash.slice(0, 10)}…{s.hash.slice(-8)}
    </span>
  );
}

/**
 * Holds the status views while a purchase runs. The status replaces the form in place, and on a phone the Buy button
 * that started it sits well below the form's top: the page would be left showing the status under the sticky header.
 * It is brought into view once, when it appears, and its changes are announced politely to screen readers.
 */
export function StatusFrame({ children }: { children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  // A block body: Chromium's scrollIntoView returns a promise, which React would take for a cleanup function.
  useEffect(() => {
    frame.current?.scrollIntoView?.({ block: "nearest" });
  }, []);
  return (
    <div ref={frame} className="status-frame" aria-live="polite" data-testid="swap-status-frame">
      {children}
    </div>
  );
}

export function StatusView({
  s,
  inModal,
  onContinueCard,
  onDone,
}: {
  s: SwapState;
  inModal: boolean;
  onContinueCard?: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useCurrentLang();
  // Start again returns to the form, in a modal too; Buy more after a purchase ends the modal's job (onDone).
  const again = () => dispatchSwap({ type: "RESET" });
  const more = () => {
    dispatchSwap({ type: "RESET" });
    onDone?.();
  };
  const restart = (
    <button className="btn btn-primary" onClick={again} data-testid="start-again">
      {t("status.start_again")}
    </button>
  );
  // Tokens bought on Ethereum go to the Base address the order named (PRODUCT.md §1 "One ladder on two chains").
  const toBase = s.recipient && (
    <p className="small status-recipient" data-testid="status-recipient">
      {t("recipient.on_base_to", { address: s.recipient })}
    </p>
  );
  switch (s.status) {
    case "in_progess":
      return (
        <div className="status" data-testid="swap-status-in_progess">
          <span className="spinner" />
          <h3>{t("status.in_progress")}</h3>
          <p className="muted">{t("status.in_progress_desc")}</p>
          {toBase}
          <TxLink s={s} />
        </div>
      );
    case "confirm_pending":
      return (
        <div className="status" data-testid="swap-status-confirm_pending">
          <span className="spinner" />
          <h3>{t("status.confirm")}</h3>
          <p className="muted">{t(s.via === "batch" ? "status.confirm_batch_desc" : "status.confirm_desc")}</p>
          {toBase}
        </div>
      );
    case "approval_pending":
      return (
        <div className="status" data-testid="swap-status-approval_pending">
          <span className="spinner" />
          <h3>{t(s.via === "permit" ? "status.permit" : "status.authorise")}</h3>
          <p className="muted">{t(s.via === "permit" ? "status.permit_desc" : "status.authorise_desc")}</p>
          {toBase}
        </div>
      );
    case "wert_inprogress":
      return (
        <div className="status" data-testid="swap-status-wert_inprogress">
          <span className="spinner" />
          <h3>{t("status.card_pending")}</h3>
          <p className="muted">{t("status.card_pending_desc")}</p>
          <button className="btn btn-primary" onClick={onContinueCard} data-testid="card-continue">
            {t("common.continue")}
          </button>
        </div>
      );
    case "complete": {
      const onBase = s.chainId === env.base.chainIdInt;
      return (
        <div className="status status-ok" data-testid="swap-status-complete">
          <span className="status-icon ok">
            <CheckIcon />
          </span>
          <h3>{t("status.success")}</h3>
          <p className="muted">
            {/* An Ethereum purchase is credited on Base, to the address the order named, not to this balance. */}
            {t(
              s.stake ? "status.success_staked" : s.recipient ? "status.success_for_recipient" : "status.success_desc",
              {
                amount: formatTokens(s.tokens ?? 0),
                token: env.tokenName,
              },
            )}
          </p>
          {toBase}
          <div className="status-actions">
            <TxLink s={s} />
            <button className="btn btn-ghost" onClick={more} data-testid="buy-more">
              {t("status.buy_more")}
            </button>
            {onBase && !inModal && !s.stake && (
              <button
                className="btn btn-primary"
                onClick={() => {
                  dispatchSwap({ type: "RESET" });
                  void navigate(localizePath("/staking", lang));
                }}
                data-testid="stake-now"
              >
                {t("status.stake_now")}
              </button>
            )}
          </div>
        </div>
      );
    }
    case "failed": {
      // The real cause: the contract's custom error, or the card provider's decline; the generic text otherwise.
      const { title, desc } = failureText(t, s);
      return (
        <div className="status status-bad" data-testid="swap-status-failed" data-revert={s.revert}>
          <span className="status-icon bad">
            <WarnIcon />
          </span>
          <h3>{title}</h3>
          <p className="muted" data-testid="swap-status-reason">
            {desc}
          </p>
          <div className="status-actions">
            <TxLink s={s} />
            {restart}
          </div>
        </div>
      );
    }
    case "rejected": {
      // "Declined in your wallet" only for a wallet's refusal; the card widget has its own words.
      const { title, desc } = rejectionText(t, s);
      return (
        <div className="status status-bad" data-testid="swap-status-rejected">
          <span className="status-icon bad">
            <WarnIcon />
          </span>
          <h3>{title}</h3>
          <p className="muted" data-testid="swap-status-reason">
            {desc}
          </p>
          <div className="status-actions">{restart}</div>
        </div>
      );
    }
    default:
      return null;
  }
}
