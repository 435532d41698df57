// The staking page (PRODUCT.md §2 "Staking page"): title and description; staked (Withdraw), stakeable (Add stake
// when baseClaimable > 0, else Buy and stake), rewards (Claim rewards), total staked and APY cards; the unlock time
// as a date and a countdown. At 1024 px and below the cards become the tabs Stake, Rewards, Info.
import "./staking.css";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { env } from "../../config/env.ts";
import { AMOUNT_DECIMALS, formatBalance, formatNumber } from "../../shared/format.ts";
import { useIsMobileLayout } from "../../shared/hooks.ts";
import { SALE_TOKEN_ICON, TokenIcon } from "../../shared/icons.tsx";
import { useToastOptions, type ToastOptions } from "../../shared/toast.ts";
import { usePresale, type PresaleView } from "../../presale/index.ts";
import { ActivitySection } from "../activity/index.ts";
import { openConnectModal } from "../wallet/index.ts";
import { checkClaim, checkHarvest, checkOpenWithdraw, isDisabledBy } from "./rules.ts";
import { isRunning, useFlow } from "./stakingMachine.ts";
import { StakingHero } from "./StakingHero.tsx";
import { ClaimModal, StakeModal, WithdrawModal } from "./StakingModals.tsx";
import { UnlockCountdown, useDateFormat } from "./UnlockInfo.tsx";
import { useStakingActions, type StakingActions } from "./useStakingActions.ts";
import { useStakeView, useStakingPoll, type StakeView } from "./useStakingData.ts";

/** The staking page's toasts (PRODUCT.md §9): 4 s, one at a time, bottom-right. */
const STAKING_TOASTS: ToastOptions = { timeoutMs: 4000, max: 1, placement: "bottom-right" };

/** The APY as the page shows it: a dash until Base has answered (never a made-up 0 %). */
const apyShown = (v: Pick<StakeView, "loaded" | "apy">) => (v.loaded ? formatNumber(v.apy, 2) : "—");

export type Tab = "stake" | "rewards" | "info";
export const TABS: readonly Tab[] = ["stake", "rewards", "info"];

function Amount({
  value,
  show,
  testId,
  decimals = 4,
}: {
  value: number;
  show: boolean;
  testId: string;
  decimals?: number;
}) {
  return (
    <strong className="stake-amount" data-testid={testId}>
      {show ? (decimals === AMOUNT_DECIMALS ? formatBalance(value) : formatNumber(value, decimals)) : "—"}{" "}
      <small>{env.tokenName}</small>
    </strong>
  );
}

function Card({
  testId,
  label,
  icon,
  children,
  accent,
}: {
  testId: string;
  label: string;
  icon?: ReactNode;
  children: ReactNode;
  accent?: boolean;
}) {
  return (
    <article className={`card stake-card${accent ? " stake-card-accent" : ""}`} data-testid={testId}>
      <header className="stake-card-head">
        {icon}
        <h2>{label}</h2>
      </header>
      {children}
    </article>
  );
}

function StakedCard({ v, a, busy }: { v: StakeView; a: StakingActions; busy: boolean }) {
  const { t } = useTranslation();
  const fmtDate = useDateFormat();
  const block = checkOpenWithdraw(v.ctx, { staked: v.userStaked });
  return (
    <Card
      testId="card-staked"
      label={t("staking.cards.staked")}
      icon={<TokenIcon icon={SALE_TOKEN_ICON} size={28} />}
      accent
    >
      <Amount value={v.userStaked} show={v.connected && v.loaded} testId="staked-amount" />
      {v.heldUntilClaim > 0 && (
        <p className="small muted" data-testid="held-until-claim">
          {t("staking.held_until_claim", { amount: formatBalance(v.heldUntilClaim), token: env.tokenName })}
        </p>
      )}
      {v.userStaked > 0 ? (
        v.canUnstake ? (
          <p className="stake-unlock ok" data-testid="unlock-status">
            {t("staking.unlocked_since", { date: fmtDate(v.unlockTime) })}
          </p>
        ) : (
          <div className="stake-unlock" data-testid="unlock-status">
            <p className="small muted">
              {t("staking.unlocks_on")} <strong data-testid="unlock-date">{fmtDate(v.unlockTime)}</strong>
            </p>
            <UnlockCountdown unlockTime={v.unlockTime} nowSec={v.nowSec} />
          </div>
        )
      ) : (
        <p className="small muted" data-testid="unlock-status">
          {v.connected ? t("staking.nothing_staked") : t("staking.connect_to_see")}
        </p>
      )}
      <div className="stake-card-actions">
        <button
          className="btn btn-outline btn-block"
          disabled={busy || (v.connected && isDisabledBy(block))}
          onClick={() => void a.openWithdraw()}
          data-testid="withdraw-open"
        >
          {t("staking.withdraw")}
        </button>
      </div>
    </Card>
  );
}

function StakeableCard({ v, a, busy }: { v: StakeView; a: StakingActions; busy: boolean }) {
  const { t } = useTranslation();
  const claimable = v.baseClaimable > 0;
  const claimBlock = checkClaim(v.ctx, { baseClaimable: v.baseClaimable, claimLive: v.claimLive });
  return (
    <Card testId="card-stakeable" label={t("staking.cards.stakeable")}>
      <Amount value={v.stakeable} show={v.connected && v.loaded} testId="stakeable-amount" />
      <p className="small muted" data-testid="wallet-balance">
        {t("staking.in_wallet")}{" "}
        <strong>
          {v.connected ? formatBalance(v.userBal) : "—"} {env.tokenName}
        </strong>
      </p>
      <div className="stake-card-actions">
        {claimable ? (
          <button
            className="btn btn-primary btn-block"
            disabled={busy}
            onClick={() => void a.claimAndStake()}
            data-testid="add-stake"
          >
            {t("staking.add_stake")}
          </button>
        ) : (
          <button
            className="btn btn-primary btn-block"
            disabled={busy}
            onClick={() => void a.buyAndStake()}
            data-testid="buy-and-stake-open"
          >
            {t("staking.buy_and_stake", { apy: apyShown(v) })}
          </button>
        )}
        {v.connected && v.userBal > 0 && (
          <button
            className="btn btn-ghost btn-block"
            disabled={busy}
            onClick={() => void a.openStake()}
            data-testid="stake-open"
          >
            {t(v.userStaked > 0 ? "staking.stake_more_from_wallet" : "staking.stake_from_wallet")}
          </button>
        )}
        {claimable && (
          <button
            className="link small"
            disabled={busy || isDisabledBy(claimBlock)}
            onClick={() => void a.claim()}
            data-testid="claim-to-wallet"
          >
            {t("staking.claim_to_wallet")}
          </button>
        )}
      </div>
    </Card>
  );
}

function RewardsCard({ v, a, busy }: { v: StakeView; a: StakingActions; busy: boolean }) {
  const { t } = useTranslation();
  const block = checkHarvest(v.ctx, { isClaimEnabled: v.isClaimEnabled, reward: v.userReward });
  return (
    <Card testId="card-rewards" label={t("staking.cards.rewards")}>
      <Amount value={v.userReward} show={v.connected && v.loaded} testId="rewards-amount" decimals={6} />
      <p className="small muted">{t("staking.rewards_hint", { apy: apyShown(v) })}</p>
      {!v.isClaimEnabled && (
        <p className="small stake-note" data-testid="claims-locked-note">
          {t("staking.claims_locked_note")}
        </p>
      )}
      <div className="stake-card-actions">
        <button
          className="btn btn-primary btn-block"
          disabled={busy || (v.connected && block === "nothing")}
          onClick={() => void a.harvest()}
          data-testid="claim-rewards"
        >
          {t("staking.claim_rewards")}
        </button>
      </div>
    </Card>
  );
}

function InfoCards({ v }: { v: StakeView }) {
  const { t } = useTranslation();
  const days = Math.round(v.lockTime / 86400);
  return (
    <div className="stake-info-grid" data-testid="info-cards">
      <div className="card stake-stat" data-testid="card-total-staked">
        <span className="muted small">{t("staking.total_staked")}</span>
        <strong data-testid="total-staked">
          {v.loaded ? formatNumber(v.totalStaked, 0) : "—"} <small>{env.tokenName}</small>
        </strong>
      </div>
      <div className="card stake-stat stake-stat-apy" data-testid="card-apy">
        <span className="muted small">{t("staking.apy")}</span>
        <strong data-testid="apy-value">{v.loaded ? `${formatNumber(v.apy, 2)}%` : "—"}</strong>
        <span className="muted small">{t("staking.per_annum")}</span>
      </div>
      <div className="card stake-stat" data-testid="card-lock">
        <span className="muted small">{t("staking.cards.lock")}</span>
        <strong data-testid="lock-days">{t("staking.days", { n: days })}</strong>
      </div>
      <div className="card stake-stat" data-testid="card-share">
        <span className="muted small">{t("staking.cards.pool_share")}</span>
        <strong data-testid="pool-share">
          {v.connected && v.loaded ? `${formatNumber(v.userPoolPercent, 4)}%` : "—"}
        </strong>
      </div>
    </div>
  );
}

export function StakingView({ data }: { data: PresaleView }) {
  const { t } = useTranslation();
  const v = useStakeView(data);
  useToastOptions(STAKING_TOASTS);
  const a = useStakingActions(data, v);
  const flow = useFlow();
  const busy = isRunning(flow);
  const mobile = useIsMobileLayout();
  const [tab, setTab] = useState<Tab>("stake");
  const staked = <StakedCard v={v} a={a} busy={busy} />;
  const stakeable = <StakeableCard v={v} a={a} busy={busy} />;
  const rewards = <RewardsCard v={v} a={a} busy={busy} />;
  const info = <InfoCards v={v} />;
  return (
    <section className="staking container" data-testid="staking-page" data-layout={mobile ? "tabs" : "cards"}>
      <StakingHero>
        {!v.connected && (
          <button className="btn btn-primary" onClick={openConnectModal} data-testid="staking-connect">
            {t("staking.connect")}
          </button>
        )}
        {v.connected && !v.onBase && (
          <p className="staking-banner" data-testid="staking-wrong-chain">
            {t("staking.base_only", { chain: env.base.chainName })}{" "}
            <button className="link" onClick={() => void a.guard("wrong_chain")} data-testid="staking-switch-base">
              {t("staking.switch_to_base", { chain: env.base.chainName })}
            </button>
          </p>
        )}
      </StakingHero>
      {mobile ? (
        <>
          <div className="tabs staking-tabs" role="tablist" data-testid="staking-tabs">
            {TABS.map((k) => (
              <button
                key={k}
                role="tab"
                aria-selected={tab === k}
                className={tab === k ? "active" : ""}
                onClick={() => setTab(k)}
                data-testid={`staking-tab-${k}`}
              >
                {t(`staking.tabs.${k}`)}
              </button>
            ))}
          </div>
          <div className="staking-panel" role="tabpanel" data-testid={`staking-panel-${tab}`}>
            {tab === "stake" && (
              <>
                {staked}
                {stakeable}
              </>
            )}
            {tab === "rewards" && rewards}
            {tab === "info" && info}
          </div>
        </>
      ) : (
        <>
          <div className="staking-grid">
            {staked}
            {stakeable}
            {rewards}
          </div>
          {info}
        </>
      )}
      <StakeModal view={v} actions={a} />
      <WithdrawModal view={v} actions={a} />
      <ClaimModal />
    </section>
  );
}

export default function StakingPage() {
  const data = usePresale();
  useStakingPoll();
  return (
    <>
      <StakingView data={data} />
      <ActivitySection />
    </>
  );
}
