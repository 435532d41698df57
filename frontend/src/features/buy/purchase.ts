// Purchase flows as explicit steps over the swap machine. Chain access is injected (ChainIO) so the flows are
// unit-tested with fakes; wagmiIO.ts is the real adapter. Calls are checked against the generated ABIs. What differs
// from one payment token to another (its quote view, its purchase call and the arguments in it, its permit) comes from
// its row of presale/payTokens.ts: this module names no buy function.
import {
  encodeFunctionData,
  erc20Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hash,
} from "viem";
import { abiOf } from "../../config/contracts.ts";
import { applyBps, MARGIN_BPS } from "./amounts.ts";
import {
  classifyError,
  isKnownRevert,
  type ChainIO,
  type WalletIO,
  type WriteCall,
  type WriteMutability,
} from "../../chain/index.ts";
import {
  approvalAmounts,
  approvalCalls,
  grantAllowance,
  readPermitDomain,
  runBatch,
  signPermit,
  type PermitDomain,
  type SignedPermit,
} from "../../chain/approvals/index.ts";
import { payRow, type BuyOrder, type PayKind, type PresaleBuy } from "../../presale/index.ts";
import type { ChainKey } from "../../config/env.ts";
import type { SwapEvent } from "./swapMachine.ts";

export type { ChainIO } from "../../chain/index.ts";

const presaleAbi = abiOf("Presale");
type PresaleAbi = typeof presaleAbi;

export type PurchaseInput = {
  payment: PayKind;
  chain: ChainKey;
  chainId: number;
  account: Address;
  presale: Address;
  /** The payment token's contract (presale/payTokens.ts payTokenAddress); none for ETH. */
  token?: Address;
  /** Whole tokens. */
  tokens: bigint;
  /** The cost the buyer was shown (the contract's quote, base units): the purchase never charges more. */
  quotedCost: bigint;
  stake: boolean;
  /** Ethereum: the Base address that will own the tokens (presale/recipient.ts); Base purchases credit `account`. */
  recipient?: Address;
};

export type PurchaseHooks = { dispatch: (e: SwapEvent) => void; onMaxTokensExceeded: () => void };
/** "requote": the quote rose since it was shown (the ladder moved); nothing was sent, `cost` is the new quote. */
export type PurchaseResult = {
  outcome: "complete" | "failed" | "rejected" | "requote";
  hash?: Hash;
  cost?: bigint;
  revert?: string;
};

/** The buyer's order as the table's purchase calls take it; `pay` is the ETH sent or the stablecoin's maxCost. */
const orderOf = (p: PurchaseInput, pay: bigint): BuyOrder => ({
  chain: p.chain,
  buyer: p.account,
  recipient: p.recipient ?? p.account,
  tokens: p.tokens,
  pay,
  stake: p.stake,
});
/** The status views' START: the order, and on Ethereum the Base address that will own the tokens. */
const startOf = (p: PurchaseInput): SwapEvent => ({
  type: "START",
  payment: p.payment,
  chainId: p.chainId,
  stake: p.stake,
  tokens: p.tokens,
  recipient: p.chain === "eth" ? (p.recipient ?? p.account) : undefined,
});
/**
 * A purchase call of the table, sent to this presale. The table checked its function and arguments against the ABI
 * where it built it; here it is one of the presale's write calls (TypeScript cannot match a union of calls against
 * the generic call type, so the union is widened, as `erase` widens a call for an adapter).
 */
const presaleCall = (p: PurchaseInput, buy: PresaleBuy) =>
  ({ address: p.presale, abi: presaleAbi, ...buy }) as WriteCall<PresaleAbi>;

/** A failed call (classifyError): refused in the wallet is "rejected"; anything else "failed", a revert with its name. */
function fail(h: PurchaseHooks, err: unknown): PurchaseResult {
  const f = classifyError(err);
  const rejected = f.kind === "rejected";
  const revert = f.kind === "reverted" ? f.revert : undefined;
  h.dispatch({ type: "ERROR", rejected, revert, message: f.message });
  return { outcome: rejected ? "rejected" : "failed", revert };
}

/**
 * Why the chain refused a purchase that passed its simulation (the sale was paused while the wallet held the prompt,
 * a batch's purchase reverted): the same call simulated again, named when it is one of the contract's own errors
 * (PRODUCT.md §8: a revert is named by its custom error, in every path).
 */
async function revertNow<P>(io: ChainIO<P>, call: WriteCall<PresaleAbi>): Promise<string | undefined> {
  try {
    await io.simulate(call);
    return undefined;
  } catch (err) {
    const f = classifyError(err);
    return f.kind === "reverted" && isKnownRevert(f.revert) ? f.revert : undefined;
  }
}

async function sendAndConfirm<P>(
  io: ChainIO<P>,
  prepared: P,
  call: WriteCall<PresaleAbi>,
  h: PurchaseHooks,
): Promise<PurchaseResult> {
  let hash: Hash;
  try {
    hash = await io.write(prepared);
  } catch (err) {
    const f = classifyError(err);
    if (f.kind === "rejected" || (f.kind === "reverted" && f.revert)) return fail(h, err);
    const revert = await revertNow(io, call); // the wallet's own error hid the contract's reason
    h.dispatch({ type: "ERROR", rejected: false, revert, message: f.message });
    return { outcome: "failed", revert };
  }
  h.dispatch({ type: "SENT", hash });
  try {
    const r = await io.waitForReceipt(hash);
    const success = r.status === "success";
    const revert = success ? undefined : await revertNow(io, call);
    h.dispatch({ type: "RECEIPT", success, hash, revert });
    return { outcome: success ? "complete" : "failed", hash, revert };
  } catch (err) {
    h.dispatch({ type: "ERROR", rejected: false, message: classifyError(err).message });
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
  const f = classifyError(err);
  if (f.kind !== "reverted" || !f.revert) return fail(h, err);
  h.dispatch({ type: "SIMULATION_REVERTED", revert: f.revert, message: f.message });
  if (f.revert === "MaxTokensExceeded") h.onMaxTokensExceeded();
  return { outcome: "failed", revert: f.revert };
}

/** The approval transactions when the allowance is short (a non-zero one reset to zero first), then APPROVED. */
async function ensureAllowance<P>(
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
  try {
    const { reverted } = await grantAllowance(io, token, spender, {
      allowance,
      resetFirst: true,
      onMined: (amount) => h.dispatch({ type: "APPROVAL_MINED", amount }),
    });
    if (reverted) {
      h.dispatch({ type: "ERROR", rejected: false, message: "approval reverted" });
      return { outcome: "failed", hash: reverted };
    }
  } catch (err) {
    return fail(h, err);
  }
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
  buy: PresaleBuy,
  h: PurchaseHooks,
): Promise<PurchaseResult | undefined> {
  try {
    await io.simulate(presaleCall(p, buy));
  } catch (err) {
    const f = classifyError(err);
    if (f.kind === "reverted" && isKnownRevert(f.revert)) return refused(h, err);
  }
  return undefined;
}

/**
 * Approval and purchase as one atomic batch: one prompt (confirm_pending), the receipts decide. "unavailable" when
 * the wallet would not run it (EIP-5792 5750, the user declined the account upgrade; no atomic support): nothing
 * was sent, and the purchase takes the route of a wallet without batches.
 */
async function purchaseInBatch<P>(
  io: ChainIO<P>,
  w: WalletIO,
  p: PurchaseInput,
  maxCost: bigint,
  allowance: bigint,
  h: PurchaseHooks,
): Promise<PurchaseResult | "unavailable"> {
  const buy = payRow(p.payment).buy(orderOf(p, maxCost));
  const stop = await refusedBeforeApproval(io, p, buy, h);
  if (stop) return stop;
  h.dispatch({ type: "AWAIT_SIGNATURE", via: "batch" });
  const data = encodeFunctionData(presaleCall(p, buy));
  const r = await runBatch(
    w,
    [...approvalCalls(p.token!, p.presale, { allowance, resetFirst: true }), { to: p.presale, data }],
    () => h.dispatch({ type: "SENT" }),
  );
  if (r.outcome === "unavailable") return "unavailable";
  if (r.error !== undefined) return { ...fail(h, r.error), hash: r.hash };
  const success = r.outcome === "complete";
  // A batch the wallet ran call by call can stop after its approvals: they are on chain, and the texts say so.
  if (!success)
    for (const amount of approvalAmounts({ allowance, resetFirst: true }).slice(0, r.mined ?? 0))
      h.dispatch({ type: "APPROVAL_MINED", amount });
  const revert = success ? undefined : await revertNow(io, presaleCall(p, buy));
  h.dispatch({ type: "RECEIPT", success, hash: r.hash, revert });
  return { outcome: r.outcome, hash: r.hash, revert };
}

/**
 * A permit for `maxCost` (approval_pending is the signature), then the row's permit purchase: one signature and one
 * transaction. Undefined when the wallet cannot sign typed data: the approval transaction follows instead.
 */
async function purchaseWithPermit<P>(
  io: ChainIO<P>,
  w: WalletIO,
  p: PurchaseInput,
  maxCost: bigint,
  permitOf: NonNullable<ReturnType<typeof payRow>["permit"]>,
  domain: PermitDomain,
  h: PurchaseHooks,
): Promise<PurchaseResult | undefined> {
  const order = orderOf(p, maxCost);
  const stop = await refusedBeforeApproval(io, p, payRow(p.payment).buy(order), h);
  if (stop) return stop;
  h.dispatch({ type: "APPROVAL_REQUIRED", via: "permit" });
  let permit: SignedPermit;
  try {
    permit = await signPermit(io, w, {
      token: permitOf.token,
      address: p.token!,
      domain,
      owner: p.account,
      spender: p.presale,
      value: maxCost,
    });
  } catch (err) {
    if (classifyError(err).kind !== "unavailable") return fail(h, err);
    w.noteUnavailable("typedData"); // the rest of the session takes the approval transactions
    return undefined;
  }
  const call = presaleCall(p, permitOf.buy(order, permit));
  const sim = await simulateOrStop(io, call, h);
  if ("outcome" in sim) return sim;
  h.dispatch({ type: "APPROVED" });
  return sendAndConfirm(io, sim.prepared, call, h);
}

/** The one-prompt routes for a token purchase whose allowance is short; undefined = the sequential approval. */
async function purchaseInOneStep<P>(
  io: ChainIO<P>,
  w: WalletIO,
  p: PurchaseInput,
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
  if (await w.canBatch().catch(() => false)) {
    const batched = await purchaseInBatch(io, w, p, maxCost, allowance, h);
    if (batched !== "unavailable") return batched;
    h.dispatch({ type: "BATCH_UNAVAILABLE" }); // on as for a wallet without batches
  }
  // A permit where the token's row has one (USDC; USDT has none, neither the real token nor its stand-in).
  const permit = payRow(p.payment).permit;
  if (!permit || !w.canSignTypedData()) return undefined;
  const domain = await readPermitDomain(io, permit.token, p.token!, p.chainId);
  return domain ? purchaseWithPermit(io, w, p, maxCost, permit, domain, h) : undefined;
}

/**
 * A purchase from the quote check to the receipt. With a WalletIO, a stablecoin purchase whose allowance is short
 * takes one prompt when it can (an atomic batch, else the token's permit); without one, or when neither is possible, the
 * approval transaction(s) come first.
 */
export async function runPurchase<P>(
  io: ChainIO<P>,
  p: PurchaseInput,
  h: PurchaseHooks,
  w?: WalletIO,
): Promise<PurchaseResult> {
  const row = payRow(p.payment);
  // The quote again, right before sending: the ladder may have moved since it was shown.
  let cost: bigint;
  try {
    cost = await io.read({ address: p.presale, abi: presaleAbi, functionName: row.quote, args: [p.tokens] });
  } catch (err) {
    h.dispatch(startOf(p));
    return refused(h, err);
  }
  if (cost > p.quotedCost) return { outcome: "requote", cost };
  h.dispatch(startOf(p));

  if (!row.addressKey) {
    // ETH: paid as the transaction's value (the quote and its margin; the contract refunds the excess), no approval.
    const sent = applyBps(cost, MARGIN_BPS.ethValue, "up");
    const call = presaleCall(p, row.buy(orderOf(p, sent)));
    const sim = await simulateOrStop(io, call, h);
    if ("outcome" in sim) return sim;
    h.dispatch({ type: "AWAIT_SIGNATURE" });
    return sendAndConfirm(io, sim.prepared, call, h);
  }

  const maxCost = applyBps(cost, MARGIN_BPS.stableMaxCost, "up");
  if (w) {
    try {
      const oneStep = await purchaseInOneStep(io, w, p, maxCost, h);
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
  const call = presaleCall(p, row.buy(orderOf(p, maxCost)));
  const sim = await simulateOrStop(io, call, h);
  if ("outcome" in sim) return sim;
  if (approval === "ok") h.dispatch({ type: "AWAIT_SIGNATURE" });
  return sendAndConfirm(io, sim.prepared, call, h);
}
