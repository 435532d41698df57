// Purchase flows as explicit steps over the swap machine. Chain access is injected (ChainIO) so the flows are
// unit-tested with fakes; wagmiIO.ts is the real adapter.
import { encodeFunctionData, erc20Abi, type Abi, type Address, type Hash } from "viem";
import { UNLIMITED_APPROVAL } from "../../config/constants.ts";
import { applyBps, MARGIN_BPS } from "./amounts.ts";
import { approvalCalls, runBatch } from "./batch.ts";
import { isUserRejection, KNOWN_REVERTS, revertName } from "./errors.ts";
import { approvalRoute, hasFunction, readPermitDomain, signPermit, type PermitDomain, type SignedPermit } from "./permit.ts";
import { QUOTE_FN } from "./quote.ts";
import type { SwapEvent } from "./swapMachine.ts";
import type { WalletIO } from "./walletIO.ts";

/**
 * `approve` as USDT implements it: no return value. Simulating with the standard bool-returning fragment fails on
 * USDT ("returned no data"); this fragment fits USDT and every standard token (whose bool is simply not decoded).
 */
export const approveAbi = [
  {
    type: "function",
    name: "approve",
    stateMutability: "nonpayable",
    inputs: [
      { name: "spender", type: "address" },
      { name: "amount", type: "uint256" },
    ],
    outputs: [],
  },
] as const satisfies Abi;

export type ReadArgs = { address: Address; abi: Abi; functionName: string; args?: readonly unknown[] };
export type WriteArgs = ReadArgs & { value?: bigint };

export type ChainIO = {
  read: (a: ReadArgs) => Promise<unknown>;
  /** Simulates; resolves to an opaque prepared request for `write`. */
  simulate: (a: WriteArgs) => Promise<unknown>;
  write: (prepared: unknown) => Promise<Hash>;
  waitForReceipt: (hash: Hash) => Promise<{ status: "success" | "reverted" }>;
};

export type PurchaseInput = {
  payment: "native" | "usdt" | "usdc";
  chainId: number;
  account: Address;
  presale: Address;
  presaleAbi: Abi;
  /** Stablecoin address for usdt/usdc. */
  token?: Address;
  /** The stablecoin's ABI (generated map): its permit functions, when it has them. */
  tokenAbi?: Abi;
  /** Whole tokens. */
  tokens: bigint;
  /** The cost the buyer was shown (the contract's quote, base units): the purchase never charges more. */
  quotedCost: bigint;
  stake: boolean;
};

export type PurchaseHooks = { dispatch: (e: SwapEvent) => void; onMaxTokensExceeded: () => void };
/** "requote": the quote rose since it was shown (the ladder moved); nothing was sent, `cost` is the new quote. */
export type PurchaseResult = { outcome: "complete" | "failed" | "rejected" | "requote"; hash?: Hash; cost?: bigint; revert?: string };

const BUY = { usdt: "buyWithUSDT", usdc: "buyWithUSDC" } as const;

function fail(h: PurchaseHooks, err: unknown): PurchaseResult {
  const rejected = isUserRejection(err);
  const revert = revertName(err);
  h.dispatch({ type: "ERROR", rejected, revert, message: err instanceof Error ? err.message.slice(0, 300) : String(err) });
  return { outcome: rejected ? "rejected" : "failed", revert };
}

async function sendAndConfirm(io: ChainIO, prepared: unknown, h: PurchaseHooks): Promise<PurchaseResult> {
  let hash: Hash;
  try {
    hash = await io.write(prepared);
  } catch (err) {
    return fail(h, err);
  }
  h.dispatch({ type: "SENT", hash });
  try {
    const r = await io.waitForReceipt(hash);
    const success = r.status === "success";
    h.dispatch({ type: "RECEIPT", success, hash });
    return { outcome: success ? "complete" : "failed", hash };
  } catch (err) {
    h.dispatch({ type: "ERROR", rejected: false, message: String(err) });
    return { outcome: "failed", hash };
  }
}

async function simulateOrStop(io: ChainIO, args: WriteArgs, h: PurchaseHooks): Promise<{ prepared: unknown } | PurchaseResult> {
  try {
    return { prepared: await io.simulate(args) };
  } catch (err) {
    return refused(h, err);
  }
}

/** A simulation or quote the contract refused: its reason (and the max-tokens popup only for that reason). */
function refused(h: PurchaseHooks, err: unknown): PurchaseResult {
  const revert = revertName(err);
  if (!revert) return fail(h, err);
  h.dispatch({ type: "SIMULATION_REVERTED", revert, message: String(err).slice(0, 300) });
  if (revert === "MaxTokensExceeded") h.onMaxTokensExceeded();
  return { outcome: "failed", revert };
}

/** Approval with reset-to-zero when a non-zero allowance is too low, then the large allowance of PRODUCT.md §9. */
export async function ensureAllowance(io: ChainIO, token: Address, owner: Address, spender: Address, needed: bigint, h: PurchaseHooks): Promise<"ok" | "approved" | PurchaseResult> {
  const allowance = (await io.read({ address: token, abi: erc20Abi, functionName: "allowance", args: [owner, spender] })) as bigint;
  if (allowance >= needed) return "ok";
  h.dispatch({ type: "APPROVAL_REQUIRED" });
  const approve = async (amount: bigint): Promise<true | PurchaseResult> => {
    try {
      const prepared = await io.simulate({ address: token, abi: approveAbi, functionName: "approve", args: [spender, amount] });
      const hash = await io.write(prepared);
      const r = await io.waitForReceipt(hash);
      if (r.status !== "success") {
        h.dispatch({ type: "ERROR", rejected: false, message: "approval reverted" });
        return { outcome: "failed", hash };
      }
      return true;
    } catch (err) {
      return fail(h, err);
    }
  };
  if (allowance > 0n) {
    const reset = await approve(0n);
    if (reset !== true) return reset;
  }
  const granted = await approve(UNLIMITED_APPROVAL);
  if (granted !== true) return granted;
  h.dispatch({ type: "APPROVED" });
  return "approved";
}

/**
 * The contract's own refusals (paused, sold out, over the limit...) before the wallet is asked, when the approval is
 * not given yet: the simulation then also reverts for the missing allowance, which the batch or permit provides.
 */
async function refusedBeforeApproval(io: ChainIO, args: WriteArgs, h: PurchaseHooks): Promise<PurchaseResult | undefined> {
  try {
    await io.simulate(args);
  } catch (err) {
    const revert = revertName(err);
    if (revert && (KNOWN_REVERTS as readonly string[]).includes(revert)) return refused(h, err);
  }
  return undefined;
}

/** Approval and purchase as one atomic batch: one prompt (confirm_pending), the receipts decide. */
async function purchaseInBatch(io: ChainIO, w: WalletIO, p: PurchaseInput, buy: WriteArgs, allowance: bigint, h: PurchaseHooks): Promise<PurchaseResult> {
  const stop = await refusedBeforeApproval(io, buy, h);
  if (stop) return stop;
  h.dispatch({ type: "AWAIT_SIGNATURE", via: "batch" });
  const calls = [...approvalCalls(p.token!, p.presale, allowance), { to: buy.address, data: encodeFunctionData({ abi: buy.abi, functionName: buy.functionName, args: buy.args }) }];
  const r = await runBatch(w, calls, () => h.dispatch({ type: "SENT" }));
  if (r.error !== undefined) return { ...fail(h, r.error), hash: r.hash };
  h.dispatch({ type: "RECEIPT", success: r.outcome === "complete", hash: r.hash });
  return { outcome: r.outcome, hash: r.hash };
}

/**
 * A USDC permit for `maxCost` (approval_pending is the signature), then buyWithUSDCPermit: one signature and one
 * transaction. Undefined when the wallet cannot sign typed data: the approval transaction follows instead.
 */
async function purchaseWithPermit(io: ChainIO, w: WalletIO, p: PurchaseInput, buy: WriteArgs, domain: PermitDomain, h: PurchaseHooks): Promise<PurchaseResult | undefined> {
  const stop = await refusedBeforeApproval(io, buy, h);
  if (stop) return stop;
  h.dispatch({ type: "APPROVAL_REQUIRED", via: "permit" });
  const [amount, maxCost, stake] = buy.args as [bigint, bigint, boolean];
  let permit: SignedPermit;
  try {
    permit = await signPermit(io.read, w, { token: p.token!, abi: p.tokenAbi!, domain, owner: p.account, spender: p.presale, value: maxCost });
  } catch (err) {
    if (w.noteTypedDataError(err)) return undefined;
    return fail(h, err);
  }
  const args = [amount, maxCost, stake, permit.deadline, permit.v, permit.r, permit.s];
  const sim = await simulateOrStop(io, { ...buy, functionName: "buyWithUSDCPermit", args }, h);
  if ("outcome" in sim) return sim;
  h.dispatch({ type: "APPROVED" });
  return sendAndConfirm(io, sim.prepared, h);
}

/** The one-prompt routes for a stablecoin purchase whose allowance is short; undefined = the sequential approval. */
async function purchaseInOneStep(io: ChainIO, w: WalletIO, p: PurchaseInput, buy: WriteArgs, maxCost: bigint, h: PurchaseHooks): Promise<PurchaseResult | undefined> {
  const allowance = (await io.read({ address: p.token!, abi: erc20Abi, functionName: "allowance", args: [p.account, p.presale] })) as bigint;
  if (allowance >= maxCost) return undefined;
  const batch = await w.canBatch().catch(() => false);
  const permitPossible = !batch && p.payment === "usdc" && !!p.tokenAbi && hasFunction(p.presaleAbi, "buyWithUSDCPermit") && w.canSignTypedData();
  const domain = permitPossible ? await readPermitDomain(io.read, p.token!, p.tokenAbi!, p.chainId) : undefined;
  switch (approvalRoute({ allowance, needed: maxCost, batch, permit: !!domain })) {
    case "batch":
      return purchaseInBatch(io, w, p, buy, allowance, h);
    case "permit":
      return purchaseWithPermit(io, w, p, buy, domain!, h);
    default:
      return undefined;
  }
}

/**
 * A purchase from the quote check to the receipt. With a WalletIO, a stablecoin purchase whose allowance is short
 * takes one prompt when it can (an atomic batch, else a USDC permit); without one, or when neither is possible, the
 * approval transaction(s) come first.
 */
export async function runPurchase(io: ChainIO, p: PurchaseInput, h: PurchaseHooks, w?: WalletIO): Promise<PurchaseResult> {
  const amount = p.tokens;
  // The quote again, right before sending: the ladder may have moved since it was shown.
  let cost: bigint;
  try {
    cost = (await io.read({ address: p.presale, abi: p.presaleAbi, functionName: QUOTE_FN[p.payment], args: [amount] })) as bigint;
  } catch (err) {
    h.dispatch({ type: "START", payment: p.payment, chainId: p.chainId, stake: p.stake, tokens: amount });
    return refused(h, err);
  }
  if (cost > p.quotedCost) return { outcome: "requote", cost };
  h.dispatch({ type: "START", payment: p.payment, chainId: p.chainId, stake: p.stake, tokens: amount });

  if (p.payment === "native") {
    const sim = await simulateOrStop(io, { address: p.presale, abi: p.presaleAbi, functionName: "buyWithEth", args: [amount, p.stake], value: applyBps(cost, MARGIN_BPS.ethValue, "up") }, h);
    if ("outcome" in sim) return sim;
    h.dispatch({ type: "AWAIT_SIGNATURE" });
    return sendAndConfirm(io, sim.prepared, h);
  }

  const maxCost = applyBps(cost, MARGIN_BPS.stableMaxCost, "up");
  const buy: WriteArgs = { address: p.presale, abi: p.presaleAbi, functionName: BUY[p.payment], args: [amount, maxCost, p.stake] };
  if (w) {
    try {
      const oneStep = await purchaseInOneStep(io, w, p, buy, maxCost, h);
      if (oneStep) return oneStep;
    } catch (err) {
      return fail(h, err);
    }
  }
  let approval: Awaited<ReturnType<typeof ensureAllowance>>;
  try {
    approval = await ensureAllowance(io, p.token!, p.account, p.presale, maxCost, h);
  } catch (err) {
    return fail(h, err);
  }
  if (typeof approval === "object") return approval;
  const sim = await simulateOrStop(io, buy, h);
  if ("outcome" in sim) return sim;
  if (approval === "ok") h.dispatch({ type: "AWAIT_SIGNATURE" });
  return sendAndConfirm(io, sim.prepared, h);
}
