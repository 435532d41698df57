// Whether a chain's sale takes purchases right now, from the contract's own state (refreshed with the presale
// data) and the chain's clock: the reason is shown in the widget and buying is disabled with it.
import type { ChainData } from "./reads.ts";

export type SaleBlock = "paused" | "not_started" | "ended" | "sold_out" | "closed";

/** The chain's time now (unix seconds): the last block time read, moved on by the time elapsed since the read. */
export function chainNow(c: Pick<ChainData, "chainTime" | "updatedAt"> | undefined, nowMs = Date.now()): number {
  if (!c?.chainTime) return Math.floor(nowMs / 1000);
  return c.chainTime + Math.max(0, Math.floor((nowMs - c.updatedAt) / 1000));
}

export function saleBlock(c: ChainData | undefined, nowMs = Date.now()): SaleBlock | null {
  if (!c?.sale) return null;
  const now = chainNow(c, nowMs);
  if (c.sale.closed || c.claimStart > 0) return "closed";
  if (c.sale.paused) return "paused";
  if (now < c.sale.startTime) return "not_started";
  if (now >= c.sale.endTime) return "ended";
  const last = c.rounds[c.rounds.length - 1];
  if (c.rounds.length > 0 && c.currentStep >= c.rounds.length) return "sold_out";
  if (last && now >= last.endTime) return "ended";
  return null;
}
