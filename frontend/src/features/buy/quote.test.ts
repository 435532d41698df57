import { describe, expect, it } from "vitest";
import { quoteBudget, quoteTokens, type QuoteReader } from "./quote.ts";

/** A ladder like the contract's: rounds with cumulative caps and USD-6 prices per 1000 tokens, from a position. */
function ladder(position: bigint, rounds: { cap: bigint; per1000: bigint }[]): QuoteReader & { calls: bigint[] } {
  const calls: bigint[] = [];
  const costOf = (tokens: bigint) => {
    let pos = position;
    let left = tokens;
    let cost = 0n;
    for (const r of rounds) {
      if (left === 0n) break;
      if (pos >= r.cap) continue;
      const take = left < r.cap - pos ? left : r.cap - pos;
      cost += take * r.per1000;
      pos += take;
      left -= take;
    }
    if (left > 0n) throw new Error("SoldOut");
    return (cost + 999n) / 1000n;
  };
  const read = (tokens: bigint) => {
    calls.push(tokens);
    return new Promise<bigint>((resolve) => resolve(costOf(tokens))); // SoldOut becomes a rejection, as a call's
  };
  return Object.assign(read, { calls });
}

const ROUNDS = [
  { cap: 4_500_000n, per1000: 6_000_000n },
  { cap: 10_000_000n, per1000: 6_500_000n },
  { cap: 16_500_000n, per1000: 7_000_000n },
];

describe("the quote is the contract's, across round boundaries", () => {
  it("quote across a boundary: tokens -> the contract's cost for the exact amount, not tokens x the current price", async () => {
    const read = ladder(1_000_000n, ROUNDS);
    const q = await quoteTokens(read, 4_681_500n);
    // 3,500,000 at 0.006 + 1,181,500 at 0.0065
    expect(q).toEqual({ tokens: 4_681_500n, cost: 21_000_000_000n + 7_679_750_000n });
    expect(q.cost).not.toBe((4_681_500n * 6_000_000n) / 1000n);
  });
  it("pay -> tokens: the most tokens whose quote fits the budget, past a boundary, in a few reads", async () => {
    const read = ladder(4_000_000n, ROUNDS);
    const pay = 20_000_000_000n; // 20,000 USDC
    const q = await quoteBudget(read, pay, "usdc", 6_000_000n, 5_000_000n);
    const budget = (pay * 9_950n) / 10_000n;
    expect(q.cost).toBeLessThanOrEqual(budget);
    expect(q.cost).toBe(await read(q.tokens));
    expect(q.cost).toBeGreaterThan(budget - budget / 1000n); // within 0.1 % under the budget, not far under
    expect(read.calls.length).toBeLessThanOrEqual(6);
  });
  it("pay -> tokens above the per-purchase maximum: aboveMax with no order, never cut to the maximum", async () => {
    const read = ladder(0n, ROUNDS);
    // 200,000 USDC buys far more than 5,000,000 tokens (and more than the ladder): no count past it is read
    expect(await quoteBudget(read, 200_000n * 10n ** 6n, "usdc", 6_000_000n, 5_000_000n)).toEqual({
      tokens: 0n,
      cost: 0n,
      aboveMax: true,
    });
    expect(read.calls.every((n) => n <= 5_000_001n)).toBe(true);
    // the budget of exactly the maximum's quote buys the maximum
    const capCost = await read(5_000_000n);
    const pay = (capCost * 10_000n + 9_949n) / 9_950n; // smallest pay whose budget covers capCost
    const q = await quoteBudget(read, pay, "usdc", 6_000_000n, 5_000_000n);
    expect(q).toEqual({ tokens: 5_000_000n, cost: capCost });
  });
  it("above the maximum at the current price, but a dearer round brings it back under: an exact order", async () => {
    const read = ladder(4_400_000n, ROUNDS); // 100,000 left at 0.006, then 0.0065
    const max = 1_050_000n;
    const pay = 6_500n * 10n ** 6n; // 1,077,916 tokens at the current price; 1,050,001 cost 6,775 in fact
    const q = await quoteBudget(read, pay, "usdt", 6_000_000n, max);
    expect(q.aboveMax).toBeUndefined();
    expect(q.tokens).toBeLessThanOrEqual(max);
    expect(q.cost).toBe(await read(q.tokens));
    expect(q.cost).toBeLessThanOrEqual((pay * 9_950n) / 10_000n);
  });
  it("random amounts: the quote of the result always fits, and equals the reader's cost", async () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
    for (let i = 0; i < 200; i++) {
      const position = BigInt(Math.floor(rnd() * 9_000_000));
      const read = ladder(position, ROUNDS);
      const pay = BigInt(Math.floor(rnd() * 40_000)) * 1_000_000n + 1n;
      const per1000 = await read(1000n);
      const q = await quoteBudget(read, pay, "usdt", per1000, 5_000_000n);
      expect(q.cost).toBeLessThanOrEqual((pay * 9_950n) / 10_000n);
      if (q.tokens > 0n) expect(q.cost).toBe(await read(q.tokens));
    }
  });
});
