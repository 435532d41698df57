// ERC-20 approvals as the chain layer sends them.
import type { Abi } from "viem";

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
