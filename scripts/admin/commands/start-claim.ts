/**
 * `start-claim --at now|+1h|UNIX` (Base side, owner) and `open-claim` (Base side, anyone from the claim deadline):
 * open the claim once Ethereum's close has reached Base and the Base presale holds every token sold. Buyers still to
 * relay do not hold it up: their tokens are funded already and credited whenever their report arrives.
 */
import { Refusal } from "../../lib/cli.js";
import { pairOf } from "../../lib/networks.js";
import { fmtTime, needBase, openChain, parseTime, type AdminEnv, type ChainCtx } from "../context.js";
import { claimReadiness, describeUnrelayed, unrelayedBuyers } from "../crosschain.js";
import { call, onNetwork, type Out } from "../runner.js";

/** Refuses with every missing step unless the claim can start; prints the figures and the buyers still to relay. */
async function checkReady(
  base: ChainCtx,
  v: { "eth-network"?: string; "skip-remote-check"?: boolean },
  env: AdminEnv,
  out: Out,
): Promise<void> {
  const eth = v["skip-remote-check"]
    ? undefined
    : await openChain(v["eth-network"] ?? pairOf(base.info.name).eth, env, "none");
  const ready = await claimReadiness(base, eth);
  out(
    `  Ethereum's close on Base: ${ready.closeDelivered ? "yes" : "no"}; the presale holds ${ready.balance / 10n ** 18n} SHAFT of the ${ready.required / 10n ** 18n} it needs`,
  );
  if (eth !== undefined) {
    const pending = await unrelayedBuyers(eth);
    out(
      pending.length === 0
        ? "  every Ethereum buyer's tokens are relayed"
        : `  still to relay (funded already; credited on Base when their report arrives): ${describeUnrelayed(pending)}`,
    );
  } else out("  (Ethereum side not read, on request)");
  if (ready.missing.length > 0) throw new Refusal(`the claim cannot start yet:\n  - ${ready.missing.join("\n  - ")}`);
}

const REMOTE_OPTIONS = {
  "eth-network": { type: "string" },
  "skip-remote-check": { type: "boolean", default: false },
} as const;

export const startClaim = onNetwork({
  names: ["start-claim"],
  usage: [
    "  start-claim     --at now|+1h|UNIX [--eth-network X] [--skip-remote-check]   (again: moves a future start earlier)",
    "                  (Base side, owner; at most 30 days ahead; needs Ethereum's close on Base and the presale funded)",
  ].join("\n"),
  options: { at: { type: "string" }, ...REMOTE_OPTIONS },
  async run({ v, chain, env, out, header, execute }) {
    const presale = needBase(chain, "claims start on the Base side");
    const at = await parseTime(v.at ?? "now", "--at", chain.conn);
    const [current, horizon] = [await presale.claimStart(), await presale.CLAIM_START_HORIZON()];
    const now = BigInt((await chain.conn.ethers.provider.getBlock("latest"))!.timestamp);
    if (at === 0n) throw new Refusal("--at 0 is not a time");
    if (at > now + horizon)
      throw new Refusal(
        `--at ${fmtTime(at)} is more than ${horizon / 86_400n} days ahead (latest ${fmtTime(now + horizon)})`,
      );
    if (current !== 0n) {
      // Set already: it can only move earlier, until it passes.
      if (now >= current) throw new Refusal(`claim already started at ${fmtTime(current)}`);
      if (at >= current)
        throw new Refusal(
          `the claim start is set to ${fmtTime(current)}; it can only be moved earlier (--at before it)`,
        );
      header(`move the claim start earlier: ${fmtTime(current)} → ${fmtTime(at)}`);
      await execute(
        [call(presale, "Presale", "startClaim", [at], `claims open at ${fmtTime(at)} instead of ${fmtTime(current)}`)],
        "Move claim start",
      );
      return;
    }
    header(`start claim at ${fmtTime(at)}`);
    await checkReady(chain, v, env, out);
    await execute([call(presale, "Presale", "startClaim", [at], `claims open at ${fmtTime(at)}`)], "Start claim");
  },
});

export const openClaim = onNetwork({
  names: ["open-claim"],
  usage: [
    "  open-claim      [--eth-network X] [--skip-remote-check]   (Base side, anyone: opens the claim now, from the claim deadline,",
    "                  the sale's end + 14 days, if the owner has not started it)",
  ].join("\n"),
  options: REMOTE_OPTIONS,
  async run({ v, chain, env, out, header, execute }) {
    const presale = needBase(chain, "claims open on the Base side");
    const [current, deadline] = [await presale.claimStart(), await presale.claimDeadline()];
    const now = BigInt((await chain.conn.ethers.provider.getBlock("latest"))!.timestamp);
    if (current !== 0n)
      throw new Refusal(
        `the claim start is set already (${fmtTime(current)})${now >= current ? ": the claim is open" : ""}`,
      );
    if (now < deadline)
      throw new Refusal(
        `anyone may open the claim from ${fmtTime(deadline)} (the sale's end + 14 days); before that only the owner can start it (start-claim)`,
      );
    header("open the claim (claim deadline passed)");
    await checkReady(chain, v, env, out);
    await execute([call(presale, "Presale", "openClaim", [], `claims open now (${fmtTime(now)})`)], "Open claim");
  },
});
