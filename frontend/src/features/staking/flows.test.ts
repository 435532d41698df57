// Every staking flow driven through the real reducer with a fake chain: the status trail, the calls sent, and the
// outcome, including rejection at the approval step and at the deposit step.
import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { UNLIMITED_APPROVAL } from "../../config/constants.ts";
import type { ErasedCall } from "../../chain/index.ts";
import { fakeChainIO } from "../../test/fakeChainIO.ts";
import { runStakingFlow, type StakingFlowInput } from "./flows.ts";
import type { FlowKind } from "./stakingMachine.ts";
import { recordFlow } from "./flowRecorder.ts";

const ACCOUNT = "0x00000000000000000000000000000000000000a1" as Address;
const PRESALE = "0x00000000000000000000000000000000000000b2" as Address;
const STAKING = "0x00000000000000000000000000000000000000c3" as Address;
const TOKEN = "0x00000000000000000000000000000000000000d4" as Address;
const WEI = 10n ** 18n;

type Fake = {
  allowance?: bigint;
  /** Errors thrown by write, keyed by function name. */
  writeErrors?: Record<string, Error>;
  simulateErrors?: Record<string, Error>;
  receipts?: Record<string, "success" | "reverted">;
  receiptError?: Error;
  readError?: Error;
};

function setup(f: Fake = {}) {
  const writes: ErasedCall[] = [];
  const sent: Record<string, string> = {};
  let n = 0;
  const io = fakeChainIO({
    read: () => {
      if (f.readError) throw f.readError;
      return f.allowance ?? 0n;
    },
    simulate: (a) => {
      if (f.simulateErrors?.[a.functionName]) throw f.simulateErrors[a.functionName];
    },
    write: (a) => {
      if (f.writeErrors?.[a.functionName]) throw f.writeErrors[a.functionName];
      writes.push(a);
      const hash = `0x${(++n).toString(16).padStart(64, "0")}` as const;
      sent[hash] = a.functionName;
      return hash;
    },
    waitForReceipt: (hash) => {
      if (f.receiptError) throw f.receiptError;
      return { status: f.receipts?.[sent[hash]] ?? "success" };
    },
  });
  const flow = recordFlow();
  const { dispatch, trail } = flow;
  return {
    io,
    writes,
    dispatch,
    trail,
    get state() {
      return flow.state;
    },
  };
}

const input = (kind: FlowKind, amount?: bigint): StakingFlowInput => ({
  kind,
  account: ACCOUNT,
  presale: PRESALE,
  staking: STAKING,
  saleToken: TOKEN,
  amount,
  display: amount ? Number(amount / WEI) : undefined,
});

const rejection = Object.assign(new Error("User rejected the request."), { code: 4001 });
/** WalletConnect relays a refusal as 5000 "User rejected.", without EIP-1193's 4001. */
const rejectedByWalletText = Object.assign(new Error("User rejected."), { code: 5000 });
const revert = Object.assign(new Error('The contract function "withdraw" reverted.'), {
  name: "ContractFunctionExecutionError",
  shortMessage: 'The contract function "withdraw" reverted.',
  cause: { name: "ContractFunctionRevertedError", data: { errorName: "StillLocked" } },
});

describe("claim, harvest, withdraw: in_progess, then complete or failed", () => {
  it.each([
    ["claim", PRESALE, "claim"],
    ["harvest", STAKING, "harvestRewards"],
    ["withdraw", STAKING, "withdraw"],
  ] as const)("%s sends %s.%s and the receipt decides complete", async (kind, address, fn) => {
    const t = setup();
    const r = await runStakingFlow(t.io, input(kind), t.dispatch);
    expect(r.outcome).toBe("complete");
    expect(r.hash).toMatch(/^0x/);
    expect(t.trail).toEqual(["not_started", "in_progess", "complete"]);
    expect(t.writes).toHaveLength(1);
    expect(t.writes[0]).toMatchObject({ address, functionName: fn });
    expect(t.state).toMatchObject({ kind, hash: r.hash });
  });
  it.each(["claim", "harvest", "withdraw"] as const)("%s: a reverted receipt gives failed", async (kind) => {
    const t = setup({ receipts: { claim: "reverted", harvestRewards: "reverted", withdraw: "reverted" } });
    expect((await runStakingFlow(t.io, input(kind), t.dispatch)).outcome).toBe("failed");
    expect(t.trail).toEqual(["not_started", "in_progess", "failed"]);
  });
  it.each(["claim", "harvest", "withdraw"] as const)("%s: code 4001 gives rejected, nothing sent", async (kind) => {
    const t = setup({ writeErrors: { claim: rejection, harvestRewards: rejection, withdraw: rejection } });
    expect((await runStakingFlow(t.io, input(kind), t.dispatch)).outcome).toBe("rejected");
    expect(t.trail).toEqual(["not_started", "in_progess", "rejected"]);
    expect(t.writes).toHaveLength(0);
  });
  it("a wallet's own refusal text without 4001 is rejected too; the node's 'rejected' is a failure", async () => {
    const t = setup({ writeErrors: { withdraw: rejectedByWalletText } });
    expect((await runStakingFlow(t.io, input("withdraw"), t.dispatch)).outcome).toBe("rejected");
    const node = setup({ writeErrors: { withdraw: new Error("transaction rejected by the node: nonce too low") } });
    expect((await runStakingFlow(node.io, input("withdraw"), node.dispatch)).outcome).toBe("failed");
  });
  it("other wallet errors give failed", async () => {
    const t = setup({ writeErrors: { claim: new Error("nonce too low") } });
    expect((await runStakingFlow(t.io, input("claim"), t.dispatch)).outcome).toBe("failed");
    expect(t.state.status).toBe("failed");
    expect(t.state.error).toContain("nonce too low");
  });
  it("a simulated revert fails before the wallet is asked and names the contract error", async () => {
    const t = setup({ simulateErrors: { withdraw: revert } });
    expect((await runStakingFlow(t.io, input("withdraw"), t.dispatch)).outcome).toBe("failed");
    expect(t.writes).toHaveLength(0);
    expect(t.state).toMatchObject({ status: "failed", errorName: "StillLocked" });
  });
  it("a receipt that never comes (timeout) gives failed and keeps the hash", async () => {
    const t = setup({ receiptError: new Error("Timed out while waiting for transaction") });
    const r = await runStakingFlow(t.io, input("harvest"), t.dispatch);
    expect(r.outcome).toBe("failed");
    expect(t.state.hash).toBeDefined();
  });
});

describe("claim and stake: finishes through the receipt check", () => {
  it("confirm_pending while the wallet asks, in_progess once sent, complete on success", async () => {
    const t = setup();
    const r = await runStakingFlow(t.io, input("claimAndStake"), t.dispatch);
    expect(r.outcome).toBe("complete");
    expect(t.trail).toEqual(["not_started", "confirm_pending", "in_progess", "complete"]);
    expect(t.writes[0]).toMatchObject({ address: PRESALE, functionName: "claimAndStake" });
  });
  it("reverted receipt -> failed; rejection -> rejected", async () => {
    const a = setup({ receipts: { claimAndStake: "reverted" } });
    expect((await runStakingFlow(a.io, input("claimAndStake"), a.dispatch)).outcome).toBe("failed");
    expect(a.trail).toEqual(["not_started", "confirm_pending", "in_progess", "failed"]);
    const b = setup({ writeErrors: { claimAndStake: rejection } });
    expect((await runStakingFlow(b.io, input("claimAndStake"), b.dispatch)).outcome).toBe("rejected");
    expect(b.trail).toEqual(["not_started", "confirm_pending", "rejected"]);
  });
});

describe("stake creation: sale-token approval, then the deposit", () => {
  it("allowance too low: approval_pending, then confirm_pending, in_progess, complete", async () => {
    const t = setup({ allowance: 0n });
    const r = await runStakingFlow(t.io, input("stake", 500n * WEI), t.dispatch);
    expect(r.outcome).toBe("complete");
    expect(t.trail).toEqual(["not_started", "approval_pending", "confirm_pending", "in_progess", "complete"]);
    expect(t.writes.map((w) => [w.address, w.functionName, w.args])).toEqual([
      [TOKEN, "approve", [STAKING, UNLIMITED_APPROVAL]],
      [STAKING, "deposit", [500n * WEI]],
    ]);
  });
  it("enough allowance: no approval, straight to confirm_pending", async () => {
    const t = setup({ allowance: UNLIMITED_APPROVAL });
    await runStakingFlow(t.io, input("stake", 5n * WEI), t.dispatch);
    expect(t.writes.map((w) => w.functionName)).toEqual(["deposit"]);
    expect(t.trail).toEqual(["not_started", "confirm_pending", "in_progess", "complete"]);
  });
  it("rejection at the approval step -> rejected, no deposit", async () => {
    const t = setup({ allowance: 0n, writeErrors: { approve: rejection } });
    expect((await runStakingFlow(t.io, input("stake", 5n * WEI), t.dispatch)).outcome).toBe("rejected");
    expect(t.trail).toEqual(["not_started", "approval_pending", "rejected"]);
    expect(t.writes).toHaveLength(0);
  });
  it("rejection at the deposit step (after a granted approval) -> rejected", async () => {
    const t = setup({ allowance: 0n, writeErrors: { deposit: rejection } });
    expect((await runStakingFlow(t.io, input("stake", 5n * WEI), t.dispatch)).outcome).toBe("rejected");
    expect(t.trail).toEqual(["not_started", "approval_pending", "confirm_pending", "rejected"]);
    expect(t.writes.map((w) => w.functionName)).toEqual(["approve"]);
  });
  it("approval mined but reverted -> failed, no deposit", async () => {
    const t = setup({ allowance: 0n, receipts: { approve: "reverted" } });
    expect((await runStakingFlow(t.io, input("stake", 5n * WEI), t.dispatch)).outcome).toBe("failed");
    expect(t.trail).toEqual(["not_started", "approval_pending", "failed"]);
    expect(t.writes.map((w) => w.functionName)).toEqual(["approve"]);
  });
  it("deposit receipt reverted -> failed", async () => {
    const t = setup({ allowance: UNLIMITED_APPROVAL, receipts: { deposit: "reverted" } });
    expect((await runStakingFlow(t.io, input("stake", 5n * WEI), t.dispatch)).outcome).toBe("failed");
    expect(t.trail).toEqual(["not_started", "confirm_pending", "in_progess", "failed"]);
  });
  it("other error at the deposit step -> failed", async () => {
    const t = setup({
      allowance: UNLIMITED_APPROVAL,
      writeErrors: { deposit: new Error("insufficient funds for gas") },
    });
    expect((await runStakingFlow(t.io, input("stake", 5n * WEI), t.dispatch)).outcome).toBe("failed");
  });
  it("the allowance read failing -> failed", async () => {
    const t = setup({ readError: new Error("fetch failed") });
    expect((await runStakingFlow(t.io, input("stake", 5n * WEI), t.dispatch)).outcome).toBe("failed");
    expect(t.trail).toEqual(["not_started", "failed"]);
  });
  it("a zero or missing amount is refused without any call", async () => {
    const t = setup();
    expect((await runStakingFlow(t.io, input("stake", 0n), t.dispatch)).outcome).toBe("failed");
    expect(t.writes).toHaveLength(0);
  });
});

describe("stake extension: deposit on top of a stake", () => {
  it("with the allowance granted at creation: confirm_pending, in_progess, complete", async () => {
    const t = setup({ allowance: UNLIMITED_APPROVAL });
    const r = await runStakingFlow(t.io, input("extend", 10n * WEI), t.dispatch);
    expect(r.outcome).toBe("complete");
    expect(t.trail).toEqual(["not_started", "confirm_pending", "in_progess", "complete"]);
    expect(t.state).toMatchObject({ kind: "extend", amount: 10 });
  });
  it("asks for the approval again when the allowance ran out", async () => {
    const t = setup({ allowance: 1n });
    await runStakingFlow(t.io, input("extend", 10n * WEI), t.dispatch);
    expect(t.writes.map((w) => w.functionName)).toEqual(["approve", "deposit"]);
  });
  it("rejection at the deposit step -> rejected", async () => {
    const t = setup({ allowance: UNLIMITED_APPROVAL, writeErrors: { deposit: rejection } });
    expect((await runStakingFlow(t.io, input("extend", 10n * WEI), t.dispatch)).outcome).toBe("rejected");
    expect(t.trail).toEqual(["not_started", "confirm_pending", "rejected"]);
  });
});

describe("a string revert (one classifier with the purchase flow)", () => {
  it('"Insufficient balance" fails unnamed: no custom error called "Insufficient" (nor Solidity\'s "Error")', async () => {
    const { ContractFunctionExecutionError, ContractFunctionRevertedError, encodeErrorResult } = await import("viem");
    const abi = [{ type: "error", name: "Error", inputs: [{ name: "message", type: "string" }] }] as const;
    const data = encodeErrorResult({ abi, errorName: "Error", args: ["Insufficient balance"] });
    for (const cause of [
      new ContractFunctionRevertedError({ abi, data, functionName: "deposit" }),
      new ContractFunctionRevertedError({ abi, functionName: "deposit", message: "Insufficient balance" }),
    ]) {
      const t = setup({
        allowance: UNLIMITED_APPROVAL,
        writeErrors: { deposit: new ContractFunctionExecutionError(cause, { abi, functionName: "deposit" }) },
      });
      expect((await runStakingFlow(t.io, input("extend", 10n * WEI), t.dispatch)).outcome).toBe("failed");
      expect(t.state).toMatchObject({ status: "failed", errorName: undefined });
    }
  });
});
