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
  it("at or below maxTokensToBuy is fine; above flags exceedsMax (the popup) and disables Buy", () => {
    expect(checkOrder({ ...ok, tokens: 1_000_000n }).exceedsMax).toBe(false);
    const c = checkOrder({ ...ok, tokens: 1_000_001n });
    expect(c.exceedsMax).toBe(true);
    expect(c.disabled).toBe(true);
    expect(checkOrder({ ...ok, tokens: 1_000_001n, card: true, cost: null })).toMatchObject({
      exceedsMax: true,
      disabled: true,
    });
  });
  it("typed tokens above the maximum and above the balance: the low-balance message, no popup, Buy disabled", () => {
    const c = checkOrder({ ...ok, tokens: 2_000_000n, cost: 100n * E18 });
    expect(c).toMatchObject({ messages: ["swap_error"], lowBalance: true, exceedsMax: false, disabled: true });
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

describe("a typed pay amount is what the buyer commits: never cut to the maximum (PRODUCT.md §5, §8)", () => {
  const E18 = 10n ** 18n;
  const eth = {
    kind: "native" as const,
    tokens: null,
    cost: null,
    minToken: 10n,
    maxTokensToBuy: 5_000_000n,
    nativeBalance: 100n * E18,
    tokenBalance: 0n,
    gasReserve: 5n * 10n ** 15n,
    card: false,
  };
  const usdt = { ...eth, kind: "usdt" as const, nativeBalance: E18, tokenBalance: 50_000n * 10n ** 6n };
  it("150 ETH with 100 ETH: the low-balance message at once, before any quote, Buy disabled", () => {
    const c = checkOrder({ ...eth, pay: 150n * E18 });
    expect(c).toMatchObject({ messages: ["swap_error"], lowBalance: true, exceedsMax: false, disabled: true });
    // ...and still so once the contract answered that 150 ETH buys more than the maximum
    expect(checkOrder({ ...eth, pay: 150n * E18, tokens: 0n, cost: 0n, aboveMax: true })).toMatchObject({
      messages: ["swap_error"],
      exceedsMax: false,
      disabled: true,
    });
  });
  it("within the balance but not the gas reserve: low_gas_fees; to the wei", () => {
    const spendable = eth.nativeBalance - eth.gasReserve;
    expect(checkOrder({ ...eth, pay: spendable + 1n }).messages).toEqual(["low_gas_fees"]);
    expect(checkOrder({ ...eth, pay: spendable }).messages).toEqual([]);
  });
  it("200,000 USDT with 50,000: low_usdt; 50,000.000001 too; 50,000 is fine", () => {
    expect(checkOrder({ ...usdt, pay: 200_000n * 10n ** 6n }).messages).toEqual(["low_usdt"]);
    expect(checkOrder({ ...usdt, pay: usdt.tokenBalance + 1n }).messages).toEqual(["low_usdt"]);
    expect(checkOrder({ ...usdt, pay: usdt.tokenBalance }).lowBalance).toBe(false);
  });
  it("within the balance and above the maximum: exceedsMax (the popup), Buy disabled, no low-balance message", () => {
    const c = checkOrder({ ...usdt, pay: 40_000n * 10n ** 6n, tokens: 0n, cost: 0n, aboveMax: true });
    expect(c).toEqual({ messages: [], lowBalance: false, belowMin: false, exceedsMax: true, disabled: true });
  });
  it("within the balance and the maximum: Buy enabled once quoted, the quote is the order", () => {
    const pay = 10_000n * 10n ** 6n;
    expect(checkOrder({ ...usdt, pay }).disabled).toBe(true); // not quoted yet
    const c = checkOrder({ ...usdt, pay, tokens: 1_658_333n, cost: 9_949_998_000n });
    expect(c).toEqual({ messages: [], lowBalance: false, belowMin: false, exceedsMax: false, disabled: false });
  });
});
