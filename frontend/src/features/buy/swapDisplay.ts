// Display-only figures of the swap form (balances and USD values in the token list, the card estimate). They are
// floats for formatting and never reach a transaction: the order itself lives in amounts.ts / swapAmounts.ts.
import type { TokenRow } from "./TokenSelect.tsx";
import { unitsToText } from "./amounts.ts";
import { PAY_TOKENS, type PayKind, type PresaleView } from "../../presale/index.ts";

export function tokenRows(data: PresaleView): TokenRow[] {
  return PAY_TOKENS.map((token) => {
    const u = data[token.chain]?.user;
    const balance = !u ? 0 : token.kind === "native" ? u.nativeBal : token.kind === "usdt" ? u.usdtBal : u.usdcBal;
    const np = data[token.chain]?.nativePerToken ?? 0;
    const usd = token.kind === "native" ? (np > 0 ? (balance / np) * data.price : 0) : balance;
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
