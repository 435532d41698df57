// i18next with a tiny fetch backend: translations are GET assets/i18n/{lang}.json at run time.
import i18next, { type BackendModule, type ReadCallback, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANG, LANG_CODES, type Lang } from "./languages.ts";

export function translationUrl(lang: string, base = import.meta.env.BASE_URL ?? "/"): string {
  return `${base.replace(/\/$/, "")}/assets/i18n/${lang}.json`;
}

const fetchBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, _ns: string, callback: ReadCallback) {
    const pre = (globalThis as { __i18nPreload?: { lang: string; data: Promise<unknown> } }).__i18nPreload;
    if (pre && pre.lang === language) {
      (globalThis as { __i18nPreload?: unknown }).__i18nPreload = undefined;
      void pre.data.then((data) => (data ? callback(null, data as ResourceKey) : fetchInto(language, callback)));
      return;
    }
    fetchInto(language, callback);
  },
};

/** The same GET the preload in index.html makes, used whenever the preload does not apply. */
function fetchInto(language: string, callback: ReadCallback) {
  fetch(translationUrl(language), { method: "GET" })
    .then((r) =>
      r.ok ? (r.json() as Promise<ResourceKey>) : Promise.reject(new Error(`i18n ${language}: HTTP ${r.status}`)),
    )
    .then((data) => callback(null, data))
    .catch((err: Error) => callback(err, false));
}

export function initI18n(lang: Lang) {
  return i18next
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: DEFAULT_LANG,
      supportedLngs: [...LANG_CODES],
      lowerCaseLng: true,
      load: "currentOnly",
      ns: ["translation"],
      defaultNS: "translation",
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
}
