/** `start-claim --at now|+1h|UNIX` (Base side): opens the claim once the order on both chains allows it. */
import { formatUnits } from "ethers";
import { Refusal } from "../../lib/cli.js";
import { pairOf } from "../../lib/networks.js";
import { addressOf, fmtTime, openChain, parseTime } from "../context.js";
import { claimReadiness } from "../crosschain.js";
import { call, onNetwork } from "../runner.js";

export const startClaim = onNetwork({
  names: ["start-claim"],
  usage: [
    "  start-claim     --at now|+1h|UNIX [--eth-network X] [--skip-remote-check]   (again: moves a future start earlier)",
    "                  (Base side; checks the order first: Ethereum closed, final report delivered, every deposit relayed, funding)",
  ].join("\n"),
  options: {
    at: { type: "string" },
    "eth-network": { type: "string" },
    "skip-remote-check": { type: "boolean", default: false },
  },
  async run({ v, chain, env, out, header, execute }) {
    const token = chain.saleToken;
    if (chain.info.role !== "base" || token === undefined)
      throw new Refusal(`${chain.info.name} is not the claim chain: claims start on the Base side`);
    const at = await parseTime(v.at ?? "now", "--at", chain.conn);
    const current = await chain.presale.claimStart();
    if (current !== 0n) {
      // Set already (every Ethereum deposit was on Base then): it can only move earlier, until it passes.
      const now = BigInt((await chain.conn.ethers.provider.getBlock("latest"))!.timestamp);
      if (now >= current) throw new Refusal(`claim already started at ${fmtTime(current)}`);
      if (at >= current)
        throw new Refusal(
          `the claim start is set to ${fmtTime(current)}; it can only be moved earlier (--at before it)`,
        );
      header(`move the claim start earlier: ${fmtTime(current)} → ${fmtTime(at)}`);
      await execute(
        [
          call(
            chain.presale,
            "Presale",
            "startClaim",
            [at],
            `claims open at ${fmtTime(at)} instead of ${fmtTime(current)}`,
          ),
        ],
        "Move claim start",
      );
      return;
    }
    header(`start claim at ${fmtTime(at)}`);

    // 1. The order on both chains: Ethereum closed, its final report on Base, every Ethereum deposit relayed.
    //    (The contract refuses otherwise; this says what is missing and what to run.)
    const imported = await chain.presale.totalRemoteDepositsImported();
    if (!v["skip-remote-check"]) {
      const eth = await openChain(v["eth-network"] ?? pairOf(chain.info.name).eth, env, "none");
      const ready = await claimReadiness(eth, chain);
      out(
        `  Ethereum sale ${ready.ethClosed ? "closed" : "open"}; final report on Base: ${ready.finalReportDelivered ? "yes" : "no"}; ` +
          `Ethereum deposits on Base ${formatUnits(imported, 18)} tokens, ${ready.pending.length} buyer(s) not relayed`,
      );
      if (ready.missing.length > 0)
        throw new Refusal(`the claim cannot start yet:\n  - ${ready.missing.join("\n  - ")}`);
    } else
      out(
        "  (cross-chain checks skipped on request; the contract still refuses a claim start before Ethereum is closed and relayed)",
      );

    // 2. Funding: the presale must hold every sold, undelivered token (the contract computes it; we show the figures).
    const balance = await token.balanceOf(chain.presale.target);
    const localSold = await chain.presale.localTokensSold();
    const staked = await chain.presale.stakedDuringSale().catch(() => 0n);
    const owed = localSold * 10n ** 18n + imported - staked;
    out(`  presale holds ${formatUnits(balance, 18)} SHAFT; sold and not yet delivered ≈ ${formatUnits(owed, 18)}`);
    if (balance < owed) {
      throw new Refusal(
        `presale underfunded: holds ${formatUnits(balance, 18)}, needs ${formatUnits(owed, 18)} — transfer ${formatUnits(owed - balance, 18)} SHAFT to ${addressOf(chain.presale)} first`,
      );
    }
    await execute([call(chain.presale, "Presale", "startClaim", [at], `claims open at ${fmtTime(at)}`)], "Start claim");
  },
});
