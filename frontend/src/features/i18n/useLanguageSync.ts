// Keeps i18next, the URL's first segment, <html lang>, title, description, canonical and storage in step.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { env } from "../../config/env.ts";
import { canonicalFor, langFromPath, localizePath, saveLang, stripLang } from "./detect.ts";
import { DEFAULT_LANG, HTML_LANG, type Lang } from "./languages.ts";

export function applyDocumentLanguage(
  doc: Document,
  lang: Lang,
  title: string,
  description: string,
  domain: string,
  page = "/",
) {
  doc.documentElement.lang = HTML_LANG[lang];
  doc.title = title;
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = doc.createElement("meta");
    meta.name = "description";
    doc.head.appendChild(meta);
  }
  meta.content = description;
  let link = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = doc.createElement("link");
    link.rel = "canonical";
    doc.head.appendChild(link);
  }
  link.href = canonicalFor(domain, lang, page);
}

export function useCurrentLang(): Lang {
  const { pathname } = useLocation();
  return langFromPath(pathname) ?? DEFAULT_LANG;
}

export function useLanguageSync() {
  const lang = useCurrentLang();
  const { pathname } = useLocation();
  // Each route has its own title, description and canonical address.
  const page = stripLang(pathname) === "/staking" ? "/staking" : "/";
  const { i18n, t } = useTranslation();
  useEffect(() => {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [i18n, lang]);
  useEffect(() => {
    if (!i18n.hasResourceBundle(lang, "translation")) return;
    const meta = page === "/staking" ? "meta.staking" : "meta";
    applyDocumentLanguage(document, lang, t(`${meta}.title`), t(`${meta}.description`), env.domain, page);
    saveLang(window.localStorage, lang);
  }, [lang, page, t, i18n, i18n.language]);
}

/** Navigates to the same page in another language. */
export function useChangeLanguage() {
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  return (lang: Lang) => {
    saveLang(window.localStorage, lang);
    void navigate(localizePath(pathname, lang) + hash);
  };
}
