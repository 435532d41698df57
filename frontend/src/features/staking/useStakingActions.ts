// Glue between the staking views and the flows: the rules of PRODUCT.md §5 (connect modal, switch-to-Base popup,
// claim_not_live popup), the run itself over the real chain adapter, the result toast and the data refresh.
import { useTranslation } from "react-i18next";
import { env } from "../../config/env.ts";
import { formatBalance } from "../../shared/format.ts";
import { openPopup } from "../../shared/popup.ts";
import { toast } from "../../shared/toast.ts";
import { pushAnalytics } from "../../shared/tracking.ts";
import { openSwapModal } from "../buy/index.ts";
import type { PresaleView } from "../../presale/index.ts";
import { useEnsureChain, openConnectModal } from "../wallet/index.ts";
import { loadWagmiIO, loadWagmiWalletIO, useWallet } from "../../chain/index.ts";
import type { FlowResult } from "./flows.ts";
import {
  checkClaim,
  checkHarvest,
  checkOpenStake,
  checkOpenWithdraw,
  checkStake,
  checkWithdraw,
  isKnownError,
  type Block,
} from "./rules.ts";
import { dispatchFlow, getFlow, isFinal, isRunning, type FlowKind } from "./stakingMachine.ts";
import { closeStakingModal, openStakingModal } from "./stakingUi.ts";
import type { StakeView } from "./useStakingData.ts";

/** Sale-token wei from a decimal string ("12.5" -> 12.5e18), without floating point. */
function toWei(amount: string, decimals = 18): bigint {
  const [int = "0", frac = ""] = amount.trim().split(".");
  if (!/^\d*$/.test(int) || !/^\d*$/.test(frac)) return 0n;
  return BigInt(int || "0") * 10n ** BigInt(decimals) + BigInt((frac + "0".repeat(decimals)).slice(0, decimals) || "0");
}

export function useStakingActions(data: PresaleView, view: StakeView) {
  const { t } = useTranslation();
  const { address } = useWallet();
  const { switchTo } = useEnsureChain();

  /** Applies a rule's verdict; resolves true when the action may go on. */
  async function guard(block: Block | null): Promise<boolean> {
    switch (block) {
      case null:
        return true;
      case "connect":
        openConnectModal();
        return false;
      case "wrong_chain": {
        const ok = await openPopup({
          icon: "info",
          title: t("popup.change_network"),
          description: t("staking.popup.switch_to_base", { chain: env.base.chainName }),
          confirmLabel: t("common.ok"),
          denyLabel: t("common.cancel"),
          testId: "popup-switch-base",
        });
        return ok ? switchTo(env.base) : false;
      }
      case "claim_not_live":
        await openPopup({
          icon: "info",
          title: t("staking.popup.claim_not_live_title"),
          description: t("popup.claim_not_live"),
          confirmLabel: t("common.ok"),
          testId: "popup-claim-not-live",
        });
        return false;
      default:
        return false;
    }
  }

  async function run(kind: FlowKind, deposit?: { wei: bigint; display: number }): Promise<FlowResult | undefined> {
    if (!address || isRunning(getFlow())) return undefined;
    if (isFinal(getFlow()) || getFlow().kind) dispatchFlow({ type: "RESET" });
    const b = env.base;
    const [{ runStakingFlow }, { wagmiIO }, { wagmiWalletIO }] = await Promise.all([
      import("./flows.ts"),
      loadWagmiIO(),
      loadWagmiWalletIO(),
    ]);
    pushAnalytics(env.production, `staking_${kind}_started`, { chainId: b.chainIdInt });
    const display =
      deposit?.display ??
      (kind === "harvest" ? view.userReward : kind === "withdraw" ? view.userStaked : view.baseClaimable);
    const res = await runStakingFlow(
      wagmiIO(b.chainIdInt, address),
      {
        kind,
        account: address,
        presale: b.presaleAddress,
        staking: b.stakingAddress as `0x${string}`,
        saleToken: b.saleTokenAddress || data.base?.saleToken,
        amount: deposit?.wei,
        display,
        chainId: b.chainIdInt,
      },
      dispatchFlow,
      wagmiWalletIO(b.chainIdInt, address),
    );
    pushAnalytics(env.production, `staking_${kind}_${res.outcome}`, { chainId: b.chainIdInt });
    const amount = `${formatBalance(display)} ${env.tokenName}`;
    if (res.outcome === "complete")
      toast("success", t(`staking.toast.${kind}_done`), t(`staking.flow.${kind}.success`, { amount }));
    else if (res.outcome === "failed") {
      const { errorName } = getFlow();
      toast(
        "error",
        t("staking.toast.failed"),
        isKnownError(errorName) ? t(`staking.errors.${errorName}`) : t("staking.status.failed_desc"),
      );
    }
    void data.refetch();
    return res;
  }

  const inTxModal = async (kind: FlowKind) => {
    if (isRunning(getFlow())) return;
    dispatchFlow({ type: "RESET" });
    openStakingModal("tx");
    await run(kind);
  };

  return {
    guard,
    /** Stakeable card / home widget: claim the presale deposit into the wallet. */
    async claim() {
      if (await guard(checkClaim(view.ctx, { baseClaimable: view.baseClaimable, claimLive: view.claimLive })))
        await inTxModal("claim");
    },
    /** Claim and stake in one step (presale.claimAndStake). */
    async claimAndStake() {
      if (await guard(checkClaim(view.ctx, { baseClaimable: view.baseClaimable, claimLive: view.claimLive })))
        await inTxModal("claimAndStake");
    },
    /** Rewards card: claim rewards (harvest). */
    async harvest() {
      if (await guard(checkHarvest(view.ctx, { isClaimEnabled: view.isClaimEnabled, reward: view.userReward })))
        await inTxModal("harvest");
    },
    /** Staked card: opens the withdraw modal (Withdraw in it is enabled only after the unlock). */
    async openWithdraw() {
      if (isRunning(getFlow())) return;
      if (await guard(checkOpenWithdraw(view.ctx, { staked: view.userStaked }))) openStakingModal("withdraw");
    },
    /** Withdraw modal: unlocked, so it withdraws directly; progress shows in the claim modal. */
    async withdraw() {
      const block = checkWithdraw(view.ctx, {
        staked: view.userStaked,
        unlockTime: view.unlockTime,
        nowSec: view.nowSec,
        withdrawalsLocked: view.withdrawalsLocked,
      });
      if (await guard(block)) await inTxModal("withdraw");
      else if (block !== "wrong_chain") closeStakingModal();
    },
    /** Opens the stake modal (creation, or extension when something is staked already). */
    async openStake() {
      if (isRunning(getFlow())) return;
      if (!(await guard(checkOpenStake(view.ctx)))) return;
      dispatchFlow({ type: "RESET" });
      openStakingModal("stake");
    },
    /** Stake modal's Stake button: deposit `amount` (decimal string) from the wallet. */
    async stake(amount: string) {
      const n = Number(amount);
      if (
        !(await guard(checkStake(view.ctx, { amount: n, balance: view.userBal, depositsLocked: view.depositsLocked })))
      )
        return undefined;
      return run(view.userStaked > 0 ? "extend" : "stake", { wei: toWei(amount), display: n });
    },
    /** Buy and stake: the swap form in native, non-card, modal mode (the buy feature's modal). */
    async buyAndStake() {
      if (await guard(checkOpenStake(view.ctx))) openSwapModal(true);
    },
  };
}

export type StakingActions = ReturnType<typeof useStakingActions>;
