// Two chains, two positions (PRODUCT.md §1 "One ladder on two chains"): each chain sells its own share of each round, so the chains can be in
// different rounds. When the buyer's chain has left a round the other chain still sells, the widget says so, with
// both chains' rounds and prices; the order itself is priced by the buyer's chain (its quote views).
import type { ChainKey } from "../config/env.ts";
import type { ChainData } from "./reads.ts";

export type RoundNotice = {
  /** The buyer's chain: the round it sells now (1-based) and its price, and the round whose share it sold. */
  chain: ChainKey;
  round: number;
  price: number;
  soldRound: number;
  /** The other chain: the earlier round it still sells, and that round's price. */
  other: ChainKey;
  otherRound: number;
  otherPrice: number;
};

/**
 * The notice for a buyer paying on `chain`, or null when both chains sell the same round (or the other chain is
 * ahead, or a chain has not been read). The other chain still sells an earlier round when its position is lower.
 */
export function roundNotice(
  chain: ChainKey,
  mine: Pick<ChainData, "currentStep" | "rounds"> | undefined,
  theirs: Pick<ChainData, "currentStep" | "rounds"> | undefined,
): RoundNotice | null {
  if (!mine?.rounds.length || !theirs?.rounds.length) return null;
  const step = mine.currentStep;
  const otherStep = theirs.currentStep;
  if (otherStep >= step || step >= mine.rounds.length) return null;
  return {
    chain,
    round: step + 1,
    price: mine.rounds[step].price,
    soldRound: otherStep + 1,
    other: chain === "eth" ? "base" : "eth",
    otherRound: otherStep + 1,
    otherPrice: theirs.rounds[otherStep]?.price ?? mine.rounds[otherStep]?.price ?? 0,
  };
}

/** One chain's share of a round: what it may sell and what it sold (whole tokens). */
export type ChainShare = { quota: number; used: number };

/**
 * Both chains' shares of round `i` (the ladder table): Ethereum's quota and use as Ethereum reports them, Base's as
 * Base books them (the lowest Ethereum quota it heard of gives Base the rest). Undefined until both were read.
 */
export function roundShares(
  eth: Pick<ChainData, "shares"> | undefined,
  base: Pick<ChainData, "shares"> | undefined,
  i: number,
): { eth: ChainShare; base: ChainShare } | undefined {
  const e = eth?.shares?.[i];
  const b = base?.shares?.[i];
  if (!e || !b) return undefined;
  return { eth: { quota: e.ethereumQuota, used: e.used }, base: { quota: b.baseQuota, used: b.used } };
}
