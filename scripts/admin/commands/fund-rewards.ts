/** `fund-rewards --amount TOKENS` (Base side): approve + fundRewards from the sender's sale tokens. */
import { formatUnits } from "ethers";
import { Refusal } from "../../lib/cli.js";
import { execute } from "../../lib/exec.js";
import { needStaking, parseUint } from "../context.js";
import { call, onNetwork } from "../runner.js";

export const fundRewards = onNetwork({
  names: ["fund-rewards"],
  usage: "  fund-rewards    --amount TOKENS                                                         (Base side)",
  options: { amount: { type: "string" } },
  async run({ v, chain, out, header, exec: makeExec }) {
    const { staking, token } = needStaking(chain);
    const amount = parseUint(v.amount, "--amount (whole tokens)") * 10n ** 18n;
    if (amount === 0n) throw new Refusal("--amount must be positive");
    const exec = await makeExec();
    const bal = await token.balanceOf(exec.from);
    header(`fund staking rewards with ${formatUnits(amount, 18)} SHAFT`);
    if (bal < amount)
      throw new Refusal(`${exec.from} holds ${formatUnits(bal, 18)} SHAFT, less than ${formatUnits(amount, 18)}`);
    out(`  reward reserve now ${formatUnits(await staking.rewardReserve(), 18)} SHAFT`);
    await execute(
      exec,
      [
        call(
          token,
          "SaleToken",
          "approve",
          [staking.target, amount],
          `allow Staking to pull ${formatUnits(amount, 18)}`,
        ),
        call(staking, "Staking", "fundRewards", [amount], `reserve += ${formatUnits(amount, 18)}`, true),
      ],
      "Fund staking rewards",
    );
  },
});
