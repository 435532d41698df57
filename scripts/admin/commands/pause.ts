/** `pause` / `unpause`: stops or resumes purchases on one chain's presale (planned by @shaft/owner-actions). */
import { planPause } from "@shaft/owner-actions";
import { chainRef } from "../context.js";
import { onNetwork, planCalls } from "../runner.js";

export const pause = onNetwork({
  names: ["pause", "unpause"],
  usage: "  pause | unpause",
  options: {},
  async run({ command, chain, out, header, execute }) {
    const on = command === "pause";
    header(on ? "pause" : "unpause");
    const plan = planPause({ chain: chainRef(chain), paused: await chain.presale.paused(), pause: on });
    await execute(planCalls(chain, plan, out), on ? "Pause presale" : "Unpause presale");
  },
});
