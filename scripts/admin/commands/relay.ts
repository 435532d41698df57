/** `relay` (Ethereum side, anyone): sends buyers' cumulative deposits to Base through the bridge. */
import { formatUnits } from "ethers";
import { Refusal } from "../../lib/cli.js";
import type { PlannedCall } from "../../lib/exec.js";
import { pairOf } from "../../lib/networks.js";
import { openChain, parseAddress, parseUint } from "../context.js";
import { pendingRelays } from "../crosschain.js";
import { call, onNetwork } from "../runner.js";

export const relay = onNetwork({
  names: ["relay"],
  usage: [
    "  relay           [--user 0x… …] [--batch 50]   (Ethereum side; anyone: sends buyers' deposits to Base through the bridge;",
    "                  default: every buyer whose deposit is not on Base yet)",
  ].join("\n"),
  options: { user: { type: "string", multiple: true }, batch: { type: "string" }, "base-network": { type: "string" } },
  async run({ v, chain, env, out, header, execute }) {
    if (chain.info.role !== "eth") {
      throw new Refusal(
        `${chain.info.name} is the Base side: deposits are relayed from the Ethereum side (--network ${pairOf(chain.info.name).eth})`,
      );
    }
    const batchSize = v.batch === undefined ? 50 : Number(parseUint(v.batch, "--batch"));
    if (batchSize < 1 || batchSize > 200) throw new Refusal("--batch must be 1..200");
    header("relay Ethereum deposits to Base");
    let users: string[];
    if (v.user !== undefined) {
      users = v.user.map((u) => parseAddress(u, "--user"));
      const zero = [];
      for (const u of users) if ((await chain.presale.userDeposits(u)) === 0n) zero.push(u);
      if (zero.length > 0)
        throw new Refusal(`no deposit on ${chain.info.name} for ${zero.join(", ")}: nothing to relay`);
    } else {
      const base = await openChain(v["base-network"] ?? pairOf(chain.info.name).base, env, "none");
      const pending = await pendingRelays(chain, base);
      users = pending.map((p) => p.user);
      const tokens =
        pending.length > 0
          ? `: ${formatUnits(
              pending.reduce((a, p) => a + p.deposit - p.imported, 0n),
              18,
            )} tokens`
          : "";
      out(`  ${pending.length} buyer(s) whose deposit is not on Base yet${tokens}`);
      if (users.length === 0)
        out("  nothing to relay (a message already sent may still be on its way: the bridge takes minutes).");
    }
    const calls: PlannedCall[] = [];
    for (let i = 0; i < users.length; i += batchSize) {
      const batch = users.slice(i, i + batchSize);
      calls.push(
        call(
          chain.presale,
          "Presale",
          "relay",
          [batch],
          `${batch.length} buyer(s)' cumulative deposits → Base (arrive within minutes)`,
        ),
      );
    }
    await execute(calls, "Relay Ethereum deposits");
  },
});
