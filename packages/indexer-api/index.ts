/**
 * The indexer's answers as they cross HTTP, typed once: the indexer builds them (indexer/lib/activity.ts,
 * indexer/src/api/queries.ts), the dapp reads them (frontend/src/features/activity/api.ts, features/owner/api.ts) and
 * so do the indexer's tests. Bigints are decimal strings, times unix seconds, addresses lowercase. Types only.
 */

/** Where an Ethereum purchase is on its way to Base. */
export type Stage = "bought" | "sent" | "onBase";

/** An Ethereum purchase's way to Base: the relay that carried it and Base's credit of it. Times are unix seconds. */
export interface Journey {
  stage: Stage;
  /** Who owns the tokens on Base now: the relayed leg's recipient, or the buyer's current recipient until relayed. */
  owner: string;
  leg: number | null;
  relay: { id: string; txHash: string; timestamp: number } | null;
  credit: { txHash: string; timestamp: number } | null;
  /** Unix seconds when the purchase is expected on Base (only while on its way). */
  expectedAt: number | null;
}

// ---------------------------------------------------------------- `/sales`: the owner console
// Token amounts are whole tokens; USD and prices have 18 decimals; what was paid is in the payment token's own units.

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
