// The staking page's hero: eyebrow, title and description (PRODUCT.md §2 "Staking page"). A module of its own, loaded
// with the app rather than with the staking chunk, so the route shows it while that chunk loads. The first-paint
// shell of index.html (build/shell.ts), this fallback and the page draw the same element in the same place: the
// page's largest text is painted once, with the first frame, and never moves.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export function StakingHero({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="staking-hero">
      <span className="eyebrow">{t("staking.eyebrow")}</span>
      <h1 data-testid="staking-title">{t("staking.title")}</h1>
      <p className="muted staking-desc" data-testid="staking-description">
        {t("staking.description")}
      </p>
      {children}
    </header>
  );
}

/** What the staking route shows while the page's chunk loads. */
export function StakingPageLoading() {
  return (
    <section className="staking container">
      <StakingHero />
    </section>
  );
}
