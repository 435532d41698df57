// The swap form, both variants: "dropdown" (variant B, payment-method dropdown) and "tabs" (variant A, modal tabs
// native / stablecoin). Status views replace the entry form while a purchase runs. Amounts stay decimal strings and
// bigint base units from the fields to the transaction (amounts.ts); the cost shown is the contract's quote.
import { useEffect, useRef, useState } from "react";
import { noPaste } from "../../shared/inputFilters.ts";
import { useTranslation } from "react-i18next";
import { env } from "../../config/env.ts";
import { formatBalance, formatDecimal, formatUsd, formatPrice } from "../../shared/format.ts";
import { SALE_TOKEN_ICON, TokenIcon } from "../../shared/icons.tsx";
import { openPopup } from "../../shared/popup.ts";
import { CardBaseNotice, startCardPurchase } from "../card/index.ts";
import { useCurrentLang } from "../i18n/index.ts";
import { useWallet, revertMessageKey } from "../../chain/index.ts";
import { useEnsureChain } from "../wallet/index.ts";
import {
  applyBps,
  MARGIN_BPS,
  parsePayField,
  parseTokenField,
  settleTokenText,
  toUnits,
  unitsToText,
} from "./amounts.ts";
import { setBuyMode, setPayToken, useBuyUi } from "./buyUi.ts";
import {
  roundNotice,
  saleBlock,
  nativeOf,
  PAY_TOKENS,
  payRow,
  stableOf,
  tokenById,
  type PayToken,
  type PresaleView,
} from "../../presale/index.ts";
import { StatusFrame, StatusView } from "./StatusView.tsx";
import { tokenRows, usdEstimate } from "./swapDisplay.ts";
import { useSwapState } from "./swapMachine.ts";
import { TokenSelect } from "./TokenSelect.tsx";
import { useBuyAction } from "./useBuyAction.ts";
import { RecipientField } from "./RecipientField.tsx";
import { useRecipient } from "./useRecipient.ts";
import { balanceUnits, maxFor, useOrder } from "./useOrder.ts";
import { checkOrder } from "./validation.ts";
import { MaxExceeded } from "./MaxExceeded.tsx";
import { preferredFocus, useFocusRescue } from "../../shared/focusRescue.ts";

/** The staking-era variant (buy-and-stake modal) limits the pay amount to two decimals (PRODUCT.md §5). */
const STAKING_VARIANT_DECIMALS = 2;

type Props = {
  data: PresaleView;
  variant: "dropdown" | "tabs";
  inModal: boolean;
  stakeOnly?: boolean;
  onDone?: () => void;
};

export function SwapForm({ data, variant, inModal, stakeOnly, onDone }: Props) {
  const { t } = useTranslation();
  const lang = useCurrentLang();
  const swap = useSwapState();
  const { mode, tokenId } = useBuyUi();
  const { address, chainId } = useWallet();
  const { ensure } = useEnsureChain();
  // On the staking page (buy-and-stake modal) the staking page's toast rules apply.
  const buy = useBuyAction(data);
  const card = mode === "card" && !stakeOnly;

  // Variant A keeps its own chain: the one the wallet is on (Base for buy-and-stake).
  const modalChain = stakeOnly || chainId === env.base.chainIdInt ? "base" : "eth";
  const [tabKind, setTabKind] = useState<"native" | "stable">("native");
  const token =
    variant === "tabs" ? (tabKind === "native" ? nativeOf(modalChain) : stableOf(modalChain)) : tokenById(tokenId);
  const rows = tokenRows(data);
  const row = rows.find((r) => r.token.id === token.id)!;
  const block = env[token.chain];
  const chainData = data[token.chain];
  const payDecimals = stakeOnly ? STAKING_VARIANT_DECIMALS : payRow(token.kind).inputDecimals;
  const order = useOrder(token, chainData, payDecimals, !card);
  const { state: amounts, quote } = order;
  const [requoted, setRequoted] = useState(false);
  const closedReason = saleBlock(chainData);
  const notice = card ? null : roundNotice(token.chain, chainData, data[token.chain === "eth" ? "base" : "eth"]);
  // Ethereum purchases name the Base address that will own the tokens (PRODUCT.md §1 "One ladder on two chains").
  const namesRecipient = token.chain === "eth" && !card;
  const recipient = useRecipient(namesRecipient && !!address, data);
  // Each status view replaces the control that had focus (Buy, then each view, then "Buy more" or "Start again"):
  // focus goes to the new view's heading, or back to the form's first field.
  const root = useRef<HTMLDivElement>(null);
  useFocusRescue(swap.status, () => preferredFocus(root.current));

  // A token change that is not the buyer's choice here (the wallet moved chains, a tab): a typed token quantity stays
  // and is quoted in the new token; a pay amount (in the old token) is cleared. A choice in the dropdown empties the
  // fields itself and schedules Max. Card mode has only the token quantity, which no token change touches.
  const chosen = useRef<string | null>(null);
  const [quotedToken, setQuotedToken] = useState(token.id);
  if (quotedToken !== token.id) {
    setQuotedToken(token.id); // a new token's quote is not a re-quote (state adjusted while rendering)
    setRequoted(false);
  }
  useEffect(() => {
    if (chosen.current !== token.id && !card) {
      if (amounts.source === "tokens") order.requote();
      else order.reset();
    }
    chosen.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a token change only, with the fields as they are then
  }, [token.id]);

  const select = async (next: PayToken) => {
    if (next.chain === "base" && token.chain === "eth") {
      const ok = await openPopup({
        icon: "question",
        title: t("popup.are_you_sure"),
        description: t("popup.change_swap_text", { apy: data.apy }),
        confirmLabel: t("popup.buy_with_mode", { mode: next.symbol }),
        denyLabel: t("common.cancel"),
        testId: "popup-change-mode",
      });
      if (!ok) return;
    }
    const prevId = token.id;
    chosen.current = next.id;
    setPayToken(next.id);
    order.resetAndScheduleMax(() => maxFor(data[next.chain], next));
    if (chainId !== env[next.chain].chainIdInt && !(await ensure(env[next.chain], false))) {
      // The wallet stayed where it was: back to a token of its chain, no Max pending.
      order.reset();
      const walletChain = chainId === env.base.chainIdInt ? "base" : chainId === env.eth.chainIdInt ? "eth" : undefined;
      setPayToken(walletChain ? (tokenById(prevId).chain === walletChain ? prevId : nativeOf(walletChain).id) : prevId);
    }
  };
  const toggleMode = async () => {
    if (card) {
      const ok = await openPopup({
        icon: "question",
        title: t("popup.are_you_sure"),
        description: t("popup.leave_card"),
        confirmLabel: t("common.confirm"),
        denyLabel: t("common.cancel"),
        testId: "popup-leave-card",
      });
      if (!ok) return;
      setBuyMode("crypto");
    } else setBuyMode("card");
    order.reset();
  };

  if (swap.status !== "not_started")
    return (
      <div ref={root} className="swap-root">
        <StatusFrame>
          <StatusView
            s={swap}
            inModal={inModal}
            onDone={onDone}
            onContinueCard={() =>
              address &&
              void startCardPurchase({ address, tokens: Number(swap.tokens ?? 0), stake: !!swap.stake, lang })
            }
          />
        </StatusFrame>
      </div>
    );

  const tokenField = parseTokenField(amounts.tokens);
  const payField = parsePayField(amounts.pay, payDecimals, token.kind);
  const orderTokens = card ? tokenField.amount : order.tokens;
  const maxTokens = BigInt(chainData?.maxTokensToBuy ?? 0);
  const gasReserve = toUnits(String(block.gasFees), "native");
  const check = checkOrder({
    kind: token.kind,
    tokens: orderTokens,
    cost: quote?.cost ?? null,
    pay: !card && amounts.source === "pay" ? payField.units : null,
    aboveMax: !card && !!quote?.aboveMax,
    minToken: BigInt(env.minToken),
    maxTokensToBuy: maxTokens,
    nativeBalance: balanceUnits(chainData, { ...token, kind: "native" }),
    tokenBalance: balanceUnits(chainData, token),
    gasReserve,
    card,
  });
  // Whether the amount is known to be above the maximum: at once for card (no quote), else once the contract answered.
  const settled = card || quote !== null || order.refusal !== null;
  const inputIssue = tokenField.issue === "not_digits" || payField.issue === "not_number";
  const noRecipient = namesRecipient && !recipient.recipient;
  const disabled = check.disabled || inputIssue || closedReason !== null;
  const onBase = token.chain === "base";
  const other = onBase ? env.eth : env.base;

  const submit = async (stake: boolean) => {
    if (card) {
      if (!(await ensure(env.base))) return;
      if (address && orderTokens) await startCardPurchase({ address, tokens: Number(orderTokens), stake, lang });
      return;
    }
    if (!quote || !orderTokens) return;
    if (namesRecipient && !recipient.recipient) return;
    const res = await buy(token, orderTokens, quote.cost, stake, namesRecipient ? recipient.recipient : undefined);
    if (res === "requote") {
      setRequoted(true);
      order.requote();
    }
  };

  const costText = quote && quote.tokens > 0n ? formatDecimal(unitsToText(quote.cost, token.kind)) : null;
  const sendText =
    quote && quote.tokens > 0n
      ? formatDecimal(
          unitsToText(
            applyBps(quote.cost, token.kind === "native" ? MARGIN_BPS.ethValue : MARGIN_BPS.stableMaxCost, "up"),
            token.kind,
          ),
        )
      : null;

  return (
    <div ref={root} className="swap-root">
      <div className="swap-form" data-testid="swap-form" data-variant={variant}>
        {variant === "tabs" && !card && (
          <div className="tabs" role="tablist" data-testid="swap-tabs">
            <button
              role="tab"
              aria-selected={tabKind === "native"}
              className={tabKind === "native" ? "active" : ""}
              onClick={() => setTabKind("native")}
              data-testid="swap-tab-native"
            >
              {nativeOf(modalChain).symbol}
            </button>
            {
              <button
                role="tab"
                aria-selected={tabKind === "stable"}
                className={tabKind === "stable" ? "active" : ""}
                onClick={() => setTabKind("stable")}
                data-testid="swap-tab-stable"
              >
                {stableOf(modalChain).symbol}
              </button>
            }
          </div>
        )}
        {variant === "dropdown" && !card && <TokenSelect rows={rows} value={token} onSelect={(n) => void select(n)} />}
        {swap.mountError && (
          <p className="warn" data-testid="card-mount-error">
            {t("card.unavailable")}
          </p>
        )}
        {closedReason && (
          <p className="warn" role="status" data-testid={`sale-${closedReason}`}>
            {t(`sale.${closedReason}`, { chain: block.chainName })}
          </p>
        )}
        {notice && (
          <p className="notice small" role="status" data-testid="round-notice">
            {t("swap.round_notice", {
              chain: env[notice.chain].chainName,
              sold: notice.soldRound,
              round: notice.round,
              price: formatPrice(notice.price),
              other: env[notice.other].chainName,
              otherRound: notice.otherRound,
              otherPrice: formatPrice(notice.otherPrice),
            })}
          </p>
        )}
        {!card && (
          <label className="field">
            <span className="field-label">
              {t("swap.you_pay", { token: token.symbol })}
              <span className="muted small" data-testid="pay-balance">
                {t("swap.balance")}: {formatBalance(row.balance)}
              </span>
            </span>
            <span className="field-input">
              <input
                inputMode="decimal"
                placeholder="0"
                value={amounts.pay}
                onPaste={noPaste}
                data-testid="pay-amount"
                aria-invalid={payField.issue ? true : undefined}
                onChange={(e) => {
                  const f = parsePayField(e.target.value, payDecimals, token.kind);
                  order.typePay(f.issue ? e.target.value : f.text);
                }}
              />
              <button
                className="chip"
                onClick={() => order.typePay(maxFor(chainData, token, Math.min(token.maxDecimals, payDecimals)))}
                data-testid="pay-max"
              >
                {t("swap.max")}
              </button>
              <TokenIcon icon={token.icon} size={24} />
            </span>
          </label>
        )}
        <label className="field">
          <span className="field-label">{t("swap.you_receive", { token: env.tokenName })}</span>
          <span className="field-input">
            <input
              inputMode="numeric"
              placeholder="0"
              value={amounts.tokens}
              data-testid="token-amount"
              aria-invalid={tokenField.issue === "not_digits" ? true : undefined}
              onPaste={(e) => {
                e.preventDefault();
                order.typeTokens(settleTokenText(e.clipboardData.getData("text")));
              }}
              onBlur={order.settleTokens}
              onChange={(e) => order.typeTokens(e.target.value)}
            />
            <TokenIcon icon={SALE_TOKEN_ICON} size={24} />
          </span>
        </label>
        {card && <CardBaseNotice />}
        {namesRecipient && address && <RecipientField r={recipient} />}
        {card && orderTokens ? (
          <p className="muted small" data-testid="card-estimate">
            ≈ {formatUsd(usdEstimate(orderTokens, data.price))}
          </p>
        ) : null}
        {!card && costText && (
          <p className="muted small" data-testid="quote-line">
            {t("swap.cost", { amount: costText, token: token.symbol })}{" "}
            <span data-testid="quote-cost" hidden>
              {unitsToText(quote!.cost, token.kind)}
            </span>
            {sendText && (
              <>
                {" "}
                ·{" "}
                <span data-testid="quote-cover">
                  {t(token.kind === "native" ? "swap.sent_with_refund" : "swap.max_cost", {
                    amount: sendText,
                    token: token.symbol,
                  })}
                </span>
              </>
            )}
          </p>
        )}
        <div className="messages" data-testid="swap-messages" aria-live="polite">
          {tokenField.issue && (
            <p className="warn" data-testid={`msg-token_${tokenField.issue}`}>
              {t(`swap.token_${tokenField.issue}`, { n: tokenField.amount?.toString() ?? "0" })}
            </p>
          )}
          {payField.issue && (
            <p className="warn" data-testid="msg-pay_not_number">
              {t("swap.pay_not_number")}
            </p>
          )}
          {requoted && (
            <p className="warn" data-testid="msg-requoted">
              {t("swap.requoted")}
            </p>
          )}
          {!card && order.refusal && (
            <p className="warn" data-testid={`msg-quote-${order.refusal}`}>
              {t(revertMessageKey(order.refusal))}
            </p>
          )}
          <MaxExceeded exceeds={check.exceedsMax && settled} seq={amounts.seq} max={maxTokens} />
          {check.messages.map((m) => (
            <p key={m} className="warn" data-testid={`msg-${m}`}>
              {t(`swap.${m}`, { min: env.minToken, token: token.symbol, fee: block.gasFees, chain: block.chainName })}
            </p>
          ))}
        </div>
        <div className="swap-actions">
          {!stakeOnly && (
            <button
              className={`btn btn-block ${token.kind === "native" || card ? "btn-native" : "btn-stable"}`}
              disabled={disabled || noRecipient}
              onClick={() => void submit(false)}
              data-testid="buy-now"
            >
              {card ? t("swap.buy_with_card") : t("swap.buy_now")}
            </button>
          )}
          {(onBase || stakeOnly || card) && (
            <button
              className={`btn btn-block ${stakeOnly ? (token.kind === "native" ? "btn-native" : "btn-stable") : "btn-outline"}`}
              disabled={disabled}
              onClick={() => void submit(true)}
              data-testid="buy-and-stake"
            >
              {t("swap.buy_and_stake", { apy: data.apy })}
            </button>
          )}
          {!inModal && !card && (
            <button
              className="btn btn-block btn-ghost"
              onClick={() => {
                const n = PAY_TOKENS.find((x) => x.chain === other.key && x.kind === token.kind) ?? nativeOf(other.key);
                void select(n);
              }}
              data-testid="switch-chain"
            >
              {t("swap.switch_to", { chain: other.chainName })}
            </button>
          )}
        </div>
        {!stakeOnly && (
          <p className="center small">
            {!card && (
              <>
                {t("swap.or")}{" "}
                <button className="link" onClick={() => void toggleMode()} data-testid="buy-with-card-link">
                  {t("swap.buy_with_card")}
                </button>
              </>
            )}
            {card && (
              <button className="link" onClick={() => void toggleMode()} data-testid="mode-toggle">
                {t("swap.buy_with_crypto")}
              </button>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
