// Where tokens bought on Ethereum go (PRODUCT.md §1 "One ladder on two chains"): the order's "on Base to <address>" line, and for a contract
// account the Base address field with its confirmation. State: useRecipient.ts.
import { useTranslation } from "react-i18next";
import { env } from "../../config/env.ts";
import { needsTypedRecipient } from "../../presale/index.ts";
import type { RecipientState } from "./useRecipient.ts";

export function RecipientField({ r }: { r: RecipientState }) {
  const { t } = useTranslation();
  if (!r.kind)
    return (
      <p className="muted small" data-testid="recipient-checking">
        {t("recipient.checking")}
      </p>
    );
  return (
    <div className="recipient" data-testid="recipient" data-kind={r.kind}>
      {needsTypedRecipient(r.kind) && (
        <>
          <p className="muted small" data-testid="recipient-contract-notice">
            {t("recipient.contract_notice")}
          </p>
          <label className="field">
            <span className="field-label">{t("recipient.label")}</span>
            <span className="field-input">
              <input
                value={r.typed}
                placeholder="0x…"
                spellCheck={false}
                autoComplete="off"
                data-testid="recipient-input"
                aria-invalid={r.issue ? true : undefined}
                onChange={(e) => r.type(e.target.value)}
              />
            </span>
          </label>
          {r.issue && (
            <p className="warn" data-testid={`recipient-issue-${r.issue}`}>
              {t(`recipient.${r.issue}`)}
            </p>
          )}
          <label className="check small">
            <input
              type="checkbox"
              checked={r.confirmed}
              disabled={!r.typed.trim() || !!r.issue}
              onChange={(e) => r.confirm(e.target.checked)}
              data-testid="recipient-confirm"
            />{" "}
            {t("recipient.confirm")}
          </label>
        </>
      )}
      {r.recipient && (
        <p className="small" data-testid="order-recipient">
          {t("recipient.on_base_to", { address: r.recipient })}
        </p>
      )}
      {r.repointed > 0 && (
        <p className="warn" data-testid="recipient-repoint">
          {t("recipient.repoint", { n: r.repointed.toLocaleString("en-US"), token: env.tokenName })}
        </p>
      )}
    </div>
  );
}
