import { describe, expect, it } from "vitest";
import { checkOrder } from "./validation.ts";
import { PAY_TOKENS, payRow } from "../../presale/index.ts";

describe("input decimals per payment token (PRODUCT.md §5)", () => {
  it("10 for native, 6 for tokens", () => {
    expect(payRow("native").inputDecimals).toBe(10);
    expect(payRow("usdc").inputDecimals).toBe(6);
    expect(payRow("usdt").inputDecimals).toBe(6);
  });
  it("the token list's input decimals (Max is floored to them): BASE 6, USDC 4, ETH 10, USDT 4", () => {
    const d = Object.fromEntries(PAY_TOKENS.map((t) => [`${t.chain}-${t.symbol}`, t.maxDecimals]));
    expect(d).toEqual({ "base-BASE": 6, "base-USDC": 4, "eth-ETH": 10, "eth-USDT": 4, "eth-USDC": 4 });
  });
});

describe("buy checks on exact amounts: minimum, maximum, low balance, low gas, disabled buttons", () => {
  const E18 = 10n ** 18n;
  const ok = {
    kind: "native" as const,
    tokens: 5000n,
    cost: E18 / 10n,
    minToken: 10n,
    maxTokensToBuy: 1_000_000n,
    nativeBalance: E18,
    tokenBalance: 0n,
    gasReserve: 5n * 10n ** 15n,
    card: false,
  };
  it("accepts a valid native buy", () => {
    expect(checkOrder(ok)).toEqual({
      messages: [],
      lowBalance: false,
      belowMin: false,
      exceedsMax: false,
      disabled: false,
    });
  });
  it("disables on no amount, and until the quote for it arrived", () => {
    expect(checkOrder({ ...ok, tokens: null }).disabled).toBe(true);
    expect(checkOrder({ ...ok, tokens: 0n }).disabled).toBe(true);
    expect(checkOrder({ ...ok, cost: null }).disabled).toBe(true);
  });
  it("below minToken shows min_crypto and disables", () => {
    const c = checkOrder({ ...ok, tokens: 9n });
    expect(c.messages).toContain("min_crypto");
    expect(c.disabled).toBe(true);
  });
  it("at or below maxTokensToBuy is fine; above flags exceedsMax (popup, not a disabled button)", () => {
    expect(checkOrder({ ...ok, tokens: 1_000_000n }).exceedsMax).toBe(false);
    const c = checkOrder({ ...ok, tokens: 1_000_001n });
    expect(c.exceedsMax).toBe(true);
    expect(c.disabled).toBe(false);
  });
  it("native: balance minus the gas reserve must cover the value sent (quote + 1 %), to the wei", () => {
    const value = (ok.cost * 10_100n + 9_999n) / 10_000n;
    expect(checkOrder({ ...ok, nativeBalance: value + ok.gasReserve }).lowBalance).toBe(false);
    expect(checkOrder({ ...ok, nativeBalance: value + ok.gasReserve - 1n }).messages).toEqual(["low_gas_fees"]);
    expect(checkOrder({ ...ok, nativeBalance: value - 1n }).messages).toEqual(["swap_error"]);
  });
  it("stablecoin: token balance covers the quote and native covers gas", () => {
    const s = {
      ...ok,
      kind: "usdc" as const,
      cost: 50_000_000n,
      tokenBalance: 100_000_000n,
      nativeBalance: 10n ** 16n,
    };
    expect(checkOrder(s).messages).toEqual([]);
    expect(checkOrder({ ...s, tokenBalance: 49_999_999n }).messages).toEqual(["low_usdt"]);
    expect(checkOrder({ ...s, tokenBalance: 50_000_000n }).messages).toEqual([]);
    expect(checkOrder({ ...s, nativeBalance: 10n ** 15n }).messages).toEqual(["low_gas_fees"]);
    expect(checkOrder({ ...s, nativeBalance: 10n ** 15n }).disabled).toBe(true);
  });
  it("card payments ignore low balance and need no quote", () => {
    const c = checkOrder({ ...ok, cost: null, nativeBalance: 0n, card: true });
    expect(c.lowBalance).toBe(false);
    expect(c.disabled).toBe(false);
  });
});
