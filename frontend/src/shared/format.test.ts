import { describe, expect, it } from "vitest";
import {
  floorTo,
  formatBalance,
  formatDecimal,
  formatNumber,
  formatPrice,
  formatTokens,
  formatUsd,
  pad2,
  shortAddress,
} from "./format.ts";

describe("display rules (PRODUCT.md §9)", () => {
  it("numbers are floored and en-US formatted; balances keep 4 decimals", () => {
    expect(formatNumber(1234567.89)).toBe("1,234,567");
    expect(formatBalance(1.99999)).toBe("1.9999");
    expect(formatBalance(10000)).toBe("10,000");
    expect(floorTo(0.29, 2)).toBe(0.29);
    expect(formatUsd(27000.999)).toBe("$27,000.99");
    expect(formatUsd(60897.5)).toBe("$60,897.50");
    expect(formatPrice(0.0065)).toBe("$0.0065");
  });
  it("matches Intl's en-US output for every precision the dapp uses", () => {
    const values = [
      0, 0.5, 1, 9.99999, 12.3, 999.999, 1000, 1234.5678, 65432.1, 1e6, 123456789.987654, 80e6, 0.0065, 0.000123,
      -1234.5,
    ];
    for (const d of [0, 1, 2, 4, 6]) {
      const intl = new Intl.NumberFormat("en-US", { minimumFractionDigits: 0, maximumFractionDigits: d });
      for (const v of values) expect(formatNumber(v, d), `${v} @${d}`).toBe(intl.format(floorTo(v, d)));
    }
  });
  it("shortened address: first 6 and last 5 characters", () => {
    expect(shortAddress("0x90F79bf6EB2c4f870365E785982E1f101E93b906")).toBe("0x90F7...3b906");
  });
  it("pads countdown parts to two digits", () => {
    expect(pad2(3)).toBe("03");
    expect(pad2(42.9)).toBe("42");
    expect(pad2(-1)).toBe("00");
  });
});

describe("one formatter per kind of figure, over edge values (PRODUCT.md §9)", () => {
  it("formatBalance: floored to 4 decimals, trailing zeros dropped, '< 0.0001' for smaller non-zero values", () => {
    const cases: [number, string][] = [
      [0, "0"],
      [0.00009999, "< 0.0001"],
      [1e-18, "< 0.0001"],
      [0.0001, "0.0001"],
      [0.00019, "0.0001"],
      [1.99999, "1.9999"],
      [1.5, "1.5"],
      [10000, "10,000"],
      [1234567.123456, "1,234,567.1234"],
      [0.29, "0.29"], // not 0.2899 (binary 0.29 is a hair below)
    ];
    for (const [v, shown] of cases) expect(formatBalance(v), String(v)).toBe(shown);
  });
  it("formatDecimal: exact decimal text (a quote in wei) floored to 4 decimals, grouped, '< 0.0001' below", () => {
    const cases: [string, string][] = [
      ["0", "0"],
      ["10.833333333333333334", "10.8333"],
      ["0.002166666666666667", "0.0021"],
      ["0.000099999999999999", "< 0.0001"],
      ["0.000000000000000001", "< 0.0001"],
      ["0.0001", "0.0001"],
      ["28189.00019", "28,189.0001"],
      ["1000000", "1,000,000"],
      ["32500.5", "32,500.5"],
      ["007.10", "7.1"],
    ];
    for (const [v, shown] of cases) expect(formatDecimal(v), v).toBe(shown);
    expect(formatDecimal("0.004", 2)).toBe("< 0.01");
  });
  it("formatUsd: floored to cents, always two decimals, '< $0.01' for less than a cent", () => {
    const cases: [number, string][] = [
      [0, "$0.00"],
      [0.004, "< $0.01"],
      [0.01, "$0.01"],
      [263.1, "$263.10"],
      [60897.5, "$60,897.50"],
      [27000, "$27,000.00"],
      [27000.999, "$27,000.99"],
      [337000, "$337,000.00"],
      [1234567.891, "$1,234,567.89"],
    ];
    for (const [v, shown] of cases) expect(formatUsd(v), String(v)).toBe(shown);
  });
  it("formatTokens: whole tokens, grouped, exact for bigint", () => {
    expect(formatTokens(0)).toBe("0");
    expect(formatTokens(1000)).toBe("1,000");
    expect(formatTokens(5_000_000n)).toBe("5,000,000");
    expect(formatTokens(123_456_789_012_345_678_901n)).toBe("123,456,789,012,345,678,901");
  });
  it("formatPrice: a sub-cent token price keeps its digits", () => {
    expect(formatPrice(0.0065)).toBe("$0.0065");
    expect(formatPrice(0.014)).toBe("$0.014");
    expect(formatPrice(0.0337)).toBe("$0.0337");
  });
  it("en-US in every language: no formatter reads the locale", async () => {
    const src = (await import("node:fs")).readFileSync(new URL("./format.ts", import.meta.url), "utf8");
    const code = src.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "");
    expect(code).not.toMatch(/Intl\.|toLocaleString/);
  });
});
