export const LANGUAGES = [
  { value: "en", nativeName: "English", flag: "gb" },
  { value: "zh-hans", nativeName: "简体中文", flag: "cn" },
  { value: "zh-hant", nativeName: "繁體中文", flag: "hk" },
  { value: "ru", nativeName: "Русский", flag: "ru" },
  { value: "es", nativeName: "Español", flag: "es" },
] as const;

export type Lang = (typeof LANGUAGES)[number]["value"];
export const DEFAULT_LANG: Lang = "en";
export const LANG_CODES: readonly Lang[] = LANGUAGES.map((l) => l.value);

export function isLang(value: string | undefined | null): value is Lang {
  return !!value && (LANG_CODES as readonly string[]).includes(value);
}

/** BCP 47 tag for the document's lang attribute. */
export const HTML_LANG: Record<Lang, string> = {
  en: "en",
  "zh-hans": "zh-Hans",
  "zh-hant": "zh-Hant",
  ru: "ru",
  es: "es",
};
