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
import { abiOf } from "../../config/contracts.ts";
import {
  classifyError,
  isKnownRevert,
  type ChainIO,
  type WalletIO,
  type WriteCall,
  type WriteMutability,
} from "../../chain/index.ts";
import {
  approvalCalls,
  grantAllowance,
  readPermitDomain,
  runBatch,
  signPermit,
  type PermitDomain,
  type SignedPermit,
} from "../../chain/approvals/index.ts";
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

/** A failed call (classifyError): refused in the wallet is "rejected"; anything else "failed", a revert with its name. */
function fail(dispatch: Dispatch, err: unknown, hash?: Hash): FlowResult {
  const f = classifyError(err);
  const rejected = f.kind === "rejected";
  dispatch({ type: "ERROR", rejected, message: f.message, errorName: f.kind === "reverted" ? f.revert : undefined });
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
    const f = classifyError(err);
    if (f.kind === "reverted" && isKnownRevert(f.revert)) return fail(dispatch, err);
  }
  return undefined;
}

/** Approval and deposit as one atomic batch: one prompt (confirm_pending), the receipts decide; "unavailable" when
 * the wallet would not run it (nothing was sent: the routes of a wallet without batches follow). */
async function depositInBatch<P>(
  io: ChainIO<P>,
  w: WalletIO,
  p: StakingFlowInput,
  d: Deposit,
  dispatch: Dispatch,
): Promise<FlowResult | "unavailable"> {
  const stop = await refusedBeforeApproval(io, p, d, dispatch);
  if (stop) return stop;
  dispatch({ type: "AWAIT_SIGNATURE", via: "batch" });
  // The sale token takes a new allowance over an existing one (no reset to zero, as in the sequential flow).
  const calls = [
    ...approvalCalls(d.token, p.staking, { allowance: d.allowance, resetFirst: false }),
    { to: p.staking, data: encodeFunctionData({ abi: stakingAbi, functionName: "deposit", args: [d.amount] }) },
  ];
  const r = await runBatch(w, calls, () => dispatch({ type: "SENT" }));
  if (r.outcome === "unavailable") return "unavailable";
  if (r.error !== undefined) return fail(dispatch, r.error, r.hash);
  // A wallet that ran the calls one by one and stopped at the deposit leaves the approval mined.
  const approvalMined = r.outcome !== "complete" && (r.mined ?? 0) > 0;
  dispatch({ type: "RECEIPT", success: r.outcome === "complete", hash: r.hash, approvalMined });
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
    if (classifyError(err).kind !== "unavailable") return fail(dispatch, err);
    w.noteUnavailable("typedData"); // the rest of the session takes the approval transaction
    return undefined;
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
  if (await w.canBatch().catch(() => false)) {
    const batched = await depositInBatch(io, w, p, d, dispatch);
    if (batched !== "unavailable") return batched;
    dispatch({ type: "BATCH_UNAVAILABLE" }); // on as for a wallet without batches
  }
  const domain =
    p.chainId && w.canSignTypedData() ? await readPermitDomain(io, "SaleToken", d.token, p.chainId) : undefined;
  return domain ? depositWithPermit(io, w, p, d, domain, dispatch) : undefined;
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
    try {
      const { reverted } = await grantAllowance(io, p.saleToken, p.staking, { allowance, resetFirst: false });
      if (reverted) {
        dispatch({ type: "ERROR", rejected: false, message: "approval reverted" });
        return { outcome: "failed", hash: reverted };
      }
    } catch (err) {
      return fail(dispatch, err);
    }
    dispatch({ type: "APPROVED" });
  } else {
    dispatch({ type: "AWAIT_SIGNATURE" });
  }
  return send(io, { ...staking, functionName: "deposit", args: [p.amount] }, dispatch);
}
