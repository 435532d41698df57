// The order of the swap form: the two amount fields (swapAmounts.ts), the contract's quote for whatever the buyer
// typed (debounced, re-read when the presale data refreshes), and the automatic Max after a token choice.
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from "react";
import { TIMINGS } from "../../config/constants.ts";
import { env } from "../../config/env.ts";
import { useDebounced } from "../../shared/hooks.ts";
import { classifyError } from "../../chain/index.ts";
import { maxPay, parsePayField, parseTokenField, toUnits, unitsToTextFloor } from "./amounts.ts";
import { quoteBudget, quoteTokens, type Quote } from "./quote.ts";
import { amountsReducer, currentQuote, INITIAL_AMOUNTS, orderTokens } from "./swapAmounts.ts";
import { loadPresaleReads, type ChainData, type PayToken } from "../../presale/index.ts";

/** Balance of `token` in base units from the chain data. */
export function balanceUnits(c: ChainData | undefined, token: PayToken): bigint {
  return c?.user?.balances[token.kind] ?? 0n;
}

/** Max for `token`: balance less the gas reserve (native), capped by the largest allowed purchase, floored to
 * `places` decimals (the token's allowed decimals, or fewer where the field takes fewer). */
export function maxFor(c: ChainData | undefined, token: PayToken, places = token.maxDecimals): string {
  const units = maxPay({
    kind: token.kind,
    balance: balanceUnits(c, token),
    gasReserve: toUnits(String(env[token.chain].gasFees), "native"),
    costPer1000: c?.quotePer1000[token.kind] ?? 0n,
    maxTokens: BigInt(c?.maxTokensToBuy ?? 0),
  });
  return units > 0n ? unitsToTextFloor(units, token.kind, places) : "";
}

export function useOrder(token: PayToken, chainData: ChainData | undefined, payDecimals: number, enabled: boolean) {
  const [s, dispatch] = useReducer(amountsReducer, INITIAL_AMOUNTS);
  /** The contract refused to quote the current input (e.g. SoldOut past the last round): its error name. */
  const [refusal, setRefusal] = useState<{ seq: number; revert: string } | null>(null);
  const seqRef = useRef(s.seq);
  useLayoutEffect(() => {
    seqRef.current = s.seq;
  }, [s.seq]);
  // The pending automatic Max: any input or reset drops it synchronously, before the timer could fire.
  const pendingFill = useRef<{ timer: ReturnType<typeof setTimeout> } | null>(null);
  const cancelFill = () => {
    if (pendingFill.current) clearTimeout(pendingFill.current.timer);
    pendingFill.current = null;
  };
  useEffect(() => cancelFill, []);

  const debouncedSeq = useDebounced(s.seq, TIMINGS.debounceMs);
  const refreshedAt = chainData?.updatedAt ?? 0;
  const costPer1000 = chainData?.quotePer1000[token.kind] ?? 0n;
  const maxTokens = BigInt(chainData?.maxTokensToBuy ?? 0);

  // The quote for what the buyer typed, once they pause; again when the presale data refreshes.
  useEffect(() => {
    if (!enabled || debouncedSeq !== s.seq || s.source === null) return;
    const seq = s.seq;
    const block = env[token.chain];
    const tokens = s.source === "tokens" ? parseTokenField(s.tokens).amount : null;
    const pay = s.source === "pay" ? parsePayField(s.pay, payDecimals, token.kind).units : null;
    if ((s.source === "tokens" && !tokens) || (s.source === "pay" && !pay)) return;
    let live = true;
    void (async () => {
      try {
        const { readQuote } = await loadPresaleReads();
        const read = (n: bigint) => readQuote(block, token.kind, n);
        const q: Quote = tokens
          ? await quoteTokens(read, tokens)
          : await quoteBudget(read, pay!, token.kind, costPer1000, maxTokens);
        if (live) {
          setRefusal(null);
          dispatch({ type: "quoted", seq, quote: q, kind: token.kind });
        }
      } catch (err) {
        // No quote: the form stays without one (Buy disabled) and says why when the contract refused it.
        const f = classifyError(err);
        const revert = f.kind === "reverted" ? f.revert : undefined;
        if (live) setRefusal(revert ? { seq, revert } : null);
      }
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- every input change bumps s.seq; the rest is read as is
  }, [debouncedSeq, s.seq, refreshedAt, enabled, token.id]);

  const typePay = useCallback((text: string) => {
    cancelFill();
    dispatch({ type: "typePay", text });
  }, []);
  const typeTokens = useCallback((text: string) => {
    cancelFill();
    dispatch({ type: "typeTokens", text });
  }, []);
  const settleTokens = useCallback(() => dispatch({ type: "settleTokens" }), []);
  const reset = useCallback(() => {
    cancelFill();
    dispatch({ type: "reset" });
  }, []);
  /** A token choice: the fields empty, and Max fills the pay field a moment later unless the buyer typed meanwhile. */
  const resetAndScheduleMax = useCallback((compute: () => string) => {
    cancelFill();
    dispatch({ type: "reset" });
    const at = seqRef.current + 1; // the seq of the reset just dispatched (seqRef follows renders)
    seqRef.current = at;
    const fill = {
      timer: setTimeout(() => {
        if (pendingFill.current !== fill) return; // an input came in between
        pendingFill.current = null;
        const pay = compute();
        if (pay) dispatch({ type: "autoFill", seq: at, pay });
      }, TIMINGS.maxAutofillMs),
    };
    pendingFill.current = fill;
  }, []);
  const requote = useCallback(() => {
    cancelFill();
    dispatch({ type: "requote" });
  }, []);

  return {
    state: s,
    quote: currentQuote(s),
    refusal: refusal && refusal.seq === s.seq ? refusal.revert : null,
    tokens: orderTokens(s),
    typePay,
    typeTokens,
    settleTokens,
    reset,
    resetAndScheduleMax,
    requote,
  };
}
