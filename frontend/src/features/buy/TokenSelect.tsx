// Variant B payment-method dropdown: tabs All / BASE / ETH; zero-balance tokens dimmed and not selectable.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatBalance, formatUsd } from "../../shared/format.ts";
import { ChevronDown, TokenIcon } from "../../shared/icons.tsx";
import { focusInitial, onMenuKeyDown } from "../../shared/menuKeys.ts";
import type { PayToken } from "../../presale/index.ts";

/** `usd`: null when no quote prices it (both sales closed). */
export type TokenRow = { token: PayToken; balance: number; usd: number | null };

export function TokenSelect({
  rows,
  value,
  onSelect,
}: {
  rows: TokenRow[];
  value: PayToken;
  onSelect: (t: PayToken) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<"ALL" | "BASE" | "ETH">("ALL");
  const shown = rows.filter((r) => tab === "ALL" || r.token.category === tab);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) focusInitial(menu.current, OPTION);
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div className="token-select" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && close()}>
      <button
        ref={trigger}
        className="token-select-btn"
        onClick={() => setOpen((o) => !o)}
        data-testid="payment-method"
        aria-expanded={open}
        aria-haspopup="listbox"
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <TokenIcon icon={value.icon} size={22} />
        <span>{value.symbol}</span>
        <small className="muted">{value.chain === "base" ? "Base" : "Ethereum"}</small>
        <ChevronDown />
      </button>
      {open && (
        <div
          ref={menu}
          className="token-menu"
          data-testid="payment-menu"
          onKeyDown={(e) => onMenuKeyDown(e, OPTION, close, trigger.current)}
        >
          <div className="tabs tabs-sm" role="tablist">
            {(["ALL", "BASE", "ETH"] as const).map((k) => (
              <button
                key={k}
                role="tab"
                aria-selected={tab === k}
                className={tab === k ? "active" : ""}
                onClick={() => setTab(k)}
                data-testid={`payment-tab-${k.toLowerCase()}`}
              >
                {k === "ALL" ? t("swap.all") : k}
              </button>
            ))}
          </div>
          <ul role="listbox" aria-label={t("swap.payment_method")}>
            {shown.map(({ token, balance, usd }) => {
              const disabled = !(balance > 0);
              return (
                <li key={token.id} role="presentation">
                  <button
                    role="option"
                    aria-selected={token.id === value.id}
                    aria-disabled={disabled || undefined}
                    className={`token-row${disabled ? " dimmed" : ""}${token.id === value.id ? " selected" : ""}`}
                    disabled={disabled}
                    onClick={() => {
                      onSelect(token);
                      close();
                      trigger.current?.focus();
                    }}
                    data-testid={`payment-option-${token.id}`}
                  >
                    <TokenIcon icon={token.icon} size={28} />
                    <span className="token-row-name">
                      <strong>{token.symbol}</strong>
                      <small className="muted">
                        {token.name} · {token.chain === "base" ? "Base" : "Ethereum"}
                      </small>
                    </span>
                    <span className="token-row-bal">
                      <strong>{formatBalance(balance)}</strong>
                      {usd !== null && <small className="muted">≈ {formatUsd(usd)}</small>}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

const OPTION = "[role=option]";
