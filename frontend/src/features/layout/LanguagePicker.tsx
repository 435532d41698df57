import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDown, Flag } from "../../shared/icons.tsx";
import { focusInitial, onMenuKeyDown } from "../../shared/menuKeys.ts";
import { LANGUAGES, useChangeLanguage, useCurrentLang } from "../i18n/index.ts";

const OPTION = "[role=option]";

export function LanguagePicker({ testId = "language-picker", onChange }: { testId?: string; onChange?: () => void }) {
  const { t } = useTranslation();
  const lang = useCurrentLang();
  const change = useChangeLanguage();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const cur = LANGUAGES.find((l) => l.value === lang)!;
  useEffect(() => {
    if (open) focusInitial(list.current, OPTION);
  }, [open]);
  return (
    <div className="lang" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}>
      <button
        ref={trigger}
        className="lang-btn"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-label={`${t("header.language")}: ${cur.value.toUpperCase()}`}
        data-testid={testId}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Flag code={cur.flag} /> <span>{cur.value.toUpperCase()}</span> <ChevronDown />
      </button>
      {open && (
        <ul
          ref={list}
          className="lang-menu"
          role="listbox"
          aria-label={t("header.language")}
          onKeyDown={(e) => onMenuKeyDown(e, OPTION, () => setOpen(false), trigger.current)}
        >
          {LANGUAGES.map((l) => (
            <li key={l.value} role="presentation">
              <button
                role="option"
                aria-selected={l.value === lang}
                className={l.value === lang ? "active" : ""}
                onClick={() => {
                  setOpen(false);
                  trigger.current?.focus();
                  change(l.value);
                  onChange?.();
                }}
                data-testid={`${testId}-${l.value}`}
              >
                <Flag code={l.flag} /> {l.nativeName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
