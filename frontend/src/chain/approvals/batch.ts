// One wallet prompt for approve-and-act (EIP-5792 wallet_sendCalls): the calls, and the batch's outcome from its
// receipts. A refusal in the wallet is "rejected"; a batch the wallet will not run (EIP-5792 5750: the user declined
// the account upgrade it needs; 5700 / 5760: no atomic execution; the method unsupported) is "unavailable", which the
// flow answers with the permit or approval route; anything else that stops the batch is "failed".
import { encodeFunctionData, type Address, type Hash } from "viem";
import { UNLIMITED_APPROVAL } from "../../config/constants.ts";
import { classifyError } from "../errors.ts";
import { approveAbi } from "./approve.ts";
import type { Call, CallsResult, WalletIO } from "../walletIO.ts";

/** The approval calls that precede the action in a batch, as grantAllowance sends them one by one. */
export function approvalCalls(token: Address, spender: Address, p: { allowance: bigint; resetFirst: boolean }): Call[] {
  const approve = (amount: bigint): Call => ({
    to: token,
    data: encodeFunctionData({ abi: approveAbi, functionName: "approve", args: [spender, amount] }),
  });
  return p.resetFirst && p.allowance > 0n ? [approve(0n), approve(UNLIMITED_APPROVAL)] : [approve(UNLIMITED_APPROVAL)];
}

type BatchResult = {
  outcome: "complete" | "failed" | "rejected" | "unavailable";
  hash?: Hash;
  error?: unknown;
};

/** Complete only when the wallet reports success and every receipt succeeded; the last receipt names the batch. */
export function batchOutcome(r: CallsResult): { success: boolean; hash?: Hash } {
  const success = r.status === "success" && r.receipts.length > 0 && r.receipts.every((x) => x.status === "success");
  return { success, hash: r.receipts.at(-1)?.transactionHash };
}

/** Sends `calls` as one batch; `onSent` runs once the wallet accepted it (the status moves to in progress). */
export async function runBatch(w: WalletIO, calls: Call[], onSent: () => void): Promise<BatchResult> {
  let id: string;
  try {
    id = await w.sendCalls(calls);
  } catch (error) {
    const { kind } = classifyError(error);
    if (kind === "unavailable") w.noteUnavailable("batch"); // the rest of the session takes the other routes
    return { outcome: kind === "rejected" || kind === "unavailable" ? kind : "failed", error };
  }
  onSent();
  try {
    const { success, hash } = batchOutcome(await w.waitForCalls(id));
    return { outcome: success ? "complete" : "failed", hash };
  } catch (error) {
    return { outcome: "failed", error };
  }
}
