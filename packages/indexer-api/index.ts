/**
 * The indexer's answers as they cross HTTP, typed once: the indexer builds them (indexer/lib/activity.ts,
 * indexer/src/api/queries.ts) and the dapp reads them (frontend/src/features/activity/api.ts). Types only.
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
