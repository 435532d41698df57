/** `set-sequencer-grace --seconds N` (Base side): how long purchases wait after the L2 sequencer restarts. */
import { Refusal } from "../../lib/cli.js";
import { parseDuration } from "../context.js";
import { call, onNetwork } from "../runner.js";

export const setSequencerGrace = onNetwork({
  names: ["set-sequencer-grace"],
  usage: "  set-sequencer-grace --seconds N                                                         (Base side)",
  options: { seconds: { type: "string" } },
  async run({ v, chain, header, execute }) {
    if (chain.info.role !== "base")
      throw new Refusal(`${chain.info.name} has no sequencer feed (L1): the grace period applies to the Base side`);
    const grace = parseDuration(v.seconds, "--seconds");
    if (grace > 86_400n) throw new Refusal(`--seconds ${grace} is more than a day — refusing`);
    header("set sequencer grace period");
    await execute(
      [
        call(
          chain.presale,
          "Presale",
          "setSequencerGracePeriod",
          [grace],
          `grace after a sequencer restart → ${grace} s`,
        ),
      ],
      "Sequencer grace period",
    );
  },
});
