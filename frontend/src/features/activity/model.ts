// What the panel shows, from the indexer's answer (pure, tested): each row's amounts in display units, the payment
// token's symbol, its chain, and for an Ethereum purchase the three steps of its way to Base (docs/PRODUCT.md §2,
// "My activity").
import type { Stage } from "@shaft/indexer-api";
import { env } from "../../config/env.ts";
import { payTokenAt } from "../../presale/index.ts";
import type { ActivityAnswer, PurchaseRow } from "./api.ts";

export const STAGES: readonly Stage[] = ["bought", "sent", "onBase"];

export type ChainKey = "eth" | "base";

export interface PurchaseView {
  id: string;
  chain: ChainKey;
  txHash: string;
  at: number;
  tokens: number;
  paid: number;
  paySymbol: string;
  usd: number;
  rounds: string;
  staked: boolean;
  card: boolean;
  /** Another wallet bought it for this one (or re-pointed its tokens here). */
  forMe: boolean;
  /** Ethereum purchases only. */
  stage: Stage | null;
  relayTx: string | null;
  creditTx: string | null;
  expectedAt: number | null;
  /** Where the tokens go on Base, when it is not this wallet. */
  goesTo: string | null;
}

export interface ActivityView {
  purchases: PurchaseView[];
  /** Whole tokens this wallet owns on Base from purchases: already there, and still on their way from Ethereum. */
  onBase: number;
  inFlight: number;
  events: {
    id: string;
    kind: "claim" | "claimStaked" | "stake" | "harvest" | "withdrawal";
    txHash: string;
    at: number;
    amount: number;
  }[];
}

const WEI = 1e18;
const lower = (a: string) => a.toLowerCase();

export function purchaseView(p: PurchaseRow, me: string, ethId: number): PurchaseView {
  const chain: ChainKey = p.chainId === ethId ? "eth" : "base";
  const pay = payTokenAt(env[chain], p.payToken);
  const owner = p.journey?.owner ?? p.recipient;
  return {
    id: p.id,
    chain,
    txHash: p.txHash,
    at: Number(p.timestamp),
    tokens: Number(p.tokens),
    paid: Number(p.paid) / 10 ** pay.decimals,
    paySymbol: pay.symbol,
    usd: Number(p.usd) / WEI,
    rounds: p.firstRound === p.lastRound ? String(p.firstRound + 1) : `${p.firstRound + 1}–${p.lastRound + 1}`,
    staked: p.staked,
    card: p.card,
    forMe: lower(p.buyer) !== lower(me),
    stage: p.journey?.stage ?? null,
    relayTx: p.journey?.relay?.txHash ?? null,
    creditTx: p.journey?.credit?.txHash ?? null,
    expectedAt: p.journey?.expectedAt ?? null,
    goesTo: lower(owner) === lower(me) ? null : owner,
  };
}

export function activityView(a: ActivityAnswer): ActivityView {
  const me = lower(a.address);
  const purchases = a.purchases.map((p) => purchaseView(p, me, a.chains.ethereum));
  let onBase = 0;
  let inFlight = 0;
  for (const p of a.purchases) {
    const owner = lower(p.journey?.owner ?? p.recipient);
    if (owner !== me || p.staked) continue;
    if (p.journey && p.journey.stage !== "onBase") inFlight += Number(p.tokens);
    else onBase += Number(p.tokens);
  }
  const events: ActivityView["events"] = [
    ...a.claims.map((c) => ({
      id: c.id,
      kind: c.staked ? ("claimStaked" as const) : ("claim" as const),
      txHash: c.txHash,
      at: Number(c.timestamp),
      amount: Number(c.amount) / WEI,
    })),
    // A claim-and-stake's deposit is the same tokens as its claim: shown once, as the claim.
    ...a.staking
      .filter((s) => !(s.kind === "stake" && a.claims.some((c) => c.staked && c.txHash === s.txHash)))
      .map((s) => ({
        id: s.id,
        kind: s.kind,
        txHash: s.txHash,
        at: Number(s.timestamp),
        amount: Number(s.amount) / WEI,
      })),
  ].sort((x, y) => y.at - x.at);
  return { purchases, onBase, inFlight, events };
}

/** The explorer link of a transaction on `chain`, or undefined where the chain has no explorer (local). */
export function txUrl(chain: ChainKey, hash: string): string | undefined {
  const base = env[chain].blockExplorerURL;
  return base ? `${base}${hash}` : undefined;
}
