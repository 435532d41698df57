/** `pause` / `unpause`: stops or resumes purchases on one chain's presale. */
import { call, onNetwork } from "../runner.js";

export const pause = onNetwork({
  names: ["pause", "unpause"],
  usage: "  pause | unpause",
  options: {},
  async run({ command, chain, out, header, execute }) {
    const on = command === "pause";
    header(on ? "pause" : "unpause");
    const paused = await chain.presale.paused();
    const calls =
      paused === on ? [] : [call(chain.presale, "Presale", on ? "pause" : "unpause", [], `paused: ${paused} → ${on}`)];
    if (paused === on) out(`already ${on ? "paused" : "unpaused"}.`);
    await execute(calls, on ? "Pause presale" : "Unpause presale");
  },
});
