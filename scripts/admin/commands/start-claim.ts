/**
 * `start-claim --at now|+1h|UNIX` (Base side, owner) and `open-claim` (Base side, anyone from the claim deadline):
 * open the claim once Ethereum's close has reached Base and the Base presale holds every token sold. Buyers still to
 * relay do not hold it up: their tokens are funded already and credited whenever their report arrives. Planned by
 * @shaft/owner-actions.
 */
import { planOpenClaim, planStartClaim } from "@shaft/owner-actions";
import { pairOf } from "../../lib/networks.js";
import { chainRef, needBase, openChain, parseTime, type AdminEnv, type ChainCtx } from "../context.js";
import { claimReadiness, describeUnrelayed, unrelayedBuyers } from "../crosschain.js";
import { onNetwork, planCalls, type Out } from "../runner.js";

/** Prints the figures and the buyers still to relay; returns every missing step (none: the claim can start). */
async function checkReady(
  base: ChainCtx,
  v: { "eth-network"?: string; "skip-remote-check"?: boolean },
  env: AdminEnv,
  out: Out,
): Promise<string[]> {
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
  return ready.missing;
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
    header(current === 0n ? "start the claim" : "move the claim start earlier");
    // Readiness matters to a first start only: moving a set start earlier needs nothing more.
    const missing = current === 0n && at !== 0n ? await checkReady(chain, v, env, out) : [];
    const plan = planStartClaim({ chain: chainRef(chain), at, now, current, horizon, missing });
    await execute(planCalls(chain, plan, out), current === 0n ? "Start claim" : "Move claim start");
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
    header("open the claim (claim deadline passed)");
    const missing = current === 0n && now >= deadline ? await checkReady(chain, v, env, out) : [];
    const plan = planOpenClaim({ chain: chainRef(chain), now, current, deadline, missing });
    await execute(planCalls(chain, plan, out), "Open claim");
  },
});
