/**
 * `set-step --pair P --step N [--eth-used T] [--base-used T] [--chain eth|base]`: moves each chain's own position
 * forward, on both chains by default. A chain walks only its share of each round, so a move is one `setCurrentStep`
 * per chain on that chain's share: nothing is booked as sold and nothing crosses to the other chain, so the pair's
 * move is counted once. On Ethereum the rounds it leaves give their unused quota to Base (with the next report).
 */
import { Refusal, UsageError } from "../../lib/cli.js";
import type { PlannedCall } from "../../lib/exec.js";
import { fmtTime, parseUint, type ChainCtx } from "../context.js";
import { fmtTokens, readLadder, sameCaps, type Ladder } from "../ladder.js";
import { call, onPair } from "../runner.js";

const sideName = (chain: ChainCtx) => (chain.record.chain === "eth" ? "Ethereum" : "Base");

/** One chain's move to round `idx` with `used` of its share there, checked; the call, or none if already there. */
function planMove(chain: ChainCtx, ladder: Ladder, idx: number, usedArg: bigint | undefined, out: (s: string) => void) {
  const side = sideName(chain);
  const { rounds, step } = ladder;
  const target = rounds[idx];
  const here = step < rounds.length ? rounds[step] : undefined;
  const used = usedArg ?? (idx === step ? (here?.used ?? 0n) : 0n);
  const flag = chain.record.chain === "eth" ? "--eth-used" : "--base-used";
  if (idx < step) {
    throw new Refusal(
      `${chain.info.name}: a move only goes forward, and ${side} is already in round ${step + 1}${step >= rounds.length ? " (past the last round)" : ""}: it left round ${idx + 1}; nothing sent`,
    );
  }
  if (idx === step && used < target.used) {
    throw new Refusal(
      `${chain.info.name}: a move only goes forward: ${side} has used ${fmtTokens(target.used)} of its ${fmtTokens(target.share)}-token share of round ${idx + 1}; ${flag} must be at least that; nothing sent`,
    );
  }
  if (used > target.share) {
    throw new Refusal(
      `${chain.info.name}: ${flag} ${fmtTokens(used)} is more than ${side}'s share of round ${idx + 1} (${fmtTokens(target.share)}); nothing sent`,
    );
  }
  if (target.endTime <= ladder.now) {
    throw new Refusal(
      `${chain.info.name}: round ${idx + 1} ended at ${fmtTime(target.endTime)}: purchases there would start in a later round (move further, or set-rounds first); nothing sent`,
    );
  }
  const from =
    here === undefined
      ? "past the last round"
      : `round ${step + 1} with ${fmtTokens(here.used)} of ${fmtTokens(here.share)} used`;
  out(`  ${side}: ${from} → round ${idx + 1} with ${fmtTokens(used)} of ${fmtTokens(target.share)} used`);
  if (chain.record.chain === "eth") {
    for (let i = step; i < idx; i++) {
      const r = rounds[i];
      if (r.share > r.used)
        out(
          `    round ${i + 1}: Ethereum leaves ${fmtTokens(r.share - r.used)} unused; they go to Base with the next report (the keeper sends it)`,
        );
    }
  }
  if (idx === step && used === target.used) {
    out(`  ${side} is there already.`);
    return [];
  }
  const note = `${side}'s own position → round ${idx + 1}, ${fmtTokens(used)} of its share used (booked as sold nowhere)`;
  return [call(chain.presale, "Presale", "setCurrentStep", [BigInt(idx), used], note)];
}

export const setStep = onPair({
  names: ["set-step"],
  usage: [
    "  set-step        --pair P --step N [--eth-used TOKENS] [--base-used TOKENS] [--chain eth|base]",
    "                  (each chain forward on its own share; both chains unless --chain; used: of that chain's share of round N)",
  ].join("\n"),
  options: { step: { type: "string" }, "eth-used": { type: "string" }, "base-used": { type: "string" } },
  oneChain: true,
  async run({ v, chains, out, header, executePair }) {
    if (v.step === undefined) throw new UsageError("set-step needs --step (1-based round number)");
    const step1 = Number(parseUint(v.step, "--step (1-based round number)"));
    const usedOf = (chain: ChainCtx) => {
      const key = chain.record.chain === "eth" ? "eth-used" : "base-used";
      return v[key] === undefined ? undefined : parseUint(v[key], `--${key} (whole tokens)`);
    };
    for (const key of ["eth-used", "base-used"] as const) {
      if (v[key] !== undefined && !chains.some((c) => (c.record.chain === "eth") === (key === "eth-used")))
        throw new UsageError(`--${key} names a chain this run does not move (--chain)`);
    }
    const ladders = await Promise.all(chains.map(readLadder));
    if (ladders.length === 2 && !sameCaps(ladders[0].rounds, ladders[1].rounds)) {
      throw new Refusal(
        `the caps of ${chains[0].info.name} and ${chains[1].info.name} differ (see admin status): the two chains were not deployed with one table; nothing sent`,
      );
    }
    const count = ladders[0].rounds.length;
    if (step1 < 1 || step1 > count) throw new Refusal(`--step ${step1}: there are ${count} rounds (1..${count})`);
    const plans: PlannedCall[][] = [];
    for (const chain of chains) {
      if (await chain.presale.saleClosed())
        throw new Refusal(
          `${chain.info.name}: the sale is closed here (${chain.record.chain === "eth" ? "Ethereum's close" : "the claim start"}): no manual move after it; nothing sent`,
        );
    }
    for (const [i, chain] of chains.entries()) {
      header(chain, "set the position");
      plans.push(planMove(chain, ladders[i], step1 - 1, usedOf(chain), out));
    }
    await executePair(plans, "Set presale step");
  },
});
