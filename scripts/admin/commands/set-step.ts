/** `set-step --pair P --step N --checkpoint TOKENS`: moves the shared ladder's position on both chains. */
import { Refusal } from "../../lib/cli.js";
import type { PlannedCall } from "../../lib/exec.js";
import { parseUint } from "../context.js";
import { readLadder, sameRounds } from "../ladder.js";
import { call, onPair } from "../runner.js";

export const setStep = onPair({
  names: ["set-step"],
  usage: "  set-step        --pair P --step N --checkpoint TOKENS   (both chains)",
  options: { step: { type: "string" }, checkpoint: { type: "string" } },
  async run({ v, chains, header, executePair }) {
    const step1 = Number(parseUint(v.step, "--step (1-based round number)"));
    const cp = parseUint(v.checkpoint, "--checkpoint (whole tokens)");
    const ladders = await Promise.all(chains.map(readLadder));
    if (!sameRounds(ladders[0].rounds, ladders[1].rounds)) {
      throw new Refusal(
        `the round tables of ${chains[0].info.name} and ${chains[1].info.name} differ (see admin status): set the same table on both with set-rounds --pair first; nothing sent`,
      );
    }
    const rounds = ladders[0].rounds;
    if (step1 < 1 || step1 > rounds.length)
      throw new Refusal(`--step ${step1}: there are ${rounds.length} rounds (1..${rounds.length})`);
    const idx = step1 - 1;
    const lo: bigint = idx === 0 ? 0n : rounds[idx - 1].cap;
    const hi: bigint = rounds[idx].cap;
    if (cp < lo || cp >= hi) throw new Refusal(`--checkpoint ${cp} is outside round ${step1} [${lo}, ${hi})`);
    const plans: PlannedCall[][] = [];
    for (const [i, chain] of chains.entries()) {
      const { step, checkPoint, sold } = ladders[i];
      if (cp < sold)
        throw new Refusal(
          `--checkpoint ${cp} is below the tokens already sold on ${chain.info.name} (${sold}); nothing sent`,
        );
      header(chain, "set step/checkpoint");
      const note = `round ${step + 1} @ ${checkPoint} → round ${step1} @ ${cp}`;
      plans.push(
        step === idx && checkPoint === cp
          ? []
          : [call(chain.presale, "Presale", "setCurrentStep", [BigInt(idx), cp], note)],
      );
    }
    await executePair(plans, "Set presale step");
  },
});
