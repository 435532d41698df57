/** `set-max-tokens --amount TOKENS`: the most tokens one purchase may buy. */
import { Refusal } from "../../lib/cli.js";
import { parseUint } from "../context.js";
import { call, onNetwork } from "../runner.js";

export const setMaxTokens = onNetwork({
  names: ["set-max-tokens"],
  usage: "  set-max-tokens  --amount TOKENS",
  options: { amount: { type: "string" } },
  async run({ v, chain, header, execute }) {
    const amount = parseUint(v.amount, "--amount (whole tokens)");
    if (amount === 0n) throw new Refusal("--amount must be positive");
    const rounds = await chain.presale.rounds();
    const ladder = rounds[rounds.length - 1].cap;
    if (amount > ladder) throw new Refusal(`--amount ${amount} exceeds the whole ladder (${ladder})`);
    header("set max tokens per purchase");
    const cur = await chain.presale.maxTokensToBuy();
    const calls =
      cur === amount ? [] : [call(chain.presale, "Presale", "setMaxTokensToBuy", [amount], `${cur} → ${amount}`)];
    await execute(calls, "Set max tokens per purchase");
  },
});
