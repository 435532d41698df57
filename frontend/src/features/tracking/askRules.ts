// When the dapp asks a connected wallet for its lead signature (features/tracking): tracking on, nothing asked yet in
// this browser session, and no purchase waiting on the wallet.
import { readLead, type SessionStore } from "../../shared/leadSession.ts";

/**
 * Whether to ask the wallet for its lead signature now: tracking on, a connected wallet, nothing asked yet in this
 * session, and no purchase or card payment waiting on the wallet (the lead is never one of a purchase's prompts).
 */
export function shouldAskLead(p: {
  tracking: boolean;
  connected: boolean;
  address?: string;
  busy: boolean;
  store: SessionStore;
}): p is typeof p & { address: string } {
  return p.tracking && p.connected && p.address !== undefined && !p.busy && readLead(p.address, p.store) === undefined;
}

/** Swap statuses in which a purchase (crypto or card) asks the wallet for something or waits for it (PRODUCT.md §4). */
const WAITING = new Set(["in_progess", "confirm_pending", "approval_pending", "wert_inprogress"]);

/** A purchase or card payment waiting on the wallet. */
export const waitingOnWallet = (swap: { status: string }): boolean => WAITING.has(swap.status);
