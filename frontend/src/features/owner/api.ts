// The indexer's answers the console reads (indexer/src/api/queries.ts `sales` and `ownerActions`), typed as they cross
// HTTP: bigints are decimal strings, times unix seconds, addresses lowercase. Token amounts are whole tokens; USD and
// prices have 18 decimals; what was paid is in the payment token's own units.
import type { SalesAnswer } from "@shaft/indexer-api";
import { getIndexerJson } from "../../shared/indexer.ts";

export interface OwnerActionRow {
  id: string;
  chainId: number;
  contract: "Presale" | "Staking";
  event: string;
  args: Record<string, unknown>;
  sender: string;
  txHash: string;
  timestamp: string;
}

export const fetchSales = (signal?: AbortSignal) => getIndexerJson<SalesAnswer>("/sales", signal);
export const fetchOwnerActions = (signal?: AbortSignal) =>
  getIndexerJson<{ actions: OwnerActionRow[] }>("/owner-actions?limit=50", signal);
