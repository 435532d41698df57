import { useTranslation } from "react-i18next";
import { Logo } from "./Logo.tsx";
import { NAV_EXTERNAL } from "./links.ts";
import { Socials } from "./Socials.tsx";

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer" data-testid="footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <Logo />
          <p className="muted small">{t("footer.tagline")}</p>
        </div>
        <Socials testId="footer-socials" />
        <div className="footer-links">
          <a href={NAV_EXTERNAL.terms} target="_blank" rel="noreferrer" data-testid="footer-terms">
            {t("footer.terms")}
          </a>
          <a href={NAV_EXTERNAL.contact} target="_blank" rel="noreferrer" data-testid="footer-contact">
            {t("nav.contact")}
          </a>
        </div>
      </div>
      <div className="container footer-legal small muted">
        <p>{t("footer.disclaimer")}</p>
        <p>
          © {new Date().getFullYear()} SHAFT. {t("footer.rights")}
        </p>
      </div>
    </footer>
  );
}
