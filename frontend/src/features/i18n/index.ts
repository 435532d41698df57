// Public surface of the i18n feature (PRODUCT.md §2 "Language handling"): the five languages, detection and URL
// helpers, the hooks that keep the document in step, and i18next itself, loaded as a start-up step of its own.
export { DEFAULT_LANG, HTML_LANG, isLang, LANG_CODES, LANGUAGES, type Lang } from "./languages.ts";
export { detectLanguage, langFromPath, localizePath, readSavedLang, stripLang } from "./detect.ts";
export { useChangeLanguage, useCurrentLang, useLanguageSync } from "./useLanguageSync.ts";

/** i18next with the visitor's translation file (a start-up step of its own: app/boot.tsx). */
export const loadI18n = () => import("./i18n.ts");
