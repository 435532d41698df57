// The input filters of every amount field that is not the buy form's (whose fields parse into exact units in
// features/buy/amounts.ts): PRODUCT.md §5, amount fields take digits and one decimal point, no paste.
import type { ClipboardEvent } from "react";

/** Amount fields refuse paste (PRODUCT.md §5). */
export const noPaste = (e: ClipboardEvent) => e.preventDefault();

/**
 * The next text of an amount field after the person typed `raw`: digits and one decimal point (a comma counts as
 * one), at most `maxDecimals` after it (0: integers only, a decimal keeps its integer part). Anything else, an
 * exponent ("5e3"), a sign or a letter, is refused with null, so the field keeps what it had: stripping the odd
 * character would silently turn "5e3" into 53.
 */
export function sanitizeAmountInput(raw: string, maxDecimals: number): string | null {
  let s = raw.replace(/,/g, ".");
  if (/[^0-9.]/.test(s)) return null;
  if (maxDecimals === 0) return s.split(".")[0].replace(/^0+(?=\d)/, "");
  const dot = s.indexOf(".");
  if (dot >= 0)
    s =
      s.slice(0, dot + 1) +
      s
        .slice(dot + 1)
        .replace(/\./g, "")
        .slice(0, maxDecimals);
  if (s.startsWith(".")) s = "0" + s;
  return s.replace(/^0+(?=\d)/, "");
}
