// The indexer's answer for one wallet (indexer/src/api/queries.ts `activity`), typed as it crosses HTTP: amounts are
// decimal strings, times unix seconds, addresses lowercase.
import type { Journey } from "@shaft/indexer-api";
import { getIndexerJson } from "../../shared/indexer.ts";

export interface PurchaseRow {
  id: string;
  chainId: number;
  txHash: string;
  timestamp: string;
  buyer: string;
  recipient: string;
  payToken: string;
  paid: string;
  tokens: string;
  usd: string;
  staked: boolean;
  card: boolean;
  firstRound: number;
  lastRound: number;
  journey: Journey | null;
}

export interface ClaimRow {
  id: string;
  txHash: string;
  timestamp: string;
  amount: string;
  staked: boolean;
}

export interface StakingRow {
  id: string;
  txHash: string;
  timestamp: string;
  kind: "stake" | "harvest" | "withdrawal";
  amount: string;
  viaPresale: boolean | null;
}

export interface ActivityAnswer {
  address: string;
  chains: { ethereum: number; base: number };
  now: number;
  cadence: { relayEverySec: number | null; deliverySec: number | null; lastRelayAt: number | null; samples: number };
  purchases: PurchaseRow[];
  credits: { id: string; txHash: string; timestamp: string; buyer: string; tokens: string; credited: string }[];
  claims: ClaimRow[];
  staking: StakingRow[];
}

export function fetchActivity(address: string, signal?: AbortSignal): Promise<ActivityAnswer> {
  return getIndexerJson<ActivityAnswer>(`/activity/${address}`, signal);
}
