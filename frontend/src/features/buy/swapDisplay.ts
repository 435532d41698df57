// Display-only figures of the swap form (balances and USD values in the token list, the card estimate). They are
// floats for formatting and never reach a transaction: the order itself lives in amounts.ts / swapAmounts.ts.
import type { TokenRow } from "./TokenSelect.tsx";
import { unitsToText } from "./amounts.ts";
import { PAY_TOKENS, QUOTE_TOKENS, type PayKind, type PresaleView } from "../../presale/index.ts";

export function tokenRows(data: PresaleView): TokenRow[] {
  return PAY_TOKENS.map((token) => {
    const c = data[token.chain];
    const balance = Number(unitsToText(c?.user?.balances[token.kind] ?? 0n, token.kind));
    // ETH through the presale's own ETH quote (for QUOTE_TOKENS tokens); stablecoins are 1 USD (docs/DECISIONS.md).
    // A closed sale no longer quotes: the other chain's quote prices the same ETH, and with neither the value is
    // unknown (null, not "$0").
    const other = data[token.chain === "base" ? "eth" : "base"];
    const ethPerQuote = Number(unitsToText(c?.quotePer1000.native || other?.quotePer1000.native || 0n, "native"));
    const usd =
      token.kind !== "native"
        ? balance
        : ethPerQuote > 0
          ? (balance * Number(QUOTE_TOKENS) * data.price) / ethPerQuote
          : null;
    return { token, balance, usd };
  });
}

/** The figures the conversion tracking reports after a purchase (analytics numbers, after the transaction). */
export function conversionFigures(tokens: bigint, cost: bigint, kind: PayKind, data: PresaleView) {
  const n = Number(tokens);
  return {
    purchaseTokens: n,
    purchaseTypeAmount: Number(unitsToText(cost, kind)),
    purchaseUsdAmount: n * data.price,
    claimable: data.userClaimable + n,
  };
}

/** Approximate USD value of a whole-token quantity at the current price (card estimate line). */
export const usdEstimate = (tokens: bigint, price: number) => Number(tokens) * price;
