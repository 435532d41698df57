import { describe, expect, it } from "vitest";
import { floorTo, formatBalance, formatNumber, formatPrice, formatUsd, pad2, shortAddress } from "./format.ts";

describe("display rules (PRODUCT.md §9)", () => {
  it("numbers are floored and en-US formatted; balances keep 4 decimals", () => {
    expect(formatNumber(1234567.89)).toBe("1,234,567");
    expect(formatBalance(1.99999)).toBe("1.9999");
    expect(formatBalance(10000)).toBe("10,000");
    expect(floorTo(0.29, 2)).toBe(0.29);
    expect(formatUsd(27000.999)).toBe("$27,000.99");
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
