import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatUnits as viemFormatUnits, parseUnits as viemParseUnits } from "viem";
import {
  applyBps,
  computedPayText,
  formatUnits,
  groupDecimal,
  parseUnits,
  maxPay,
  parsePayField,
  parseTokenField,
  settleTokenText,
  unitsToText,
  unitsToTextFloor,
} from "./amounts.ts";
import { amountsReducer, INITIAL_AMOUNTS, orderTokens } from "./swapAmounts.ts";

describe("the token field: whole tokens, digits only", () => {
  it("paste 250.75: 250 tokens, never 25,075", () => {
    expect(settleTokenText("250.75")).toBe("250");
    expect(parseTokenField("250.75")).toMatchObject({ amount: 250n, issue: "truncated" });
    expect(parseTokenField("100,5").amount).toBe(100n);
  });
  it("type 100.5 key by key: the order stays 100 at every step", () => {
    let s = INITIAL_AMOUNTS;
    const seen: (bigint | null)[] = [];
    for (const text of ["1", "10", "100", "100.", "100.5"]) {
      s = amountsReducer(s, { type: "typeTokens", text });
      seen.push(orderTokens(s));
    }
    expect(seen).toEqual([1n, 10n, 100n, 100n, 100n]);
    s = amountsReducer(s, { type: "settleTokens" });
    expect(s.tokens).toBe("100");
  });
  it("type 1e5: refused (no amount at all), never 15", () => {
    expect(parseTokenField("1e5")).toEqual({ text: "1e5", amount: null, issue: "not_digits" });
    let s = INITIAL_AMOUNTS;
    for (const text of ["1", "1e", "1e5"]) s = amountsReducer(s, { type: "typeTokens", text });
    expect(orderTokens(s)).toBeNull();
    expect(settleTokenText("1e5")).toBe("1e5");
    for (const bad of ["-5", "+5", "0x10", "1 000", "Infinity"]) expect(parseTokenField(bad).amount).toBeNull();
  });
  it("leading zeros go, huge numbers stay exact", () => {
    expect(parseTokenField("007").text).toBe("7");
    expect(parseTokenField("123456789012345678901234567890").amount).toBe(123456789012345678901234567890n);
  });
});

describe("the pay field: decimals to base units, exactly", () => {
  it("parses to wei / 6-decimal units without a float", () => {
    expect(parsePayField("0.1", 10, "native").units).toBe(10n ** 17n);
    expect(parsePayField("28189.000001", 6, "usdc").units).toBe(28_189_000_001n);
    expect(parsePayField("1,5", 6, "usdt")).toEqual({ text: "1.5", units: 1_500_000n });
    expect(parsePayField(".5", 6, "usdt")).toEqual({ text: "0.5", units: 500_000n });
    expect(parsePayField("0.123456789012", 10, "native").text).toBe("0.1234567890");
  });
  it("refuses exponent notation and letters instead of reading other digits", () => {
    expect(parsePayField("1e5", 10, "native")).toMatchObject({ units: null, issue: "not_number" });
    expect(parsePayField("-5", 10, "native").units).toBeNull();
  });
  it("formats base units exactly, floors for Max, groups en-US", () => {
    expect(unitsToText(10_833_333_333_333_334n, "native")).toBe("0.010833333333333334");
    expect(unitsToTextFloor(1_118_456_789_123_456_789n, "native", 10)).toBe("1.1184567891");
    expect(groupDecimal("28189.0001")).toBe("28,189.0001");
    expect(groupDecimal("4975000")).toBe("4,975,000");
  });
  it("margins round up for covers and down for budgets", () => {
    expect(applyBps(1_000_000n, 10_100n, "up")).toBe(1_010_000n);
    expect(applyBps(1n, 10_100n, "up")).toBe(2n);
    expect(applyBps(999n, 9_900n, "down")).toBe(989n);
  });
});

describe("base-unit conversions", () => {
  it("match viem's parseUnits / formatUnits on random values", () => {
    let seed = 99;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 2_000; i++) {
      const decimals = [0, 2, 6, 10, 18][rnd(5)];
      const int = String(rnd(10 ** 9)) + (rnd(2) ? String(rnd(10 ** 9)) : "");
      const places = decimals === 0 ? 0 : rnd(decimals + 1);
      const text = places
        ? `${int}.${String(rnd(10 ** 9))
            .padStart(9, "0")
            .repeat(2)
            .slice(0, places)}`
        : int;
      expect(parseUnits(text, decimals)).toBe(viemParseUnits(text, decimals));
      const units = viemParseUnits(text, decimals);
      expect(formatUnits(units, decimals)).toBe(viemFormatUnits(units, decimals));
      expect(formatUnits(-units, decimals)).toBe(viemFormatUnits(-units, decimals));
    }
  });
  it("refuse more places than the unit has (no silent rounding)", () => {
    expect(() => parseUnits("1.0000001", 6)).toThrow();
    expect(() => parseUnits("1e5", 6)).toThrow();
  });
});

describe("Max on exact amounts", () => {
  it("native: balance less the gas reserve, capped by the largest purchase x1.01", () => {
    expect(
      maxPay({ kind: "native", balance: 10n ** 18n, gasReserve: 5n * 10n ** 15n, costPer1000: 0n, maxTokens: 0n }),
    ).toBe(995n * 10n ** 15n);
    expect(
      maxPay({
        kind: "native",
        balance: 10n ** 20n,
        gasReserve: 0n,
        costPer1000: 2n * 10n ** 15n,
        maxTokens: 1_000_000n,
      }),
    ).toBe(2_020_000_000_000_000_000n);
    expect(maxPay({ kind: "native", balance: 4n, gasReserve: 5n, costPer1000: 1n, maxTokens: 1n })).toBe(0n);
  });
  it("stablecoin: whole balance, capped by the cost of the largest purchase", () => {
    expect(
      maxPay({ kind: "usdc", balance: 123_456_789n, gasReserve: 5n, costPer1000: 6_000_000n, maxTokens: 0n }),
    ).toBe(123_456_789n);
    expect(
      maxPay({ kind: "usdc", balance: 10n ** 12n, gasReserve: 5n, costPer1000: 6_000_000n, maxTokens: 5_000_000n }),
    ).toBe(30_000_000_000n);
  });
});

// The modules an amount passes through from the fields to the transaction. A float conversion in any of them could
// change what the buyer pays: none may parse, round or compute an amount as a JS number.
const PATH_TO_TRANSACTION = [
  "amounts.ts",
  "swapAmounts.ts",
  "quote.ts",
  "useOrder.ts",
  "validation.ts",
  "SwapForm.tsx",
  "useBuyAction.ts",
  "purchase.ts",
  "../../chain/wagmiIO.ts",
];
const FLOAT_ON_AMOUNT =
  /\bNumber\(|parseFloat|parseInt|toFixed|toPrecision|Math\.(floor|ceil|round|trunc)|\bfloorTo\b|\bformatNumber\(|\* *data\.price|\bunitPrice\b/;

describe("no float on the path from an amount field to a transaction", () => {
  for (const file of PATH_TO_TRANSACTION) {
    it(`${file} holds amounts as strings and bigint only`, () => {
      const src = fs.readFileSync(path.join(import.meta.dirname, file), "utf8");
      const offending = src
        .split("\n")
        .map((line, i) => ({ line: line.replace(/\/\/.*$/, ""), n: i + 1 }))
        .filter(({ line }) => FLOAT_ON_AMOUNT.test(line))
        // Display-only figures live in swapDisplay.ts; the only allowed numbers here are the card flow's whole tokens.
        .filter(({ line }) => !/startCardPurchase\(|usdEstimate\(/.test(line));
      expect(offending.map(({ n, line }) => `${file}:${n}: ${line.trim()}`)).toEqual([]);
    });
  }
});

describe("the pay field of a typed token quantity shows the quote floored to 4 decimals (PRODUCT.md §9)", () => {
  it("0.002166666666666667 ETH shows 0.0021; 10.833333333333333334 shows 10.8333; the quote itself stays exact", () => {
    expect(computedPayText(2_166_666_666_666_667n, "native")).toBe("0.0021");
    expect(computedPayText(10_833_333_333_333_333_334n, "native")).toBe("10.8333");
    expect(computedPayText(6_000_000n, "usdc")).toBe("6");
    expect(computedPayText(6_123_456n, "usdt")).toBe("6.1234");
    let s = amountsReducer(INITIAL_AMOUNTS, { type: "typeTokens", text: "1000" });
    s = amountsReducer(s, {
      type: "quoted",
      seq: s.seq,
      quote: { tokens: 1000n, cost: 2_166_666_666_666_667n },
      kind: "native",
    });
    expect(s.pay).toBe("0.0021");
    expect(s.quote?.cost).toBe(2_166_666_666_666_667n);
  });
  it("below 0.0001 the field falls back to its own decimals rather than showing 0", () => {
    expect(computedPayText(21_666_666_666_667n, "native")).toBe("0.0000216666"); // 10 tokens in ETH
    expect(computedPayText(60n, "usdc")).toBe("0.00006");
    expect(computedPayText(0n, "native")).toBe("0");
  });
});
