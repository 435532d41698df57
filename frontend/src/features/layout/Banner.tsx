import { useTranslation } from "react-i18next";
import { env } from "../../config/env.ts";
import type { PresaleView } from "../../presale/index.ts";
import { bannerEyebrow } from "./bannerEyebrow.ts";
import { Socials } from "./Socials.tsx";

export function Banner({ data }: { data: Pick<PresaleView, "eth" | "base"> }) {
  const { t } = useTranslation();
  const eyebrow = bannerEyebrow(data);
  return (
    <div className="banner" data-testid="banner">
      <span className="eyebrow" data-testid="banner-eyebrow" data-state={eyebrow}>
        {t(eyebrow === "live" ? "banner.eyebrow" : `banner.eyebrow_${eyebrow}`)}
      </span>
      <h1 className="banner-title" data-testid="banner-title">
        {t("banner.title")}
      </h1>
      <p className="banner-donation" data-testid="banner-donation">
        {t("banner.donation")}
      </p>
      <p className="banner-desc">{t("banner.description")}</p>
      <div className="banner-actions">
        <a className="btn btn-outline" href={env.docsUrl} target="_blank" rel="noreferrer" data-testid="whitepaper">
          {t("banner.whitepaper")}
        </a>
      </div>
      <Socials testId="banner-socials" />
      <ul className="banner-facts">
        <li>
          <strong>2</strong>
          <span>{t("banner.fact_chains")}</span>
        </li>
        <li>
          <strong>10</strong>
          <span>{t("banner.fact_stages")}</span>
        </li>
        <li>
          <strong>80M</strong>
          <span>{t("banner.fact_supply", { token: env.tokenName })}</span>
        </li>
      </ul>
    </div>
  );
}
