// The two amount fields of the swap form as a pure reducer. The field the buyer typed in last is the source; the
// other one is derived from the contract's quote. Every input bumps `seq`: a quote or an automatic fill computed for
// an older `seq` is dropped, so nothing automatic ever overwrites what the buyer typed or is typing.
import { computedPayText, parseTokenField, settleTokenText } from "./amounts.ts";
import type { Quote } from "./quote.ts";
import type { PayKind } from "../../presale/index.ts";

type AmountSource = "pay" | "tokens";
export type AmountState = {
  pay: string;
  tokens: string;
  source: AmountSource | null;
  /** Number of buyer inputs so far (and resets): the version every asynchronous result must match. */
  seq: number;
  /** The contract's quote for the current input, once it arrived (null while pending or for no amount). */
  quote: (Quote & { seq: number }) | null;
};

export type AmountEvent =
  | { type: "typePay"; text: string }
  | { type: "typeTokens"; text: string }
  /** The buyer leaves the token field, or pastes into it: a decimal is cut to its integer part. */
  | { type: "settleTokens" }
  /** Automatic Max after a token choice: applies only to untouched fields, and only if no input came since. */
  | { type: "autoFill"; seq: number; pay: string }
  | { type: "quoted"; seq: number; quote: Quote; kind: PayKind }
  /** The typed token quantity is quoted again (another token, or the quote rose): the derived pay field empties. */
  | { type: "requote" }
  | { type: "reset" };

export const INITIAL_AMOUNTS: AmountState = { pay: "", tokens: "", source: null, seq: 0, quote: null };

export function amountsReducer(s: AmountState, e: AmountEvent): AmountState {
  switch (e.type) {
    case "typePay":
      return { ...s, pay: e.text, source: "pay", seq: s.seq + 1, quote: null, tokens: e.text === "" ? "" : s.tokens };
    case "typeTokens":
      return { ...s, tokens: e.text, source: "tokens", seq: s.seq + 1, quote: null, pay: e.text === "" ? "" : s.pay };
    case "settleTokens": {
      const text = settleTokenText(s.tokens);
      return text === s.tokens ? s : { ...s, tokens: text };
    }
    case "autoFill":
      if (e.seq !== s.seq || s.pay !== "" || s.tokens !== "") return s;
      return { ...s, pay: e.pay, source: "pay", seq: s.seq + 1, quote: null };
    case "quoted":
      if (e.seq !== s.seq || s.source === null) return s;
      return s.source === "pay"
        ? { ...s, tokens: e.quote.tokens > 0n ? e.quote.tokens.toString() : "", quote: { ...e.quote, seq: e.seq } }
        : {
            ...s,
            pay: e.quote.tokens > 0n ? computedPayText(e.quote.cost, e.kind) : "",
            quote: { ...e.quote, seq: e.seq },
          };
    case "requote":
      return s.source === "tokens" ? { ...s, pay: "", seq: s.seq + 1, quote: null } : s;
    case "reset":
      return { ...INITIAL_AMOUNTS, seq: s.seq + 1 };
  }
}

/** Whole tokens of the order as it stands: the typed quantity, or the quote's for a typed pay amount. */
export function orderTokens(s: AmountState): bigint | null {
  if (s.source === "tokens") return parseTokenField(s.tokens).amount;
  return s.quote && s.quote.seq === s.seq ? s.quote.tokens : null;
}

/** The quote that matches the fields exactly as shown (null while a newer input awaits its quote). */
export const currentQuote = (s: AmountState) => (s.quote && s.quote.seq === s.seq ? s.quote : null);
