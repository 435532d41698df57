// "My activity" (docs/PRODUCT.md §2): the connected wallet's purchases on both chains (as buyer and as recipient),
// each Ethereum purchase's way to Base (bought on Ethereum → sent to Base → claimable on Base, with the expected time
// from the measured relay cadence), its claims and staking, with amounts, times and explorer links. Everything comes
// from the indexer; when it cannot be reached the panel says so and the rest of the page is unaffected.
import "./activity.css";
import { useTranslation } from "react-i18next";
import { env } from "../../config/env.ts";
import { formatBalance, formatNumber, formatUsd, shortAddress } from "../../shared/format.ts";
import { useWallet } from "../../chain/index.ts";
import { STAGES, txUrl, type ActivityView, type ChainKey, type PurchaseView } from "./model.ts";
import { useActivity } from "./useActivity.ts";

function TxLink({ chain, hash, label, testId }: { chain: ChainKey; hash: string; label?: string; testId?: string }) {
  const url = txUrl(chain, hash);
  const text = label ?? `${hash.slice(0, 8)}…${hash.slice(-6)}`;
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" data-testid={testId} className="activity-tx">
      {text}
    </a>
  ) : (
    <span className="activity-tx" title={hash} data-testid={testId}>
      {text}
    </span>
  );
}

function useTimeFormat() {
  const { i18n } = useTranslation();
  const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const t = new Intl.DateTimeFormat(i18n.language, { timeStyle: "short" });
  return { at: (s: number) => f.format(new Date(s * 1000)), time: (s: number) => t.format(new Date(s * 1000)) };
}

function Journey({ p }: { p: PurchaseView }) {
  const { t } = useTranslation();
  const fmt = useTimeFormat();
  const reached = STAGES.indexOf(p.stage!);
  return (
    <div className="journey" data-testid="journey" data-stage={p.stage}>
      <ol>
        {STAGES.map((s, i) => (
          <li key={s} className={i < reached ? "done" : i === reached ? "current" : ""} data-testid={`journey-${s}`}>
            {t(`activity.stage.${s}`)}
          </li>
        ))}
      </ol>
      <p className="journey-detail">
        {p.relayTx && (
          <span>
            {t("activity.relay_tx")} <TxLink chain="eth" hash={p.relayTx} testId="journey-relay-tx" />
          </span>
        )}
        {p.creditTx && (
          <span>
            {t("activity.credit_tx")} <TxLink chain="base" hash={p.creditTx} testId="journey-credit-tx" />
          </span>
        )}
        {p.stage !== "onBase" && p.expectedAt !== null && (
          <span data-testid="journey-expected">{t("activity.expected", { time: fmt.time(p.expectedAt) })}</span>
        )}
      </p>
    </div>
  );
}

function PurchaseItem({ p }: { p: PurchaseView }) {
  const { t } = useTranslation();
  const fmt = useTimeFormat();
  return (
    <li className="activity-item" data-testid="activity-purchase" data-tx={p.txHash} data-chain={p.chain}>
      <div className="activity-line">
        <span className={`chain-badge chain-${p.chain}`}>
          {p.chain === "eth" ? env.eth.chainName : env.base.chainName}
        </span>
        <strong data-testid="activity-tokens">
          {formatNumber(p.tokens)} {env.tokenName}
        </strong>
        <span className="activity-muted">
          {t("activity.paid", { amount: formatBalance(p.paid), symbol: p.paySymbol, usd: formatUsd(p.usd) })}
        </span>
        <span className="activity-muted">{t("activity.rounds", { rounds: p.rounds })}</span>
        {p.staked && <span className="activity-tag">{t("activity.staked")}</span>}
        {p.card && <span className="activity-tag">{t("activity.card")}</span>}
      </div>
      <div className="activity-line activity-meta">
        <time dateTime={new Date(p.at * 1000).toISOString()}>{fmt.at(p.at)}</time>
        <TxLink chain={p.chain} hash={p.txHash} testId="activity-purchase-tx" />
        {p.forMe && <span className="activity-muted">{t("activity.for_you")}</span>}
        {p.goesTo && (
          <span className="activity-muted">{t("activity.goes_to", { address: shortAddress(p.goesTo) })}</span>
        )}
      </div>
      {p.stage && <Journey p={p} />}
    </li>
  );
}

function Events({ v }: { v: ActivityView }) {
  const { t } = useTranslation();
  const fmt = useTimeFormat();
  if (v.events.length === 0) return null;
  return (
    <>
      <h3 className="activity-subtitle">{t("activity.claims_and_staking")}</h3>
      <ul className="activity-list">
        {v.events.map((e) => (
          <li key={e.id} className="activity-item" data-testid="activity-event" data-kind={e.kind}>
            <div className="activity-line">
              <span className="chain-badge chain-base">{env.base.chainName}</span>
              <strong>{t(`activity.event.${e.kind}`)}</strong>
              <span>
                {formatNumber(e.amount, 4)} {env.tokenName}
              </span>
            </div>
            <div className="activity-line activity-meta">
              <time dateTime={new Date(e.at * 1000).toISOString()}>{fmt.at(e.at)}</time>
              <TxLink chain="base" hash={e.txHash} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function ActivityPanel() {
  const { t } = useTranslation();
  const { address, isConnected } = useWallet();
  const q = useActivity(isConnected ? address : undefined);
  if (!isConnected || !address) return null;
  const v = q.data;
  return (
    <section className="container activity" data-testid="activity-panel" aria-labelledby="activity-title">
      <div className="card activity-card">
        <h2 id="activity-title">{t("activity.title")}</h2>
        {q.isError && !v ? (
          <p className="activity-unavailable" role="status" data-testid="activity-unavailable">
            {t("activity.unavailable")}
          </p>
        ) : !v ? (
          <p className="activity-muted" data-testid="activity-loading">
            {t("activity.loading")}
          </p>
        ) : (
          <>
            {q.isError && (
              <p className="activity-unavailable" role="status" data-testid="activity-stale">
                {t("activity.stale")}
              </p>
            )}
            <p className="activity-summary" data-testid="activity-summary">
              <span data-testid="activity-on-base">
                {t("activity.on_base", { amount: formatNumber(v.onBase), token: env.tokenName })}
              </span>
              <span data-testid="activity-in-flight">
                {t("activity.in_flight", { amount: formatNumber(v.inFlight), token: env.tokenName })}
              </span>
            </p>
            {v.purchases.length === 0 ? (
              <p className="activity-muted" data-testid="activity-empty">
                {t("activity.empty")}
              </p>
            ) : (
              <ul className="activity-list">
                {v.purchases.map((p) => (
                  <PurchaseItem key={p.id} p={p} />
                ))}
              </ul>
            )}
            <Events v={v} />
          </>
        )}
      </div>
    </section>
  );
}
