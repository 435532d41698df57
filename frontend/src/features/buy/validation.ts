// Validation rules of PRODUCT.md §5 on exact amounts (bigint base units, whole tokens as bigint).
import { applyBps, MARGIN_BPS } from "./amounts.ts";
import type { PayKind } from "../../presale/index.ts";

export type OrderCheckInput = {
  kind: PayKind;
  /** Whole tokens of the order (null: no valid amount). */
  tokens: bigint | null;
  /** The contract's quote for them, in the payment's base units (null: not quoted yet). */
  cost: bigint | null;
  /** The typed pay amount in base units when the pay field is the source (null otherwise): what the buyer commits. */
  pay?: bigint | null;
  /** The typed pay amount buys more than the maximum per purchase (quote.ts). */
  aboveMax?: boolean;
  minToken: bigint;
  maxTokensToBuy: bigint;
  /** Balances in base units: native (wei) and the chosen stablecoin. */
  nativeBalance: bigint;
  tokenBalance: bigint;
  gasReserve: bigint;
  card: boolean;
};

type BuyMessage = "min_crypto" | "swap_error" | "low_gas_fees" | "low_usdt";
export type BuyCheck = {
  messages: BuyMessage[];
  lowBalance: boolean;
  belowMin: boolean;
  /** Above the maximum per purchase and within the balance: the maximum-exceeded popup opens (PRODUCT.md §8). */
  exceedsMax: boolean;
  disabled: boolean;
};

/**
 * PRODUCT.md §5 on exact amounts, whichever field the buyer typed in. The amount committed is the larger of the typed
 * pay amount and what the quote sends (native: the quote plus the value margin, refunded); it must fit the balance
 * (native: less the gas reserve) before anything else is said. Within the balance, more than the maximum per
 * purchase is `exceedsMax`. Buy is disabled in both cases: nothing is ever cut to fit.
 */
export function checkOrder(i: OrderCheckInput): BuyCheck {
  const messages: BuyMessage[] = [];
  const tokens = i.tokens ?? 0n;
  const pay = i.pay ?? 0n;
  const overMax = !!i.aboveMax || (i.maxTokensToBuy > 0n && tokens > i.maxTokensToBuy);
  const empty = tokens <= 0n && !overMax;
  const belowMin = !overMax && tokens < i.minToken;
  let lowBalance = false;
  if (!i.card && (pay > 0n || (!empty && i.cost !== null))) {
    const quoted = i.cost ?? 0n;
    if (i.kind === "native") {
      const value = applyBps(quoted, MARGIN_BPS.ethValue, "up");
      const need = pay > value ? pay : value;
      if (i.nativeBalance - i.gasReserve < need) {
        lowBalance = true;
        messages.push(i.nativeBalance >= need ? "low_gas_fees" : "swap_error");
      }
    } else {
      const need = pay > quoted ? pay : quoted;
      if (i.tokenBalance < need) {
        lowBalance = true;
        messages.push("low_usdt");
      }
      if (i.nativeBalance < i.gasReserve) {
        lowBalance = true;
        messages.push("low_gas_fees");
      }
    }
  }
  if (!empty && belowMin) messages.unshift("min_crypto");
  const exceedsMax = overMax && !lowBalance;
  const unquoted = !i.card && i.cost === null;
  return {
    messages,
    lowBalance,
    belowMin,
    exceedsMax,
    disabled: empty || unquoted || lowBalance || overMax || belowMin,
  };
}
