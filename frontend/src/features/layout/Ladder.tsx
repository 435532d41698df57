import { memo } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, formatPrice, formatUsd } from "../../shared/format.ts";
import { useMediaQuery } from "../../shared/hooks.ts";
import { env } from "../../config/env.ts";
import { cumulativeUsdCaps, roundShares, type ChainShare, type PresaleView } from "../../presale/index.ts";
import { LadderChart } from "./LadderChart.tsx";

export const Ladder = memo(function Ladder({ data }: { data: PresaleView }) {
  const { t } = useTranslation();
  const usdCaps = cumulativeUsdCaps(data.rounds);
  const compact = useMediaQuery("(max-width: 560px)");
  return (
    <section className="section container" id="shaft-ladder" data-testid="shaft-ladder">
      <h2 className="section-title">{t("ladder.title")}</h2>
      <p className="section-sub muted">{t("ladder.subtitle")}</p>
      <div className="ladder-grid">
        <div className="card chart-card">
          <div className="chart-head">
            <span className="muted small">{t("ladder.y_axis")}</span>
            <span className="legend">
              <i className="dot current" />
              {t("ladder.current")}
            </span>
          </div>
          <LadderChart
            rounds={data.rounds}
            current={data.currentStep}
            stageLabel={(n) => `${n}`}
            title={t("ladder.title")}
            compact={compact}
            millions={t("ladder.millions")}
          />
        </div>
        {/* The table scrolls sideways on narrow screens: focusable, so a keyboard can scroll it (axe). */}
        <div className="card table-card" tabIndex={0} role="region" aria-label={t("ladder.title")}>
          <table className="stage-table" data-testid="stage-table">
            <thead>
              <tr>
                <th>{t("ladder.round")}</th>
                <th>{t("ladder.price")}</th>
                <th>{t("ladder.range")}</th>
                <th>{t("ladder.usd_cap")}</th>
                <th>{env.eth.chainName}</th>
                <th>{env.base.chainName}</th>
              </tr>
            </thead>
            <tbody>
              {data.rounds.map((r, i) => (
                <tr key={i} className={i === data.currentStep ? "current" : ""} data-testid={`stage-row-${i + 1}`}>
                  <td>{i + 1}</td>
                  <td>{formatPrice(r.price)}</td>
                  <td>
                    {formatNumber((data.rounds[i - 1]?.cap ?? 0) / 1e6, 1)}
                    {t("ladder.millions")} – {formatNumber(r.cap / 1e6, 1)}
                    {t("ladder.millions")}
                  </td>
                  <td>{formatUsd(usdCaps[i] ?? 0)}</td>
                  <ShareCell share={roundShares(data.eth, data.base, i)?.eth} testId={`stage-eth-${i + 1}`} />
                  <ShareCell share={roundShares(data.eth, data.base, i)?.base} testId={`stage-base-${i + 1}`} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
});

/** A chain's share of a round (each chain sells its own share): sold of quota, in millions; a dash until read. */
function ShareCell({ share, testId }: { share: ChainShare | undefined; testId: string }) {
  const { t } = useTranslation();
  return (
    <td data-testid={testId}>
      {share
        ? t("ladder.share", { used: formatNumber(share.used / 1e6, 2), quota: formatNumber(share.quota / 1e6, 2) })
        : "–"}
    </td>
  );
}
