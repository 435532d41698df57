import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDown, Flag } from "../../shared/icons.tsx";
import { LANGUAGES } from "../i18n/languages.ts";
import { useChangeLanguage, useCurrentLang } from "../i18n/useLanguageSync.ts";

export function LanguagePicker({ testId = "language-picker", onChange }: { testId?: string; onChange?: () => void }) {
  const { t } = useTranslation();
  const lang = useCurrentLang();
  const change = useChangeLanguage();
  const [open, setOpen] = useState(false);
  const cur = LANGUAGES.find((l) => l.value === lang)!;
  return (
    <div className="lang" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}>
      <button className="lang-btn" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-label={t("header.language")} data-testid={testId}>
        <Flag code={cur.flag} /> <span>{cur.value.toUpperCase()}</span> <ChevronDown />
      </button>
      {open && (
        <ul className="lang-menu" role="listbox">
          {LANGUAGES.map((l) => (
            <li key={l.value}>
              <button role="option" aria-selected={l.value === lang} className={l.value === lang ? "active" : ""} onClick={() => { setOpen(false); change(l.value); onChange?.(); }} data-testid={`${testId}-${l.value}`}>
                <Flag code={l.flag} /> {l.nativeName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
