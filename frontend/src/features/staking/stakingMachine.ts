/**
 * The staking flows' status machine (PRODUCT.md §4 "Claim, harvest, withdraw" and "Claim and stake, stake creation,
 * stake extension"). A pure reducer over a discriminated union of events, and one shared store so that the flow
 * runner (flows.ts, outside React) and every view (stake modal, claim modal, the home widget's claim buttons) see the
 * same state.
 *
 *   claim, harvest, withdraw:   START -> in_progess -> (SENT) -> RECEIPT -> complete | failed
 *   claimAndStake:              START -> confirm_pending -> SENT -> in_progess -> RECEIPT -> complete | failed
 *   stake (creation), extend:   START (not_started, preparing) -> APPROVAL_REQUIRED -> approval_pending
 *                               -> APPROVED -> confirm_pending, or AWAIT_SIGNATURE -> confirm_pending;
 *                               (approvalMined: the approval is on chain, so a failure after it is not "nothing
 *                               changed": an approval transaction, or a batch's approval mined before its revert)
 *                               then SENT -> in_progess -> RECEIPT -> complete | failed
 *                               (via "permit": approval_pending is a signature, EIP-2612; via "batch":
 *                               confirm_pending is one prompt for approval and deposit, EIP-5792, and SENT has no
 *                               hash until RECEIPT; BATCH_UNAVAILABLE, a batch the wallet would not run, goes back
 *                               to approval_pending for the permit or the approval transaction)
 *   any active status:          ERROR (rejected: a refusal in the wallet, chain/errors.ts) -> rejected, other errors
 *                               -> failed
 * Events that do not apply to the current status are ignored (the state is returned unchanged).
 */
import type { Hash } from "viem";
import { createStore, useStore } from "../../shared/store.ts";

export const FLOW_KINDS = ["claim", "claimAndStake", "stake", "extend", "harvest", "withdraw"] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];

type FlowStatus =
  "not_started" | "approval_pending" | "confirm_pending" | "in_progess" | "complete" | "failed" | "rejected";

export type FlowState = {
  status: FlowStatus;
  /** Set from START on: which flow runs (not_started with a kind = preparing, e.g. reading the allowance). */
  kind?: FlowKind;
  /** Sale tokens concerned, for the messages (whole tokens, may be fractional). */
  amount?: number;
  hash?: Hash;
  error?: string;
  /** Custom error of the reverted call (StillLocked, ClaimsLocked...), when the chain said which. */
  errorName?: string;
  /** How the sale-token approval is given when not by a transaction of its own: a permit, or inside one batch. */
  via?: "permit" | "batch";
  /** The sale-token approval is on chain (its own transaction, or a batch's leading call), whatever came after. */
  approvalMined?: boolean;
};

export type FlowEvent =
  | { type: "START"; kind: FlowKind; amount?: number }
  | { type: "APPROVAL_REQUIRED"; via?: "permit" }
  | { type: "APPROVED" }
  | { type: "AWAIT_SIGNATURE"; via?: "batch" }
  | { type: "BATCH_UNAVAILABLE" }
  | { type: "SENT"; hash?: Hash }
  | { type: "RECEIPT"; success: boolean; hash?: Hash; approvalMined?: boolean }
  | { type: "ERROR"; rejected: boolean; message?: string; errorName?: string }
  | { type: "RESET" };

export const INITIAL_FLOW: FlowState = { status: "not_started" };

/** Flows that show in_progess from the start (PRODUCT.md §4: "in_progess, then complete or failed"). */
const SIMPLE_FLOWS: readonly FlowKind[] = ["claim", "harvest", "withdraw"];
/** Flows that deposit sale tokens from the wallet into staking (need the allowance). */
export const DEPOSIT_FLOWS: readonly FlowKind[] = ["stake", "extend"];
const FINAL_STATUSES: readonly FlowStatus[] = ["complete", "failed", "rejected"];

export const isFinal = (s: FlowState) => FINAL_STATUSES.includes(s.status);
/** A flow has started and not finished: no other flow may start. */
export const isRunning = (s: FlowState) => !!s.kind && !isFinal(s);

export function flowReducer(s: FlowState, e: FlowEvent): FlowState {
  const at = (...st: FlowStatus[]) => st.includes(s.status);
  const deposit = !!s.kind && DEPOSIT_FLOWS.includes(s.kind);
  switch (e.type) {
    case "RESET":
      return INITIAL_FLOW;
    case "START": {
      if (s.kind || !at("not_started")) return s;
      const status: FlowStatus = SIMPLE_FLOWS.includes(e.kind)
        ? "in_progess"
        : e.kind === "claimAndStake"
          ? "confirm_pending"
          : "not_started";
      return { status, kind: e.kind, amount: e.amount };
    }
    case "APPROVAL_REQUIRED":
      // Again while approval_pending: the wallet could not sign the permit, the approval transaction follows.
      return deposit && at("not_started", "approval_pending") ? { ...s, status: "approval_pending", via: e.via } : s;
    case "APPROVED":
      // A transaction of its own unless via a permit (a signature: nothing on chain until the deposit).
      return deposit && at("approval_pending")
        ? { ...s, status: "confirm_pending", approvalMined: s.via !== "permit" }
        : s;
    case "AWAIT_SIGNATURE":
      return deposit && at("not_started") ? { ...s, status: "confirm_pending", via: e.via } : s;
    case "BATCH_UNAVAILABLE":
      // The wallet would not run the batch (nothing was sent): the approval is still to come, by permit or transaction.
      return deposit && at("confirm_pending") && s.via === "batch"
        ? { ...s, status: "approval_pending", via: undefined }
        : s;
    case "SENT":
      return s.kind && at("confirm_pending", "in_progess") ? { ...s, status: "in_progess", hash: e.hash ?? s.hash } : s;
    case "RECEIPT":
      return s.kind && at("in_progess")
        ? {
            ...s,
            status: e.success ? "complete" : "failed",
            hash: e.hash ?? s.hash,
            approvalMined: s.approvalMined || e.approvalMined,
          }
        : s;
    case "ERROR":
      if (!s.kind || isFinal(s)) return s;
      return { ...s, status: e.rejected ? "rejected" : "failed", error: e.message, errorName: e.errorName };
  }
}

export const flowStore = createStore<FlowState>(INITIAL_FLOW);
export const dispatchFlow = (e: FlowEvent) => flowStore.set((s) => flowReducer(s, e));
export const getFlow = () => flowStore.get();
export const useFlow = () => useStore(flowStore);
