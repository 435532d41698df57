// Purchase flows as explicit steps over the swap machine. Chain access is injected (ChainIO) so the flows are
// unit-tested with fakes; wagmiIO.ts is the real adapter. Calls are checked against the generated ABIs.
import {
  encodeFunctionData,
  erc20Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hash,
} from "viem";
import { UNLIMITED_APPROVAL } from "../../config/constants.ts";
import { abiOf } from "../../config/contracts.ts";
import { applyBps, MARGIN_BPS } from "./amounts.ts";
import { approveAbi } from "../../chain/approve.ts";
import { approvalCalls, runBatch } from "../../chain/batch.ts";
import {
  type ChainIO,
  type WriteCall,
  type WriteMutability,
  isUserRejection,
  KNOWN_REVERTS,
  revertName,
  type WalletIO,
} from "../../chain/index.ts";
import {
  approvalRoute,
  readPermitDomain,
  signPermit,
  type PermitDomain,
  type SignedPermit,
} from "../../chain/permit.ts";
import { QUOTE_FN } from "../../presale/index.ts";
import type { SwapEvent } from "./swapMachine.ts";

export type { ChainIO } from "../../chain/index.ts";

const presaleAbi = abiOf("Presale");
type PresaleAbi = typeof presaleAbi;

export type PurchaseInput = {
  payment: "native" | "usdt" | "usdc";
  chainId: number;
  account: Address;
  presale: Address;
  /** Stablecoin address for usdt/usdc. */
  token?: Address;
  /** Whole tokens. */
  tokens: bigint;
  /** The cost the buyer was shown (the contract's quote, base units): the purchase never charges more. */
  quotedCost: bigint;
  stake: boolean;
};

export type PurchaseHooks = { dispatch: (e: SwapEvent) => void; onMaxTokensExceeded: () => void };
/** "requote": the quote rose since it was shown (the ladder moved); nothing was sent, `cost` is the new quote. */
export type PurchaseResult = {
  outcome: "complete" | "failed" | "rejected" | "requote";
  hash?: Hash;
  cost?: bigint;
  revert?: string;
};

const BUY = { usdt: "buyWithUSDT", usdc: "buyWithUSDC" } as const;

function fail(h: PurchaseHooks, err: unknown): PurchaseResult {
  const rejected = isUserRejection(err);
  const revert = revertName(err);
  h.dispatch({
    type: "ERROR",
    rejected,
    revert,
    message: err instanceof Error ? err.message.slice(0, 300) : String(err),
  });
  return { outcome: rejected ? "rejected" : "failed", revert };
}

async function sendAndConfirm<P>(io: ChainIO<P>, prepared: P, h: PurchaseHooks): Promise<PurchaseResult> {
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

async function simulateOrStop<
  P,
  fn extends ContractFunctionName<PresaleAbi, WriteMutability>,
  const args extends ContractFunctionArgs<PresaleAbi, WriteMutability, fn>,
>(io: ChainIO<P>, call: WriteCall<PresaleAbi, fn, args>, h: PurchaseHooks): Promise<{ prepared: P } | PurchaseResult> {
  try {
    return { prepared: await io.simulate(call) };
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
export async function ensureAllowance<P>(
  io: ChainIO<P>,
  token: Address,
  owner: Address,
  spender: Address,
  needed: bigint,
  h: PurchaseHooks,
): Promise<"ok" | "approved" | PurchaseResult> {
  const allowance = await io.read({ address: token, abi: erc20Abi, functionName: "allowance", args: [owner, spender] });
  if (allowance >= needed) return "ok";
  h.dispatch({ type: "APPROVAL_REQUIRED" });
  const approve = async (amount: bigint): Promise<true | PurchaseResult> => {
    try {
      const prepared = await io.simulate({
        address: token,
        abi: approveAbi,
        functionName: "approve",
        args: [spender, amount],
      });
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
async function refusedBeforeApproval<P>(
  io: ChainIO<P>,
  p: PurchaseInput,
  amount: bigint,
  maxCost: bigint,
  h: PurchaseHooks,
): Promise<PurchaseResult | undefined> {
  try {
    await io.simulate({
      address: p.presale,
      abi: presaleAbi,
      functionName: BUY[stable(p)],
      args: [amount, maxCost, p.stake],
    });
  } catch (err) {
    const revert = revertName(err);
    if (revert && (KNOWN_REVERTS as readonly string[]).includes(revert)) return refused(h, err);
  }
  return undefined;
}

const stable = (p: PurchaseInput) => (p.payment === "usdt" ? "usdt" : "usdc");

/** Approval and purchase as one atomic batch: one prompt (confirm_pending), the receipts decide. */
async function purchaseInBatch<P>(
  io: ChainIO<P>,
  w: WalletIO,
  p: PurchaseInput,
  amount: bigint,
  maxCost: bigint,
  allowance: bigint,
  h: PurchaseHooks,
): Promise<PurchaseResult> {
  const stop = await refusedBeforeApproval(io, p, amount, maxCost, h);
  if (stop) return stop;
  h.dispatch({ type: "AWAIT_SIGNATURE", via: "batch" });
  const buy = encodeFunctionData({ abi: presaleAbi, functionName: BUY[stable(p)], args: [amount, maxCost, p.stake] });
  const r = await runBatch(w, [...approvalCalls(p.token!, p.presale, allowance), { to: p.presale, data: buy }], () =>
    h.dispatch({ type: "SENT" }),
  );
  if (r.error !== undefined) return { ...fail(h, r.error), hash: r.hash };
  h.dispatch({ type: "RECEIPT", success: r.outcome === "complete", hash: r.hash });
  return { outcome: r.outcome, hash: r.hash };
}

/**
 * A USDC permit for `maxCost` (approval_pending is the signature), then buyWithUSDCPermit: one signature and one
 * transaction. Undefined when the wallet cannot sign typed data: the approval transaction follows instead.
 */
async function purchaseWithPermit<P>(
  io: ChainIO<P>,
  w: WalletIO,
  p: PurchaseInput,
  amount: bigint,
  maxCost: bigint,
  domain: PermitDomain,
  h: PurchaseHooks,
): Promise<PurchaseResult | undefined> {
  const stop = await refusedBeforeApproval(io, p, amount, maxCost, h);
  if (stop) return stop;
  h.dispatch({ type: "APPROVAL_REQUIRED", via: "permit" });
  let permit: SignedPermit;
  try {
    permit = await signPermit(io, w, {
      token: "USDC",
      address: p.token!,
      domain,
      owner: p.account,
      spender: p.presale,
      value: maxCost,
    });
  } catch (err) {
    if (w.noteTypedDataError(err)) return undefined;
    return fail(h, err);
  }
  const args = [amount, maxCost, p.stake, permit.deadline, permit.v, permit.r, permit.s] as const;
  const sim = await simulateOrStop(
    io,
    { address: p.presale, abi: presaleAbi, functionName: "buyWithUSDCPermit", args },
    h,
  );
  if ("outcome" in sim) return sim;
  h.dispatch({ type: "APPROVED" });
  return sendAndConfirm(io, sim.prepared, h);
}

/** The one-prompt routes for a stablecoin purchase whose allowance is short; undefined = the sequential approval. */
async function purchaseInOneStep<P>(
  io: ChainIO<P>,
  w: WalletIO,
  p: PurchaseInput,
  amount: bigint,
  maxCost: bigint,
  h: PurchaseHooks,
): Promise<PurchaseResult | undefined> {
  const allowance = await io.read({
    address: p.token!,
    abi: erc20Abi,
    functionName: "allowance",
    args: [p.account, p.presale],
  });
  if (allowance >= maxCost) return undefined;
  const batch = await w.canBatch().catch(() => false);
  // USDT has no permit (neither the real token nor its stand-in).
  const permitPossible = !batch && p.payment === "usdc" && w.canSignTypedData();
  const domain = permitPossible ? await readPermitDomain(io, "USDC", p.token!, p.chainId) : undefined;
  switch (approvalRoute({ allowance, needed: maxCost, batch, permit: !!domain })) {
    case "batch":
      return purchaseInBatch(io, w, p, amount, maxCost, allowance, h);
    case "permit":
      return purchaseWithPermit(io, w, p, amount, maxCost, domain!, h);
    default:
      return undefined;
  }
}

/**
 * A purchase from the quote check to the receipt. With a WalletIO, a stablecoin purchase whose allowance is short
 * takes one prompt when it can (an atomic batch, else a USDC permit); without one, or when neither is possible, the
 * approval transaction(s) come first.
 */
export async function runPurchase<P>(
  io: ChainIO<P>,
  p: PurchaseInput,
  h: PurchaseHooks,
  w?: WalletIO,
): Promise<PurchaseResult> {
  const amount = p.tokens;
  // The quote again, right before sending: the ladder may have moved since it was shown.
  let cost: bigint;
  try {
    cost = await io.read({ address: p.presale, abi: presaleAbi, functionName: QUOTE_FN[p.payment], args: [amount] });
  } catch (err) {
    h.dispatch({ type: "START", payment: p.payment, chainId: p.chainId, stake: p.stake, tokens: amount });
    return refused(h, err);
  }
  if (cost > p.quotedCost) return { outcome: "requote", cost };
  h.dispatch({ type: "START", payment: p.payment, chainId: p.chainId, stake: p.stake, tokens: amount });

  if (p.payment === "native") {
    const sim = await simulateOrStop(
      io,
      {
        address: p.presale,
        abi: presaleAbi,
        functionName: "buyWithEth",
        args: [amount, p.stake],
        value: applyBps(cost, MARGIN_BPS.ethValue, "up"),
      },
      h,
    );
    if ("outcome" in sim) return sim;
    h.dispatch({ type: "AWAIT_SIGNATURE" });
    return sendAndConfirm(io, sim.prepared, h);
  }

  const maxCost = applyBps(cost, MARGIN_BPS.stableMaxCost, "up");
  if (w) {
    try {
      const oneStep = await purchaseInOneStep(io, w, p, amount, maxCost, h);
      if (oneStep) return oneStep;
    } catch (err) {
      return fail(h, err);
    }
  }
  let approval: "ok" | "approved" | PurchaseResult;
  try {
    approval = await ensureAllowance(io, p.token!, p.account, p.presale, maxCost, h);
  } catch (err) {
    return fail(h, err);
  }
  if (typeof approval === "object") return approval;
  const sim = await simulateOrStop(
    io,
    { address: p.presale, abi: presaleAbi, functionName: BUY[p.payment], args: [amount, maxCost, p.stake] },
    h,
  );
  if ("outcome" in sim) return sim;
  if (approval === "ok") h.dispatch({ type: "AWAIT_SIGNATURE" });
  return sendAndConfirm(io, sim.prepared, h);
}
