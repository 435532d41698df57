// One wallet prompt for approve-and-act (EIP-5792 wallet_sendCalls): the calls, and the batch's outcome from its
// receipts. A refusal in the wallet is "rejected"; a batch the wallet will not run (EIP-5792 5750: the user declined
// the account upgrade it needs; 5700 / 5760: no atomic execution; the method unsupported) is "unavailable", which the
// flow answers with the permit or approval route; anything else that stops the batch is "failed".
import { encodeFunctionData, type Address, type Hash } from "viem";
import { classifyError } from "../errors.ts";
import { approvalAmounts, approveAbi } from "./approve.ts";
import type { Call, CallsResult, WalletIO } from "../walletIO.ts";

/** The approval calls that precede the action in a batch, as grantAllowance sends them one by one. */
export function approvalCalls(token: Address, spender: Address, p: { allowance: bigint; resetFirst: boolean }): Call[] {
  const approve = (amount: bigint): Call => ({
    to: token,
    data: encodeFunctionData({ abi: approveAbi, functionName: "approve", args: [spender, amount] }),
  });
  return approvalAmounts(p).map(approve);
}

type BatchResult = {
  outcome: "complete" | "failed" | "rejected" | "unavailable";
  hash?: Hash;
  error?: unknown;
  /**
   * Leading calls whose receipts say success: on chain whatever followed (a wallet that ran the calls one by one and
   * stopped at a revert reports them, EIP-5792 status 600; a batch run as one reverted transaction has none).
   */
  mined?: number;
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
    const result = await w.waitForCalls(id);
    const { success, hash } = batchOutcome(result);
    const stopped = result.receipts.findIndex((x) => x.status !== "success");
    const mined = stopped < 0 ? result.receipts.length : stopped;
    return { outcome: success ? "complete" : "failed", hash, mined };
  } catch (error) {
    return { outcome: "failed", error };
  }
}
