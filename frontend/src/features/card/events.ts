// Widget events -> swap machine events (PRODUCT.md §4 "Card flow"). Pure, so every mapping is unit-tested.
import type { Hash } from "viem";
import type { SwapEvent } from "../buy/index.ts";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** A transaction id the dapp can check on Base: 32 bytes of hex. */
export function txHashOf(v: unknown): Hash | undefined {
  return typeof v === "string" && /^0x[0-9a-fA-F]{64}$/.test(v) ? (v as Hash) : undefined;
}

export type PaymentOutcome = "progress" | "success" | "canceled" | "failed" | "other";

/** The widget's payment statuses (pending, canceled, failed, success, failover; "progress" per the widget's documentation). */
export function paymentOutcome(status: unknown): PaymentOutcome {
  switch (typeof status === "string" ? status.toLowerCase() : "") {
    case "pending":
    case "progress":
    case "failover": // the provider retries through a fallback processor: still being paid
      return "progress";
    case "success":
      return "success";
    case "canceled":
    case "cancelled":
      return "canceled";
    case "failed":
      return "failed";
    default:
      return "other";
  }
}

/**
 * payment-status -> swap events:
 *   pending / progress        -> in_progess (wert_inprogress once a tx id is present)
 *   success                   -> wert_inprogress (the receipt of tx_id then decides complete / failed)
 *   canceled                  -> rejected
 *   failed                    -> failed
 *   anything else with tx_id  -> wert_inprogress
 */
export function paymentStatusEvents(data: unknown): SwapEvent[] {
  if (!isObject(data)) return [];
  const hash = txHashOf(data.tx_id);
  const withHash = hash ? { hash } : {};
  switch (paymentOutcome(data.status)) {
    case "progress":
      return [
        {
          type: "CARD_PAYMENT_STATUS",
          status: String(data.status).toLowerCase() === "pending" ? "pending" : "progress",
          ...withHash,
        },
      ];
    case "success":
      return [{ type: "CARD_PAYMENT_STATUS", status: "success", ...withHash }];
    case "canceled":
      return [{ type: "CARD_PAYMENT_STATUS", status: "canceled" }];
    case "failed":
      return [{ type: "CARD_PAYMENT_STATUS", status: "failed", ...withHash }];
    case "other":
      return hash ? [{ type: "CARD_TX", hash }] : [];
  }
}

/** error -> failed, with the widget's message. */
export function errorEvent(data: unknown): SwapEvent {
  const message = isObject(data) && typeof data.message === "string" ? data.message.slice(0, 300) : undefined;
  return message ? { type: "CARD_ERROR", message } : { type: "CARD_ERROR" };
}
