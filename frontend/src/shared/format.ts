// Display rules of PRODUCT.md §9: numbers floored, en-US formatted, 4 decimals for balances.
export function floorTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return 0;
  const f = 10 ** decimals;
  // 15 significant digits drop the binary noise of the product (0.29 x 100 = 28.999999999999996) before flooring.
  return Math.floor(Number((value * f).toPrecision(15))) / f;
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

/** Decimals of balances and computed amounts (PRODUCT.md §9). */
export const AMOUNT_DECIMALS = 4;
const SMALLEST_AMOUNT = "0.0001";

/**
 * en-US grouping of an exact, non-negative decimal string floored to `places` ("28189.00019" -> "28,189.0001"),
 * trailing zeros dropped. A non-zero value that floors to zero is "< 0.0001" (at 4 places), never "0".
 * For amounts held as bigint base units (a quote, a balance): no float on the way.
 */
export function formatDecimal(text: string, places = AMOUNT_DECIMALS): string {
  const [int0 = "0", frac0 = ""] = text.split(".");
  const int = int0.replace(/^0+(?=\d)/, "") || "0";
  const frac = frac0.slice(0, places).replace(/0+$/, "");
  if (int === "0" && !frac && /[1-9]/.test(frac0)) return `< ${places > 0 ? `0.${"1".padStart(places, "0")}` : "1"}`;
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (frac ? `.${frac}` : "");
}

/** A whole-token quantity ("1,000,000"), exact for a bigint. */
export const formatTokens = (n: number | bigint) =>
  formatDecimal(typeof n === "bigint" ? n.toString() : Math.floor(n).toFixed(0), 0);

/** A balance or computed amount: floored to 4 decimals, en-US, "< 0.0001" for smaller non-zero values. */
export function formatBalance(value: number): string {
  if (value > 0 && floorTo(value, AMOUNT_DECIMALS) === 0) return `< ${SMALLEST_AMOUNT}`;
  return formatNumber(value, AMOUNT_DECIMALS);
}

/** USD: floored to cents, always two decimals ("$60,897.50", "$0.00"); a non-zero value under a cent is "< $0.01". */
export function formatUsd(value: number): string {
  if (value > 0 && floorTo(value, 2) === 0) return "< $0.01";
  const v = floorTo(value, 2);
  const [int, frac = ""] = formatNumber(v, 2).split(".");
  return `$${int}.${frac.padEnd(2, "0")}`;
}

/** A token price: sub-cent, so up to 6 decimals ("$0.0065"); the one USD figure not shown with cents. */
export function formatPrice(value: number): string {
  return "$" + formatNumber(value, 6);
}

/** First 6 and last 5 characters, as the header shows. */
export function shortAddress(address: string): string {
  return address.length > 11 ? `${address.slice(0, 6)}...${address.slice(-5)}` : address;
}

export const pad2 = (n: number) => String(Math.max(0, Math.floor(n))).padStart(2, "0");
