// Public surface of the i18n feature (PRODUCT.md §2 "Language handling"): the languages, detection and URL
// helpers, and the hooks that keep the document in step. (i18next itself is a start-up step of app/boot.tsx.)
export { HTML_LANG, isLang, LANG_CODES, LANGUAGES } from "./languages.ts";
export { detectLanguage, langFromPath, localizePath, readSavedLang, stripLang } from "./detect.ts";
export { useChangeLanguage, useCurrentLang, useLanguageSync } from "./useLanguageSync.ts";
