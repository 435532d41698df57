// The cost shown is the contract's own quote (the payment token's quote view, presale/payTokens.ts, for the exact amount),
// so it walks the ladder across every round boundary exactly as the purchase will. Pure logic over a reader.
import type { PayKind } from "../../presale/index.ts";
import { budgetOf } from "./amounts.ts";

/** The contract's quote for `tokens` whole tokens, in the payment's base units. */
export type QuoteReader = (tokens: bigint) => Promise<bigint>;

export type Quote = { tokens: bigint; cost: bigint };

/** Tokens -> cost: one quote for the exact amount. */
export async function quoteTokens(read: QuoteReader, tokens: bigint): Promise<Quote> {
  return { tokens, cost: tokens > 0n ? await read(tokens) : 0n };
}

/**
 * Pay -> tokens: the most tokens (up to `maxTokens`) whose quote fits in the pay amount less its margin. Starts from
 * the current unit cost and scales down while a later, dearer round makes the quote exceed the budget (prices only
 * rise along the ladder, so it converges from above in a few reads). The returned cost is the quote itself.
 */
export async function quoteBudget(
  read: QuoteReader,
  pay: bigint,
  kind: PayKind,
  costPer1000: bigint,
  maxTokens: bigint,
): Promise<Quote> {
  const budget = budgetOf(pay, kind);
  if (budget <= 0n || costPer1000 <= 0n) return { tokens: 0n, cost: 0n };
  let n = (budget * 1000n) / costPer1000;
  if (maxTokens > 0n && n > maxTokens) n = maxTokens;
  for (let i = 0; i < 8 && n > 0n; i++) {
    const cost = await read(n);
    if (cost <= budget) return { tokens: n, cost };
    const next = (n * budget) / cost;
    n = next < n ? next : n - 1n;
  }
  return { tokens: 0n, cost: 0n };
}
