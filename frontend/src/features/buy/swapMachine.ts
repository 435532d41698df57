/**
 * The swap status machine (PRODUCT.md §4). A pure reducer over a discriminated union of events, plus one shared
 * store so that code outside React (the purchase flows, and the card on-ramp in features/card) can drive it.
 *
 * DISPATCH API (the seam for the card flow):
 *   import { dispatchSwap, getSwapState } from "../buy/index.ts";
 *   dispatchSwap({ type: "CARD_LOADED" });                       // widget loaded        -> confirm_pending
 *   dispatchSwap({ type: "CARD_PAYMENT_STATUS", status });       // pending|progress     -> in_progess
 *                                                                // canceled             -> rejected
 *                                                                // success (+ tx_id)    -> wert_inprogress, then RECEIPT
 *   dispatchSwap({ type: "CARD_TX", hash });                     // any tx id present    -> wert_inprogress
 *   dispatchSwap({ type: "RECEIPT", success });                  // receipt decides      -> complete | failed
 *   dispatchSwap({ type: "CARD_CLOSED" });                       // closed early         -> rejected (not from wert_inprogress/complete)
 *   dispatchSwap({ type: "CARD_ERROR", message });               // widget error         -> failed
 *   dispatchSwap({ type: "CARD_MOUNT_ERROR" });                  // session request failed -> not_started + mountError
 * Events that do not apply to the current status are ignored (the state is returned unchanged).
 */
import { createStore, useStore } from "../../shared/store.ts";
import type { Address, Hash } from "viem";
import type { PayKind } from "../../presale/index.ts";

export const SWAP_STATUSES = [
  "not_started",
  "in_progess",
  "complete",
  "failed",
  "rejected",
  "approval_pending",
  "confirm_pending",
  "wert_inprogress",
] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

type SwapPayment = PayKind | "card";

export type SwapState = {
  status: SwapStatus;
  payment?: SwapPayment;
  chainId?: number;
  hash?: Hash;
  stake?: boolean;
  /** Whole tokens of the order (display only). */
  tokens?: number | bigint;
  /** Ethereum: the Base address that will own the tokens (presale/recipient.ts), shown while and after it runs. */
  recipient?: Address;
  error?: string;
  /** The contract's custom error name when the chain refused the purchase (explained in the buyer's language). */
  revert?: string;
  /** Card wording for a failure: the widget was closed or cancelled, or 3-D Secure declined. */
  cardReason?: "closed" | "cancelled" | "declined";
  mountError?: boolean;
  /**
   * How the stablecoin approval is given, when not by an approval transaction of its own: "permit" (approval_pending
   * is a signature, EIP-2612) or "batch" (confirm_pending is one wallet prompt for approval and purchase, EIP-5792).
   */
  via?: ApprovalVia;
  /**
   * An approval transaction of this purchase is mined (PRODUCT.md §4): "reset" (a non-zero allowance set to zero) or
   * "approval" (the allowance granted). A later refusal or failure then says so rather than "nothing was sent".
   */
  approvalMined?: "reset" | "approval";
};

type ApprovalVia = "permit" | "batch";

export type SwapEvent =
  | {
      type: "START";
      payment: SwapPayment;
      chainId: number;
      stake: boolean;
      tokens: number | bigint;
      recipient?: Address;
    }
  | { type: "APPROVAL_REQUIRED"; via?: "permit" }
  | { type: "APPROVAL_MINED"; amount: bigint }
  | { type: "APPROVED" }
  | { type: "AWAIT_SIGNATURE"; via?: "batch" }
  | { type: "BATCH_UNAVAILABLE" }
  | { type: "SENT"; hash?: Hash }
  | { type: "RECEIPT"; success: boolean; hash?: Hash; revert?: string }
  | { type: "ERROR"; rejected: boolean; message?: string; revert?: string }
  | { type: "SIMULATION_REVERTED"; message?: string; revert?: string }
  | { type: "RESET" }
  | { type: "CARD_LOADED" }
  | { type: "CARD_PAYMENT_STATUS"; status: "pending" | "progress" | "success" | "canceled" | "failed"; hash?: Hash }
  | { type: "CARD_TX"; hash: Hash }
  | { type: "CARD_CLOSED" }
  | { type: "CARD_ERROR"; message?: string }
  | { type: "CARD_MOUNT_ERROR" };

export const INITIAL_SWAP: SwapState = { status: "not_started" };

/** Statuses during which the widget is click-blocked. */
const BLOCKING: readonly SwapStatus[] = ["in_progess", "confirm_pending", "approval_pending"];
export const isBlocking = (s: SwapStatus) => BLOCKING.includes(s);
const FINAL: readonly SwapStatus[] = ["complete", "failed", "rejected"];
const ACTIVE: readonly SwapStatus[] = ["approval_pending", "confirm_pending", "in_progess", "wert_inprogress"];

export function swapReducer(s: SwapState, e: SwapEvent): SwapState {
  const at = (...st: SwapStatus[]) => st.includes(s.status);
  switch (e.type) {
    case "RESET":
      return INITIAL_SWAP;
    case "START":
      if (!at("not_started")) return s;
      return {
        status: "not_started",
        payment: e.payment,
        chainId: e.chainId,
        stake: e.stake,
        tokens: e.tokens,
        recipient: e.recipient,
      };
    case "APPROVAL_REQUIRED":
      // Again while approval_pending: the wallet could not sign the permit, the approval transaction follows.
      return at("not_started", "approval_pending") ? { ...s, status: "approval_pending", via: e.via } : s;
    case "APPROVAL_MINED":
      // approval_pending: an approval transaction of its own; confirm_pending / in_progess: a batch's approval calls.
      return at("approval_pending", "confirm_pending", "in_progess")
        ? { ...s, approvalMined: e.amount > 0n ? "approval" : "reset" }
        : s;
    case "APPROVED":
      return at("approval_pending") ? { ...s, status: "confirm_pending" } : s;
    case "AWAIT_SIGNATURE":
      return at("not_started", "approval_pending") ? { ...s, status: "confirm_pending", via: e.via ?? s.via } : s;
    case "BATCH_UNAVAILABLE":
      // The wallet would not run the batch (nothing was sent): the approval is still to come, by permit or transaction.
      return at("confirm_pending") && s.via === "batch" ? { ...s, status: "approval_pending", via: undefined } : s;
    case "SENT":
      // A batch has no transaction hash until its receipts arrive (RECEIPT carries it).
      return at("confirm_pending") ? { ...s, status: "in_progess", hash: e.hash } : s;
    case "RECEIPT":
      return at("in_progess", "wert_inprogress", "confirm_pending")
        ? { ...s, status: e.success ? "complete" : "failed", hash: e.hash ?? s.hash, revert: e.revert ?? s.revert }
        : s;
    case "ERROR":
      if (FINAL.includes(s.status)) return s;
      return { ...s, status: e.rejected ? "rejected" : "failed", error: e.message, revert: e.revert };
    case "SIMULATION_REVERTED":
      // The contract refused before anything was sent: a failure with its reason, not a refusal by the buyer.
      return at("not_started", "approval_pending", "confirm_pending")
        ? { ...s, status: "failed", error: e.message, revert: e.revert }
        : s;
    // ---- card on-ramp (PRODUCT.md §4 "Card flow")
    case "CARD_LOADED":
      return at("not_started") ? { ...s, payment: "card", status: "confirm_pending", mountError: false } : s;
    case "CARD_PAYMENT_STATUS":
      if (!ACTIVE.includes(s.status) && !at("not_started")) return s;
      if (e.status === "canceled") return { ...s, status: "rejected", cardReason: "cancelled" };
      if (e.status === "failed") return { ...s, status: "failed", hash: e.hash ?? s.hash, cardReason: "declined" };
      if (e.hash) return { ...s, status: "wert_inprogress", hash: e.hash };
      if (e.status === "success") return { ...s, status: "wert_inprogress" };
      return s.status === "wert_inprogress" ? s : { ...s, status: "in_progess" };
    case "CARD_TX":
      return FINAL.includes(s.status) && !at("rejected") ? s : { ...s, status: "wert_inprogress", hash: e.hash };
    case "CARD_CLOSED":
      return at("wert_inprogress", "complete", "failed", "rejected")
        ? s
        : { ...s, status: "rejected", cardReason: "closed" };
    case "CARD_ERROR":
      return FINAL.includes(s.status) ? s : { ...s, status: "failed", error: e.message };
    case "CARD_MOUNT_ERROR":
      return { ...INITIAL_SWAP, payment: "card", mountError: true };
  }
}

export const swapStore = createStore<SwapState>(INITIAL_SWAP);
export const dispatchSwap = (e: SwapEvent) => swapStore.set((s) => swapReducer(s, e));
export const getSwapState = () => swapStore.get();
export const useSwapState = () => useStore(swapStore);
