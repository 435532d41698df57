import { describe, expect, it } from "vitest";
import { checkBuy, computeMax, MARGINS, payToTokens, sanitizeAmountInput, tokensToPay, withMargin } from "./validation.ts";
import { PAY_TOKENS, inputDecimals } from "./tokens.ts";

describe("amount input filtering (spec 5)", () => {
  it("keeps digits and one decimal point", () => {
    expect(sanitizeAmountInput("12a.3.4b", 10)).toBe("12.34");
    expect(sanitizeAmountInput("-5e3", 10)).toBe("53");
    expect(sanitizeAmountInput(".5", 6)).toBe("0.5");
    expect(sanitizeAmountInput("007", 6)).toBe("7");
    expect(sanitizeAmountInput("1,5", 6)).toBe("1.5");
  });
  it("limits decimals: 10 native, 6 tokens, 0 for the token amount", () => {
    expect(sanitizeAmountInput("0.123456789012", 10)).toBe("0.1234567890");
    expect(sanitizeAmountInput("1.1234567", 6)).toBe("1.123456");
    expect(sanitizeAmountInput("1500.75", 0)).toBe("150075");
    const native = PAY_TOKENS.find((t) => t.kind === "native")!;
    const stable = PAY_TOKENS.find((t) => t.kind === "usdc")!;
    expect(inputDecimals(native)).toBe(10);
    expect(inputDecimals(stable)).toBe(6);
  });
  it("allowed decimals per token (desCount): BASE 6, USDC 4, ETH 10, USDT 4", () => {
    const d = Object.fromEntries(PAY_TOKENS.map((t) => [`${t.chain}-${t.symbol}`, t.desCount]));
    expect(d).toEqual({ "base-BASE": 6, "base-USDC": 4, "eth-ETH": 10, "eth-USDT": 4, "eth-USDC": 4 });
  });
});

describe("conversions and safety margins", () => {
  it("native pay -> tokens applies x0.99 and floors to whole tokens", () => {
    expect(payToTokens(1, 0.000002, "native")).toBe(Math.floor(500000 * 0.99));
    expect(MARGINS.nativeToTokens).toBeGreaterThanOrEqual(0.98);
    expect(MARGINS.nativeToTokens).toBeLessThanOrEqual(0.99);
  });
  it("stablecoin pay -> tokens applies x0.995", () => {
    expect(payToTokens(60, 0.006, "usdc")).toBe(Math.floor(10000 * 0.995));
    expect(MARGINS.stableToTokens).toBeGreaterThanOrEqual(0.99);
    expect(MARGINS.stableToTokens).toBeLessThanOrEqual(0.995);
  });
  it("tokens -> pay applies a margin between x1.001 and x1.01 and rounds up to desCount", () => {
    expect(tokensToPay(10000, 0.006, "usdc", 4)).toBe(60.06);
    expect(tokensToPay(1000, 0.000002, "native", 10)).toBeCloseTo(0.00202, 10);
    for (const m of [MARGINS.tokensToNative, MARGINS.tokensToStable]) {
      expect(m).toBeGreaterThanOrEqual(1.001);
      expect(m).toBeLessThanOrEqual(1.01);
    }
  });
  it("zero or missing prices give zero", () => {
    expect(payToTokens(1, 0, "native")).toBe(0);
    expect(tokensToPay(0, 1, "usdt", 4)).toBe(0);
  });
  it("withMargin rounds bigint values up (value sent with buyWithEth, maxCost)", () => {
    expect(withMargin(1_000_000n, MARGINS.ethValue)).toBe(1_010_000n);
    expect(withMargin(1n, 1.01)).toBe(2n);
    expect(withMargin(0n, 1.01)).toBe(0n);
  });
});

describe("Max (spec 5)", () => {
  const base = { unitPrice: 0.000002, maxTokensToBuy: 0, desCount: 10, card: false } as const;
  it("native: balance minus the gas reserve, floored to the token's decimals", () => {
    expect(computeMax({ ...base, kind: "native", balance: 1.123456789123, gasFee: 0.005 })).toBe(1.1184567891);
  });
  it("is capped by maxTokensToBuy with the native margin", () => {
    const m = computeMax({ ...base, kind: "native", balance: 100, gasFee: 0.005, maxTokensToBuy: 1_000_000 });
    expect(m).toBeCloseTo(1_000_000 * 0.000002 * MARGINS.maxNative, 8);
    expect(MARGINS.maxNative).toBeGreaterThanOrEqual(1.01);
    expect(MARGINS.maxNative).toBeLessThanOrEqual(1.02);
  });
  it("never yields a quantity above maxTokensToBuy", () => {
    for (const [kind, price] of [["native", 0.000002], ["native", 0.0000031], ["usdc", 0.006], ["usdt", 0.0065]] as const) {
      const m = computeMax({ kind, balance: 1e9, gasFee: 0.005, unitPrice: price, maxTokensToBuy: 5_000_000, desCount: 10, card: false });
      expect(payToTokens(m, price, kind)).toBeLessThanOrEqual(5_000_000);
    }
  });
  it("stablecoin: whole balance (gas is paid in native), floored to 4 decimals", () => {
    expect(computeMax({ kind: "usdc", balance: 123.456789, gasFee: 0.005, unitPrice: 0.006, maxTokensToBuy: 0, desCount: 4, card: false })).toBe(123.4567);
  });
  it("is 0 for card and when the balance does not cover the reserve", () => {
    expect(computeMax({ ...base, kind: "native", balance: 5, gasFee: 0.005, card: true })).toBe(0);
    expect(computeMax({ ...base, kind: "native", balance: 0.004, gasFee: 0.005 })).toBe(0);
  });
});

describe("buy checks: minimum, maximum, low balance, low gas, disabled buttons", () => {
  const ok = { kind: "native" as const, pay: 0.1, tokens: 5000, minToken: 10, maxTokensToBuy: 1_000_000, nativeBalance: 1, tokenBalance: 0, gasFee: 0.005, card: false };
  it("accepts a valid native buy", () => {
    expect(checkBuy(ok)).toEqual({ messages: [], lowBalance: false, belowMin: false, exceedsMax: false, disabled: false });
  });
  it("disables on empty or zero amount", () => {
    expect(checkBuy({ ...ok, pay: 0, tokens: 0 }).disabled).toBe(true);
  });
  it("below minToken shows min_crypto and disables", () => {
    const c = checkBuy({ ...ok, tokens: 9 });
    expect(c.messages).toContain("min_crypto");
    expect(c.disabled).toBe(true);
  });
  it("at or below maxTokensToBuy is fine; above flags exceedsMax (popup, not a disabled button)", () => {
    expect(checkBuy({ ...ok, tokens: 1_000_000 }).exceedsMax).toBe(false);
    const c = checkBuy({ ...ok, tokens: 1_000_001 });
    expect(c.exceedsMax).toBe(true);
    expect(c.disabled).toBe(false);
  });
  it("native: balance minus gas must cover the amount", () => {
    expect(checkBuy({ ...ok, pay: 0.996 }).messages).toEqual(["low_gas_fees"]);
    expect(checkBuy({ ...ok, pay: 2 }).messages).toEqual(["swap_error"]);
    expect(checkBuy({ ...ok, pay: 0.995 }).lowBalance).toBe(false);
  });
  it("stablecoin: token balance covers the amount and native covers gas", () => {
    const s = { ...ok, kind: "usdc" as const, pay: 50, tokenBalance: 100, nativeBalance: 0.01 };
    expect(checkBuy(s).messages).toEqual([]);
    expect(checkBuy({ ...s, tokenBalance: 10 }).messages).toEqual(["low_usdt"]);
    expect(checkBuy({ ...s, nativeBalance: 0.001 }).messages).toEqual(["low_gas_fees"]);
    expect(checkBuy({ ...s, nativeBalance: 0.001 }).disabled).toBe(true);
  });
  it("card payments ignore low balance", () => {
    const c = checkBuy({ ...ok, pay: 10, nativeBalance: 0, card: true });
    expect(c.lowBalance).toBe(false);
    expect(c.disabled).toBe(false);
  });
});
