import { describe, expect, it } from "vitest";
import { sanitizeAmountInput } from "./inputFilters.ts";

describe("amount input filtering (PRODUCT.md §5), typed as people do", () => {
  it("keeps digits and one decimal point; a comma is a decimal point", () => {
    expect(sanitizeAmountInput("12.3.4", 10)).toBe("12.34");
    expect(sanitizeAmountInput(".5", 6)).toBe("0.5");
    expect(sanitizeAmountInput("007", 6)).toBe("7");
    expect(sanitizeAmountInput("1,5", 6)).toBe("1.5");
  });
  it("refuses an exponent, a sign or a letter (the field keeps its value) instead of reading 5e3 as 53", () => {
    expect(sanitizeAmountInput("5e3", 6)).toBeNull();
    expect(sanitizeAmountInput("-5", 6)).toBeNull();
    expect(sanitizeAmountInput("12a", 6)).toBeNull();
    expect(sanitizeAmountInput("1 000", 6)).toBeNull();
  });
  it("limits decimals: 10 native, 6 tokens, 0 for whole tokens (a decimal keeps its integer part, never 150075)", () => {
    expect(sanitizeAmountInput("0.123456789012", 10)).toBe("0.1234567890");
    expect(sanitizeAmountInput("1.1234567", 6)).toBe("1.123456");
    expect(sanitizeAmountInput("1500.75", 0)).toBe("1500");
  });
  it("typing one character at a time ends where the whole text would", () => {
    let field = "";
    for (const ch of "12.5e3") field = sanitizeAmountInput(field + ch, 6) ?? field;
    expect(field).toBe("12.53");
    field = "";
    for (const ch of "0.0000001") field = sanitizeAmountInput(field + ch, 6) ?? field;
    expect(field).toBe("0.000000");
  });
});
