import { describe, expect, it, vi } from "vitest";
import {
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  type Abi,
  type Address,
} from "viem";
import { UNLIMITED_APPROVAL } from "../../config/constants.ts";
import type { ErasedCall } from "../../chain/index.ts";
import { fakeChainIO } from "../../test/fakeChainIO.ts";
import { runPurchase } from "./purchase.ts";
import { INITIAL_SWAP, swapReducer, type SwapEvent, type SwapState } from "./swapMachine.ts";

const ACCOUNT = "0x00000000000000000000000000000000000000a1" as Address;
const PRESALE = "0x00000000000000000000000000000000000000b2" as Address;
const USDC = "0x00000000000000000000000000000000000000c3" as Address;

type Fake = {
  allowance?: bigint;
  quote?: bigint;
  simulateError?: Error;
  writeErrors?: Record<string, Error>;
  receipt?: "success" | "reverted";
};

function setup(f: Fake) {
  const writes: ErasedCall[] = [];
  const simulated: ErasedCall[] = [];
  const io = fakeChainIO({
    read: (a) => (a.functionName === "allowance" ? (f.allowance ?? 0n) : (f.quote ?? 1_000_000n)),
    simulate: (a) => {
      simulated.push(a);
      if (f.simulateError && a.functionName !== "approve") throw f.simulateError;
    },
    write: (a) => {
      const key = a.functionName === "approve" ? `approve:${String(a.args?.[1])}` : a.functionName;
      if (f.writeErrors?.[key]) throw f.writeErrors[key];
      writes.push(a);
      return `0x${writes.length.toString(16).padStart(64, "0")}`;
    },
    waitForReceipt: () => ({ status: f.receipt ?? "success" }),
  });
  let state: SwapState = INITIAL_SWAP;
  const trail: string[] = [];
  const dispatch = (e: SwapEvent) => {
    state = swapReducer(state, e);
    if (trail[trail.length - 1] !== state.status) trail.push(state.status);
  };
  const onMaxTokensExceeded = vi.fn();
  return {
    io,
    writes,
    simulated,
    dispatch,
    onMaxTokensExceeded,
    get state() {
      return state;
    },
    trail,
  };
}

const input = (payment: "native" | "usdc" | "usdt") => ({
  payment,
  chain: "base" as const,
  chainId: 31338,
  account: ACCOUNT,
  presale: PRESALE,
  token: payment === "native" ? undefined : USDC,
  tokens: 5000n,
  quotedCost: 10n ** 30n,
  stake: false,
});
const rejection = Object.assign(new Error("User rejected the request."), { code: 4001 });
const ERRORS = [
  {
    type: "error",
    name: "MaxTokensExceeded",
    inputs: [
      { name: "maxTokensToBuy", type: "uint256" },
      { name: "requested", type: "uint256" },
    ],
  },
  { type: "error", name: "SalePaused", inputs: [] },
] as const satisfies Abi;
/** What viem throws for a simulated call the contract refuses with a custom error. */
function contractRevert(errorName: "MaxTokensExceeded" | "SalePaused") {
  const data =
    errorName === "SalePaused"
      ? encodeErrorResult({ abi: ERRORS, errorName })
      : encodeErrorResult({ abi: ERRORS, errorName, args: [5_000_000n, 6_000_000n] });
  return new ContractFunctionExecutionError(
    new ContractFunctionRevertedError({ abi: ERRORS, data, functionName: "buyWithEth" }),
    { abi: ERRORS, functionName: "buyWithEth" },
  );
}
const revert = contractRevert("MaxTokensExceeded");

describe("native purchase flow", () => {
  it("simulates, asks the wallet, sends with ethBuyHelper + margin, and the receipt decides complete", async () => {
    const t = setup({ quote: 1_000_000n });
    const r = await runPurchase(t.io, input("native"), t);
    expect(r.outcome).toBe("complete");
    expect(t.trail).toEqual(["not_started", "confirm_pending", "in_progess", "complete"]);
    expect(t.writes[0]).toMatchObject({ functionName: "buyWithEth", args: [5000n, false], value: 1_010_000n });
    expect(t.simulated[0].functionName).toBe("buyWithEth");
  });
  it("reverted receipt -> failed", async () => {
    const t = setup({ receipt: "reverted" });
    expect((await runPurchase(t.io, input("native"), t)).outcome).toBe("failed");
    expect(t.state.status).toBe("failed");
  });
  it("wallet rejection (4001) -> rejected; other errors -> failed", async () => {
    const t = setup({ writeErrors: { buyWithEth: rejection } });
    expect((await runPurchase(t.io, input("native"), t)).outcome).toBe("rejected");
    expect(t.state.status).toBe("rejected");
    const u = setup({ writeErrors: { buyWithEth: new Error("nonce too low") } });
    expect((await runPurchase(u.io, input("native"), u)).outcome).toBe("failed");
  });
  it("MaxTokensExceeded in simulation: the max-tokens popup, failed with that reason, nothing sent", async () => {
    const t = setup({ simulateError: revert });
    const r = await runPurchase(t.io, input("native"), t);
    expect(r).toMatchObject({ outcome: "failed", revert: "MaxTokensExceeded" });
    expect(t.onMaxTokensExceeded).toHaveBeenCalledOnce();
    expect(t.state).toMatchObject({ status: "failed", revert: "MaxTokensExceeded" });
    expect(t.writes).toHaveLength(0);
  });
  it("buy while paused: SalePaused is named, no max-tokens popup, no 'declined in your wallet'", async () => {
    const t = setup({ simulateError: contractRevert("SalePaused") });
    const r = await runPurchase(t.io, input("native"), t);
    expect(r).toMatchObject({ outcome: "failed", revert: "SalePaused" });
    expect(t.state.status).not.toBe("rejected");
    expect(t.state.revert).toBe("SalePaused");
    expect(t.onMaxTokensExceeded).not.toHaveBeenCalled();
    expect(t.writes).toHaveLength(0);
  });
  it("the quote is read again before sending: a higher quote than shown sends nothing and returns it", async () => {
    const t = setup({ quote: 1_000_001n });
    const r = await runPurchase(t.io, { ...input("native"), quotedCost: 1_000_000n }, t);
    expect(r).toEqual({ outcome: "requote", cost: 1_000_001n });
    expect(t.simulated).toHaveLength(0);
    expect(t.writes).toHaveLength(0);
    expect(t.state.status).toBe("not_started");
  });
  it("a quote equal to the one shown goes ahead; the value sent covers it with the 1 % margin", async () => {
    const t = setup({ quote: 1_000_000n });
    const r = await runPurchase(t.io, { ...input("native"), quotedCost: 1_000_000n }, t);
    expect(r.outcome).toBe("complete");
    expect(t.writes[0].value).toBe(1_010_000n);
  });
});

describe("stablecoin purchase flow", () => {
  it("zero allowance: one approval of 1e26, then the purchase with maxCost", async () => {
    const t = setup({ allowance: 0n, quote: 30_000_000n });
    const r = await runPurchase(t.io, input("usdc"), t);
    expect(r.outcome).toBe("complete");
    expect(t.trail).toEqual(["not_started", "approval_pending", "confirm_pending", "in_progess", "complete"]);
    expect(t.writes.map((w) => [w.functionName, w.args?.[1]])).toEqual([
      ["approve", UNLIMITED_APPROVAL],
      ["buyWithUSDC", 30_300_000n],
    ]);
    expect(t.writes[1].args).toEqual([5000n, 30_300_000n, false]);
  });
  it("non-zero but too low allowance: reset to zero first (USDT), then 1e26", async () => {
    const t = setup({ allowance: 5n, quote: 30_000_000n });
    await runPurchase(t.io, input("usdt"), t);
    expect(t.writes.map((w) => `${w.functionName}:${String(w.args?.[1])}`)).toEqual([
      "approve:0",
      `approve:${UNLIMITED_APPROVAL}`,
      "buyWithUSDT:30300000",
    ]);
  });
  it("approvals are simulated with a return-less approve, which USDT (no return value) and USDC both fit", async () => {
    const t = setup({ allowance: 5n });
    await runPurchase(t.io, input("usdt"), t);
    const approvals = t.simulated.filter((a) => a.functionName === "approve");
    expect(approvals).toHaveLength(2);
    for (const a of approvals) {
      const fragment = a.abi.find((item) => item.type === "function" && item.name === "approve");
      expect(fragment && "outputs" in fragment ? fragment.outputs : undefined).toEqual([]);
    }
  });
  it("enough allowance: no approval", async () => {
    const t = setup({ allowance: UNLIMITED_APPROVAL });
    await runPurchase(t.io, input("usdc"), t);
    expect(t.writes.map((w) => w.functionName)).toEqual(["buyWithUSDC"]);
    expect(t.trail).toEqual(["not_started", "confirm_pending", "in_progess", "complete"]);
  });
  it("rejected approval -> rejected, no purchase", async () => {
    const t = setup({ allowance: 0n, writeErrors: { [`approve:${UNLIMITED_APPROVAL}`]: rejection } });
    expect((await runPurchase(t.io, input("usdc"), t)).outcome).toBe("rejected");
    expect(t.trail).toEqual(["not_started", "approval_pending", "rejected"]);
    expect(t.writes).toHaveLength(0);
  });
  it("MaxTokensExceeded when the purchase is simulated after approval -> popup and failed", async () => {
    const t = setup({ allowance: 0n, simulateError: revert });
    expect((await runPurchase(t.io, input("usdc"), t)).outcome).toBe("failed");
    expect(t.onMaxTokensExceeded).toHaveBeenCalledOnce();
    expect(t.writes.map((w) => w.functionName)).toEqual(["approve"]);
  });
  it("rejection at the purchase step after approval -> rejected", async () => {
    const t = setup({ allowance: 0n, writeErrors: { buyWithUSDC: rejection } });
    expect((await runPurchase(t.io, input("usdc"), t)).outcome).toBe("rejected");
  });
});

describe("an approval step on chain is remembered for the status texts (PRODUCT.md §4)", () => {
  it("USDT: approve(0) mined, the approval refused: rejected, with the reset on record", async () => {
    const t = setup({ allowance: 1n, writeErrors: { [`approve:${UNLIMITED_APPROVAL}`]: rejection } });
    expect((await runPurchase(t.io, input("usdt"), t)).outcome).toBe("rejected");
    expect(t.state).toMatchObject({ status: "rejected", approvalMined: "reset" });
  });
  it("USDC: the approval mined, the purchase refused: rejected, with the approval on record", async () => {
    const t = setup({ allowance: 0n, writeErrors: { buyWithUSDC: rejection } });
    expect((await runPurchase(t.io, input("usdc"), t)).outcome).toBe("rejected");
    expect(t.state).toMatchObject({ status: "rejected", approvalMined: "approval" });
  });
  it("nothing mined: no record", async () => {
    const t = setup({ allowance: 0n, writeErrors: { [`approve:${UNLIMITED_APPROVAL}`]: rejection } });
    expect((await runPurchase(t.io, input("usdc"), t)).outcome).toBe("rejected");
    expect(t.state.approvalMined).toBeUndefined();
  });
});

describe("a revert after the simulation passed is named too (PRODUCT.md §8)", () => {
  /** The sale pauses once the wallet has sent: simulations before pass, the ones after revert SalePaused. */
  function pausedAfterSend(f: Fake) {
    const t: ReturnType<typeof setup> = setup(
      Object.defineProperty(f, "simulateError", {
        get: () => (t.writes.length > 0 || f.writeErrors ? contractRevert("SalePaused") : undefined),
      }),
    );
    return t;
  }
  it("the purchase mined reverted: failed with SalePaused, from the same call simulated again", async () => {
    const t = pausedAfterSend({ receipt: "reverted" });
    const r = await runPurchase(t.io, input("native"), t);
    expect(r).toMatchObject({ outcome: "failed", revert: "SalePaused" });
    expect(t.state).toMatchObject({ status: "failed", revert: "SalePaused" });
    expect(t.writes).toHaveLength(1);
  });
  it("the wallet's send fails with its own words: the contract's reason is still named", async () => {
    let sends = 0;
    const f: Fake = {};
    const t: ReturnType<typeof setup> = setup(
      Object.defineProperties(f, {
        simulateError: { get: () => (sends > 0 ? contractRevert("SalePaused") : undefined) },
        writeErrors: {
          get: () => {
            sends++;
            return { buyWithEth: new Error("Internal JSON-RPC error.") };
          },
        },
      }),
    );
    const r = await runPurchase(t.io, input("native"), t);
    expect(r).toMatchObject({ outcome: "failed", revert: "SalePaused" });
    expect(t.state).toMatchObject({ status: "failed", revert: "SalePaused" });
  });
  it("reverted, and the call passes again now: failed without a name (the generic text)", async () => {
    const t = setup({ receipt: "reverted" });
    const r = await runPurchase(t.io, input("native"), t);
    expect(r.outcome).toBe("failed");
    expect(r.revert).toBeUndefined();
  });
});
