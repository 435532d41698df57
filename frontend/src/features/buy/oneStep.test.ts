// One prompt per purchase: which route a stablecoin purchase takes (batch, permit, approval transactions) for each
// kind of wallet, the status trail each route shows, and what reaches the wallet and the chain. The chain and the
// wallet are fakes; the ABIs are the generated ones, the signatures real (a Hardhat test key).
import { describe, expect, it } from "vitest";
import {
  AtomicityNotSupportedError,
  decodeFunctionData,
  getAddress,
  recoverTypedDataAddress,
  type Address,
  type Hash,
  type Hex,
} from "viem";
import { localTestAccount } from "../../test/accounts.ts";
import { abiOf } from "../../config/contracts.ts";
import { UNLIMITED_APPROVAL } from "../../config/constants.ts";
import type { Call, CallsResult, ErasedCall, PermitTypedData, WalletIO } from "../../chain/index.ts";
import {
  approvalCalls,
  approveAbi,
  batchOutcome,
  readPermitDomain,
  runBatch,
  type PermitDomain,
} from "../../chain/approvals/index.ts";
import { tokenDomainSeparator } from "../../test/eip712.ts";
import { fakeChainIO } from "../../test/fakeChainIO.ts";
import { AFTER_UNAVAILABLE_BATCH, upgradeDeclined } from "../../test/oneStep.ts";
import { runPurchase } from "./purchase.ts";
import { INITIAL_SWAP, swapReducer, type SwapEvent, type SwapState } from "./swapMachine.ts";

// Hardhat's public test key #1: signatures in these tests are real and recoverable.
const SIGNER = localTestAccount(1);
const ACCOUNT = SIGNER.address;
const PRESALE = "0x00000000000000000000000000000000000000b2" as Address;
const USDC = "0x00000000000000000000000000000000000000c3" as Address;
const USDT = "0x00000000000000000000000000000000000000d4" as Address;
const CHAIN = 31337;
const USDC_DOMAIN: PermitDomain = { name: "USD Coin", version: "2", chainId: CHAIN, verifyingContract: USDC };
const rejection = Object.assign(new Error("User rejected the request."), { code: 4001 });
const unsupported = Object.assign(new Error("The wallet does not support eth_signTypedData_v4."), { code: 4200 });

type WalletKind = "batch" | "plain" | "legacy";
type Fake = {
  allowance?: bigint;
  quote?: bigint;
  wallet: WalletKind;
  sendCallsError?: Error;
  signError?: Error;
  batchStatus?: CallsResult["status"];
  /** The wallet ran the batch as one transaction: one receipt for all its calls. */
  oneReceipt?: boolean;
  simulateError?: Error;
};

function setup(f: Fake) {
  const writes: ErasedCall[] = [];
  const batches: Call[][] = [];
  const signed: PermitTypedData[] = [];
  // Like the real wallet layer: what the wallet answered as unavailable is not asked again in the session.
  let batching = f.wallet === "batch";
  let typedData = true;
  let signRequests = 0;
  let batchRequests = 0;
  const io = fakeChainIO({
    read: (a) => {
      const answers: Record<string, unknown> = {
        allowance: f.allowance ?? 0n,
        name: USDC_DOMAIN.name,
        version: USDC_DOMAIN.version,
        DOMAIN_SEPARATOR: tokenDomainSeparator(USDC_DOMAIN),
        nonces: 7n,
      };
      return a.functionName in answers ? answers[a.functionName] : (f.quote ?? 30_000_000n);
    },
    simulate: (a) => {
      if (f.simulateError && a.functionName.startsWith("buy")) throw f.simulateError;
    },
    write: (a) => {
      writes.push(a);
      return `0x${writes.length.toString(16).padStart(64, "0")}`;
    },
    waitForReceipt: () => ({ status: "success" }),
  });
  const w: WalletIO = {
    canBatch: () => Promise.resolve(batching),
    canSignTypedData: () => typedData,
    sendCalls: (calls) => {
      batchRequests++;
      if (f.sendCallsError) return Promise.reject(f.sendCallsError);
      batches.push(calls);
      return Promise.resolve("0xbatch");
    },
    waitForCalls: () => {
      const status = f.batchStatus ?? "success";
      const last = status === "success" ? "success" : "reverted";
      const calls = f.oneReceipt ? batches.at(-1)!.slice(-1) : batches.at(-1)!;
      return Promise.resolve({
        status,
        receipts: calls.map((_, i, all) => ({
          transactionHash: `0x${(i + 1).toString(16).padStart(64, "a")}`,
          status: i === all.length - 1 ? last : "success",
        })),
      });
    },
    signTypedData: async (data) => {
      signRequests++;
      if (f.wallet === "legacy") throw unsupported;
      if (f.signError) throw f.signError;
      signed.push(data);
      return SIGNER.signTypedData(data);
    },
    noteUnavailable: (what) => {
      if (what === "batch") batching = false;
      else typedData = false;
    },
    chainTime: () => Promise.resolve(1_800_000_000n),
  };
  let state: SwapState = INITIAL_SWAP;
  const trail: string[] = [state.status];
  const vias = new Set<string | undefined>();
  const dispatch = (e: SwapEvent) => {
    state = swapReducer(state, e);
    vias.add(state.via);
    if (trail[trail.length - 1] !== state.status) trail.push(state.status);
  };
  return {
    io,
    w,
    writes,
    batches,
    signed,
    trail,
    vias,
    dispatch,
    onMaxTokensExceeded: () => undefined,
    get state() {
      return state;
    },
    get signRequests() {
      return signRequests;
    },
    get batchRequests() {
      return batchRequests;
    },
  };
}

/** The Base address the Ethereum purchase names (a contract-wallet buyer's typed address, say): not the account. */
const RECIPIENT = getAddress("0x00000000000000000000000000000000000000b2");
const purchase = (payment: "usdc" | "usdt") => ({
  payment,
  chain: "eth" as const,
  chainId: CHAIN,
  account: ACCOUNT,
  presale: PRESALE,
  token: payment === "usdc" ? USDC : USDT,
  tokens: 5000n,
  quotedCost: 10n ** 30n,
  stake: false,
  recipient: RECIPIENT,
});
const MAX_COST = 30_300_000n; // the quote + 1 %

/** A batch's calls as [function, second argument] (the approval's amount), decoded with the generated ABIs. */
function decoded(calls: Call[]) {
  return calls.map((c) => {
    const d = decodeFunctionData({ abi: c.to === PRESALE ? abiOf("Presale") : approveAbi, data: c.data });
    return [d.functionName, c.to === PRESALE ? undefined : (d.args as readonly unknown[])[1]];
  });
}

describe("batch helpers", () => {
  it("approval calls: 1e26 from zero; reset to zero first from a non-zero allowance (USDT's rule) when asked", () => {
    expect(decoded(approvalCalls(USDT, PRESALE, { allowance: 0n, resetFirst: true }))).toEqual([
      ["approve", UNLIMITED_APPROVAL],
    ]);
    expect(decoded(approvalCalls(USDT, PRESALE, { allowance: 5n, resetFirst: true }))).toEqual([
      ["approve", 0n],
      ["approve", UNLIMITED_APPROVAL],
    ]);
    // The sale token takes a new allowance over an existing one.
    expect(decoded(approvalCalls(USDT, PRESALE, { allowance: 5n, resetFirst: false }))).toEqual([
      ["approve", UNLIMITED_APPROVAL],
    ]);
  });
  it("complete only when the wallet says success and every receipt succeeded", () => {
    const ok = { transactionHash: "0x01" as Hash, status: "success" as const };
    const bad = { transactionHash: "0x02" as Hash, status: "reverted" as const };
    expect(batchOutcome({ status: "success", receipts: [ok, ok] })).toEqual({ success: true, hash: "0x01" });
    expect(batchOutcome({ status: "success", receipts: [ok, bad] }).success).toBe(false);
    expect(batchOutcome({ status: "failure", receipts: [ok] }).success).toBe(false);
    expect(batchOutcome({ status: "success", receipts: [] }).success).toBe(false);
  });
  it("a refused batch is rejected; one the wallet will not run is unavailable; a wallet error is failed; none is sent", async () => {
    const sent: string[] = [];
    const wallet = (err: Error) => ({ ...setup({ wallet: "batch" }).w, sendCalls: () => Promise.reject(err) });
    expect((await runBatch(wallet(rejection), [], () => sent.push("x"))).outcome).toBe("rejected");
    expect((await runBatch(wallet(upgradeDeclined), [], () => sent.push("x"))).outcome).toBe("unavailable");
    expect((await runBatch(wallet(new Error("boom")), [], () => sent.push("x"))).outcome).toBe("failed");
    expect(sent).toEqual([]);
  });
});

describe("permit domain", () => {
  it("a token whose DOMAIN_SEPARATOR() is not the hash of the domain it states gets no permit", async () => {
    const other = tokenDomainSeparator({ ...USDC_DOMAIN, version: "1" });
    const io = fakeChainIO({
      read: (a) => ({ name: USDC_DOMAIN.name, version: USDC_DOMAIN.version, DOMAIN_SEPARATOR: other })[a.functionName],
      write: () => "0x01",
      waitForReceipt: () => ({ status: "success" }),
    });
    expect(await readPermitDomain(io, "USDC", USDC, CHAIN)).toBeUndefined();
  });
  it("USDC: name() and version(), checked against DOMAIN_SEPARATOR()", async () => {
    const { io } = setup({ wallet: "plain" });
    expect(await readPermitDomain(io, "USDC", USDC, CHAIN)).toEqual(USDC_DOMAIN);
    // Another chain id gives another separator: the token would reject that permit, so none is signed.
    expect(await readPermitDomain(io, "USDC", USDC, 1)).toBeUndefined();
  });
  it("the sale token: ERC-5267 eip712Domain(), for this chain and this contract only", async () => {
    const token = "0x00000000000000000000000000000000000000e5" as Address;
    const domain = { name: "Shaft", version: "1", chainId: CHAIN, verifyingContract: token };
    const answers: Record<string, unknown> = {
      eip712Domain: ["0x0f", "Shaft", "1", BigInt(CHAIN), token, `0x${"0".repeat(64)}`, []],
      DOMAIN_SEPARATOR: tokenDomainSeparator(domain),
    };
    const io = fakeChainIO({
      read: (a) => answers[a.functionName],
      write: () => "0x01",
      waitForReceipt: () => ({ status: "success" }),
    });
    expect(await readPermitDomain(io, "SaleToken", token, CHAIN)).toEqual(domain);
    expect(await readPermitDomain(io, "SaleToken", token, CHAIN + 1)).toBeUndefined();
    expect(await readPermitDomain(io, "SaleToken", USDC, CHAIN)).toBeUndefined();
  });
  it("a token whose reads fail has no permit", async () => {
    const io = fakeChainIO({
      read: () => {
        throw new Error("execution reverted");
      },
      write: () => "0x01",
      waitForReceipt: () => ({ status: "success" }),
    });
    expect(await readPermitDomain(io, "USDC", USDC, CHAIN)).toBeUndefined();
  });
});

describe("purchase with a batching wallet (EIP-5792)", () => {
  it("first USDC purchase: one batch (approve 1e26, buy), one confirm step, no separate transaction", async () => {
    const t = setup({ wallet: "batch" });
    const r = await runPurchase(t.io, purchase("usdc"), t, t.w);
    expect(r).toMatchObject({ outcome: "complete", hash: `0x${"2".padStart(64, "a")}` });
    expect(t.trail).toEqual(["not_started", "confirm_pending", "in_progess", "complete"]);
    expect(t.vias.has("batch")).toBe(true);
    expect(t.writes).toHaveLength(0);
    expect(decoded(t.batches[0])).toEqual([
      ["approve", UNLIMITED_APPROVAL],
      ["buyWithUSDC", undefined],
    ]);
    const buy = decodeFunctionData({ abi: abiOf("Presale"), data: t.batches[0][1].data });
    expect(buy.args).toEqual([5000n, MAX_COST, RECIPIENT]);
  });
  it("USDT with a smaller non-zero allowance: reset, approve and buy in the one batch", async () => {
    const t = setup({ wallet: "batch", allowance: 1_000_000n });
    expect((await runPurchase(t.io, purchase("usdt"), t, t.w)).outcome).toBe("complete");
    expect(decoded(t.batches[0])).toEqual([
      ["approve", 0n],
      ["approve", UNLIMITED_APPROVAL],
      ["buyWithUSDT", undefined],
    ]);
    expect(t.batches).toHaveLength(1);
  });
  it("a refused batch is rejected, not failed", async () => {
    const t = setup({ wallet: "batch", sendCallsError: rejection });
    expect((await runPurchase(t.io, purchase("usdc"), t, t.w)).outcome).toBe("rejected");
    expect(t.trail).toEqual(["not_started", "confirm_pending", "rejected"]);
  });
  it("EIP-5792 5750 (the upgrade declined): the permit route, exactly as a wallet without batches takes it", async () => {
    const t = setup({ wallet: "batch", sendCallsError: upgradeDeclined });
    expect((await runPurchase(t.io, purchase("usdc"), t, t.w)).outcome).toBe("complete");
    const plain = setup({ wallet: "plain" });
    await runPurchase(plain.io, purchase("usdc"), plain, plain.w);
    expect(t.writes.map((x) => [x.functionName, x.args])).toEqual(plain.writes.map((x) => [x.functionName, x.args]));
    expect(t.signed).toEqual(plain.signed);
    expect(t.trail).toEqual(AFTER_UNAVAILABLE_BATCH);
    expect(t.state.via).toBe("permit");
    // The rest of the session: no batch is asked for again.
    expect(await t.w.canBatch()).toBe(false);
    await runPurchase(t.io, purchase("usdc"), t, t.w);
    expect(t.batchRequests).toBe(1);
  });
  it("5750 for USDT (no permit), and a wallet without atomic execution (5760): the approval transactions", async () => {
    for (const error of [upgradeDeclined, new AtomicityNotSupportedError(new Error("no"))]) {
      const t = setup({ wallet: "batch", allowance: 1_000_000n, sendCallsError: error });
      expect((await runPurchase(t.io, purchase("usdt"), t, t.w)).outcome).toBe("complete");
      expect(t.writes.map((x) => [x.functionName, x.args?.[1]])).toEqual([
        ["approve", 0n],
        ["approve", UNLIMITED_APPROVAL],
        ["buyWithUSDT", MAX_COST],
      ]);
      expect(t.trail).toEqual(AFTER_UNAVAILABLE_BATCH);
    }
  });
  it("a batch whose purchase reverted is failed (from its receipts)", async () => {
    const t = setup({ wallet: "batch", batchStatus: "failure" });
    expect((await runPurchase(t.io, purchase("usdc"), t, t.w)).outcome).toBe("failed");
    expect(t.trail).toEqual(["not_started", "confirm_pending", "in_progess", "failed"]);
  });
  it("a batch run call by call that stopped at the purchase: its approvals are on chain, on record for the texts", async () => {
    const t = setup({ wallet: "batch", batchStatus: "failure", allowance: 1n });
    expect((await runPurchase(t.io, purchase("usdt"), t, t.w)).outcome).toBe("failed");
    expect(t.batches[0]).toHaveLength(3); // approve(0), approve(1e26), the purchase
    expect(t.state.approvalMined).toBe("approval");
  });
  it("a batch run as one reverted transaction: nothing on chain, nothing on record", async () => {
    const t = setup({ wallet: "batch", batchStatus: "failure", oneReceipt: true });
    expect((await runPurchase(t.io, purchase("usdc"), t, t.w)).outcome).toBe("failed");
    expect(t.state.approvalMined).toBeUndefined();
  });
  it("the contract's own refusal (paused sale) stops before the wallet is asked", async () => {
    const { ContractFunctionExecutionError, ContractFunctionRevertedError, encodeErrorResult } = await import("viem");
    const abi = abiOf("Presale");
    const data = encodeErrorResult({ abi, errorName: "SalePaused" });
    const paused = new ContractFunctionExecutionError(
      new ContractFunctionRevertedError({ abi, data, functionName: "buyWithUSDC" }),
      { abi, functionName: "buyWithUSDC", args: [5000n, MAX_COST, RECIPIENT] },
    );
    const t = setup({ wallet: "batch", simulateError: paused });
    expect(await runPurchase(t.io, purchase("usdc"), t, t.w)).toMatchObject({
      outcome: "failed",
      revert: "SalePaused",
    });
    expect(t.batches).toHaveLength(0);
  });
  it("an allowance that covers the cost: the purchase alone, as one transaction", async () => {
    const t = setup({ wallet: "batch", allowance: UNLIMITED_APPROVAL });
    expect((await runPurchase(t.io, purchase("usdt"), t, t.w)).outcome).toBe("complete");
    expect(t.batches).toHaveLength(0);
    expect(t.writes.map((x) => x.functionName)).toEqual(["buyWithUSDT"]);
  });
});

describe("purchase with a wallet that signs typed data but cannot batch", () => {
  it("USDC: a permit for maxCost to the presale (approval_pending), then one buyWithUSDCPermit", async () => {
    const t = setup({ wallet: "plain" });
    expect((await runPurchase(t.io, purchase("usdc"), t, t.w)).outcome).toBe("complete");
    expect(t.trail).toEqual(["not_started", "approval_pending", "confirm_pending", "in_progess", "complete"]);
    expect(t.vias.has("permit")).toBe(true);
    expect(t.writes.map((x) => x.functionName)).toEqual(["buyWithUSDCPermit"]);
    const msg = t.signed[0].message;
    expect(msg).toEqual({
      owner: ACCOUNT,
      spender: PRESALE,
      value: MAX_COST,
      nonce: 7n,
      deadline: 1_800_000_000n + 1200n,
    });
    const [amount, maxCost, recipient, deadline, v, r, s] = t.writes[0].args as [
      bigint,
      bigint,
      string,
      bigint,
      number,
      Hex,
      Hex,
    ];
    expect([amount, maxCost, recipient, deadline]).toEqual([5000n, MAX_COST, RECIPIENT, msg.deadline]);
    // The (v, r, s) sent recover to the buyer under the token's domain: the token will accept it.
    const { serializeSignature } = await import("viem");
    const signature = serializeSignature({ r, s, v: BigInt(v) });
    expect(await recoverTypedDataAddress({ ...t.signed[0], signature })).toBe(ACCOUNT);
  });
  it("a refused signature is rejected and nothing is sent", async () => {
    const t = setup({ wallet: "plain", signError: rejection });
    expect((await runPurchase(t.io, purchase("usdc"), t, t.w)).outcome).toBe("rejected");
    expect(t.writes).toHaveLength(0);
  });
  it("USDT has no permit: the approval transaction first, as before", async () => {
    const t = setup({ wallet: "plain" });
    expect((await runPurchase(t.io, purchase("usdt"), t, t.w)).outcome).toBe("complete");
    expect(t.writes.map((x) => x.functionName)).toEqual(["approve", "buyWithUSDT"]);
    expect(t.signed).toHaveLength(0);
  });
});

describe("purchase with a wallet that can do neither", () => {
  it("typed data unsupported (4200): falls back to the approval transaction, and is not asked again", async () => {
    const t = setup({ wallet: "legacy" });
    expect((await runPurchase(t.io, purchase("usdc"), t, t.w)).outcome).toBe("complete");
    expect(t.trail).toEqual(["not_started", "approval_pending", "confirm_pending", "in_progess", "complete"]);
    expect(t.state.via).toBeUndefined();
    expect(t.writes.map((x) => [x.functionName, x.args?.[1]])).toEqual([
      ["approve", UNLIMITED_APPROVAL],
      ["buyWithUSDC", MAX_COST],
    ]);
    const again = setup({ wallet: "legacy" });
    await runPurchase(again.io, purchase("usdc"), again, { ...again.w, canSignTypedData: t.w.canSignTypedData });
    expect(again.signRequests).toBe(0);
  });
  it("without a WalletIO the flows are exactly the sequential ones", async () => {
    const t = setup({ wallet: "batch", allowance: 1n });
    expect((await runPurchase(t.io, purchase("usdt"), t)).outcome).toBe("complete");
    expect(t.writes.map((x) => x.functionName)).toEqual(["approve", "approve", "buyWithUSDT"]);
  });
});

describe("swap machine: the one-prompt events", () => {
  const run = (events: SwapEvent[]) => events.reduce(swapReducer, INITIAL_SWAP);
  const start: SwapEvent = { type: "START", payment: "usdc", chainId: CHAIN, stake: false, tokens: 1n };
  it("batch: confirm_pending (via batch) -> in_progess without a hash -> complete with the receipt's hash", () => {
    expect(run([start, { type: "AWAIT_SIGNATURE", via: "batch" }])).toMatchObject({
      status: "confirm_pending",
      via: "batch",
    });
    expect(run([start, { type: "AWAIT_SIGNATURE", via: "batch" }, { type: "SENT" }])).toMatchObject({
      status: "in_progess",
      hash: undefined,
    });
    expect(
      run([
        start,
        { type: "AWAIT_SIGNATURE", via: "batch" },
        { type: "SENT" },
        { type: "RECEIPT", success: true, hash: "0x01" },
      ]),
    ).toMatchObject({ status: "complete", hash: "0x01" });
  });
  it("permit: approval_pending (via permit) -> APPROVED -> confirm_pending keeps the route; a fallback clears it", () => {
    const permit: SwapEvent[] = [start, { type: "APPROVAL_REQUIRED", via: "permit" }];
    expect(run(permit)).toMatchObject({ status: "approval_pending", via: "permit" });
    expect(run([...permit, { type: "APPROVED" }])).toMatchObject({ status: "confirm_pending", via: "permit" });
    expect(run([...permit, { type: "APPROVAL_REQUIRED" }])).toMatchObject({
      status: "approval_pending",
      via: undefined,
    });
  });
  it("a batch the wallet will not run goes back to approval_pending, without a route; nowhere else", () => {
    const batch: SwapEvent[] = [start, { type: "AWAIT_SIGNATURE", via: "batch" }, { type: "BATCH_UNAVAILABLE" }];
    expect(run(batch)).toMatchObject({ status: "approval_pending", via: undefined });
    expect(run([...batch, { type: "APPROVAL_REQUIRED", via: "permit" }])).toMatchObject({ via: "permit" });
    expect(run([start, { type: "AWAIT_SIGNATURE" }, { type: "BATCH_UNAVAILABLE" }]).status).toBe("confirm_pending");
    expect(run([start, { type: "BATCH_UNAVAILABLE" }]).status).toBe("not_started");
  });
  it("a refusal at either step is rejected", () => {
    expect(run([start, { type: "AWAIT_SIGNATURE", via: "batch" }, { type: "ERROR", rejected: true }]).status).toBe(
      "rejected",
    );
    expect(run([start, { type: "APPROVAL_REQUIRED", via: "permit" }, { type: "ERROR", rejected: true }]).status).toBe(
      "rejected",
    );
  });
});
