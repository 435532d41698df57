// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { translationUrl } from "./i18n.ts";
import { applyDocumentLanguage } from "./useLanguageSync.ts";

describe("document language", () => {
  it("sets <html lang>, title, description and canonical link", () => {
    applyDocumentLanguage(document, "zh-hant", "標題", "描述", "https://shaft.example");
    expect(document.documentElement.lang).toBe("zh-Hant");
    expect(document.title).toBe("標題");
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).toBe("描述");
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe("https://shaft.example/zh-hant");
    applyDocumentLanguage(document, "en", "Title", "Desc", "https://shaft.example");
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe("https://shaft.example/");
    expect(document.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  });
  it("fetches translations from assets/i18n/{lang}.json", () => {
    expect(translationUrl("ru", "/")).toBe("/assets/i18n/ru.json");
    expect(translationUrl("es", "/app/")).toBe("/app/assets/i18n/es.json");
  });
});
