/**
 * One chain's view of the ladder both chains run: the round table, this chain's share of each round and what it used
 * of it, and the round a purchase would start in now. Each chain walks only its own share (docs/PRODUCT.md §9), so
 * the two chains' positions differ freely; their tables (caps, prices, end times) must not.
 */
import type { ChainCtx } from "./context.js";

export interface LadderRound {
  cap: bigint;
  price: bigint;
  endTime: bigint;
  /** Ethereum's quota as this chain knows it (on Base: the lowest Ethereum reported). */
  ethereumQuota: bigint;
  /** This chain's share of the round and what it used of it (sold, or skipped by a manual move). */
  share: bigint;
  used: bigint;
}

export interface Ladder {
  rounds: LadderRound[];
  /** The round a purchase would start in now (0-based; past the last round when sold out or over). */
  step: number;
  /** This chain's block time. */
  now: bigint;
}

export async function readLadder(chain: ChainCtx): Promise<Ladder> {
  const eth = chain.record.chain === "eth";
  const [rounds, step, block] = await Promise.all([
    chain.presale.rounds(),
    chain.presale.currentStep(),
    chain.conn.ethers.provider.getBlock("latest"),
  ]);
  return {
    rounds: rounds.map((r) => ({
      cap: r.cap,
      price: r.price,
      endTime: r.endTime,
      ethereumQuota: r.ethereumQuota,
      share: eth ? r.ethereumQuota : r.baseQuota,
      used: r.used,
    })),
    step: Number(step),
    now: BigInt(block!.timestamp),
  };
}

/** The size of round `i` (caps are cumulative). */
export const roundSize = (rounds: { cap: bigint }[], i: number): bigint =>
  rounds[i].cap - (i === 0 ? 0n : rounds[i - 1].cap);

/** Whether two chains were built with the same caps (fixed at deployment). */
export const sameCaps = (a: { cap: bigint }[], b: { cap: bigint }[]) =>
  a.length === b.length && a.every((r, i) => r.cap === b[i].cap);

/** Whole tokens with thousands separators. */
export const fmtTokens = (x: bigint) => x.toLocaleString("en-US");
