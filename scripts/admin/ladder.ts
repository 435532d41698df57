/**
 * One chain's view of the ladder both chains run, read through the chain's presale: the round table, this chain's share
 * of each round and what it used of it, and the round a purchase would start in now. Each chain walks only its own
 * share (docs/PRODUCT.md §9), so the two chains' positions differ freely; their tables (caps, prices, end times) must
 * not. The planning on it is @shaft/owner-actions' (ladder.ts there), shared with the /owner console.
 */
import { ladderOf, type Ladder } from "@shaft/owner-actions";
import type { ChainCtx } from "./context.js";

export { fmtTokens, sameCaps, type Ladder, type LadderRound } from "@shaft/owner-actions";

export async function readLadder(chain: ChainCtx): Promise<Ladder> {
  const [rounds, step, block] = await Promise.all([
    chain.presale.rounds(),
    chain.presale.currentStep(),
    chain.conn.ethers.provider.getBlock("latest"),
  ]);
  return ladderOf(chain.record.chain, rounds, step, BigInt(block!.timestamp));
}

/** The size of round `i` (caps are cumulative). */
export const roundSize = (rounds: { cap: bigint }[], i: number): bigint =>
  rounds[i].cap - (i === 0 ? 0n : rounds[i - 1].cap);
