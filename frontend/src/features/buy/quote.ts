// The cost shown is the contract's own quote (the payment token's quote view, presale/payTokens.ts, for the exact amount),
// so it walks the ladder across every round boundary exactly as the purchase will. Pure logic over a reader.
import type { PayKind } from "../../presale/index.ts";
import { budgetOf } from "./amounts.ts";

/** The contract's quote for `tokens` whole tokens, in the payment's base units. */
export type QuoteReader = (tokens: bigint) => Promise<bigint>;

/**
 * The contract's answer for the fields. `aboveMax`: the typed pay amount buys more than the maximum per purchase
 * (then `tokens` and `cost` are 0): there is no order, and the form says why.
 */
export type Quote = { tokens: bigint; cost: bigint; aboveMax?: true };

/** Tokens -> cost: one quote for the exact amount. */
export async function quoteTokens(read: QuoteReader, tokens: bigint): Promise<Quote> {
  return { tokens, cost: tokens > 0n ? await read(tokens) : 0n };
}

/**
 * Pay -> tokens: the most tokens whose quote fits in the pay amount less its margin. Starts from the current unit
 * cost and scales down while a later, dearer round makes the quote exceed the budget (prices only rise along the
 * ladder, so it converges from above in a few reads). The returned cost is the quote itself. A pay amount that buys
 * more than `maxTokens` is never cut to the maximum (the buyer would be charged less than the field shows): it comes
 * back `aboveMax`, and the form opens the maximum-exceeded popup (PRODUCT.md §5, §8).
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
  if (maxTokens > 0n && n > maxTokens) {
    // Past the maximum at the current price: the maximum's own quote says whether the budget really covers more
    // (a dearer round may bring it back under). Counts above the maximum are never read: they may be past the ladder.
    const over = await read(maxTokens + 1n).catch(() => null); // null: past the ladder's end, so not buyable
    if (over !== null && over <= budget) return { tokens: 0n, cost: 0n, aboveMax: true };
    n = maxTokens;
  }
  for (let i = 0; i < 8 && n > 0n; i++) {
    const cost = await read(n);
    if (cost <= budget) return { tokens: n, cost };
    const next = (n * budget) / cost;
    n = next < n ? next : n - 1n;
  }
  return { tokens: 0n, cost: 0n };
}
