// staking: the staking contract's parameters (Base side, its owner). Only what differs from the chain is sent.
import { formatUnits } from "viem";
import { PlanRefusal, type ChainRef, type OwnerCall, type OwnerCallBody, type Plan } from "./calls.js";
import { fmtTime } from "./format.js";

export interface StakingSettings {
  /** Basis points. */
  apy: bigint;
  /** Seconds. */
  lockTime: bigint;
  endTime: bigint;
  /** Sale-token wei; 0 = no cap. */
  maxDepositLimit: bigint;
  depositsLocked: boolean;
  withdrawalsLocked: boolean;
  claimsLocked: boolean;
}

/** The most APY the tooling sends (1000 %): a typo's order of magnitude is refused before it reaches the chain. */
export const MAX_APY_BPS = 100_000n;

const LOCKS = ["depositsLocked", "withdrawalsLocked", "claimsLocked"] as const;

/**
 * The settings in `next` that differ from `current` (read from the contract, with `totalStaked`), one call each; the
 * three locks go together in one call.
 */
export function planStaking(input: {
  chain: ChainRef;
  current: StakingSettings & { totalStaked: bigint };
  next: Partial<StakingSettings>;
}): Plan {
  const { chain, current: cur, next } = input;
  if (chain.side !== "base") throw new PlanRefusal(`no staking on ${chain.name}: staking lives on the Base side`);
  const calls: OwnerCall[] = [];
  const staking = (body: Extract<OwnerCallBody, { contract: "Staking" }>, note: string) =>
    calls.push({ ...body, chain, note });
  if (next.apy !== undefined) {
    if (next.apy > MAX_APY_BPS) throw new PlanRefusal(`APY ${Number(next.apy) / 100}% is above 1000% — refusing`);
    if (cur.apy !== next.apy)
      staking(
        { contract: "Staking", functionName: "setApy", args: [next.apy] },
        `APY ${Number(cur.apy) / 100}% → ${Number(next.apy) / 100}%`,
      );
  }
  if (next.lockTime !== undefined && cur.lockTime !== next.lockTime)
    staking(
      { contract: "Staking", functionName: "setLockTime", args: [next.lockTime] },
      `lock ${cur.lockTime}s → ${next.lockTime}s`,
    );
  if (next.endTime !== undefined && cur.endTime !== next.endTime)
    staking(
      { contract: "Staking", functionName: "setEndTime", args: [next.endTime] },
      `end ${fmtTime(cur.endTime)} → ${fmtTime(next.endTime)}`,
    );
  if (next.maxDepositLimit !== undefined) {
    const lim = next.maxDepositLimit;
    if (lim !== 0n && lim < cur.totalStaked)
      throw new PlanRefusal(
        `--max-deposit ${formatUnits(lim, 18)} is below what is already staked (${formatUnits(cur.totalStaked, 18)})`,
      );
    if (cur.maxDepositLimit !== lim)
      staking(
        { contract: "Staking", functionName: "setMaxDepositLimit", args: [lim] },
        `max deposit ${formatUnits(cur.maxDepositLimit, 18)} → ${formatUnits(lim, 18)} tokens`,
      );
  }
  const was = LOCKS.map((k) => cur[k]);
  const locks = LOCKS.map((k) => next[k] ?? cur[k]);
  if (locks.some((f, i) => f !== was[i]))
    staking(
      { contract: "Staking", functionName: "setLocks", args: [locks[0], locks[1], locks[2]] },
      `locks (deposits, withdrawals, claims) ${was.join(",")} → ${locks.join(",")}`,
    );
  return { calls, lines: [] };
}
