import { describe, expect, it } from "vitest";
import {
  INITIAL_SWAP,
  isBlocking,
  swapReducer,
  SWAP_STATUSES,
  type SwapEvent,
  type SwapState,
  type SwapStatus,
} from "./swapMachine.ts";

const H = "0xabc" as const;
const at = (status: SwapStatus, extra: Partial<SwapState> = {}): SwapState => ({ status, ...extra });
const run = (s: SwapState, ...events: SwapEvent[]) => events.reduce(swapReducer, s);
const start: SwapEvent = { type: "START", payment: "native", chainId: 31337, stake: false, tokens: 1000 };

describe("swap statuses", () => {
  it("has the eight statuses, spelled as PRODUCT.md §4 does", () => {
    expect([...SWAP_STATUSES].sort()).toEqual([
      "approval_pending",
      "complete",
      "confirm_pending",
      "failed",
      "in_progess",
      "not_started",
      "rejected",
      "wert_inprogress",
    ]);
  });
  it("click-blocks only in_progess, confirm_pending and approval_pending", () => {
    expect(SWAP_STATUSES.filter(isBlocking).sort()).toEqual(["approval_pending", "confirm_pending", "in_progess"]);
  });
});

describe("native purchase", () => {
  it("not_started -> confirm_pending -> in_progess -> complete", () => {
    const s = run(INITIAL_SWAP, start, { type: "AWAIT_SIGNATURE" });
    expect(s.status).toBe("confirm_pending");
    const sent = swapReducer(s, { type: "SENT", hash: H });
    expect(sent).toMatchObject({ status: "in_progess", hash: H });
    expect(swapReducer(sent, { type: "RECEIPT", success: true }).status).toBe("complete");
  });
  it("a reverted receipt gives failed", () => {
    expect(
      run(
        INITIAL_SWAP,
        start,
        { type: "AWAIT_SIGNATURE" },
        { type: "SENT", hash: H },
        { type: "RECEIPT", success: false },
      ).status,
    ).toBe("failed");
  });
  it("4001 gives rejected, any other error failed", () => {
    const waiting = run(INITIAL_SWAP, start, { type: "AWAIT_SIGNATURE" });
    expect(swapReducer(waiting, { type: "ERROR", rejected: true }).status).toBe("rejected");
    expect(swapReducer(waiting, { type: "ERROR", rejected: false }).status).toBe("failed");
  });
  it("START records payment, chain, stake flag and quantity", () => {
    expect(swapReducer(INITIAL_SWAP, { ...start, stake: true })).toMatchObject({
      status: "not_started",
      payment: "native",
      chainId: 31337,
      stake: true,
      tokens: 1000,
    });
  });
});

describe("token purchase", () => {
  it("approval_pending -> (approved) confirm_pending -> in_progess -> complete", () => {
    const s = run(INITIAL_SWAP, { ...start, payment: "usdc" }, { type: "APPROVAL_REQUIRED" });
    expect(s.status).toBe("approval_pending");
    const c = swapReducer(s, { type: "APPROVED" });
    expect(c.status).toBe("confirm_pending");
    expect(run(c, { type: "SENT", hash: H }, { type: "RECEIPT", success: true }).status).toBe("complete");
  });
  it("a rejected approval gives rejected", () => {
    expect(run(INITIAL_SWAP, { type: "APPROVAL_REQUIRED" }, { type: "ERROR", rejected: true }).status).toBe("rejected");
  });
  it("a contract refusal in simulation is a failure with its reason, never 'rejected' (the buyer declined nothing)", () => {
    expect(swapReducer(at("not_started"), { type: "SIMULATION_REVERTED", revert: "SalePaused" })).toMatchObject({
      status: "failed",
      revert: "SalePaused",
    });
    expect(swapReducer(at("approval_pending"), { type: "SIMULATION_REVERTED" }).status).toBe("failed");
    expect(swapReducer(at("confirm_pending"), { type: "SIMULATION_REVERTED" }).status).toBe("failed");
  });
});

describe("card flow events", () => {
  it("widget loaded -> confirm_pending", () => {
    expect(swapReducer(at("not_started"), { type: "CARD_LOADED" })).toMatchObject({
      status: "confirm_pending",
      payment: "card",
    });
  });
  it("payment status pending/progress -> in_progess", () => {
    expect(swapReducer(at("confirm_pending"), { type: "CARD_PAYMENT_STATUS", status: "pending" }).status).toBe(
      "in_progess",
    );
    expect(swapReducer(at("confirm_pending"), { type: "CARD_PAYMENT_STATUS", status: "progress" }).status).toBe(
      "in_progess",
    );
  });
  it("any transaction id -> wert_inprogress; then the receipt decides", () => {
    const w = swapReducer(at("in_progess"), { type: "CARD_TX", hash: H });
    expect(w).toMatchObject({ status: "wert_inprogress", hash: H });
    expect(swapReducer(at("in_progess"), { type: "CARD_PAYMENT_STATUS", status: "success", hash: H }).status).toBe(
      "wert_inprogress",
    );
    expect(swapReducer(w, { type: "RECEIPT", success: true }).status).toBe("complete");
    expect(swapReducer(w, { type: "RECEIPT", success: false }).status).toBe("failed");
  });
  it("canceled -> rejected; widget error -> failed", () => {
    expect(swapReducer(at("in_progess"), { type: "CARD_PAYMENT_STATUS", status: "canceled" }).status).toBe("rejected");
    expect(swapReducer(at("confirm_pending"), { type: "CARD_ERROR", message: "x" }).status).toBe("failed");
  });
  it("closed before completion -> rejected, unless already wert_inprogress or complete", () => {
    expect(swapReducer(at("confirm_pending"), { type: "CARD_CLOSED" }).status).toBe("rejected");
    expect(swapReducer(at("in_progess"), { type: "CARD_CLOSED" }).status).toBe("rejected");
    expect(swapReducer(at("wert_inprogress"), { type: "CARD_CLOSED" }).status).toBe("wert_inprogress");
    expect(swapReducer(at("complete"), { type: "CARD_CLOSED" }).status).toBe("complete");
  });
  it("the session request failing -> not_started with the mount error flagged", () => {
    expect(swapReducer(at("confirm_pending"), { type: "CARD_MOUNT_ERROR" })).toEqual({
      status: "not_started",
      payment: "card",
      mountError: true,
    });
  });
});

describe("guards and reset", () => {
  it("ignores events that do not apply", () => {
    const done = at("complete", { hash: H });
    for (const e of [
      { type: "SENT", hash: H },
      { type: "APPROVED" },
      { type: "ERROR", rejected: true },
      { type: "CARD_LOADED" },
    ] as SwapEvent[]) {
      expect(swapReducer(done, e)).toBe(done);
    }
    expect(swapReducer(INITIAL_SWAP, { type: "SENT", hash: H })).toBe(INITIAL_SWAP);
    expect(swapReducer(INITIAL_SWAP, { type: "RECEIPT", success: true })).toBe(INITIAL_SWAP);
  });
  it("Start again resets every status to not_started", () => {
    for (const s of SWAP_STATUSES) expect(swapReducer(at(s), { type: "RESET" })).toEqual(INITIAL_SWAP);
  });
});
