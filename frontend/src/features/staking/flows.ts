// The staking flows as explicit steps over the staking machine: claim, claim and stake, stake creation (with the
// sale-token approval), stake extension, harvest, withdraw. Chain access is injected (the buy feature's ChainIO),
// so the flows are unit-tested with fakes; the buy feature's wagmiIO is the real adapter.
import { encodeFunctionData, erc20Abi, type Abi, type Address, type Hash } from "viem";
import { UNLIMITED_APPROVAL } from "../../config/constants.ts";
import { approvalCalls, runBatch } from "../buy/batch.ts";
import { isUserRejection, KNOWN_REVERTS } from "../buy/errors.ts";
import { approvalRoute, hasFunction, readPermitDomain, signPermit, type PermitDomain, type SignedPermit } from "../buy/permit.ts";
import { approveAbi, type ChainIO, type WriteArgs } from "../buy/purchase.ts";
import type { WalletIO } from "../buy/walletIO.ts";
import { DEPOSIT_FLOWS, type FlowEvent, type FlowKind } from "./stakingMachine.ts";

export type StakingFlowInput = {
  kind: FlowKind;
  account: Address;
  presale: Address;
  presaleAbi: Abi;
  staking: Address;
  stakingAbi: Abi;
  /** The sale token (stake and extend only). */
  saleToken?: Address;
  /** The sale token's ABI (its EIP-2612 permit) and the chain it is on: the permit's domain. */
  saleTokenAbi?: Abi;
  chainId?: number;
  /** Sale-token wei to deposit (stake and extend only). */
  amount?: bigint;
  /** The amount for the messages, in whole tokens. */
  display?: number;
};

export type FlowOutcome = "complete" | "failed" | "rejected";
export type FlowResult = { outcome: FlowOutcome; hash?: Hash };
type Dispatch = (e: FlowEvent) => void;

type ErrLike = { name?: string; message?: string; shortMessage?: string; data?: { errorName?: string }; cause?: unknown };

/** The custom error a reverted call raised (viem's ContractFunctionRevertedError carries data.errorName). */
export function revertName(err: unknown): string | undefined {
  let cur = err as ErrLike | undefined;
  for (let i = 0; cur && i < 10; i++) {
    if (cur.data?.errorName) return cur.data.errorName;
    const m = /reverted with (?:the following reason:\s*|custom error ')?([A-Z][A-Za-z0-9]+)/.exec(`${cur.shortMessage ?? ""} ${cur.message ?? ""}`);
    if (m) return m[1];
    cur = cur.cause as ErrLike | undefined;
  }
  return undefined;
}

function fail(dispatch: Dispatch, err: unknown, hash?: Hash): FlowResult {
  const rejected = isUserRejection(err);
  const message = (err as ErrLike)?.shortMessage ?? (err instanceof Error ? err.message : String(err));
  dispatch({ type: "ERROR", rejected, message: message.slice(0, 300), errorName: rejected ? undefined : revertName(err) });
  return { outcome: rejected ? "rejected" : "failed", hash };
}

/** Simulate (a revert fails before the wallet is asked), send, and let the receipt decide. */
async function send(io: ChainIO, args: WriteArgs, dispatch: Dispatch): Promise<FlowResult> {
  let hash: Hash;
  try {
    const prepared = await io.simulate(args);
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
async function approve(io: ChainIO, token: Address, spender: Address, dispatch: Dispatch): Promise<true | FlowResult> {
  try {
    const prepared = await io.simulate({ address: token, abi: approveAbi, functionName: "approve", args: [spender, UNLIMITED_APPROVAL] });
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

/** The contract's own refusals before the wallet is asked; the missing allowance is what the batch or permit gives. */
async function refusedBeforeApproval(io: ChainIO, args: WriteArgs, dispatch: Dispatch): Promise<FlowResult | undefined> {
  try {
    await io.simulate(args);
  } catch (err) {
    const name = revertName(err);
    if (name && (KNOWN_REVERTS as readonly string[]).includes(name)) return fail(dispatch, err);
  }
  return undefined;
}

/** Approval and deposit as one atomic batch: one prompt (confirm_pending), the receipts decide. */
async function depositInBatch(io: ChainIO, w: WalletIO, p: StakingFlowInput, deposit: WriteArgs, allowance: bigint, dispatch: Dispatch): Promise<FlowResult> {
  const stop = await refusedBeforeApproval(io, deposit, dispatch);
  if (stop) return stop;
  dispatch({ type: "AWAIT_SIGNATURE", via: "batch" });
  const calls = [...approvalCalls(p.saleToken!, p.staking, allowance), { to: p.staking, data: encodeFunctionData({ abi: deposit.abi, functionName: deposit.functionName, args: deposit.args }) }];
  const r = await runBatch(w, calls, () => dispatch({ type: "SENT" }));
  if (r.error !== undefined) return fail(dispatch, r.error, r.hash);
  dispatch({ type: "RECEIPT", success: r.outcome === "complete", hash: r.hash });
  return { outcome: r.outcome, hash: r.hash };
}

/** A sale-token permit for the amount (approval_pending is the signature), then depositWithPermit; undefined when
 * the wallet cannot sign typed data (the approval transaction follows). */
async function depositWithPermit(io: ChainIO, w: WalletIO, p: StakingFlowInput, deposit: WriteArgs, domain: PermitDomain, dispatch: Dispatch): Promise<FlowResult | undefined> {
  const stop = await refusedBeforeApproval(io, deposit, dispatch);
  if (stop) return stop;
  dispatch({ type: "APPROVAL_REQUIRED", via: "permit" });
  let permit: SignedPermit;
  try {
    permit = await signPermit(io.read, w, { token: p.saleToken!, abi: p.saleTokenAbi!, domain, owner: p.account, spender: p.staking, value: p.amount! });
  } catch (err) {
    if (w.noteTypedDataError(err)) return undefined;
    return fail(dispatch, err);
  }
  dispatch({ type: "APPROVED" });
  return send(io, { ...deposit, functionName: "depositWithPermit", args: [p.amount!, permit.deadline, permit.v, permit.r, permit.s] }, dispatch);
}

/** The one-prompt routes for a deposit whose allowance is short; undefined = the approval transaction first. */
async function depositInOneStep(io: ChainIO, w: WalletIO, p: StakingFlowInput, deposit: WriteArgs, allowance: bigint, dispatch: Dispatch): Promise<FlowResult | undefined> {
  const batch = await w.canBatch().catch(() => false);
  const permitPossible = !batch && !!p.saleTokenAbi && !!p.chainId && hasFunction(p.stakingAbi, "depositWithPermit") && w.canSignTypedData();
  const domain = permitPossible ? await readPermitDomain(io.read, p.saleToken!, p.saleTokenAbi!, p.chainId!) : undefined;
  switch (approvalRoute({ allowance, needed: p.amount!, batch, permit: !!domain })) {
    case "batch":
      return depositInBatch(io, w, p, deposit, allowance, dispatch);
    case "permit":
      return depositWithPermit(io, w, p, deposit, domain!, dispatch);
    default:
      return undefined;
  }
}

/**
 * Runs one staking flow to its receipt. With a WalletIO, a deposit whose allowance is short takes one prompt when
 * it can (an atomic batch, else a sale-token permit); otherwise the approval transaction comes first.
 */
export async function runStakingFlow(io: ChainIO, p: StakingFlowInput, dispatch: Dispatch, w?: WalletIO): Promise<FlowResult> {
  dispatch({ type: "START", kind: p.kind, amount: p.display });
  const presale = (functionName: string): WriteArgs => ({ address: p.presale, abi: p.presaleAbi, functionName });
  const staking = (functionName: string, args?: readonly unknown[]): WriteArgs => ({ address: p.staking, abi: p.stakingAbi, functionName, args });
  switch (p.kind) {
    case "claim":
      return send(io, presale("claim"), dispatch);
    case "claimAndStake":
      return send(io, presale("claimAndStake"), dispatch);
    case "harvest":
      return send(io, staking("harvestRewards"), dispatch);
    case "withdraw":
      return send(io, staking("withdraw"), dispatch);
    case "stake":
    case "extend":
      break;
  }
  if (!DEPOSIT_FLOWS.includes(p.kind) || !p.saleToken || !p.amount || p.amount <= 0n) {
    return fail(dispatch, new Error("invalid stake request"));
  }
  let allowance: bigint;
  try {
    allowance = (await io.read({ address: p.saleToken, abi: erc20Abi, functionName: "allowance", args: [p.account, p.staking] })) as bigint;
  } catch (err) {
    return fail(dispatch, err);
  }
  const deposit = staking("deposit", [p.amount]);
  if (w && allowance < p.amount) {
    const oneStep = await depositInOneStep(io, w, p, deposit, allowance, dispatch).catch((err: unknown) => fail(dispatch, err));
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
  return send(io, deposit, dispatch);
}
