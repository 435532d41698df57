// The indexer's answers the console reads (indexer/src/api/queries.ts `sales` and `ownerActions`), typed as they cross
// HTTP: bigints are decimal strings, times unix seconds, addresses lowercase. Token amounts are whole tokens; USD and
// prices have 18 decimals; what was paid is in the payment token's own units.
import { getIndexerJson } from "../../shared/indexer.ts";

export interface ChainStateRow {
  chainId: number;
  roundCount: number;
  step: number;
  used: string;
  tokensSold: string;
  usdRaised: string;
  purchases: number;
  buyers: number;
  paused: boolean;
  closed: boolean;
}

export interface LadderRoundRow {
  chainId: number;
  round: number;
  cap: string;
  price: string;
  endTime: string;
  ethereumQuota: string;
}

export interface RoundSalesRow {
  chainId: number;
  round: number;
  purchases: number;
  tokens: string;
  usd: string;
}

export interface SalesAnswer {
  now: number;
  chains: { ethereum: number; base: number };
  states: ChainStateRow[];
  rounds: LadderRoundRow[];
  perRound: RoundSalesRow[];
  perToken: { chainId: number; payToken: string; purchases: number; tokens: string; usd: string; paid: string }[];
  daily: { chainId: number; day: string; purchases: number; tokens: string; usd: string }[];
  buyers: number;
  backlog: { buyers: number; tokens: string; oldest: string | null };
  inFlight: { legs: number; tokens: string; oldest: string | null };
  cadence: { relayEverySec: number | null; deliverySec: number | null; lastRelayAt: number | null; samples: number };
  lastRelay: { txHash: string; timestamp: string; buyers: number; tokensSold: string } | null;
  lastReport: { txHash: string; timestamp: string; deposits: number; tokensSold: string } | null;
}

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
