// Stake data of PRODUCT.md §3, derived from the Base chain's presale read. The staking calls travel in the SAME
// Multicall3 aggregate3 request as the presale reads of Base (presale/reads.ts buildCalls); the staking page
// only adds a 500 ms observer on that same query (PRODUCT.md §4 "staking data polls every 500 ms"), so there is
// one request per tick and no second poller. TanStack pauses the interval while the tab is hidden
// (refetchIntervalInBackground: false).
import { useState } from "react";
import { TIMINGS } from "../../config/constants.ts";
import { env } from "../../config/env.ts";
import { useInterval } from "../../shared/hooks.ts";
import { type PresaleView, useChainData, chainNow } from "../../presale/index.ts";
import { useWallet } from "../../chain/index.ts";
import { canUnstake, isClaimLive, poolPercent, type Ctx } from "./rules.ts";

export type StakeView = {
  loaded: boolean;
  connected: boolean;
  onBase: boolean;
  ctx: Ctx;
  nowSec: number;
  apy: number;
  totalStaked: number;
  lockTime: number;
  userStaked: number;
  /** Unix seconds: the last deposit's time plus the lock in force then; 0 when nothing is staked. */
  unlockTime: number;
  canUnstake: boolean;
  /** Of `userStaked`: bought and staked during the sale, kept staked until the presale's claim starts (Staking). */
  heldUntilClaim: number;
  /** What Withdraw pays out now: the stake less what is held until the claim starts. */
  withdrawable: number;
  userReward: number;
  /** Sale tokens in the wallet (stakeable through deposit). */
  userBal: number;
  baseClaimable: number;
  /** Everything that can be staked now: purchases credited on Base (claim and stake) plus the wallet's tokens. */
  stakeable: number;
  userPoolPercent: number;
  /** true when claims are not locked on the staking contract. */
  isClaimEnabled: boolean;
  claimLive: boolean;
  claimStart: number;
  depositsLocked: boolean;
  withdrawalsLocked: boolean;
};

/** Pure: PresaleView (+ wallet, clock) -> StakeView. */
export function stakeView(data: PresaleView, w: { isConnected: boolean; chainId?: number }, nowSec: number): StakeView {
  const s = data.base?.staking;
  const u = data.base?.user;
  const userStaked = w.isConnected ? (s?.userStaked ?? 0) : 0;
  const unlockTime = userStaked > 0 ? (s?.unlockTime ?? 0) : 0;
  const claimStart = data.base?.claimStart ?? 0;
  // Staking keeps presale stakes until the presale's claim has started (claimStart set and reached on its clock).
  const claimStarted = claimStart !== 0 && nowSec >= claimStart;
  const heldUntilClaim = userStaked > 0 && !claimStarted ? Math.min(userStaked, s?.heldUntilClaim ?? 0) : 0;
  const ctx: Ctx = { connected: w.isConnected, chainId: w.chainId, baseChainId: env.base.chainIdInt };
  return {
    loaded: !!s,
    connected: w.isConnected,
    onBase: w.chainId === env.base.chainIdInt,
    ctx,
    nowSec,
    apy: s?.apy ?? 0,
    totalStaked: s?.totalStaked ?? 0,
    lockTime: s?.lockTime ?? env.stakeUnlockTime,
    userStaked,
    unlockTime,
    canUnstake: canUnstake(unlockTime, nowSec),
    heldUntilClaim,
    withdrawable: userStaked - heldUntilClaim,
    userReward: w.isConnected ? (s?.rewards ?? 0) : 0,
    userBal: w.isConnected ? (u?.saleTokenBal ?? 0) : 0,
    baseClaimable: w.isConnected ? data.baseClaimable : 0,
    stakeable: w.isConnected ? data.baseClaimable + (u?.saleTokenBal ?? 0) : 0,
    userPoolPercent: poolPercent(userStaked, s?.totalStaked ?? 0),
    isClaimEnabled: !(s?.claimsLocked ?? false),
    claimLive: isClaimLive(claimStart, nowSec),
    claimStart,
    depositsLocked: s?.depositsLocked ?? false,
    withdrawalsLocked: s?.withdrawalsLocked ?? false,
  };
}

function useNowSec(tickMs: number | null = TIMINGS.countdownTickMs) {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useInterval(() => setNow(Math.floor(Date.now() / 1000)), tickMs);
  return now;
}

/** The staking page's 500 ms poll: one more observer of the Base presale query (same key, same request). */
export function useStakingPoll() {
  const { address } = useWallet();
  useChainData(env.base, address, TIMINGS.stakingPollMs);
}

/** The view at the chain's time (the staking contract compares unlock times with its block time, not the browser's). */
export function useStakeView(data: PresaleView): StakeView {
  const w = useWallet();
  const browserSec = useNowSec();
  return stakeView(data, w, chainNow(data.base, browserSec * 1000));
}
