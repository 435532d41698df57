/**
 * The owner console's CSV export of purchases (both chains), read from the indexer's `GET /purchases` pages
 * (indexer/src/api/queries.ts `purchasesPage`): one row per `TokensBought`, oldest first, amounts in their units.
 */
import { formatUnits, type Address } from "viem";
import type { Chains } from "./chain.ts";
import { UnavailableError } from "./http.ts";

/** A purchase as the indexer answers it: bigints as decimal strings, times unix seconds, addresses lowercase. */
export interface IndexedPurchase {
  id: string;
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: string;
  timestamp: string;
  buyer: string;
  recipient: string;
  payToken: string;
  paid: string;
  tokens: string;
  usd: string;
}

const PAGE = 5000;
const TIMEOUT_MS = 15_000;

export const CSV_HEADER = [
  "chain",
  "chain_id",
  "tx_hash",
  "log_index",
  "block_number",
  "block_time",
  "buyer",
  "base_recipient",
  "pay_token",
  "amount_paid",
  "tokens",
  "usd",
] as const;

/** Every purchase the indexer holds, page after page. An indexer that cannot be read is a 503. */
export async function indexedPurchases(indexerUrl: string | undefined): Promise<IndexedPurchase[]> {
  if (!indexerUrl) throw new UnavailableError("indexer_unavailable", "no INDEXER_URL is configured for the export");
  const rows: IndexedPurchase[] = [];
  let after: string | null = null;
  do {
    const url = new URL(`${indexerUrl}/purchases`);
    url.searchParams.set("limit", String(PAGE));
    if (after) url.searchParams.set("after", after);
    let page: { purchases: IndexedPurchase[]; next: string | null };
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      page = (await res.json()) as typeof page;
    } catch (e) {
      throw new UnavailableError("indexer_unavailable", `the indexer could not be read: ${(e as Error).message}`);
    }
    rows.push(...page.purchases);
    after = page.next;
  } while (after);
  return rows;
}

/**
 * The CSV (RFC 4180, CRLF) of the purchases: the chain ("Base" for the owner chain, else "Ethereum"), the
 * transaction and the log's position, the block time (ISO 8601, UTC), the buyer (who sent the purchase; the card
 * provider for a card purchase), the Base address that owns the tokens, the payment token and the amount paid in it,
 * whole tokens, USD. A payment token that is not the presale's own keeps its address and base units.
 */
export async function purchasesCsv(rows: IndexedPurchase[], chains: Chains, baseChainId: number): Promise<string> {
  const lines = [CSV_HEADER.join(",")];
  for (const p of rows) {
    let token;
    try {
      token = await chains.payToken(p.chainId, p.payToken as Address);
    } catch {
      throw new UnavailableError("rpc_unavailable", `chain ${p.chainId} could not be reached to name its pay tokens`);
    }
    lines.push(
      [
        p.chainId === baseChainId ? "Base" : "Ethereum",
        String(p.chainId),
        p.txHash,
        String(p.logIndex),
        p.blockNumber,
        new Date(Number(p.timestamp) * 1000).toISOString(),
        p.buyer,
        p.recipient,
        token?.symbol ?? p.payToken,
        token ? formatUnits(BigInt(p.paid), token.decimals) : p.paid,
        p.tokens,
        formatUnits(BigInt(p.usd), 18),
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a leading `=`, `+`, `-`, `@` or tab is escaped
 * with a quote mark, so a spreadsheet never runs a cell as a formula.
 */
export function csvCell(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
