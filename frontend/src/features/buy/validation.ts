// Validation rules of PRODUCT.md §5 on exact amounts (bigint base units, whole tokens as bigint).
import { applyBps, MARGIN_BPS } from "./amounts.ts";
import type { PayKind } from "../../presale/index.ts";

export type OrderCheckInput = {
  kind: PayKind;
  /** Whole tokens of the order (null: no valid amount). */
  tokens: bigint | null;
  /** The contract's quote for them, in the payment's base units (null: not quoted yet). */
  cost: bigint | null;
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
  exceedsMax: boolean;
  disabled: boolean;
};

/** Balance, gas and minimum rules on exact amounts: native pays the quote plus the value margin (refunded). */
export function checkOrder(i: OrderCheckInput): BuyCheck {
  const messages: BuyMessage[] = [];
  const tokens = i.tokens ?? 0n;
  const empty = tokens <= 0n;
  const belowMin = tokens < i.minToken;
  const exceedsMax = i.maxTokensToBuy > 0n && tokens > i.maxTokensToBuy;
  let lowBalance = false;
  if (!empty && !i.card && i.cost !== null) {
    if (i.kind === "native") {
      const value = applyBps(i.cost, MARGIN_BPS.ethValue, "up");
      if (i.nativeBalance - i.gasReserve < value) {
        lowBalance = true;
        messages.push(i.nativeBalance >= value ? "low_gas_fees" : "swap_error");
      }
    } else {
      if (i.tokenBalance < i.cost) {
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
  const unquoted = !i.card && i.cost === null;
  return {
    messages,
    lowBalance,
    belowMin,
    exceedsMax,
    disabled: empty || unquoted || (lowBalance && !i.card) || belowMin,
  };
}
