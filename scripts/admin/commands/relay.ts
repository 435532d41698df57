/**
 * `relay` (Ethereum side, anyone): sends buyers' unrelayed tokens to Base through the bridge, at most
 * `MAX_RELAY_BUYERS` per call; with nobody to relay, an empty report when Base has not booked a quota release or the
 * close (every report carries Ethereum's quotas, use, totals and close flag).
 */
import { Refusal } from "../../lib/cli.js";
import { unbookedOnBase, unrelayedOf } from "../../lib/crosschain.js";
import type { PlannedCall } from "../../lib/exec.js";
import { pairOf } from "../../lib/networks.js";
import { needBase, needEthereum, openChain, parseAddress, parseUint } from "../context.js";
import { describeUnrelayed, unrelayedBuyers } from "../crosschain.js";
import { call, onNetwork } from "../runner.js";

export const relay = onNetwork({
  names: ["relay"],
  usage: [
    "  relay           [--buyer 0x… …] [--batch N] [--base-network X]   (Ethereum side; anyone: sends buyers' unrelayed tokens",
    "                  to Base through the bridge, or an empty report for a quota release or the close; default: every buyer with unrelayed tokens)",
  ].join("\n"),
  options: {
    buyer: { type: "string", multiple: true },
    batch: { type: "string" },
    "base-network": { type: "string" },
  },
  async run({ v, chain, env, out, header, execute }) {
    const presale = needEthereum(chain, "buyers' tokens are relayed from the Ethereum side");
    const max = Number(await presale.MAX_RELAY_BUYERS());
    const batchSize = v.batch === undefined ? max : Number(parseUint(v.batch, "--batch"));
    if (batchSize < 1 || batchSize > max) throw new Refusal(`--batch must be 1..${max} (MAX_RELAY_BUYERS)`);
    header("relay to Base");
    let buyers: string[];
    if (v.buyer !== undefined) {
      const { unrelayed, done } = await unrelayedOf(
        presale,
        v.buyer.map((b) => parseAddress(b, "--buyer")),
      );
      if (done.length > 0)
        throw new Refusal(`nothing unrelayed on ${chain.info.name} for ${done.join(", ")}: nothing to relay for them`);
      buyers = unrelayed.map((b) => b.buyer);
    } else {
      const pending = await unrelayedBuyers(chain);
      buyers = pending.map((b) => b.buyer);
      out(pending.length > 0 ? `  unrelayed: ${describeUnrelayed(pending)}` : "  no buyer has unrelayed tokens");
    }
    const calls: PlannedCall[] = [];
    for (let i = 0; i < buyers.length; i += batchSize) {
      const batch = buyers.slice(i, i + batchSize);
      calls.push(
        call(
          presale,
          "Presale",
          "relay",
          [batch],
          `${batch.length} buyer(s)' unrelayed tokens → Base (arrive within minutes)`,
        ),
      );
    }
    if (calls.length === 0) {
      const base = await openChain(v["base-network"] ?? pairOf(chain.info.name).base, env, "none");
      const { released, closeUnbooked } = await unbookedOnBase(presale, needBase(base, "reports go to the Base side"));
      const what = [
        ...released.map((x) => `round ${x.round + 1}: ${x.tokens} tokens of released quota`),
        ...(closeUnbooked ? ["the close"] : []),
      ];
      if (what.length > 0)
        calls.push(call(presale, "Presale", "relay", [[]], `empty report: Base books ${what.join(", ")}`));
      else
        out(
          "  Base has booked Ethereum's quotas and close as they are now (a report already sent may still be on its way).",
        );
    }
    await execute(calls, "Relay to Base");
  },
});
