// ERC-20 approvals as the chain layer sends them: the fragment, and the approval transactions of a flow whose wallet
// gives the approval by a transaction of its own (PRODUCT.md §4: approval_pending, then the action).
import type { Abi, Address, Hash } from "viem";
import { UNLIMITED_APPROVAL } from "../../config/constants.ts";
import type { ChainIO } from "../chainIO.ts";

/**
 * `approve` as USDT implements it (the real token on Ethereum, not a contract of ours): no return value. Simulating with the standard bool-returning fragment fails on
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

/** The approve() amounts in order: zero first when a non-zero allowance is reset, then PRODUCT.md §9's 1e26. */
export const approvalAmounts = (p: { allowance: bigint; resetFirst: boolean }): bigint[] =>
  p.resetFirst && p.allowance > 0n ? [0n, UNLIMITED_APPROVAL] : [UNLIMITED_APPROVAL];

/**
 * The approval transactions for `spender`, each simulated first and sent to its receipt: a non-zero allowance reset
 * to zero first when `resetFirst` (USDT refuses to change one non-zero allowance into another; the purchase flow
 * resets every token's, docs/DECISIONS.md), then the large allowance of PRODUCT.md §9 (1e26); `onMined` hears of each
 * one mined. Resolves to the hash of
 * the one whose receipt says reverted, if any (the rest are not sent); a refusal in the wallet or a failed call
 * throws, for the flow's classifier.
 */
export async function grantAllowance<P>(
  io: ChainIO<P>,
  token: Address,
  spender: Address,
  p: { allowance: bigint; resetFirst: boolean; onMined?: (amount: bigint) => void },
): Promise<{ reverted?: Hash }> {
  for (const amount of approvalAmounts(p)) {
    const prepared = await io.simulate({
      address: token,
      abi: approveAbi,
      functionName: "approve",
      args: [spender, amount],
    });
    const hash = await io.write(prepared);
    if ((await io.waitForReceipt(hash)).status !== "success") return { reverted: hash };
    p.onMined?.(amount); // on chain now, whatever follows: the flow's status texts say so
  }
  return {};
}
