// @vitest-environment jsdom
import path from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { detectLanguage } from "../src/features/i18n/detect.ts";
import { LANG_CODES } from "../src/features/i18n/languages.ts";
import { preloadScript, shellHtml, shellTexts } from "./shell.ts";

const dir = path.resolve(import.meta.dirname, "../public/assets/i18n");

describe("first-paint shell", () => {
  it("takes the hero texts of every language from the translation files", () => {
    const t = shellTexts(dir);
    expect(Object.keys(t)).toEqual(["en", "zh-hans", "zh-hant", "ru", "es"]);
    for (const l of Object.values(t))
      for (const k of Object.keys(l) as (keyof typeof l)[]) expect(l[k], k).toBeTruthy();
    expect(Object.keys(t.en).sort()).toEqual([
      "buy",
      "description",
      "donation",
      "eyebrow",
      "staking_description",
      "staking_eyebrow",
      "staking_title",
      "title",
    ]);
  });
  it("renders English markup, escapes text, and mentions the staking routes", () => {
    const html = shellHtml({
      en: {
        eyebrow: "a",
        title: "<b>x</b>",
        donation: "d",
        description: "e",
        buy: "Buy",
        staking_eyebrow: "f",
        staking_title: "g",
        staking_description: "h",
      },
    });
    expect(html).toContain('id="shell" aria-hidden="true" style="visibility:hidden"');
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).toContain("staking");
  });
  /** The shell as the browser gets it at `pathname`, with its inline script run. */
  const page = (pathname: string, lang: string) => {
    window.history.replaceState(null, "", pathname);
    const html = shellHtml(shellTexts(dir));
    document.body.innerHTML = html.slice(0, html.indexOf("<script>"));
    const preload = { lang, data: Promise.resolve(null) };
    runInNewContext(html.slice(html.indexOf("<script>") + 8, html.lastIndexOf("</script>")), {
      window: { __i18nPreload: preload },
      document,
      location: window.location,
      setTimeout,
    });
    return document;
  };
  it("switches the texts to the visitor's language before the app loads", () => {
    const doc = page("/ru", "ru");
    expect(doc.querySelector("[data-shell=title]")?.textContent).toBe(shellTexts(dir).ru.title);
    expect(doc.documentElement.lang).toBe("ru");
    expect(doc.getElementById("shell")?.style.visibility).toBe(""); // revealed only now, translated
  });
  it("shows the hero once its web fonts are in, or after a second without them", () => {
    vi.useFakeTimers();
    try {
      const hero = page("/", "en").querySelector<HTMLElement>("#shell .hero")!;
      expect(hero.style.visibility).toBe("hidden"); // jsdom has no document.fonts: only the time limit shows it
      vi.advanceTimersByTime(999);
      expect(hero.style.visibility).toBe("hidden");
      vi.advanceTimersByTime(1);
      expect(hero.style.visibility).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });
  it("asks for the hero's fonts with the hero's own text (the right unicode-range subset)", async () => {
    const pending: (() => void)[] = [];
    const load = vi.fn(() => new Promise<void>((r) => pending.push(r)));
    Object.defineProperty(document, "fonts", { value: { load }, configurable: true });
    try {
      const hero = page("/ru/staking", "ru").querySelector<HTMLElement>("#shell [data-shell-page=staking]")!;
      expect(load).toHaveBeenCalledWith('400 18px "Inter Variable"', hero.textContent);
      expect(hero.style.visibility).toBe("hidden");
      pending[0]();
      await Promise.resolve();
      expect(hero.style.visibility).toBe("hidden"); // one face in, the other not yet
      pending[1]();
      await vi.waitFor(() => expect(hero.style.visibility).toBe(""));
    } finally {
      delete (document as { fonts?: unknown }).fonts;
    }
  });
  it("staking routes show the staking page's hero, in the page's own markup, instead of the home page's", () => {
    const doc = page("/es/staking", "es");
    const es = shellTexts(dir).es;
    expect(doc.querySelector("#shell .header")).not.toBeNull();
    expect(doc.querySelector("#shell .hero")).toBeNull();
    expect(doc.querySelector("[data-shell=buy]")?.textContent).toBe(es.buy);
    expect(doc.querySelector("#shell section.staking > header.staking-hero > h1")?.textContent).toBe(es.staking_title);
    expect(doc.querySelector("#shell p.staking-desc")?.textContent).toBe(es.staking_description);
  });
  it("the owner console gets the header bar alone", () => {
    const doc = page("/owner", "en");
    expect(doc.querySelector("#shell .header")).not.toBeNull();
    expect(doc.querySelectorAll("#shell .hero, #shell .staking-hero")).toHaveLength(0);
  });
  it("the home page shows its own hero and not the staking one", () => {
    const doc = page("/", "en");
    expect(doc.querySelector("#shell .hero [data-shell=title]")?.textContent).toBe(shellTexts(dir).en.title);
    expect(doc.querySelector("#shell .staking-hero")).toBeNull();
  });
});

describe("language preload script (index.html head)", () => {
  /** The language the inline script picks, run as the browser would with this URL, storage and browser languages. */
  const preloadLang = (
    pathname: string,
    languages: string[],
    stored: Partial<Record<string, string>> = {},
    storageThrows = false,
  ) => {
    const html = preloadScript();
    const window: { __i18nPreload?: { lang: string; url?: string } } = {};
    runInNewContext(html.slice(html.indexOf("<script>") + 8, html.lastIndexOf("</script>")), {
      window,
      location: { pathname },
      navigator: { languages, language: languages[0] },
      localStorage: {
        getItem: (k: string) => {
          if (storageThrows) throw new Error("blocked");
          return stored[k] ?? null;
        },
      },
      fetch: () => Promise.resolve({ ok: false }),
    });
    return window.__i18nPreload?.lang;
  };
  const paths = ["/", "/ru", "/zh-hant/staking", "/ES", "/staking", "/de", "//es"];
  const browsers = [["en-US"], ["de-DE", "ru-RU"], ["zh-TW"], ["zh-CN"], ["zh-Hant-HK"], ["es-419"], ["fr"], []];
  const saved = [undefined, "es", "zh-hans", "xx"];
  it("picks the same language as the app's detection for every URL, saved choice and browser list", () => {
    for (const pathname of paths)
      for (const languages of browsers)
        for (const s of saved) {
          const stored = s ? { currentlang: s } : {};
          expect(preloadLang(pathname, languages, stored), `${pathname} ${languages.join(",")} ${s}`).toBe(
            detectLanguage({ pathname, browserLanguages: languages, saved: s ?? null }),
          );
        }
  });
  it("lists exactly the app's languages, and survives blocked storage", () => {
    expect(preloadScript()).toContain(JSON.stringify(LANG_CODES));
    expect(preloadLang("/", ["ru"], {}, true)).toBe("ru");
  });
});
