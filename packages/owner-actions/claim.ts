// start-claim (Base side, DEFAULT_ADMIN_ROLE): opens the claim once Ethereum's close has reached Base and the Base
// presale holds every token sold (docs/PRODUCT.md §9). Buyers still to relay do not hold it up: their tokens are funded
// already and credited whenever their report arrives.
import { formatUnits } from "viem";
import { PlanRefusal, type ChainRef, type Plan } from "./calls.js";
import { fmtTime } from "./format.js";

/** What the claim readiness is read from: the Base presale and token, and (when read) the Ethereum presale. */
export interface ClaimFacts {
  /** Base has received the Ethereum sale's close (`remoteSaleClosed`). */
  closeDelivered: boolean;
  /** Sale-token wei the Base presale must hold (every token sold, less what buy-and-stake moved) and holds. */
  required: bigint;
  balance: bigint;
  /** The Base presale's address (where the missing tokens go). */
  presale: string;
  /** The Ethereum side, when read: closed, its end time and block time, its name (for the command to run). */
  eth?: { name: string; closed: boolean; endTime: bigint; now: bigint };
}

/**
 * Everything still standing between the sale and the claim, in the order it has to happen, each as a sentence that says
 * what to do. Empty: the claim can start.
 */
export function claimMissing(f: ClaimFacts): string[] {
  const missing: string[] = [];
  if (!f.closeDelivered) {
    if (f.eth === undefined) missing.push("Base has not received the Ethereum sale's close");
    else
      missing.push(
        f.eth.closed
          ? `the Ethereum sale is closed but its close has not reached Base yet: the bridge delivers it within minutes (locally the relayer of npm start or npm run relayer); a delivery that failed on Base is in the L2 messenger's failedMessages and anyone can replay it`
          : f.eth.now >= f.eth.endTime
            ? `the Ethereum sale is not closed: its end time ${fmtTime(f.eth.endTime)} has passed, so anyone can close it: npm run admin -- close-sale --network ${f.eth.name}`
            : `the Ethereum sale is not closed: it ends at ${fmtTime(f.eth.endTime)}; close it now (owner) with npm run admin -- close-sale --network ${f.eth.name}, or wait for the end time`,
      );
  }
  if (f.balance < f.required) {
    missing.push(
      `the Base presale holds ${formatUnits(f.balance, 18)} SHAFT but needs ${formatUnits(f.required, 18)} (every token sold on both chains, less what buy-and-stake moved to staking): transfer ${formatUnits(f.required - f.balance, 18)} SHAFT to ${f.presale} first`,
    );
  }
  return missing;
}

function refuseMissing(missing: readonly string[]): void {
  if (missing.length > 0) throw new PlanRefusal(`the claim cannot start yet:\n  - ${missing.join("\n  - ")}`);
}

/**
 * Sets the claim start to `at` (unix seconds, the chain's clock), or moves a future start earlier. `current`: the
 * presale's claimStart (0 = not set); `horizon`: CLAIM_START_HORIZON; `missing`: claimMissing's answer (a first start
 * is refused while anything is missing; moving a start earlier needs nothing more).
 */
export function planStartClaim(input: {
  chain: ChainRef;
  at: bigint;
  now: bigint;
  current: bigint;
  horizon: bigint;
  missing: readonly string[];
}): Plan {
  const { chain, at, now, current, horizon, missing } = input;
  if (chain.side !== "base") throw new PlanRefusal(`${chain.name} is the Ethereum side: claims start on the Base side`);
  if (at === 0n) throw new PlanRefusal("--at 0 is not a time");
  if (at > now + horizon)
    throw new PlanRefusal(
      `--at ${fmtTime(at)} is more than ${horizon / 86_400n} days ahead (latest ${fmtTime(now + horizon)})`,
    );
  if (current !== 0n) {
    if (now >= current) throw new PlanRefusal(`claim already started at ${fmtTime(current)}`);
    if (at >= current)
      throw new PlanRefusal(
        `the claim start is set to ${fmtTime(current)}; it can only be moved earlier (--at before it)`,
      );
    const note = `claims open at ${fmtTime(at)} instead of ${fmtTime(current)}`;
    return {
      calls: [{ chain, contract: "Presale", functionName: "startClaim", args: [at], note }],
      lines: [`move the claim start earlier: ${fmtTime(current)} → ${fmtTime(at)}`],
    };
  }
  if (missing.length > 0) throw new PlanRefusal(`the claim cannot start yet:\n  - ${missing.join("\n  - ")}`);
  return {
    calls: [
      { chain, contract: "Presale", functionName: "startClaim", args: [at], note: `claims open at ${fmtTime(at)}` },
    ],
    lines: [`start claim at ${fmtTime(at)}`],
  };
}

/**
 * open-claim (Base side, anyone): opens the claim now, from the claim deadline (the sale's end + 14 days), if the owner
 * has not started it. `missing`: claimMissing's answer.
 */
export function planOpenClaim(input: {
  chain: ChainRef;
  now: bigint;
  current: bigint;
  deadline: bigint;
  missing: readonly string[];
}): Plan {
  const { chain, now, current, deadline, missing } = input;
  if (chain.side !== "base") throw new PlanRefusal(`${chain.name} is the Ethereum side: claims open on the Base side`);
  if (current !== 0n)
    throw new PlanRefusal(
      `the claim start is set already (${fmtTime(current)})${now >= current ? ": the claim is open" : ""}`,
    );
  if (now < deadline)
    throw new PlanRefusal(
      `anyone may open the claim from ${fmtTime(deadline)} (the sale's end + 14 days); before that only the owner can start it (start-claim)`,
    );
  refuseMissing(missing);
  const note = `claims open now (${fmtTime(now)})`;
  return { calls: [{ chain, contract: "Presale", functionName: "openClaim", args: [], note }], lines: [] };
}
