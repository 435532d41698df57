// One prompt per stake from the wallet: an atomic batch (approve + deposit), else a sale-token permit and
// depositWithPermit, else the approval transaction first. Fake chain and wallet, generated ABIs, real signatures.
import { describe, expect, it } from "vitest";
import {
  decodeFunctionData,
  getAddress,
  recoverTypedDataAddress,
  serializeSignature,
  type Address,
  type Hex,
} from "viem";
import { abiOf } from "../../config/contracts.ts";
import { UNLIMITED_APPROVAL } from "../../config/constants.ts";
import type { Call, ErasedCall, PermitTypedData, WalletIO } from "../../chain/index.ts";
import { localTestAccount } from "../../test/accounts.ts";
import { tokenDomainSeparator } from "../../test/eip712.ts";
import { fakeChainIO } from "../../test/fakeChainIO.ts";
import { AFTER_UNAVAILABLE_BATCH, upgradeDeclined } from "../../test/oneStep.ts";
import { runStakingFlow, type StakingFlowInput } from "./flows.ts";
import { flowReducer, INITIAL_FLOW, type FlowEvent } from "./stakingMachine.ts";
import { recordFlow } from "./flowRecorder.ts";

const SIGNER = localTestAccount(1);
const STAKING = getAddress("0x00000000000000000000000000000000000000c3");
const TOKEN = "0x00000000000000000000000000000000000000d4" as Address;
const CHAIN = 31338;
const DOMAIN = { name: "Shaft", version: "1", chainId: CHAIN, verifyingContract: TOKEN };
const AMOUNT = 3_000n * 10n ** 18n;
const rejection = Object.assign(new Error("User rejected the request."), { code: 4001 });

type BatchReceipt = { transactionHash: `0x${string}`; status: "success" | "reverted" };

function setup(
  mode: "batch" | "plain" | "legacy",
  f: { allowance?: bigint; sendCallsError?: Error; batchReceipts?: BatchReceipt[] } = {},
) {
  const writes: ErasedCall[] = [];
  const batches: Call[][] = [];
  const signed: PermitTypedData[] = [];
  const answers: Record<string, unknown> = {
    allowance: f.allowance ?? 0n,
    nonces: 0n,
    DOMAIN_SEPARATOR: tokenDomainSeparator(DOMAIN),
    eip712Domain: ["0x0f", DOMAIN.name, DOMAIN.version, BigInt(CHAIN), TOKEN, `0x${"0".repeat(64)}`, []],
  };
  const io = fakeChainIO({
    read: (a) => answers[a.functionName],
    write: (a) => {
      writes.push(a);
      return `0x${writes.length.toString(16).padStart(64, "0")}`;
    },
    waitForReceipt: () => ({ status: "success" }),
  });
  let typedData = true;
  let batching = mode === "batch";
  const w: WalletIO = {
    canBatch: () => Promise.resolve(batching),
    canSignTypedData: () => typedData,
    sendCalls: (calls) => {
      if (f.sendCallsError) return Promise.reject(f.sendCallsError);
      batches.push(calls);
      return Promise.resolve("0x01");
    },
    waitForCalls: () =>
      Promise.resolve(
        f.batchReceipts
          ? {
              status: f.batchReceipts.every((r) => r.status === "success") ? "success" : "failure",
              receipts: f.batchReceipts,
            }
          : { status: "success", receipts: [{ transactionHash: `0x${"b".repeat(64)}`, status: "success" }] },
      ),
    signTypedData: async (data) => {
      if (mode === "legacy") throw Object.assign(new Error("unsupported"), { code: 4200 });
      signed.push(data);
      return SIGNER.signTypedData(data);
    },
    noteUnavailable: (what) => {
      if (what === "batch") batching = false;
      else typedData = false;
    },
    chainTime: () => Promise.resolve(1_900_000_000n),
  };
  const flow = recordFlow();
  const { dispatch, trail } = flow;
  return {
    io,
    w,
    writes,
    batches,
    signed,
    trail,
    dispatch,
    get state() {
      return flow.state;
    },
  };
}

const input: StakingFlowInput = {
  kind: "stake",
  account: SIGNER.address,
  presale: "0x00000000000000000000000000000000000000b2",
  staking: STAKING,
  saleToken: TOKEN,
  chainId: CHAIN,
  amount: AMOUNT,
  display: 3000,
};

describe("stake from the wallet", () => {
  it("batching wallet: approve 1e26 and deposit in one batch, one confirm step", async () => {
    const t = setup("batch");
    expect((await runStakingFlow(t.io, input, t.dispatch, t.w)).outcome).toBe("complete");
    expect(t.trail).toEqual(["not_started", "confirm_pending", "in_progess", "complete"]);
    expect(t.writes).toHaveLength(0);
    const [approve, deposit] = t.batches[0];
    expect(approve.to).toBe(TOKEN);
    expect(decodeFunctionData({ abi: abiOf("SaleToken"), data: approve.data })).toMatchObject({
      functionName: "approve",
      args: [STAKING, UNLIMITED_APPROVAL],
    });
    expect(decodeFunctionData({ abi: abiOf("Staking"), data: deposit.data })).toMatchObject({
      functionName: "deposit",
      args: [AMOUNT],
    });
  });
  it("a batch run call by call that stopped at the deposit says the approval is on chain, not 'nothing changed'", async () => {
    const approved = { transactionHash: `0x${"a".repeat(64)}`, status: "success" } as const;
    const reverted = { transactionHash: `0x${"b".repeat(64)}`, status: "reverted" } as const;
    const t = setup("batch", { batchReceipts: [approved, reverted] });
    expect((await runStakingFlow(t.io, input, t.dispatch, t.w)).outcome).toBe("failed");
    expect(t.state).toMatchObject({ status: "failed", approvalMined: true, hash: reverted.transactionHash });
    // One atomic transaction that reverted: nothing of it is on chain.
    const atomic = setup("batch", { batchReceipts: [reverted] });
    await runStakingFlow(atomic.io, input, atomic.dispatch, atomic.w);
    expect(atomic.state).toMatchObject({ status: "failed" });
    expect(atomic.state.approvalMined).toBeFalsy();
  });
  it("a refused batch is rejected, not failed", async () => {
    const t = setup("batch", { sendCallsError: rejection });
    expect((await runStakingFlow(t.io, input, t.dispatch, t.w)).outcome).toBe("rejected");
    expect(t.state.status).toBe("rejected");
  });
  it("EIP-5792 5750 (the upgrade declined): the sale-token permit, as for a wallet without batches", async () => {
    const t = setup("batch", { sendCallsError: upgradeDeclined });
    expect((await runStakingFlow(t.io, input, t.dispatch, t.w)).outcome).toBe("complete");
    const plain = setup("plain");
    await runStakingFlow(plain.io, input, plain.dispatch, plain.w);
    expect(t.writes.map((x) => x.functionName)).toEqual(["depositWithPermit"]);
    expect(t.signed).toEqual(plain.signed);
    expect(t.trail).toEqual(AFTER_UNAVAILABLE_BATCH);
    expect(await t.w.canBatch()).toBe(false);
  });
  it("wallet that signs typed data: a sale-token permit for the amount, then one depositWithPermit", async () => {
    const t = setup("plain");
    expect((await runStakingFlow(t.io, input, t.dispatch, t.w)).outcome).toBe("complete");
    expect(t.trail).toEqual(["not_started", "approval_pending", "confirm_pending", "in_progess", "complete"]);
    expect(t.writes.map((x) => x.functionName)).toEqual(["depositWithPermit"]);
    const [amount, deadline, v, r, s] = t.writes[0].args as [bigint, bigint, number, Hex, Hex];
    expect(t.signed[0].message).toEqual({
      owner: SIGNER.address,
      spender: STAKING,
      value: AMOUNT,
      nonce: 0n,
      deadline,
    });
    expect([amount, deadline]).toEqual([AMOUNT, 1_900_000_000n + 1200n]);
    expect(
      await recoverTypedDataAddress({ ...t.signed[0], signature: serializeSignature({ r, s, v: BigInt(v) }) }),
    ).toBe(SIGNER.address);
  });
  it("wallet that can do neither: approval transaction, then deposit (as before)", async () => {
    const t = setup("legacy");
    expect((await runStakingFlow(t.io, input, t.dispatch, t.w)).outcome).toBe("complete");
    expect(t.writes.map((x) => x.functionName)).toEqual(["approve", "deposit"]);
    expect(t.trail).toEqual(["not_started", "approval_pending", "confirm_pending", "in_progess", "complete"]);
  });
  it("batching wallet over a smaller allowance: the new approval replaces it (no reset: the sale token allows that)", async () => {
    const t = setup("batch", { allowance: 1n });
    expect((await runStakingFlow(t.io, input, t.dispatch, t.w)).outcome).toBe("complete");
    expect(
      t.batches[0].map(
        (c) =>
          decodeFunctionData({ abi: c.to === TOKEN ? abiOf("SaleToken") : abiOf("Staking"), data: c.data })
            .functionName,
      ),
    ).toEqual(["approve", "deposit"]);
  });
  it("an allowance that covers the amount: the deposit alone", async () => {
    const t = setup("batch", { allowance: AMOUNT });
    expect((await runStakingFlow(t.io, input, t.dispatch, t.w)).outcome).toBe("complete");
    expect(t.batches).toHaveLength(0);
    expect(t.writes.map((x) => x.functionName)).toEqual(["deposit"]);
  });
});

describe("staking machine: the one-prompt events", () => {
  const run = (events: FlowEvent[]) => events.reduce(flowReducer, INITIAL_FLOW);
  const start: FlowEvent = { type: "START", kind: "stake", amount: 1 };
  it("batch: confirm_pending via batch, SENT without a hash keeps in_progess, the receipt's hash completes", () => {
    const s = run([start, { type: "AWAIT_SIGNATURE", via: "batch" }, { type: "SENT" }]);
    expect(s).toMatchObject({ status: "in_progess", via: "batch", hash: undefined });
    expect(flowReducer(s, { type: "RECEIPT", success: true, hash: "0x01" })).toMatchObject({
      status: "complete",
      hash: "0x01",
    });
  });
  it("permit: approval_pending via permit; the fallback to an approval transaction clears the route", () => {
    const permit = run([start, { type: "APPROVAL_REQUIRED", via: "permit" }]);
    expect(permit).toMatchObject({ status: "approval_pending", via: "permit" });
    expect(flowReducer(permit, { type: "APPROVAL_REQUIRED" }).via).toBeUndefined();
    expect(flowReducer(permit, { type: "ERROR", rejected: true }).status).toBe("rejected");
  });
  it("claims ignore the routes (no approval there)", () => {
    expect(
      run([
        { type: "START", kind: "claim" },
        { type: "AWAIT_SIGNATURE", via: "batch" },
      ]).status,
    ).toBe("in_progess");
  });
});
