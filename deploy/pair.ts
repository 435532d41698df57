/**
 * The two parameter files of a pair (the Ethereum side and the Base side) must describe one ladder: the same caps,
 * Ethereum quotas, prices, round end times and sale times, since the contracts never exchange the table (each chain
 * walks its own share of it; docs/PRODUCT.md §9). Compared after resolution, both files against the same clock.
 */
import { ParamsError, resolveParams, type DeployParams } from "./schema.js";

/** Only the deployer differs between the sides' resolutions; any address does for comparing the tables. */
const ANY_DEPLOYER = "0x000000000000000000000000000000000000dEaD";

/**
 * Every difference between the ladders of `eth` and `base`, each as a sentence naming the field and both values.
 * `now` resolves relative times of files anchored at "deploy" (the pair's deploys share one anchor).
 */
export function pairDifferences(eth: DeployParams, base: DeployParams, now: number): string[] {
  // A file anchored at "deploy" resolves against `now` on both sides (the second deploy reuses the first one's anchor).
  const [e, b] = [eth, base].map((p) => resolveParams(p, { deployer: ANY_DEPLOYER, now }));
  const out: string[] = [];
  const differ = (what: string, x: bigint | number | string, y: bigint | number | string) => {
    if (x !== y) out.push(`${what}: ${eth.network} ${String(x)}, ${base.network} ${String(y)}`);
  };
  differ("sale.anchor", e.anchor, b.anchor);
  differ("sale.startTime", e.startTime, b.startTime);
  differ("sale.endTime", e.endTime, b.endTime);
  differ("number of rounds", e.rounds.length, b.rounds.length);
  for (let i = 0; i < Math.min(e.rounds.length, b.rounds.length); i++) {
    differ(`round ${i + 1} cap`, e.rounds[i].cap, b.rounds[i].cap);
    differ(`round ${i + 1} Ethereum quota`, e.ethereumQuotas[i], b.ethereumQuotas[i]);
    differ(`round ${i + 1} price (USD 1e18)`, e.rounds[i].price, b.rounds[i].price);
    differ(`round ${i + 1} end time`, e.rounds[i].endTime, b.rounds[i].endTime);
  }
  return out;
}

/** Refuses (ParamsError) a pair whose two files describe different ladders; names every difference. */
export function assertPairAgrees(eth: DeployParams, base: DeployParams, now: number): void {
  if (eth.chain !== "eth" || base.chain !== "base")
    throw new ParamsError(`a pair is an Ethereum-side file and a Base-side file (${eth.network}, ${base.network})`);
  const diffs = pairDifferences(eth, base, now);
  if (diffs.length > 0) {
    throw new ParamsError(
      `${eth.network} and ${base.network} describe different ladders (both chains must run the same table), nothing sent:\n  - ${diffs.join("\n  - ")}`,
    );
  }
}
