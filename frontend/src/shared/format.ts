// Display rules of spec section 9: numbers floored, en-US formatted, 4 decimals for balances.
export function floorTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return 0;
  const f = 10 ** decimals;
  return Math.floor(value * f + 1e-9) / f;
}

export function formatNumber(value: number, decimals = 0): string {
  return floorTo(value, decimals).toLocaleString("en-US", { minimumFractionDigits: 0, maximumFractionDigits: decimals });
}

export const formatBalance = (value: number) => formatNumber(value, 4);

export function formatUsd(value: number, decimals = 2): string {
  return "$" + formatNumber(value, decimals);
}

/** Price with enough significant decimals for sub-cent prices (0.0065). */
export function formatPrice(value: number): string {
  return "$" + floorTo(value, 6).toLocaleString("en-US", { maximumFractionDigits: 6 });
}

/** First 6 and last 5 characters, as the header shows. */
export function shortAddress(address: string): string {
  return address.length > 11 ? `${address.slice(0, 6)}...${address.slice(-5)}` : address;
}

export const pad2 = (n: number) => String(Math.max(0, Math.floor(n))).padStart(2, "0");
