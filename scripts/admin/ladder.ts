/** The ladder both chains of a pair share (round table, current step, checkpoint), as the ladder commands read it. */
import type { ResolvedRound } from "../../deploy/schema.js";
import type { ChainCtx } from "./context.js";

export interface Ladder {
  rounds: ResolvedRound[];
  step: number;
  checkPoint: bigint;
  sold: bigint;
}

export async function readLadder(chain: ChainCtx): Promise<Ladder> {
  const rounds = (await chain.presale.rounds()).map((r) => ({ cap: r.cap, price: r.price, endTime: r.endTime }));
  return {
    rounds,
    step: Number(await chain.presale.currentStep()),
    checkPoint: await chain.presale.checkPoint(),
    sold: await chain.presale.totalTokensSold(),
  };
}

export const sameRounds = (a: ResolvedRound[], b: ResolvedRound[]) =>
  a.length === b.length &&
  a.every((r, i) => r.cap === b[i].cap && r.price === b[i].price && r.endTime === b[i].endTime);
