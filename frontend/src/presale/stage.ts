// Stage figures: rounds (chain values replace the initial ones), current stage USD cap adjusted for unsold
// tokens of expired rounds, progress capped at 100 %.
import { INITIAL_ROUNDS } from "../config/constants.ts";
import type { Round } from "./reads.ts";

export function effectiveRounds(chainRounds: Round[] | undefined): Round[] {
  if (!chainRounds || chainRounds.length === 0) return INITIAL_ROUNDS;
  return chainRounds;
}

/** Cumulative USD cap of each round: sum of (range x price) up to it (PRODUCT.md §9 table: 27,000, 62,750, ...). */
export function cumulativeUsdCaps(rounds: Round[]): number[] {
  let acc = 0;
  let prevCap = 0;
  return rounds.map((r) => {
    acc += (r.cap - prevCap) * r.price;
    prevCap = r.cap;
    return Math.round(acc * 1e6) / 1e6;
  });
}

/** maxAmount of the current stage, minus the USD value of tokens left unsold in earlier, expired rounds. */
export function stageMaxUsd(rounds: Round[], step: number, remaining: number[]): number {
  const caps = cumulativeUsdCaps(rounds);
  const i = Math.min(Math.max(step, 0), rounds.length - 1);
  let unsold = 0;
  for (let k = 0; k < i; k++) unsold += (remaining[k] ?? 0) * (rounds[k]?.price ?? 0);
  return Math.max(0, (caps[i] ?? 0) - unsold);
}

export function raisedPercent(usdRaised: number, maxUsd: number): number {
  if (!(maxUsd > 0)) return 0;
  return Math.min(100, Math.max(0, (usdRaised / maxUsd) * 100));
}
