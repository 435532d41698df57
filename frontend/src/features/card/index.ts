/**
 * The card on-ramp (PRODUCT.md §2, §4, §5, §7 and §8). Public surface for the buy feature:
 *
 * - `startCardPurchase(req, dispatch?)`: called by the swap form once the wallet is connected, the chain is Base and
 *   the quantity is valid. It loads the card flow lazily (flow.ts, start.ts and the widget package never reach the
 *   initial bundle), opens the card modal about 1 s later, requests the signed session, opens the widget and maps
 *   every widget event onto the swap machine through `dispatch`. Called again while the status is wert_inprogress
 *   (the Continue button), it follows the payment already under way instead of starting another one.
 * - `CardHost`: renders the card modal and reacts to a completed card purchase (balances refresh, toast); mounted
 *   once by the buy widget.
 * - `CardBaseNotice`: the Base-only rule in the card form (card payments settle on Base; switch prompt).
 */
import type { Address } from "viem";
import { dispatchSwap, type SwapEvent } from "../buy/index.ts";

export type CardPurchaseRequest = {
  address: Address;
  /** Whole tokens to buy. */
  tokens: number;
  stake: boolean;
  lang: string;
};

export const CARD_WIDGET_READY = true;

export async function startCardPurchase(
  req: CardPurchaseRequest,
  dispatch: (e: SwapEvent) => void = dispatchSwap,
): Promise<void> {
  let start: typeof import("./start.ts").startCard;
  try {
    ({ startCard: start } = await import("./start.ts"));
  } catch (e) {
    // The card code itself could not be fetched (offline, stale deployment): same outcome as a failed session.
    console.warn("card: the card flow could not be loaded:", e);
    dispatch({ type: "CARD_MOUNT_ERROR" });
    return;
  }
  await start(req, dispatch);
}

export { CardHost } from "./CardHost.tsx";
export { CardBaseNotice } from "./CardBaseNotice.tsx";
