// The staking flows as explicit steps over the staking machine: claim, claim and stake, stake creation (with the
// sale-token approval), stake extension, harvest, withdraw. Chain access is injected (the chain layer's ChainIO),
// so the flows are unit-tested with fakes; the chain layer's wagmiIO is the real adapter. Calls are checked against
// the generated ABIs.
import {
  encodeFunctionData,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hash,
} from "viem";
import { UNLIMITED_APPROVAL } from "../../config/constants.ts";
import { abiOf } from "../../config/contracts.ts";
import { runBatch } from "../../chain/batch.ts";
import {
  type ChainIO,
  type WriteCall,
  type WriteMutability,
  isUserRejection,
  KNOWN_REVERTS,
  type WalletIO,
} from "../../chain/index.ts";
import {
  approvalRoute,
  readPermitDomain,
  signPermit,
  type PermitDomain,
  type SignedPermit,
} from "../../chain/permit.ts";
import { DEPOSIT_FLOWS, type FlowEvent, type FlowKind } from "./stakingMachine.ts";

export type StakingFlowInput = {
  kind: FlowKind;
  account: Address;
  presale: Address;
  staking: Address;
  /** The sale token (stake and extend only). */
  saleToken?: Address;
  /** The chain of the staking contract (the sale-token permit's domain). */
  chainId?: number;
  /** Sale-token wei to deposit (stake and extend only). */
  amount?: bigint;
  /** The amount for the messages, in whole tokens. */
  display?: number;
};

export type FlowOutcome = "complete" | "failed" | "rejected";
export type FlowResult = { outcome: FlowOutcome; hash?: Hash };
type Dispatch = (e: FlowEvent) => void;

const presaleAbi = abiOf("Presale");
const stakingAbi = abiOf("Staking");
const saleTokenAbi = abiOf("SaleToken");

type ErrLike = {
  name?: string;
  message?: string;
  shortMessage?: string;
  data?: { errorName?: string };
  cause?: unknown;
};

/** The custom error a reverted call raised (viem's ContractFunctionRevertedError carries data.errorName). */
export function revertName(err: unknown): string | undefined {
  let cur = err as ErrLike | undefined;
  for (let i = 0; cur && i < 10; i++) {
    if (cur.data?.errorName) return cur.data.errorName;
    const m = /reverted with (?:the following reason:\s*|custom error ')?([A-Z][A-Za-z0-9]+)/.exec(
      `${cur.shortMessage ?? ""} ${cur.message ?? ""}`,
    );
    if (m) return m[1];
    cur = cur.cause as ErrLike | undefined;
  }
  return undefined;
}

function fail(dispatch: Dispatch, err: unknown, hash?: Hash): FlowResult {
  const rejected = isUserRejection(err);
  const message = (err as ErrLike)?.shortMessage ?? (err instanceof Error ? err.message : String(err));
  dispatch({
    type: "ERROR",
    rejected,
    message: message.slice(0, 300),
    errorName: rejected ? undefined : revertName(err),
  });
  return { outcome: rejected ? "rejected" : "failed", hash };
}

/** Simulate (a revert fails before the wallet is asked), send, and let the receipt decide. */
async function send<
  P,
  const abi extends Abi,
  fn extends ContractFunctionName<abi, WriteMutability>,
  const args extends ContractFunctionArgs<abi, WriteMutability, fn>,
>(io: ChainIO<P>, call: WriteCall<abi, fn, args>, dispatch: Dispatch): Promise<FlowResult> {
  let hash: Hash;
  try {
    const prepared = await io.simulate(call);
    hash = await io.write(prepared);
  } catch (err) {
    return fail(dispatch, err);
  }
  dispatch({ type: "SENT", hash });
  try {
    const r = await io.waitForReceipt(hash);
    const success = r.status === "success";
    dispatch({ type: "RECEIPT", success, hash });
    return { outcome: success ? "complete" : "failed", hash };
  } catch (err) {
    return fail(dispatch, err, hash);
  }
}

/** The sale-token approval for the staking contract; the large allowance of PRODUCT.md §9 (1e26). */
async function approve<P>(
  io: ChainIO<P>,
  token: Address,
  spender: Address,
  dispatch: Dispatch,
): Promise<true | FlowResult> {
  try {
    const prepared = await io.simulate({
      address: token,
      abi: saleTokenAbi,
      functionName: "approve",
      args: [spender, UNLIMITED_APPROVAL],
    });
    const hash = await io.write(prepared);
    const r = await io.waitForReceipt(hash);
    if (r.status !== "success") {
      dispatch({ type: "ERROR", rejected: false, message: "approval reverted" });
      return { outcome: "failed", hash };
    }
    return true;
  } catch (err) {
    return fail(dispatch, err);
  }
}

/** A deposit of the validated stake request (stake and extend). */
type Deposit = { token: Address; amount: bigint; allowance: bigint };

/** The contract's own refusals before the wallet is asked; the missing allowance is what the batch or permit gives. */
async function refusedBeforeApproval<P>(
  io: ChainIO<P>,
  p: StakingFlowInput,
  d: Deposit,
  dispatch: Dispatch,
): Promise<FlowResult | undefined> {
  try {
    await io.simulate({ address: p.staking, abi: stakingAbi, functionName: "deposit", args: [d.amount] });
  } catch (err) {
    const name = revertName(err);
    if (name && (KNOWN_REVERTS as readonly string[]).includes(name)) return fail(dispatch, err);
  }
  return undefined;
}

/** Approval and deposit as one atomic batch: one prompt (confirm_pending), the receipts decide. */
async function depositInBatch<P>(
  io: ChainIO<P>,
  w: WalletIO,
  p: StakingFlowInput,
  d: Deposit,
  dispatch: Dispatch,
): Promise<FlowResult> {
  const stop = await refusedBeforeApproval(io, p, d, dispatch);
  if (stop) return stop;
  dispatch({ type: "AWAIT_SIGNATURE", via: "batch" });
  // The sale token takes a new allowance over an existing one (no reset to zero, as in the sequential flow).
  const calls = [
    {
      to: d.token,
      data: encodeFunctionData({ abi: saleTokenAbi, functionName: "approve", args: [p.staking, UNLIMITED_APPROVAL] }),
    },
    { to: p.staking, data: encodeFunctionData({ abi: stakingAbi, functionName: "deposit", args: [d.amount] }) },
  ];
  const r = await runBatch(w, calls, () => dispatch({ type: "SENT" }));
  if (r.error !== undefined) return fail(dispatch, r.error, r.hash);
  dispatch({ type: "RECEIPT", success: r.outcome === "complete", hash: r.hash });
  return { outcome: r.outcome, hash: r.hash };
}

/** A sale-token permit for the amount (approval_pending is the signature), then depositWithPermit; undefined when
 * the wallet cannot sign typed data (the approval transaction follows). */
async function depositWithPermit<P>(
  io: ChainIO<P>,
  w: WalletIO,
  p: StakingFlowInput,
  d: Deposit,
  domain: PermitDomain,
  dispatch: Dispatch,
): Promise<FlowResult | undefined> {
  const stop = await refusedBeforeApproval(io, p, d, dispatch);
  if (stop) return stop;
  dispatch({ type: "APPROVAL_REQUIRED", via: "permit" });
  let permit: SignedPermit;
  try {
    permit = await signPermit(io, w, {
      token: "SaleToken",
      address: d.token,
      domain,
      owner: p.account,
      spender: p.staking,
      value: d.amount,
    });
  } catch (err) {
    if (w.noteTypedDataError(err)) return undefined;
    return fail(dispatch, err);
  }
  dispatch({ type: "APPROVED" });
  const args = [d.amount, permit.deadline, permit.v, permit.r, permit.s] as const;
  return send(io, { address: p.staking, abi: stakingAbi, functionName: "depositWithPermit", args }, dispatch);
}

/** The one-prompt routes for a deposit whose allowance is short; undefined = the approval transaction first. */
async function depositInOneStep<P>(
  io: ChainIO<P>,
  w: WalletIO,
  p: StakingFlowInput,
  d: Deposit,
  dispatch: Dispatch,
): Promise<FlowResult | undefined> {
  const batch = await w.canBatch().catch(() => false);
  const domain =
    !batch && p.chainId && w.canSignTypedData()
      ? await readPermitDomain(io, "SaleToken", d.token, p.chainId)
      : undefined;
  switch (approvalRoute({ allowance: d.allowance, needed: d.amount, batch, permit: !!domain })) {
    case "batch":
      return depositInBatch(io, w, p, d, dispatch);
    case "permit":
      return depositWithPermit(io, w, p, d, domain!, dispatch);
    default:
      return undefined;
  }
}

/**
 * Runs one staking flow to its receipt. With a WalletIO, a deposit whose allowance is short takes one prompt when
 * it can (an atomic batch, else a sale-token permit); otherwise the approval transaction comes first.
 */
export async function runStakingFlow<P>(
  io: ChainIO<P>,
  p: StakingFlowInput,
  dispatch: Dispatch,
  w?: WalletIO,
): Promise<FlowResult> {
  dispatch({ type: "START", kind: p.kind, amount: p.display });
  const presale = { address: p.presale, abi: presaleAbi } as const;
  const staking = { address: p.staking, abi: stakingAbi } as const;
  switch (p.kind) {
    case "claim":
      return send(io, { ...presale, functionName: "claim" }, dispatch);
    case "claimAndStake":
      return send(io, { ...presale, functionName: "claimAndStake" }, dispatch);
    case "harvest":
      return send(io, { ...staking, functionName: "harvestRewards" }, dispatch);
    case "withdraw":
      return send(io, { ...staking, functionName: "withdraw" }, dispatch);
    case "stake":
    case "extend":
      break;
  }
  if (!DEPOSIT_FLOWS.includes(p.kind) || !p.saleToken || !p.amount || p.amount <= 0n) {
    return fail(dispatch, new Error("invalid stake request"));
  }
  let allowance: bigint;
  try {
    allowance = await io.read({
      address: p.saleToken,
      abi: saleTokenAbi,
      functionName: "allowance",
      args: [p.account, p.staking],
    });
  } catch (err) {
    return fail(dispatch, err);
  }
  if (w && allowance < p.amount) {
    const d = { token: p.saleToken, amount: p.amount, allowance };
    const oneStep = await depositInOneStep(io, w, p, d, dispatch).catch((err: unknown) => fail(dispatch, err));
    if (oneStep) return oneStep;
  }
  if (allowance < p.amount) {
    dispatch({ type: "APPROVAL_REQUIRED" });
    const ok = await approve(io, p.saleToken, p.staking, dispatch);
    if (ok !== true) return ok;
    dispatch({ type: "APPROVED" });
  } else {
    dispatch({ type: "AWAIT_SIGNATURE" });
  }
  return send(io, { ...staking, functionName: "deposit", args: [p.amount] }, dispatch);
}
