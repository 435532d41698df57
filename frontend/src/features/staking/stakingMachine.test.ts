// Every transition of the staking machine, and the events it ignores.
import { describe, expect, it } from "vitest";
import {
  dispatchFlow,
  flowReducer,
  flowStore,
  getFlow,
  INITIAL_FLOW,
  isRunning,
  type FlowEvent,
  type FlowKind,
  type FlowState,
} from "./stakingMachine.ts";

const H = `0x${"ab".repeat(32)}` as const;
const run = (events: FlowEvent[], from: FlowState = INITIAL_FLOW) => events.reduce(flowReducer, from);
const start = (kind: FlowKind) => run([{ type: "START", kind, amount: 7 }]);

describe("START", () => {
  it("claim, harvest and withdraw start in in_progess", () => {
    for (const k of ["claim", "harvest", "withdraw"] as const)
      expect(start(k)).toEqual({ status: "in_progess", kind: k, amount: 7 });
  });
  it("claim and stake starts in confirm_pending", () => {
    expect(start("claimAndStake").status).toBe("confirm_pending");
  });
  it("stake and extend stay not_started (preparing) with their kind", () => {
    expect(start("stake")).toEqual({ status: "not_started", kind: "stake", amount: 7 });
    expect(start("extend").kind).toBe("extend");
  });
  it("is ignored while a flow is running or finished (RESET first)", () => {
    const running = start("claim");
    expect(flowReducer(running, { type: "START", kind: "withdraw" })).toBe(running);
    const done = run(
      [
        { type: "SENT", hash: H },
        { type: "RECEIPT", success: true },
      ],
      running,
    );
    expect(flowReducer(done, { type: "START", kind: "withdraw" })).toBe(done);
    expect(flowReducer(done, { type: "RESET" })).toEqual(INITIAL_FLOW);
  });
});

describe("deposit path", () => {
  it("APPROVAL_REQUIRED -> approval_pending -> APPROVED -> confirm_pending -> SENT -> in_progess", () => {
    let s = start("stake");
    s = flowReducer(s, { type: "APPROVAL_REQUIRED" });
    expect(s.status).toBe("approval_pending");
    s = flowReducer(s, { type: "APPROVED" });
    expect(s.status).toBe("confirm_pending");
    s = flowReducer(s, { type: "SENT", hash: H });
    expect(s).toMatchObject({ status: "in_progess", hash: H });
  });
  it("an approval transaction is on chain once APPROVED; a permit (a signature) is not", () => {
    const tx = flowReducer(flowReducer(start("stake"), { type: "APPROVAL_REQUIRED" }), { type: "APPROVED" });
    expect(tx.approvalMined).toBe(true);
    const failed = flowReducer(flowReducer(tx, { type: "SENT", hash: H }), { type: "RECEIPT", success: false });
    expect(failed).toMatchObject({ status: "failed", approvalMined: true });
    const permit = flowReducer(flowReducer(start("stake"), { type: "APPROVAL_REQUIRED", via: "permit" }), {
      type: "APPROVED",
    });
    expect(permit.approvalMined).toBe(false);
  });
  it("AWAIT_SIGNATURE -> confirm_pending when no approval is needed", () => {
    expect(flowReducer(start("extend"), { type: "AWAIT_SIGNATURE" }).status).toBe("confirm_pending");
  });
  it("approval events are ignored by the other flows", () => {
    for (const k of ["claim", "claimAndStake", "harvest", "withdraw"] as const) {
      const s = start(k);
      expect(flowReducer(s, { type: "APPROVAL_REQUIRED" })).toBe(s);
      expect(flowReducer(s, { type: "AWAIT_SIGNATURE" })).toBe(s);
    }
    const idle = INITIAL_FLOW;
    expect(flowReducer(idle, { type: "APPROVAL_REQUIRED" })).toBe(idle);
  });
  it("APPROVED only from approval_pending", () => {
    const s = start("stake");
    expect(flowReducer(s, { type: "APPROVED" })).toBe(s);
  });
});

describe("receipt and errors", () => {
  it("the receipt decides complete or failed, from in_progess only", () => {
    const sent = run([{ type: "SENT", hash: H }], start("withdraw"));
    expect(flowReducer(sent, { type: "RECEIPT", success: true }).status).toBe("complete");
    expect(flowReducer(sent, { type: "RECEIPT", success: false }).status).toBe("failed");
    const waiting = start("claimAndStake");
    expect(flowReducer(waiting, { type: "RECEIPT", success: true })).toBe(waiting);
  });
  it("a rejection gives rejected from every active status", () => {
    const actives: FlowState[] = [
      start("stake"),
      run([{ type: "APPROVAL_REQUIRED" }], start("stake")),
      start("claimAndStake"),
      start("harvest"),
    ];
    for (const s of actives) expect(flowReducer(s, { type: "ERROR", rejected: true }).status).toBe("rejected");
  });
  it("another error gives failed and keeps the message and the contract error name", () => {
    expect(
      flowReducer(start("withdraw"), { type: "ERROR", rejected: false, message: "x", errorName: "StillLocked" }),
    ).toMatchObject({ status: "failed", error: "x", errorName: "StillLocked" });
  });
  it("errors after the end, or with no flow, are ignored", () => {
    const done = run(
      [
        { type: "SENT", hash: H },
        { type: "RECEIPT", success: true },
      ],
      start("claim"),
    );
    expect(flowReducer(done, { type: "ERROR", rejected: true })).toBe(done);
    expect(flowReducer(INITIAL_FLOW, { type: "ERROR", rejected: false })).toBe(INITIAL_FLOW);
  });
  it("SENT is ignored before the wallet was asked", () => {
    const s = start("stake");
    expect(flowReducer(s, { type: "SENT", hash: H })).toBe(s);
  });
});

describe("store", () => {
  it("dispatchFlow drives the shared store; isRunning follows it", () => {
    flowStore.set(INITIAL_FLOW);
    expect(isRunning(getFlow())).toBe(false);
    dispatchFlow({ type: "START", kind: "harvest" });
    expect(isRunning(getFlow())).toBe(true);
    dispatchFlow({ type: "ERROR", rejected: true });
    expect(getFlow().status).toBe("rejected");
    expect(isRunning(getFlow())).toBe(false);
    dispatchFlow({ type: "RESET" });
    expect(getFlow()).toEqual(INITIAL_FLOW);
  });
});
