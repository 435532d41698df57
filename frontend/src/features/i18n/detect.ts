// Language detection and the language part of routing (PRODUCT.md §2 "Language handling").
import { DEFAULT_LANG, isLang, type Lang } from "./languages.ts";

export const STORAGE_KEYS = ["lang", "currentlang"] as const;
/** Chinese browser tags written in traditional characters (zh-Hant, zh-TW, zh-HK, zh-MO); other zh tags: simplified. */
export const TRADITIONAL_CHINESE = /hant|tw|hk|mo/;

/** First path segment when it is a supported language code. */
export function langFromPath(pathname: string): Lang | undefined {
  const first = pathname.split("/").filter(Boolean)[0]?.toLowerCase();
  return isLang(first) ? first : undefined;
}

/** Maps a browser tag (zh-CN, zh-TW, es-419, ru-RU...) to a supported code. */
export function langFromBrowserTag(tag: string | undefined): Lang | undefined {
  if (!tag) return undefined;
  const t = tag.toLowerCase();
  if (t.startsWith("zh")) {
    return TRADITIONAL_CHINESE.test(t) ? "zh-hant" : "zh-hans";
  }
  const primary = t.split("-")[0];
  return isLang(primary) ? primary : undefined;
}

export type DetectInput = { pathname: string; browserLanguages: readonly string[]; saved?: string | null };

/**
 * URL segment first; then the visitor's own earlier choice (so choosing English on a Russian browser sticks);
 * then the browser language; else English.
 */
export function detectLanguage({ pathname, browserLanguages, saved }: DetectInput): Lang {
  const fromPath = langFromPath(pathname);
  if (fromPath) return fromPath;
  if (isLang(saved)) return saved;
  for (const tag of browserLanguages) {
    const l = langFromBrowserTag(tag);
    if (l) return l;
  }
  return DEFAULT_LANG;
}

/** Path without its language segment, always starting with "/". */
export function stripLang(pathname: string): string {
  const parts = pathname.split("/").filter(Boolean);
  if (isLang(parts[0]?.toLowerCase())) parts.shift();
  return "/" + parts.join("/");
}

/** Replaces the first URL segment: English lives at the root, the others under /{lang}. */
export function localizePath(pathname: string, lang: Lang): string {
  const rest = stripLang(pathname);
  if (lang === DEFAULT_LANG) return rest;
  return rest === "/" ? `/${lang}` : `/${lang}${rest}`;
}

/** Canonical link: the site root, or root plus language for non-English. */
/** The canonical address of a page (`/` or `/staking`) in a language. */
export function canonicalFor(domain: string, lang: Lang, page = "/"): string {
  const root = domain.replace(/\/$/, "");
  const tail = page === "/" ? "" : page;
  return lang === DEFAULT_LANG ? `${root}${tail || "/"}` : `${root}/${lang}${tail}`;
}

export function readSavedLang(storage: Pick<Storage, "getItem"> | undefined): string | null {
  if (!storage) return null;
  for (const k of STORAGE_KEYS) {
    const v = storage.getItem(k);
    if (v) return v;
  }
  return null;
}

export function saveLang(storage: Pick<Storage, "setItem"> | undefined, lang: Lang): void {
  if (!storage) return;
  for (const k of STORAGE_KEYS) storage.setItem(k, lang);
}
