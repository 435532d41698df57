// The staking modals: stake (creation / extension), withdraw, and the claim modal (progress of claim, claim and
// stake, withdraw and harvest, with success and rejection). Buy-and-stake is the buy feature's swap modal.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { env } from "../../config/env.ts";
import { formatBalance } from "../../shared/format.ts";
import { SALE_TOKEN_ICON, TokenIcon } from "../../shared/icons.tsx";
import { Modal } from "../../shared/Modal.tsx";
import { noPaste, sanitizeAmountInput } from "../../shared/inputFilters.ts";
import { localizePath, stripLang, useCurrentLang } from "../i18n/index.ts";
import { FlowStatusView } from "./FlowStatusView.tsx";
import { checkStakeAmount, isDisabledBy, maxStake, STAKE_DECIMALS } from "./rules.ts";
import { DEPOSIT_FLOWS, dispatchFlow, isRunning, useFlow } from "./stakingMachine.ts";
import { closeStakingModal, useStakingUi } from "./stakingUi.ts";
import type { StakingActions } from "./useStakingActions.ts";
import type { StakeView } from "./useStakingData.ts";
import { UnlockCountdown, useDateFormat } from "./UnlockInfo.tsx";

/** Closing resets a finished flow; a running one keeps going (its toast reports the end). */
function close() {
  closeStakingModal();
}

export function StakeModal({ view, actions }: { view: StakeView; actions: StakingActions }) {
  const { t } = useTranslation();
  const { modal } = useStakingUi();
  const flow = useFlow();
  const [amount, setAmount] = useState("");
  const fmtDate = useDateFormat();
  const open = modal === "stake";
  const extend = view.userStaked > 0;
  const showStatus = !!flow.kind && DEPOSIT_FLOWS.includes(flow.kind);
  const n = Number(amount) || 0;
  const amountBlock = checkStakeAmount(n, view.userBal);
  const busy = isRunning(flow);
  const done = () => {
    if (!busy) {
      dispatchFlow({ type: "RESET" });
      setAmount("");
    }
    close();
  };
  const newUnlock = view.nowSec + view.lockTime; // chain time
  return (
    <Modal
      open={open}
      onClose={done}
      title={t(extend ? "staking.stake_modal.title_extend" : "staking.stake_modal.title")}
      testId="stake-modal"
      closeLabel={t("common.close")}
    >
      {showStatus ? (
        <FlowStatusView s={flow} onDone={done} onRetry={() => dispatchFlow({ type: "RESET" })} />
      ) : (
        <div className="stake-form" data-testid="stake-form">
          <div className="stake-balance" data-testid="stake-balance">
            <span className="muted">{t("staking.stake_modal.balance")}</span>
            <strong>
              {formatBalance(view.userBal)} {env.tokenName}
            </strong>
          </div>
          <label className="field">
            <span className="field-label">{t("staking.stake_modal.amount")}</span>
            <span className="field-input">
              <input
                inputMode="decimal"
                placeholder="0"
                value={amount}
                onPaste={noPaste}
                data-testid="stake-amount"
                aria-label={t("staking.stake_modal.amount")}
                onChange={(e) => setAmount((prev) => sanitizeAmountInput(e.target.value, STAKE_DECIMALS) ?? prev)}
              />
              <button
                className="chip"
                type="button"
                onClick={() => {
                  const m = maxStake(view.userBal);
                  setAmount(m > 0 ? String(m) : "0");
                }}
                data-testid="stake-max"
              >
                {t("staking.stake_modal.max")}
              </button>
              <TokenIcon icon={SALE_TOKEN_ICON} size={24} />
            </span>
          </label>
          {amountBlock === "amount_not_below_balance" && n > 0 ? (
            <p className="warn" data-testid="stake-error-balance">
              {t("staking.stake_modal.below_balance")}
            </p>
          ) : (
            <p className="muted small" data-testid="stake-hint">
              {t("staking.stake_modal.hint", { token: env.tokenName })}
            </p>
          )}
          {n > 0 && view.apy > 0 && (
            <p className="small stake-estimate" data-testid="stake-estimate">
              {t("staking.stake_modal.estimate", {
                amount: formatBalance((n * view.apy) / 100),
                token: env.tokenName,
                apy: view.apy,
              })}
            </p>
          )}
          <p className="muted small" data-testid="stake-lock-note">
            {t(extend ? "staking.stake_modal.lock_note_extend" : "staking.stake_modal.lock_note", {
              date: fmtDate(newUnlock),
            })}
          </p>
          {extend && (
            <p className="small stake-note" data-testid="stake-lock-restart">
              {t("staking.stake_modal.own_topup_restarts_lock")}
            </p>
          )}
          {view.depositsLocked && (
            <p className="warn" data-testid="stake-deposits-locked">
              {t("staking.deposits_locked")}
            </p>
          )}
          <div className="stake-modal-actions">
            <button className="btn btn-ghost" onClick={done} data-testid="stake-cancel">
              {t("common.cancel")}
            </button>
            <button
              className="btn btn-primary"
              disabled={busy || isDisabledBy(amountBlock) || view.depositsLocked}
              onClick={() => void actions.stake(amount)}
              data-testid="stake-submit"
            >
              {t("staking.stake_modal.submit")}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}

export function WithdrawModal({ view, actions }: { view: StakeView; actions: StakingActions }) {
  const { t } = useTranslation();
  const { modal } = useStakingUi();
  const fmtDate = useDateFormat();
  const staked = view.userStaked;
  return (
    <Modal
      open={modal === "withdraw"}
      onClose={close}
      title={t("staking.withdraw_modal.title")}
      testId="withdraw-modal"
      closeLabel={t("common.close")}
    >
      <div className="withdraw-body" data-testid="withdraw-body">
        <div className="stake-balance" data-testid="withdraw-staked">
          <span className="muted">{t("staking.withdraw_modal.staked")}</span>
          <strong>
            {formatBalance(staked)} {env.tokenName}
          </strong>
        </div>
        {staked > 0 && view.heldUntilClaim === 0 && (
          <p className="muted" data-testid="withdraw-text">
            {t("staking.withdraw_modal.text", { amount: `${formatBalance(staked)} ${env.tokenName}` })}
          </p>
        )}
        {view.heldUntilClaim > 0 && (
          <p className={view.withdrawable > 0 ? "muted small" : "warn"} data-testid="withdraw-held">
            {t(view.withdrawable > 0 ? "staking.withdraw_modal.held_rest" : "staking.withdraw_modal.held_only", {
              held: `${formatBalance(view.heldUntilClaim)} ${env.tokenName}`,
              amount: `${formatBalance(view.withdrawable)} ${env.tokenName}`,
            })}
          </p>
        )}
        {staked > 0 && !view.canUnstake && (
          <div className="withdraw-locked" data-testid="withdraw-locked">
            <p className="small">{t("staking.withdraw_modal.locked_until", { date: fmtDate(view.unlockTime) })}</p>
            <UnlockCountdown unlockTime={view.unlockTime} nowSec={view.nowSec} />
          </div>
        )}
        {view.withdrawalsLocked && (
          <p className="warn" data-testid="withdraw-owner-locked">
            {t("staking.withdrawals_locked")}
          </p>
        )}
        <div className="stake-modal-actions">
          <button className="btn btn-ghost" onClick={close} data-testid="withdraw-cancel">
            {t("common.cancel")}
          </button>
          <button
            className="btn btn-primary"
            disabled={!(view.withdrawable > 0) || !view.canUnstake || view.withdrawalsLocked}
            onClick={() => void actions.withdraw()}
            data-testid="withdraw-submit"
          >
            {t("staking.withdraw_modal.submit")}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** The claim modal: progress and result of claim, claim and stake, withdraw and claim rewards. */
export function ClaimModal() {
  const { t } = useTranslation();
  const { modal } = useStakingUi();
  const flow = useFlow();
  const navigate = useNavigate();
  const lang = useCurrentLang();
  const { pathname } = useLocation();
  const onStaking = stripLang(pathname) === "/staking";
  const open = modal === "tx";
  const done = () => {
    if (!isRunning(flow)) dispatchFlow({ type: "RESET" });
    close();
  };
  const toStaking =
    !onStaking && (flow.kind === "claim" || flow.kind === "claimAndStake") ? (
      <button
        className="btn btn-ghost"
        onClick={() => {
          done();
          void navigate(localizePath("/staking", lang));
        }}
        data-testid="claim-to-staking"
      >
        {t("staking.claim_modal.to_staking")}
      </button>
    ) : null;
  return (
    <Modal
      open={open}
      onClose={done}
      title={flow.kind ? t(`staking.flow.${flow.kind}.title`) : ""}
      testId="claim-modal"
      closeLabel={t("common.close")}
    >
      {flow.kind && <FlowStatusView s={flow} onDone={done} extra={toStaking} />}
    </Modal>
  );
}
