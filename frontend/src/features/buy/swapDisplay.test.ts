import { describe, expect, it } from "vitest";
import { tokenRows } from "./swapDisplay.ts";
import type { ChainData, PresaleView } from "../../presale/index.ts";

const E18 = 10n ** 18n;
/** A chain with 100 of every payment token and the given native quote for 1,000 tokens (undefined: not readable). */
const chain = (quoteNative: bigint | undefined) =>
  ({
    quotePer1000: quoteNative === undefined ? {} : { native: quoteNative },
    user: { balances: { native: 100n * E18, usdt: 100_000_000n, usdc: 100_000_000n } },
  }) as unknown as ChainData;
const view = (eth: bigint | undefined, base: bigint | undefined) =>
  ({ eth: chain(eth), base: chain(base), price: 0.006 }) as unknown as PresaleView;
const usdOf = (v: PresaleView, id: string) => tokenRows(v).find((r) => r.token.id === id)?.usd;

describe("the token menu's USD values", () => {
  // 1,000 tokens at 0.006 cost 0.002 ETH: 1 ETH is worth 3,000 USD
  const q = 2n * 10n ** 15n;
  it("ETH on each chain through its own quote; stablecoins at 1 USD", () => {
    const v = view(q, q);
    expect(usdOf(v, "eth-native")).toBeCloseTo(300_000, 6);
    expect(usdOf(v, "base-native")).toBeCloseTo(300_000, 6);
    expect(usdOf(v, "eth-usdt")).toBe(100);
  });
  it("a chain whose sale no longer quotes: BASE is priced through the other chain's ETH quote, never $0", () => {
    expect(usdOf(view(q, undefined), "base-native")).toBeCloseTo(300_000, 6);
    expect(usdOf(view(undefined, q), "eth-native")).toBeCloseTo(300_000, 6);
  });
  it("neither chain quotes: the value is unknown (null), not zero", () => {
    expect(usdOf(view(undefined, undefined), "base-native")).toBeNull();
    expect(usdOf(view(0n, 0n), "eth-native")).toBeNull();
  });
});
