// Staking rules of PRODUCT.md §5 "Staking", as pure functions. Each check returns null when the action may go on,
// else the first reason that stops it. The UI maps reasons to effects (useStakingActions.ts):
//   connect         -> the connect-wallet modal
//   wrong_chain     -> the popup asking to switch to Base
//   claim_not_live  -> the claim_not_live info popup
//   the others      -> the button is disabled (or a hint explains the amount)
import { floorTo } from "../../shared/format.ts";

export type Block =
  | "connect"
  | "wrong_chain"
  | "claim_not_live"
  | "nothing"
  | "locked"
  | "owner_locked"
  | "amount_zero"
  | "amount_not_below_balance";

export type Ctx = { connected: boolean; chainId?: number; baseChainId: number };

const onBase = (c: Ctx) => c.chainId === c.baseChainId;

/** Stake (creation or extension): connected, amount > 0 and STRICTLY below the wallet balance, Base. */
export function checkStake(c: Ctx, p: { amount: number; balance: number; depositsLocked?: boolean }): Block | null {
  if (!c.connected) return "connect";
  if (p.depositsLocked) return "owner_locked";
  const amount = checkStakeAmount(p.amount, p.balance);
  if (amount) return amount;
  if (!onBase(c)) return "wrong_chain";
  return null;
}

export function checkStakeAmount(amount: number, balance: number): "amount_zero" | "amount_not_below_balance" | null {
  if (!(amount > 0)) return "amount_zero";
  if (!(amount < balance)) return "amount_not_below_balance";
  return null;
}

/** Opening the stake modal: connected and on Base (the amount is checked in the modal). */
export function checkOpenStake(c: Ctx): Block | null {
  if (!c.connected) return "connect";
  if (!onBase(c)) return "wrong_chain";
  return null;
}

/** Claim and claim-and-stake: connected, baseClaimable > 0, claims open on the presale, Base. */
export function checkClaim(c: Ctx, p: { baseClaimable: number; claimLive: boolean }): Block | null {
  if (!c.connected) return "connect";
  if (!(p.baseClaimable > 0)) return "nothing";
  if (!p.claimLive) return "claim_not_live";
  if (!onBase(c)) return "wrong_chain";
  return null;
}

/** Opening the withdraw modal: connected, staked > 0, Base. The modal itself enables Withdraw after the unlock. */
export function checkOpenWithdraw(c: Ctx, p: { staked: number }): Block | null {
  if (!c.connected) return "connect";
  if (!(p.staked > 0)) return "nothing";
  if (!onBase(c)) return "wrong_chain";
  return null;
}

/** Withdraw: staked > 0, Base, and only once the unlock time has passed (then it withdraws directly). */
export function checkWithdraw(
  c: Ctx,
  p: { staked: number; unlockTime: number; nowSec: number; withdrawalsLocked?: boolean },
): Block | null {
  const open = checkOpenWithdraw(c, p);
  if (open === "connect" || open === "nothing") return open;
  if (!canUnstake(p.unlockTime, p.nowSec)) return "locked";
  if (p.withdrawalsLocked) return "owner_locked";
  return open;
}

/** Claim rewards (harvest): claims enabled on staking (else claim_not_live), reward > 0, Base. */
export function checkHarvest(c: Ctx, p: { isClaimEnabled: boolean; reward: number }): Block | null {
  if (!c.connected) return "connect";
  if (!p.isClaimEnabled) return "claim_not_live";
  if (!(p.reward > 0)) return "nothing";
  if (!onBase(c)) return "wrong_chain";
  return null;
}

/** canUnstake: true once the unlock time has passed. A zero unlock time means nothing is staked. */
export function canUnstake(unlockTime: number, nowSec: number): boolean {
  return unlockTime > 0 && nowSec >= unlockTime;
}

/** The presale claim is live once its claim start is set and reached. */
export function isClaimLive(claimStart: number, nowSec: number): boolean {
  return claimStart > 0 && nowSec >= claimStart;
}

/**
 * A button is disabled only for reasons the user cannot act on from here (nothing to do, amount missing). For
 * connect, wrong_chain and claim_not_live it stays enabled: clicking opens the modal or popup that explains it.
 */
export function isDisabledBy(b: Block | null): boolean {
  return (
    b === "nothing" || b === "amount_zero" || b === "amount_not_below_balance" || b === "owner_locked" || b === "locked"
  );
}

export const STAKE_DECIMALS = 6;
const MAX_DECIMALS = 4;

/**
 * Max for the stake input: the largest amount with 4 decimals that is STRICTLY below the balance (the rule above
 * refuses the whole balance), e.g. 1000 -> 999.9999, 12.34567 -> 12.3456.
 */
export function maxStake(balance: number): number {
  if (!(balance > 0)) return 0;
  const f = 10 ** MAX_DECIMALS;
  let units = Math.round(floorTo(balance, MAX_DECIMALS) * f);
  if (units / f >= balance) units -= 1;
  return Math.max(0, units) / f;
}

/** Share of the pool in percent (userPoolPercent). */
export function poolPercent(userStaked: number, totalStaked: number): number {
  return totalStaked > 0 ? Math.min(100, (userStaked / totalStaked) * 100) : 0;
}

/** Basis points per year -> percent per annum. */
export const bpsToPercent = (bps: number) => bps / 100;

/** Contract errors with their own message (staking.errors.*). */
export const KNOWN_ERRORS = [
  "StillLocked",
  "ClaimsLocked",
  "WithdrawalsLocked",
  "DepositsLocked",
  "NothingStaked",
  "NoRewards",
  "StakingEnded",
  "DepositLimitExceeded",
  "ClaimNotStarted",
  "NothingToClaim",
  "Blacklisted",
  "NotWhitelisted",
  "StakingUnavailable",
] as const;
export const isKnownError = (name: string | undefined): boolean =>
  !!name && (KNOWN_ERRORS as readonly string[]).includes(name);
