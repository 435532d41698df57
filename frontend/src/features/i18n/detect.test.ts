import { describe, expect, it } from "vitest";
import {
  canonicalFor,
  detectLanguage,
  langFromBrowserTag,
  langFromPath,
  localizePath,
  readSavedLang,
  saveLang,
  stripLang,
} from "./detect.ts";
import { LANGUAGES } from "./languages.ts";

describe("language detection (PRODUCT.md §2)", () => {
  it("the languages, with value, native name and flag", () => {
    expect(LANGUAGES.map((l) => l.value)).toEqual(["en", "zh-hans", "zh-hant", "ru", "es"]);
    for (const l of LANGUAGES) expect(l.nativeName && l.flag).toBeTruthy();
  });
  it("takes the first URL segment when supported", () => {
    expect(detectLanguage({ pathname: "/ru", browserLanguages: ["es-ES"] })).toBe("ru");
    expect(detectLanguage({ pathname: "/zh-hant/staking", browserLanguages: [] })).toBe("zh-hant");
  });
  it("else the browser language when supported, else en", () => {
    expect(detectLanguage({ pathname: "/", browserLanguages: ["de-DE", "es-MX"] })).toBe("es");
    expect(detectLanguage({ pathname: "/staking", browserLanguages: ["zh-CN"] })).toBe("zh-hans");
    expect(detectLanguage({ pathname: "/", browserLanguages: ["zh-TW"] })).toBe("zh-hant");
    expect(detectLanguage({ pathname: "/", browserLanguages: ["de", "fr"] })).toBe("en");
    expect(detectLanguage({ pathname: "/xx", browserLanguages: [] })).toBe("en");
  });
  it("a saved choice beats the browser at the root", () => {
    expect(detectLanguage({ pathname: "/", browserLanguages: ["ru-RU"], saved: "en" })).toBe("en");
    expect(detectLanguage({ pathname: "/es", browserLanguages: ["ru-RU"], saved: "en" })).toBe("es");
  });
  it("maps browser tags", () => {
    expect(langFromBrowserTag("zh-Hant-HK")).toBe("zh-hant");
    expect(langFromBrowserTag("zh-Hans-SG")).toBe("zh-hans");
    expect(langFromBrowserTag("ru")).toBe("ru");
    expect(langFromBrowserTag(undefined)).toBeUndefined();
  });
});

describe("language in the URL", () => {
  it("replaces the first segment; English lives at the root", () => {
    expect(localizePath("/", "ru")).toBe("/ru");
    expect(localizePath("/ru/staking", "es")).toBe("/es/staking");
    expect(localizePath("/zh-hans", "en")).toBe("/");
    expect(localizePath("/staking", "zh-hant")).toBe("/zh-hant/staking");
    expect(stripLang("/es/staking")).toBe("/staking");
    expect(langFromPath("/en")).toBe("en");
  });
  it("canonical link is the root, or root plus language", () => {
    expect(canonicalFor("https://x.io/", "en")).toBe("https://x.io/");
    expect(canonicalFor("https://x.io", "ru")).toBe("https://x.io/ru");
  });
  it("saves the choice under both keys lang and currentlang", () => {
    const m = new Map<string, string>();
    const storage = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
    saveLang(storage, "es");
    expect(Object.fromEntries(m)).toEqual({ lang: "es", currentlang: "es" });
    expect(readSavedLang(storage)).toBe("es");
  });
});
