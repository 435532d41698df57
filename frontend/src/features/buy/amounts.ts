// Amounts on the way from an input field to a transaction: decimal strings and bigint base units only. A JS number
// never holds an amount here (amounts.test.ts scans the modules on that path for float conversions).
import { payRow, type PayKind } from "../../presale/index.ts";

// viem's parseUnits / formatUnits semantics (amounts.test.ts checks them against viem), written out here because
// this module is in the first render and importing viem's root there pulls in ~90 kB of unrelated code.
/** Decimal text (digits, at most one ".", no more places than `decimals`) to base units. */
export function parseUnits(text: string, decimals: number): bigint {
  const [int = "", frac = ""] = text.split(".");
  if (!/^\d*$/.test(int) || !/^\d*$/.test(frac) || frac.length > decimals)
    throw new Error(`not a decimal with at most ${decimals} places: ${text}`);
  return BigInt((int || "0") + frac.padEnd(decimals, "0"));
}

/** Base units to exact decimal text, without trailing zeros. */
export function formatUnits(value: bigint, decimals: number): string {
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, "0");
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${value < 0n ? "-" : ""}${int}${frac ? `.${frac}` : ""}`;
}

/** Base-unit decimals of a payment token (its row of presale/payTokens.ts: ETH wei, USDT and USDC 6). */
const unitsOf = (kind: PayKind) => payRow(kind).decimals;

/** Safety margins in basis points. They are margins only: the cost itself always comes from the contract's quote. */
export const MARGIN_BPS = {
  /** A typed pay amount buys tokens whose quote fits in 99 % of it (native: the ETH price may move). */
  nativeBudget: 9_900n,
  /** ...and 99.5 % for stablecoins. */
  stableBudget: 9_950n,
  /** Value sent with buyWithEth above the quote; the contract refunds the excess. */
  ethValue: 10_100n,
  /** maxCost of a stablecoin purchase above the quote. */
  stableMaxCost: 10_100n,
} as const;

/** `value` x bps / 10 000, rounded up (a cover) or down (a budget). */
export function applyBps(value: bigint, bps: bigint, round: "up" | "down"): bigint {
  const scaled = value * bps;
  return round === "up" ? (scaled + 9_999n) / 10_000n : scaled / 10_000n;
}

export const budgetOf = (pay: bigint, kind: PayKind) =>
  applyBps(pay, kind === "native" ? MARGIN_BPS.nativeBudget : MARGIN_BPS.stableBudget, "down");

/** What a token-quantity field holds: the text as shown, and the whole tokens it stands for (null: none). */
export type TokenField = { text: string; amount: bigint | null; issue?: "truncated" | "not_digits" };

const DECIMAL = /^(\d*)(?:[.,](\d*))?$/;

/**
 * The token field takes whole tokens. A decimal counts for its integer part only ("250.75" is 250 tokens, never
 * 25,075); anything else (exponent notation, signs, letters) is refused: the amount is none until the buyer fixes it.
 */
export function parseTokenField(raw: string): TokenField {
  const text = raw.trim();
  if (text === "") return { text: "", amount: null };
  const m = DECIMAL.exec(text);
  if (!m) return { text, amount: null, issue: "not_digits" };
  const int = m[1].replace(/^0+(?=\d)/, "");
  const amount = int === "" ? null : BigInt(int);
  return m[2] !== undefined ? { text, amount, issue: "truncated" } : { text: int, amount };
}

/** The field's text once the buyer leaves it or pastes: a decimal is cut to its integer part. */
export function settleTokenText(raw: string): string {
  const f = parseTokenField(raw);
  return f.issue === "truncated" ? (f.amount === null ? "" : f.amount.toString()) : f.text;
}

/** What a pay field holds: the text, and its value in base units (null: none). */
export type PayField = { text: string; units: bigint | null; issue?: "not_number" };

/**
 * The pay field takes a decimal with at most `maxDecimals` places (extra places are dropped as typed); anything else
 * (exponent notation, signs, letters) is refused rather than read as other digits.
 */
export function parsePayField(raw: string, maxDecimals: number, kind: PayKind): PayField {
  const text0 = raw.trim();
  if (text0 === "") return { text: "", units: null };
  const m = DECIMAL.exec(text0);
  if (!m) return { text: text0, units: null, issue: "not_number" };
  const int = m[1].replace(/^0+(?=\d)/, "");
  const frac = m[2] === undefined ? undefined : m[2].slice(0, maxDecimals);
  const text = (int === "" && frac !== undefined ? "0" : int) + (frac === undefined ? "" : `.${frac}`);
  const units = int === "" && !frac ? null : parseUnits(`${int || "0"}.${frac || "0"}`, unitsOf(kind));
  return { text, units };
}

/** Exact decimal text of base units (no rounding). */
export const unitsToText = (units: bigint, kind: PayKind) => formatUnits(units, unitsOf(kind));

/** Base units floored to `places` decimals, as text (for Max, which may not exceed the balance). */
export function unitsToTextFloor(units: bigint, kind: PayKind, places: number): string {
  const d = unitsOf(kind);
  const step = places >= d ? 1n : 10n ** BigInt(d - places);
  return formatUnits((units / step) * step, d);
}

/**
 * The pay field's text for a computed cost (the quote of a typed token quantity): floored to the 4 display decimals
 * (PRODUCT.md §9), or to the field's own decimals when that would show 0. Display only: the order is the typed
 * quantity and its exact quote.
 */
export function computedPayText(units: bigint, kind: PayKind): string {
  const shown = unitsToTextFloor(units, kind, 4);
  return shown !== "0" || units === 0n ? shown : unitsToTextFloor(units, kind, payRow(kind).inputDecimals);
}

/** en-US grouping of an exact decimal string ("28189.0001" -> "28,189.0001"). */
export function groupDecimal(text: string): string {
  const [int = "0", frac] = text.split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac ? `${grouped}.${frac}` : grouped;
}

/** A decimal string of a chain figure (gas reserve in ETH, etc.) to base units. */
export const toUnits = (text: string, kind: PayKind) => parseUnits(text, unitsOf(kind));

/**
 * Max: the balance (less the gas reserve for native), capped by the cost of the largest allowed purchase at the
 * current unit quote (x1.01 for native, then the budget margin brings the tokens back under the cap).
 */
export function maxPay(o: {
  kind: PayKind;
  balance: bigint;
  gasReserve: bigint;
  costPer1000: bigint;
  maxTokens: bigint;
}): bigint {
  const spendable = o.kind === "native" ? o.balance - o.gasReserve : o.balance;
  if (spendable <= 0n) return 0n;
  if (o.maxTokens <= 0n || o.costPer1000 <= 0n) return spendable;
  const capCost = (o.maxTokens * o.costPer1000 + 999n) / 1000n;
  const cap = o.kind === "native" ? applyBps(capCost, MARGIN_BPS.ethValue, "up") : capCost;
  return spendable < cap ? spendable : cap;
}
