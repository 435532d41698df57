// whitelist / blacklist add|remove: batched list updates (DEFAULT_ADMIN_ROLE). The whitelist gates claims, which exist
// on Base only; the blacklist is on both chains. Addresses already in the wanted state are skipped.
import { getAddress, isAddress, zeroAddress, type Address } from "viem";
import { PlanRefusal, type ChainRef, type OwnerCall, type Plan } from "./calls.js";

export type ListName = "whitelist" | "blacklist";

/**
 * A header cell: words only ("address", "Wallet Address"). Anything else on the first line is data and is checked like
 * every other line: "0X90F7…", a bare hex string or a mistyped address refuses the list instead of being dropped.
 */
const HEADER_CELL = /^[A-Za-z][A-Za-z _-]*$/;

/**
 * The address a cell holds, as ethers reads one: 40 hex digits after "0x" or bare; one case throughout, or mixed case
 * that is the EIP-55 checksum (a mistyped digit then fails it). The zero address is none.
 */
function addressIn(cell: string): Address | undefined {
  const hex = /^(?:0x)?([0-9a-fA-F]{40})$/.exec(cell)?.[1];
  if (hex === undefined) return undefined;
  const oneCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  if (!oneCase && !isAddress(`0x${hex}`, { strict: true })) return undefined;
  const address = getAddress(`0x${hex.toLowerCase()}`);
  return address === zeroAddress ? undefined : address;
}

/**
 * Addresses from the first column of CSV text (a header, blank and # lines skipped; duplicates once), checksummed.
 * Refuses on any bad line, naming `source` (e.g. "--csv list.csv") and the lines.
 */
export function parseAddressList(text: string, source: string): Address[] {
  const bad: string[] = [];
  const seen = new Set<string>();
  const list: Address[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const cell = line
      .split(/[,;\t]/)[0]
      .trim()
      .replace(/^"|"$/g, "");
    if (cell === "" || cell.startsWith("#") || (i === 0 && HEADER_CELL.test(cell))) return;
    const a = addressIn(cell);
    if (a === undefined) {
      bad.push(`line ${i + 1}: "${cell}"`);
      return;
    }
    if (!seen.has(a)) {
      seen.add(a);
      list.push(a);
    }
  });
  if (bad.length > 0)
    throw new PlanRefusal(
      `${source}: ${bad.length} invalid address(es), nothing sent:\n  ${bad.slice(0, 20).join("\n  ")}`,
    );
  if (list.length === 0) throw new PlanRefusal(`${source}: no addresses`);
  return list;
}

export const DEFAULT_LIST_BATCH = 200;

/** The batches of `addresses`, `size` at most each (1..1000). */
export function listBatches(addresses: readonly Address[], size = DEFAULT_LIST_BATCH): Address[][] {
  if (!Number.isInteger(size) || size < 1 || size > 1000) throw new PlanRefusal("--batch must be 1..1000");
  const batches: Address[][] = [];
  for (let i = 0; i < addresses.length; i += size) batches.push(addresses.slice(i, i + size));
  return batches;
}

/** The call that puts `accounts` in the wanted state. */
export function listCall(chain: ChainRef, list: ListName, accounts: Address[], add: boolean): OwnerCall {
  const note = `${accounts.length} address(es) → ${add}`;
  return {
    chain,
    contract: "Presale",
    functionName: list === "whitelist" ? "setWhitelist" : "setBlacklist",
    args: [accounts, add],
    note,
  };
}

/**
 * Adds or removes `addresses`; `listed[i]` is whether `addresses[i]` is on the list now. One call per batch that has
 * anything to change.
 */
export function planListChange(input: {
  chain: ChainRef;
  list: ListName;
  add: boolean;
  addresses: readonly Address[];
  listed: readonly boolean[];
  batchSize?: number;
}): Plan {
  const { chain, list, add, addresses, listed } = input;
  if (list === "whitelist" && chain.side !== "base")
    throw new PlanRefusal(`${chain.name} is the Ethereum side: the whitelist gates claims, which exist on Base only`);
  if (listed.length !== addresses.length) throw new Error("planListChange: one listed state per address");
  const state = new Map(addresses.map((a, i) => [a, listed[i]]));
  const calls = listBatches(addresses, input.batchSize)
    .map((batch) => batch.filter((a) => state.get(a) !== add))
    .filter((pending) => pending.length > 0)
    .map((pending) => listCall(chain, list, pending, add));
  const changes = calls.reduce((n, c) => n + (c.args[0] as readonly Address[]).length, 0);
  return { calls, lines: [`${changes} of ${addresses.length} address(es) would change.`] };
}
