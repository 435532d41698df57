/**
 * SEAM FOR THE CARD ON-RAMP (issue 6 replaces this file; keep the exported names and signatures).
 *
 * The buy widget's "Buy with card" entry calls `startCardPurchase` after it has checked the wallet is connected,
 * the chain is Base and the quantity is valid. The implementation opens the card modal / widget and drives the
 * swap status machine through `dispatch` (see features/buy/swapMachine.ts for every card event and its effect).
 *
 * This stub has no widget yet: it reports a mount error, which puts the machine back to not_started with
 * `mountError` flagged, exactly as a failed session request would.
 */
import type { Address } from "viem";
import { dispatchSwap, type SwapEvent } from "../buy/swapMachine.ts";

export type CardPurchaseRequest = {
  address: Address;
  /** Whole tokens to buy. */
  tokens: number;
  stake: boolean;
  lang: string;
};

export const CARD_WIDGET_READY = false;

export async function startCardPurchase(_req: CardPurchaseRequest, dispatch: (e: SwapEvent) => void = dispatchSwap): Promise<void> {
  dispatch({ type: "CARD_MOUNT_ERROR" });
}
