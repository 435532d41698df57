// Payment tokens (PRODUCT.md §3 "Token list entry"): BASE and USDC on Base; ETH, USDT and USDC on Ethereum.
import type { ChainKey } from "../config/env.ts";

export type PayKind = "native" | "usdt" | "usdc";
export type PayToken = {
  id: string;
  name: string;
  symbol: "ETH" | "BASE" | "USDT" | "USDC";
  category: "BASE" | "ETH";
  chain: ChainKey;
  kind: PayKind;
  /** Allowed decimals (desCount): BASE 6, USDC 4, ETH 10, USDT 4. */
  desCount: number;
};

export const PAY_TOKENS: readonly PayToken[] = [
  { id: "base-native", name: "Base ETH", symbol: "BASE", category: "BASE", chain: "base", kind: "native", desCount: 6 },
  { id: "base-usdc", name: "USD Coin", symbol: "USDC", category: "BASE", chain: "base", kind: "usdc", desCount: 4 },
  { id: "eth-native", name: "Ether", symbol: "ETH", category: "ETH", chain: "eth", kind: "native", desCount: 10 },
  { id: "eth-usdt", name: "Tether USD", symbol: "USDT", category: "ETH", chain: "eth", kind: "usdt", desCount: 4 },
  { id: "eth-usdc", name: "USD Coin", symbol: "USDC", category: "ETH", chain: "eth", kind: "usdc", desCount: 4 },
];

export const tokenById = (id: string) => PAY_TOKENS.find((t) => t.id === id) ?? PAY_TOKENS[0];
export const nativeOf = (chain: ChainKey) => PAY_TOKENS.find((t) => t.chain === chain && t.kind === "native")!;
export const stableOf = (chain: ChainKey) => PAY_TOKENS.find((t) => t.chain === chain && t.kind !== "native")!;

/** Input decimal limit (PRODUCT.md §5): 10 for native, 6 for tokens. */
export const inputDecimals = (t: PayToken) => (t.kind === "native" ? 10 : 6);

/** The presale's quote view for each payment kind (the cost of an exact number of tokens). */
export const QUOTE_FN: Record<PayKind, "ethBuyHelper" | "usdtBuyHelper" | "usdcBuyHelper"> = {
  native: "ethBuyHelper",
  usdt: "usdtBuyHelper",
  usdc: "usdcBuyHelper",
};
