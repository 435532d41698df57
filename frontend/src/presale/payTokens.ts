// The payment tokens as ONE table (PRODUCT.md §1 "Paying", §3 "Token list entry", §7 "Calls"): a row per way of
// paying the presale. Everything that differs from token to token is a column here, and the rest of the dapp is
// written over the table: the reads of balances, allowances and quotes (reads.ts), the purchase call (purchase.ts
// sends what `buy` builds, and nothing else names a buy function or orders its arguments), the token menu, the amount
// fields and the icons. docs/CONVENTIONS.md, "Adding a payment token", walks through a new row.
// Types only from the ABIs and viem: this module is in the first render.
import type { Address, ContractFunctionArgs, ContractFunctionName, ContractFunctionReturnType, Hex } from "viem";
import type { ContractName } from "../config/addresses.ts";
import type { ContractAbi } from "../config/contracts.ts";
import type { ChainBlock, ChainKey } from "../config/env.ts";
import type { TokenIconSpec } from "../shared/icons.tsx";

type PresaleAbi = ContractAbi<"Presale">;
type Paying = "payable" | "nonpayable";
type BuyFn<m extends Paying> = Extract<ContractFunctionName<PresaleAbi, m>, `buy${string}`>;
/**
 * A presale purchase as the generated ABI types it: one of its buy functions and that function's arguments, and the
 * ETH it sends when it is payable (`m`: payable for ETH, nonpayable for a token the presale pulls).
 */
export type PresaleBuy<m extends Paying = Paying> = m extends Paying
  ? {
      [fn in BuyFn<m>]: { functionName: fn; args: ContractFunctionArgs<PresaleAbi, m, fn> } & (m extends "payable"
        ? { value: bigint }
        : unknown);
    }[BuyFn<m>]
  : never;

type PresaleViewFn = ContractFunctionName<PresaleAbi, "view">;
/** The presale's quote views: from a number of whole tokens (uint256) to its cost (uint256). */
type QuoteView = {
  [fn in PresaleViewFn]: ContractFunctionArgs<PresaleAbi, "view", fn> extends readonly [bigint]
    ? ContractFunctionReturnType<PresaleAbi, "view", fn> extends bigint
      ? fn
      : never
    : never;
}[PresaleViewFn];

/**
 * What a purchase's arguments are made of. `pay` is what the buyer pays at most: the ETH sent, or `maxCost`.
 * `recipient`: the Base address that will own tokens bought on Ethereum (PRODUCT.md §1 "One ladder on two chains"; presale/recipient.ts); a
 * Base purchase credits the buyer and takes `stake` instead.
 */
export type BuyOrder = {
  chain: ChainKey;
  buyer: Address;
  recipient: Address;
  tokens: bigint;
  pay: bigint;
  stake: boolean;
};
/** An EIP-2612 permit as the permit entry points take it. */
type BuyPermit = { deadline: bigint; v: number; r: Hex; s: Hex };

type RowCommon = {
  /** Base-unit decimals (ETH: wei). */
  decimals: number;
  /** Decimals the pay field takes (PRODUCT.md §5: 10 for ETH, 6 for tokens). */
  inputDecimals: number;
  /** The presale's quote view: the cost of a number of whole tokens, in base units. */
  quote: QuoteView;
  /** Where it is paid, as the token menu shows it there. */
  chains: Partial<Record<ChainKey, TokenListing>>;
};
/** ETH: sent as the purchase's value (`pay`: the quote and its margin, the contract refunds the excess). */
type NativeRow = RowCommon & {
  addressKey?: undefined;
  /** The purchase call (PRODUCT.md §7: buy with ETH, naming the Base recipient on Ethereum, a stake flag on Base). */
  buy: (o: BuyOrder) => PresaleBuy<"payable">;
  permit?: undefined;
};
/** A token the presale pulls after an approval (`pay`: the purchase's maxCost). */
type TokenRow = RowCommon & {
  /** The token contract's name in the generated map (deployments/deployedContracts.ts): a new key needs no edit here. */
  addressKey: ContractName;
  /** The purchase call (PRODUCT.md §7: buy with USDT, with USDC). */
  buy: (o: BuyOrder) => PresaleBuy<"nonpayable">;
  /** The token's own EIP-2612 permit, and the purchase that takes it (one signature and one transaction). */
  permit?: { token: "USDC"; buy: (o: BuyOrder, permit: BuyPermit) => PresaleBuy<"nonpayable"> };
};
type PayTokenRow = NativeRow | TokenRow;

/** A token menu entry (PRODUCT.md §3): `maxDecimals` is the entry's "input decimals" (Max is floored to them). */
type TokenListing = { symbol: string; name: string; maxDecimals: number; icon: TokenIconSpec };

/** Quotes are read for this many tokens and divided, for precision on sub-cent prices. */
export const QUOTE_TOKENS = 1000n;

const ETH_ICON: TokenIconSpec = { fill: "#627eea", mark: "eth" };

const PAY_TOKEN_TABLE = {
  native: {
    decimals: 18,
    inputDecimals: 10,
    quote: "ethBuyHelper",
    buy: (o) =>
      o.chain === "eth"
        ? { functionName: "buyWithEth", args: [o.tokens, o.recipient], value: o.pay }
        : { functionName: "buyWithEth", args: [o.tokens, o.stake], value: o.pay },
    chains: {
      base: { symbol: "BASE", name: "Base ETH", maxDecimals: 6, icon: { fill: "#0052ff", mark: "base" } },
      eth: { symbol: "ETH", name: "Ether", maxDecimals: 10, icon: ETH_ICON },
    },
  },
  usdt: {
    decimals: 6,
    inputDecimals: 6,
    addressKey: "USDT",
    quote: "usdtBuyHelper",
    buy: (o) => ({ functionName: "buyWithUSDT", args: [o.tokens, o.pay, o.recipient] }),
    chains: { eth: { symbol: "USDT", name: "Tether USD", maxDecimals: 4, icon: { fill: "#26a17b", mark: "dollar" } } },
  },
  usdc: {
    decimals: 6,
    inputDecimals: 6,
    addressKey: "USDC",
    quote: "usdcBuyHelper",
    buy: (o) =>
      o.chain === "eth"
        ? { functionName: "buyWithUSDC", args: [o.tokens, o.pay, o.recipient] }
        : { functionName: "buyWithUSDC", args: [o.tokens, o.pay, o.stake] },
    permit: {
      token: "USDC",
      buy: (o, p) =>
        o.chain === "eth"
          ? { functionName: "buyWithUSDCPermit", args: [o.tokens, o.pay, o.recipient, p.deadline, p.v, p.r, p.s] }
          : { functionName: "buyWithUSDCPermit", args: [o.tokens, o.pay, o.stake, p.deadline, p.v, p.r, p.s] },
    },
    chains: {
      base: { symbol: "USDC", name: "USD Coin", maxDecimals: 4, icon: { fill: "#2775ca", mark: "dollar" } },
      eth: { symbol: "USDC", name: "USD Coin", maxDecimals: 4, icon: { fill: "#2775ca", mark: "dollar" } },
    },
  },
} as const satisfies Record<string, PayTokenRow>;

/** A way of paying: a row of the table. */
export type PayKind = keyof typeof PAY_TOKEN_TABLE;
export const PAY_KINDS = Object.keys(PAY_TOKEN_TABLE) as PayKind[];
/** The row of `kind`, typed as a row (optional columns included). */
export const payRow = (kind: PayKind): PayTokenRow => PAY_TOKEN_TABLE[kind];

/** A token menu entry: a row on one chain. The id is the menu's test id (`payment-option-eth-usdt`). */
export type PayToken = TokenListing & { id: string; kind: PayKind; chain: ChainKey; category: "BASE" | "ETH" };

/** The menu order of PRODUCT.md §2 "Swap form": Base first (BASE, USDC), then Ethereum (ETH, USDT, USDC). */
const MENU_CHAINS: readonly ChainKey[] = ["base", "eth"];
export const PAY_TOKENS: readonly PayToken[] = MENU_CHAINS.flatMap((chain) =>
  PAY_KINDS.flatMap((kind) => {
    const listing: TokenListing | undefined = payRow(kind).chains[chain];
    if (!listing) return [];
    return [{ ...listing, id: `${chain}-${kind}`, kind, chain, category: chain === "base" ? "BASE" : "ETH" } as const];
  }),
);

export const tokenById = (id: string) => PAY_TOKENS.find((t) => t.id === id) ?? PAY_TOKENS[0];
export const nativeOf = (chain: ChainKey) => PAY_TOKENS.find((t) => t.chain === chain && t.kind === "native")!;
export const stableOf = (chain: ChainKey) => PAY_TOKENS.find((t) => t.chain === chain && t.kind !== "native")!;

/** The token contract of `kind` on a chain, from the generated map; undefined for ETH and where it is not listed. */
export function payTokenAddress(b: Pick<ChainBlock, "key" | "contracts">, kind: PayKind): Address | undefined {
  const row = payRow(kind);
  if (!row.addressKey || !row.chains[b.key]) return undefined;
  return b.contracts[row.addressKey]?.address;
}

/**
 * The payment token a purchase on chain `b` was paid with, from the address its event names (the zero address for
 * ETH): its menu symbol and base-unit decimals. An address the map does not list reads as the native coin.
 */
export function payTokenAt(
  b: Pick<ChainBlock, "key" | "contracts">,
  address: string,
): { symbol: string; decimals: number } {
  const a = address.toLowerCase();
  const kind = PAY_KINDS.find((k) => payTokenAddress(b, k)?.toLowerCase() === a) ?? "native";
  const row = payRow(kind);
  return { symbol: row.chains[b.key]?.symbol ?? nativeOf(b.key).symbol, decimals: row.decimals };
}
