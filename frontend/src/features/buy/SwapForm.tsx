// The swap form, both variants: "dropdown" (variant B, payment-method dropdown) and "tabs" (variant A, modal tabs
// native / stablecoin). Status views replace the entry form while a purchase runs.
import { useEffect, useRef, useState, type ClipboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { TIMINGS } from "../../config/constants.ts";
import { env } from "../../config/env.ts";
import { formatBalance, formatNumber } from "../../shared/format.ts";
import { useDebounced } from "../../shared/hooks.ts";
import { TokenIcon } from "../../shared/icons.tsx";
import { openPopup } from "../../shared/popup.ts";
import { CardBaseNotice, startCardPurchase } from "../card/index.ts";
import { useCurrentLang } from "../i18n/useLanguageSync.ts";
import { useWallet } from "../wallet/walletState.ts";
import { useEnsureChain } from "../wallet/useEnsureChain.ts";
import { setBuyMode, setPayToken, useBuyUi } from "./buyUi.ts";
import { StatusView } from "./StatusView.tsx";
import { useSwapState } from "./swapMachine.ts";
import { inputDecimals, nativeOf, PAY_TOKENS, stableOf, tokenById, type PayToken } from "./tokens.ts";
import { TokenSelect, type TokenRow } from "./TokenSelect.tsx";
import { useBuyAction } from "./useBuyAction.ts";
import type { PresaleView } from "./usePresale.ts";
import { checkBuy, computeMax, payToTokens, sanitizeAmountInput, tokensToPay } from "./validation.ts";

const noPaste = (e: ClipboardEvent) => e.preventDefault();
/** The staking-era variant (buy-and-stake modal) limits the pay amount to two decimals (spec section 5). */
const STAKING_VARIANT_DECIMALS = 2;

export function unitPrice(data: PresaleView, tk: PayToken): number {
  const c = data[tk.chain];
  if (!c) return tk.kind === "native" ? 0 : data.price;
  return tk.kind === "native" ? c.nativePerToken : tk.kind === "usdt" ? c.usdtPerToken || data.price : c.usdcPerToken || data.price;
}

export function tokenRows(data: PresaleView): TokenRow[] {
  return PAY_TOKENS.map((token) => {
    const u = data[token.chain]?.user;
    const balance = !u ? 0 : token.kind === "native" ? u.nativeBal : token.kind === "usdt" ? u.usdtBal : u.usdcBal;
    const np = data[token.chain]?.nativePerToken ?? 0;
    const usd = token.kind === "native" ? (np > 0 ? (balance / np) * data.price : 0) : balance;
    return { token, balance, usd };
  });
}

type Props = { data: PresaleView; variant: "dropdown" | "tabs"; inModal: boolean; stakeOnly?: boolean; onDone?: () => void };

export function SwapForm({ data, variant, inModal, stakeOnly, onDone }: Props) {
  const { t } = useTranslation();
  const lang = useCurrentLang();
  const swap = useSwapState();
  const { mode, tokenId } = useBuyUi();
  const { address, chainId } = useWallet();
  const { ensure } = useEnsureChain();
  const buy = useBuyAction(data);
  const card = mode === "card" && !stakeOnly;

  // Variant A keeps its own chain: the one the wallet is on (Base for buy-and-stake).
  const modalChain = stakeOnly || chainId === env.base.chainIdInt ? "base" : "eth";
  const [tabKind, setTabKind] = useState<"native" | "stable">("native");
  const token = variant === "tabs" ? (tabKind === "native" ? nativeOf(modalChain) : stableOf(modalChain)) : tokenById(tokenId);
  const rows = tokenRows(data);
  const row = rows.find((r) => r.token.id === token.id)!;
  const block = env[token.chain];
  const nativeBal = data[token.chain]?.user?.nativeBal ?? 0;
  const price = unitPrice(data, token);
  const maxTokens = data[token.chain]?.maxTokensToBuy ?? 0;

  const [pay, setPay] = useState("");
  const [tokens, setTokens] = useState("");
  const edited = useRef<"pay" | "tokens">("pay");
  const dPay = useDebounced(pay, TIMINGS.debounceMs);
  const dTokens = useDebounced(tokens, TIMINGS.debounceMs);
  useEffect(() => {
    if (edited.current === "pay" && !card) setTokens(dPay ? String(payToTokens(Number(dPay), price, token.kind)) : "");
  }, [dPay, price, token.kind, card]);
  useEffect(() => {
    if (edited.current === "tokens" && !card) setPay(dTokens ? String(tokensToPay(Number(dTokens), price, token.kind, token.desCount)) : "");
  }, [dTokens, price, token.kind, token.desCount, card]);

  const fillMax = () => {
    edited.current = "pay";
    const m = computeMax({ kind: token.kind, balance: row.balance, gasFee: block.gasFees, unitPrice: price, maxTokensToBuy: maxTokens, desCount: token.desCount, card });
    setPay(m > 0 ? String(m) : "0");
  };
  const select = async (next: PayToken) => {
    if (next.chain === "base" && token.chain === "eth") {
      const ok = await openPopup({ icon: "question", title: t("popup.are_you_sure"), description: t("popup.change_swap_text", { apy: data.apy }), confirmLabel: t("popup.buy_with_mode", { mode: next.symbol }), denyLabel: t("common.cancel"), testId: "popup-change-mode" });
      if (!ok) return;
    }
    setPayToken(next.id);
    setPay("");
    setTokens("");
    if (chainId !== env[next.chain].chainIdInt) await ensure(env[next.chain], false);
    setTimeout(() => { edited.current = "pay"; setPay(String(computeMax({ kind: next.kind, balance: rows.find((r) => r.token.id === next.id)!.balance, gasFee: env[next.chain].gasFees, unitPrice: unitPrice(data, next), maxTokensToBuy: data[next.chain]?.maxTokensToBuy ?? 0, desCount: next.desCount, card: false }) || "")); }, TIMINGS.maxAutofillMs);
  };
  const toggleMode = async () => {
    if (card) {
      const ok = await openPopup({ icon: "question", title: t("popup.are_you_sure"), description: t("popup.leave_card"), confirmLabel: t("common.confirm"), denyLabel: t("common.cancel"), testId: "popup-leave-card" });
      if (!ok) return;
      setBuyMode("crypto");
    } else setBuyMode("card");
    setPay("");
    setTokens("");
  };

  if (swap.status !== "not_started") return <StatusView s={swap} inModal={inModal} onDone={onDone} onContinueCard={() => address && void startCardPurchase({ address, tokens: swap.tokens ?? 0, stake: !!swap.stake, lang })} />;

  const payN = Number(pay) || 0;
  const tokN = Math.floor(Number(tokens) || 0);
  const check = checkBuy({ kind: token.kind, pay: card ? tokN : payN, tokens: tokN, minToken: env.minToken, maxTokensToBuy: maxTokens, nativeBalance: nativeBal, tokenBalance: row.balance, gasFee: block.gasFees, card });
  const onBase = token.chain === "base";
  const other = onBase ? env.eth : env.base;

  const submit = async (stake: boolean) => {
    if (card) {
      if (!(await ensure(env.base))) return;
      if (check.exceedsMax) return void openPopup({ icon: "warning", title: t("popup.max_title"), description: t("popup.max_token_exceed", { maxTokensToBuy: maxTokens.toLocaleString("en-US") }), confirmLabel: t("common.ok"), testId: "popup-max-tokens" });
      if (address) await startCardPurchase({ address, tokens: tokN, stake, lang });
      return;
    }
    await buy(token, tokN, payN, stake);
  };

  return (
    <div className="swap-form" data-testid="swap-form" data-variant={variant}>
      {variant === "tabs" && !card && (
        <div className="tabs" role="tablist" data-testid="swap-tabs">
          <button role="tab" aria-selected={tabKind === "native"} className={tabKind === "native" ? "active" : ""} onClick={() => setTabKind("native")} data-testid="swap-tab-native">{nativeOf(modalChain).symbol}</button>
          {<button role="tab" aria-selected={tabKind === "stable"} className={tabKind === "stable" ? "active" : ""} onClick={() => setTabKind("stable")} data-testid="swap-tab-stable">{stableOf(modalChain).symbol}</button>}
        </div>
      )}
      {variant === "dropdown" && !card && <TokenSelect rows={rows} value={token} onSelect={(n) => void select(n)} />}
      {swap.mountError && <p className="warn" data-testid="card-mount-error">{t("card.unavailable")}</p>}
      {!card && (
        <label className="field">
          <span className="field-label">
            {t("swap.you_pay", { token: token.symbol })}
            <span className="muted small" data-testid="pay-balance">{t("swap.balance")}: {formatBalance(row.balance)}</span>
          </span>
          <span className="field-input">
            <input inputMode="decimal" placeholder="0" value={pay} onPaste={noPaste} data-testid="pay-amount"
              onChange={(e) => { edited.current = "pay"; setPay(sanitizeAmountInput(e.target.value, stakeOnly ? STAKING_VARIANT_DECIMALS : inputDecimals(token))); }} />
            <button className="chip" onClick={fillMax} data-testid="pay-max">{t("swap.max")}</button>
            <TokenIcon symbol={token.symbol} size={24} />
          </span>
        </label>
      )}
      <label className="field">
        <span className="field-label">{t("swap.you_receive", { token: env.tokenName })}</span>
        <span className="field-input">
          <input inputMode="numeric" placeholder="0" value={tokens} onPaste={noPaste} data-testid="token-amount"
            onChange={(e) => { edited.current = "tokens"; setTokens(sanitizeAmountInput(e.target.value, 0)); }} />
          <TokenIcon symbol="SHAFT" size={24} />
        </span>
      </label>
      {card && <CardBaseNotice />}
      {card && tokN > 0 && <p className="muted small" data-testid="card-estimate">≈ ${formatNumber(tokN * data.price, 2)}</p>}
      <div className="messages" data-testid="swap-messages">
        {check.messages.map((m) => (
          <p key={m} className="warn" data-testid={`msg-${m}`}>{t(`swap.${m}`, { min: env.minToken, token: token.symbol, fee: block.gasFees, chain: block.chainName })}</p>
        ))}
      </div>
      <div className="swap-actions">
        {!stakeOnly && (
          <button className={`btn btn-block ${token.kind === "native" || card ? "btn-native" : "btn-stable"}`} disabled={check.disabled} onClick={() => void submit(false)} data-testid="buy-now">
            {card ? t("swap.buy_with_card") : t("swap.buy_now")}
          </button>
        )}
        {(onBase || stakeOnly || card) && (
          <button className={`btn btn-block ${stakeOnly ? (token.kind === "native" ? "btn-native" : "btn-stable") : "btn-outline"}`} disabled={check.disabled} onClick={() => void submit(true)} data-testid="buy-and-stake">
            {t("swap.buy_and_stake", { apy: data.apy })}
          </button>
        )}
        {!inModal && !card && (
          <button className="btn btn-block btn-ghost" onClick={() => { const n = PAY_TOKENS.find((x) => x.chain === other.key && x.kind === token.kind) ?? nativeOf(other.key); void select(n); }} data-testid="switch-chain">
            {t("swap.switch_to", { chain: other.chainName })}
          </button>
        )}
      </div>
      {!stakeOnly && (
        <p className="center small">
          {!card && <>{t("swap.or")} <button className="link" onClick={() => void toggleMode()} data-testid="buy-with-card-link">{t("swap.buy_with_card")}</button></>}
          {card && <button className="link" onClick={() => void toggleMode()} data-testid="mode-toggle">{t("swap.buy_with_crypto")}</button>}
        </p>
      )}
    </div>
  );
}
