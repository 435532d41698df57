/**
 * `set-step --pair P --step N [--eth-used T] [--base-used T] [--chain eth|base]`: moves each chain's own position
 * forward, on both chains by default. A chain walks only its share of each round, so a move is one `setCurrentStep`
 * per chain on that chain's share: nothing is booked as sold and nothing crosses to the other chain, so the pair's
 * move is counted once. On Ethereum the rounds it leaves give their unused quota to Base (with the next report).
 * Planned by @shaft/owner-actions.
 */
import { planSetStep } from "@shaft/owner-actions";
import { UsageError } from "../../lib/cli.js";
import { chainRef, parseUint } from "../context.js";
import { readLadder } from "../ladder.js";
import { onPair, planCalls } from "../runner.js";

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
    const used = (key: "eth-used" | "base-used") =>
      v[key] === undefined ? undefined : parseUint(v[key], `--${key} (whole tokens)`);
    for (const key of ["eth-used", "base-used"] as const) {
      if (v[key] !== undefined && !chains.some((c) => (c.record.chain === "eth") === (key === "eth-used")))
        throw new UsageError(`--${key} names a chain this run does not move (--chain)`);
    }
    const read = await Promise.all(
      chains.map(async (chain) => ({
        chain: chainRef(chain),
        ladder: await readLadder(chain),
        closed: await chain.presale.saleClosed(),
      })),
    );
    const plans = planSetStep({ chains: read, round: step1, used: { eth: used("eth-used"), base: used("base-used") } });
    const calls = chains.map((chain, i) => {
      header(chain, "set the position");
      return planCalls(chain, plans[i], out);
    });
    await executePair(calls, "Set presale step");
  },
});
