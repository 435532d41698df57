// Display rules of PRODUCT.md §9: numbers floored, en-US formatted, 4 decimals for balances.
export function floorTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return 0;
  const f = 10 ** decimals;
  return Math.floor(value * f + 1e-9) / f;
}

/**
 * en-US grouping ("1,234.5") without Intl: the first Intl.NumberFormat loads the locale data, which cost more
 * main-thread time at start-up than the whole first render. Trailing fractional zeros are dropped, as
 * Intl's minimumFractionDigits: 0 would.
 */
export function formatNumber(value: number, decimals = 0): string {
  const v = floorTo(value, decimals);
  if (Math.abs(v) >= 1e21) return String(v);
  const [int = "0", frac = ""] = Math.abs(v).toFixed(decimals).split(".");
  const trimmed = frac.replace(/0+$/, "");
  return (v < 0 ? "-" : "") + int.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (trimmed ? `.${trimmed}` : "");
}

export const formatBalance = (value: number) => formatNumber(value, 4);

export function formatUsd(value: number, decimals = 2): string {
  return "$" + formatNumber(value, decimals);
}

/** Price with enough significant decimals for sub-cent prices (0.0065). */
export function formatPrice(value: number): string {
  return "$" + formatNumber(value, 6);
}

/** First 6 and last 5 characters, as the header shows. */
export function shortAddress(address: string): string {
  return address.length > 11 ? `${address.slice(0, 6)}...${address.slice(-5)}` : address;
}

export const pad2 = (n: number) => String(Math.max(0, Math.floor(n))).padStart(2, "0");
