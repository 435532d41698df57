import { useTranslation } from "react-i18next";

export function HowToBuy() {
  const { t } = useTranslation();
  return (
    <section className="section container" id="how-to-buy" data-testid="how-to-buy">
      <h2 className="section-title">{t("howto.title")}</h2>
      <p className="section-sub muted">{t("howto.subtitle")}</p>
      <ol className="steps">
        {[0, 1, 2, 3].map((i) => (
          <li className="card step" key={i} data-testid={`how-to-buy-step-${i + 1}`}>
            <span className="step-num">{String(i + 1).padStart(2, "0")}</span>
            <h3>{t(`howto.step${i + 1}_title`)}</h3>
            <p className="muted">{t(`howto.step${i + 1}_text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
