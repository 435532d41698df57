// One view per staking flow status: authorise, confirm, in progress, complete (View transaction, Done), failed,
// rejected. Used by the stake modal and by the claim modal.
import { useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { env } from "../../config/env.ts";
import { formatBalance } from "../../shared/format.ts";
import { preferredFocus, useFocusRescue } from "../../shared/focusRescue.ts";
import { CheckIcon, WarnIcon } from "../../shared/icons.tsx";
import { isKnownError } from "./rules.ts";
import type { FlowState } from "./stakingMachine.ts";

function TxLink({ hash }: { hash?: string }) {
  const { t } = useTranslation();
  if (!hash) return null;
  const prefix = env.base.blockExplorerURL;
  return prefix ? (
    <a
      className="btn btn-ghost"
      href={`${prefix}${hash}`}
      target="_blank"
      rel="noreferrer"
      data-testid="staking-view-tx"
    >
      {t("staking.status.view_tx")}
    </a>
  ) : (
    <span className="muted small mono staking-hash" data-testid="staking-view-tx" title={hash}>
      {hash.slice(0, 10)}…{hash.slice(-8)}
    </span>
  );
}

type Props = { s: FlowState; onDone: () => void; onRetry?: () => void; extra?: ReactNode };

/** The status of the flow; it replaces the form (or the status) whose control had the focus, so it takes the focus. */
export function FlowStatusView(props: Props) {
  const root = useRef<HTMLDivElement>(null);
  useFocusRescue(props.s.status, () => preferredFocus(root.current), { onMount: true });
  return (
    <div ref={root} className="flow-status">
      <FlowStatus {...props} />
    </div>
  );
}

function FlowStatus({ s, onDone, onRetry, extra }: Props) {
  const { t } = useTranslation();
  if (!s.kind) return null;
  const amount = `${formatBalance(s.amount ?? 0)} ${env.tokenName}`;
  const k = `staking.flow.${s.kind}`;
  const spinner = (id: string, title: string, desc: string, hash?: string) => (
    <div className="status" data-testid={`staking-status-${id}`}>
      <span className="spinner" />
      <h3>{title}</h3>
      <p className="muted">{desc}</p>
      <TxLink hash={hash} />
    </div>
  );
  switch (s.status) {
    case "not_started":
      return spinner("preparing", t("staking.status.preparing"), t("staking.status.preparing_desc"));
    case "approval_pending":
      return s.via === "permit"
        ? spinner(
            "approval_pending",
            t("staking.status.permit"),
            t("staking.status.permit_desc", { token: env.tokenName }),
          )
        : spinner(
            "approval_pending",
            t("staking.status.authorise"),
            t("staking.status.authorise_desc", { token: env.tokenName }),
          );
    case "confirm_pending":
      return spinner(
        "confirm_pending",
        t("staking.status.confirm"),
        s.via === "batch"
          ? t("staking.status.confirm_batch", { amount, token: env.tokenName })
          : t(`${k}.confirm`, { amount }),
      );
    case "in_progess":
      return spinner("in_progess", t("staking.status.in_progress"), t(`${k}.progress`, { amount }), s.hash);
    case "complete":
      return (
        <div className="status status-ok" data-testid="staking-status-complete">
          <span className="status-icon ok">
            <CheckIcon />
          </span>
          <h3>{t(`${k}.success_title`)}</h3>
          <p className="muted">{t(`${k}.success`, { amount })}</p>
          <div className="status-actions">
            <TxLink hash={s.hash} />
            {extra}
            <button className="btn btn-primary" onClick={onDone} data-testid="staking-done">
              {t("staking.status.done")}
            </button>
          </div>
        </div>
      );
    case "failed": {
      const known = isKnownError(s.errorName);
      return (
        <div className="status status-bad" data-testid="staking-status-failed">
          <span className="status-icon bad">
            <WarnIcon />
          </span>
          <h3>{t("staking.status.failed")}</h3>
          <p className="muted" data-testid="staking-failed-reason">
            {known
              ? t(`staking.errors.${s.errorName}`)
              : t(s.approvalMined ? "staking.status.deposit_failed" : "staking.status.failed_desc")}
          </p>
          {s.approvalMined && (
            <p className="muted" data-testid="staking-failed-approval">
              {t("staking.status.approval_kept")}
            </p>
          )}
          <div className="status-actions">
            <TxLink hash={s.hash} />
            {onRetry && (
              <button className="btn btn-ghost" onClick={onRetry} data-testid="staking-retry">
                {t("staking.status.try_again")}
              </button>
            )}
            <button className="btn btn-primary" onClick={onDone} data-testid="staking-close">
              {t("common.close")}
            </button>
          </div>
        </div>
      );
    }
    case "rejected":
      return (
        <div className="status status-bad" data-testid="staking-status-rejected">
          <span className="status-icon bad">
            <WarnIcon />
          </span>
          <h3>{t("staking.status.rejected")}</h3>
          <p className="muted">{t("staking.status.rejected_desc")}</p>
          <div className="status-actions">
            {onRetry && (
              <button className="btn btn-ghost" onClick={onRetry} data-testid="staking-retry">
                {t("staking.status.try_again")}
              </button>
            )}
            <button className="btn btn-primary" onClick={onDone} data-testid="staking-close">
              {t("common.close")}
            </button>
          </div>
        </div>
      );
  }
}
