// Validation rules and conversions of spec section 5. Pure functions on JS numbers (UI amounts); the transaction
// amounts themselves are whole tokens (integers) and chain-quoted costs (bigint).
import { floorTo } from "../../shared/format.ts";
import type { PayKind } from "./tokens.ts";

/** Keeps digits and one decimal point, at most `maxDecimals` after it (0: integers only). */
export function sanitizeAmountInput(raw: string, maxDecimals: number): string {
  let s = raw.replace(/,/g, ".").replace(/[^0-9.]/g, "");
  if (maxDecimals === 0) return s.replace(/\./g, "").replace(/^0+(?=\d)/, "");
  const dot = s.indexOf(".");
  if (dot >= 0) s = s.slice(0, dot + 1) + s.slice(dot + 1).replace(/\./g, "").slice(0, maxDecimals);
  if (s.startsWith(".")) s = "0" + s;
  return s.replace(/^0+(?=\d)/, "");
}

/** Safety margins: pay -> tokens rounds down, tokens -> pay rounds up. */
export const MARGINS = {
  nativeToTokens: 0.99,
  stableToTokens: 0.995,
  tokensToNative: 1.01,
  tokensToStable: 1.001,
  /** Max on native: pay cap = maxTokensToBuy x price x 1.01; with the x0.99 pay->tokens margin the resulting quantity
   * (x0.9999) stays within maxTokensToBuy. */
  maxNative: 1.01,
  /** Value sent with buyWithEth above ethBuyHelper(amount); the excess is refunded by the contract. */
  ethValue: 1.01,
  /** maxCost for stablecoin buys above usdXBuyHelper(amount). */
  stableMaxCost: 1.01,
} as const;

/** `unitPrice`: cost of one whole token in the pay currency. Returns whole tokens. */
export function payToTokens(pay: number, unitPrice: number, kind: PayKind): number {
  if (!(pay > 0) || !(unitPrice > 0)) return 0;
  const m = kind === "native" ? MARGINS.nativeToTokens : MARGINS.stableToTokens;
  return Math.floor((pay / unitPrice) * m);
}

export function tokensToPay(tokens: number, unitPrice: number, kind: PayKind, desCount: number): number {
  if (!(tokens > 0) || !(unitPrice > 0)) return 0;
  const m = kind === "native" ? MARGINS.tokensToNative : MARGINS.tokensToStable;
  const f = 10 ** desCount;
  return Math.ceil(tokens * unitPrice * m * f - 1e-9) / f;
}

/** bigint margin helper for on-chain values (basis 1e4). */
export function withMargin(value: bigint, margin: number): bigint {
  const bps = BigInt(Math.round(margin * 10_000));
  return (value * bps + 9_999n) / 10_000n;
}

export type MaxInput = {
  kind: PayKind;
  balance: number;
  gasFee: number;
  unitPrice: number;
  maxTokensToBuy: number;
  desCount: number;
  card: boolean;
};

/** Max: balance minus the gas reserve (native), capped by what maxTokensToBuy allows, floored to desCount. */
export function computeMax({ kind, balance, gasFee, unitPrice, maxTokensToBuy, desCount, card }: MaxInput): number {
  if (card) return 0;
  const spendable = kind === "native" ? balance - gasFee : balance;
  if (!(spendable > 0)) return 0;
  const cap = maxTokensToBuy > 0 && unitPrice > 0 ? maxTokensToBuy * unitPrice * (kind === "native" ? MARGINS.maxNative : 1) : Infinity;
  return floorTo(Math.min(spendable, cap), desCount);
}

export type BuyCheckInput = {
  kind: PayKind;
  pay: number;
  tokens: number;
  minToken: number;
  maxTokensToBuy: number;
  nativeBalance: number;
  tokenBalance: number;
  gasFee: number;
  card: boolean;
};

export type BuyMessage = "min_crypto" | "swap_error" | "low_gas_fees" | "low_usdt";
export type BuyCheck = { messages: BuyMessage[]; lowBalance: boolean; belowMin: boolean; exceedsMax: boolean; disabled: boolean };

export function checkBuy(i: BuyCheckInput): BuyCheck {
  const messages: BuyMessage[] = [];
  const empty = !(i.pay > 0);
  const belowMin = i.tokens < i.minToken;
  const exceedsMax = i.maxTokensToBuy > 0 && i.tokens > i.maxTokensToBuy;
  let lowBalance = false;
  if (!empty && !i.card) {
    if (i.kind === "native") {
      if (i.nativeBalance - i.gasFee < i.pay) {
        lowBalance = true;
        messages.push(i.nativeBalance >= i.pay ? "low_gas_fees" : "swap_error");
      }
    } else {
      if (i.tokenBalance < i.pay) {
        lowBalance = true;
        messages.push("low_usdt");
      }
      if (i.nativeBalance < i.gasFee) {
        lowBalance = true;
        messages.push("low_gas_fees");
      }
    }
  }
  if (!empty && belowMin) messages.unshift("min_crypto");
  return { messages, lowBalance, belowMin, exceedsMax, disabled: empty || (lowBalance && !i.card) || belowMin };
}
