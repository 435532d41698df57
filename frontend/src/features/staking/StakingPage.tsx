// PLACEHOLDER: issue 5 replaces this page (keep the default export). It shows the route works and offers the
// buy-and-stake entry (swap form variant A in a modal, native, non-card).
import { useTranslation } from "react-i18next";
import { openSwapModal } from "../buy/buyUi.ts";
import { usePresale } from "../buy/usePresale.ts";
import { formatBalance } from "../../shared/format.ts";

export default function StakingPage() {
  const { t } = useTranslation();
  const data = usePresale();
  return (
    <section className="section container staking-placeholder" data-testid="staking-page">
      <h1 className="section-title">{t("staking.title")}</h1>
      <p className="muted">{t("staking.description")}</p>
      <div className="stake-cards">
        <div className="card"><span className="muted small">{t("staking.apy")}</span><strong className="big">{data.apy}%</strong></div>
        <div className="card"><span className="muted small">{t("staking.total_staked")}</span><strong className="big">{formatBalance(data.base?.staking?.totalStaked ?? 0)}</strong></div>
        <div className="card">
          <span className="muted small">{t("widget.stakeable")}</span>
          <strong className="big">{formatBalance(data.stakeable)}</strong>
          <button className="btn btn-primary" onClick={() => openSwapModal(true)} data-testid="staking-buy-and-stake">{t("swap.buy_and_stake", { apy: data.apy })}</button>
        </div>
      </div>
    </section>
  );
}
