// First-paint shell: the header bar and the page's hero text (the home page's or the staking page's; none for the
// owner console), in the visitor's language, painted from index.html before the app's JavaScript has loaded. Each
// hero repeats the app's markup and classes, so the app's first render replaces it in place: nothing moves, and the
// largest text is painted once. The texts are read from public/assets/i18n at build time (no second copy to keep
// in sync). The app removes the shell on its first render (AppShell).
// The languages, their detection order and their <html lang> tags come from the app's own modules
// (features/i18n/languages.ts, detect.ts): the inline scripts are generated from them here.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { STORAGE_KEYS, TRADITIONAL_CHINESE } from "../src/features/i18n/detect.ts";
import { DEFAULT_LANG, HTML_LANG, LANG_CODES, type Lang } from "../src/features/i18n/languages.ts";

/** Inline JSON for a script: `<` escaped so no value can close the script element. */
const js = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The head script: picks the language as features/i18n/detect.ts does (URL segment, saved choice, browser languages,
 * default) and starts fetching its translation file while the app's JavaScript downloads; i18n.ts reuses the request
 * when the language matches.
 */
export function preloadScript(): string {
  return `<script>
(function () {
  var codes = ${js(LANG_CODES)}, keys = ${js(STORAGE_KEYS)}, traditional = new RegExp(${js(TRADITIONAL_CHINESE.source)});
  function fromTag(tag) {
    var t = String(tag || "").toLowerCase();
    if (t.indexOf("zh") === 0) return traditional.test(t) ? "zh-hant" : "zh-hans";
    var primary = t.split("-")[0];
    return codes.indexOf(primary) >= 0 ? primary : null;
  }
  var seg = (location.pathname.split("/").filter(Boolean)[0] || "").toLowerCase();
  var saved = null;
  try { for (var k = 0; k < keys.length && !saved; k++) saved = localStorage.getItem(keys[k]); } catch (e) {}
  var lang = codes.indexOf(seg) >= 0 ? seg : codes.indexOf(saved) >= 0 ? saved : null;
  var tags = navigator.languages || [navigator.language];
  for (var i = 0; !lang && i < tags.length; i++) lang = fromTag(tags[i]);
  lang = lang || ${js(DEFAULT_LANG)};
  window.__i18nPreload = { lang: lang, data: fetch("/assets/i18n/" + lang + ".json").then(function (r) { return r.ok ? r.json() : null; }).catch(function () { return null; }) };
})();
</script>`;
}
/** Each `data-shell` name and the translation it shows (section, key). */
const TEXTS = {
  eyebrow: ["banner", "eyebrow"],
  title: ["banner", "title"],
  donation: ["banner", "donation"],
  description: ["banner", "description"],
  staking_eyebrow: ["staking", "eyebrow"],
  staking_title: ["staking", "title"],
  staking_description: ["staking", "description"],
  buy: ["header", "buy_now"],
} as const;

/** The faces the heroes are drawn in (global.css: --font-display for titles, --font for text). */
const HERO_FONTS = ['700 40px "Space Grotesk Variable"', '400 18px "Inter Variable"'];
const HERO_FONT_WAIT_MS = 1000;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The shell's texts of one language, by `data-shell` name. */
export type ShellText = Record<keyof typeof TEXTS, string>;
type TranslationFile = Partial<Record<(typeof TEXTS)[keyof typeof TEXTS][0], Record<string, unknown>>>;

export function shellTexts(i18nDir: string): Record<Lang, ShellText> {
  const read = (lang: Lang): ShellText => {
    const json = JSON.parse(readFileSync(path.join(i18nDir, `${lang}.json`), "utf8")) as TranslationFile;
    const text = ([section, key]: readonly [keyof TranslationFile, string]) => {
      const v = json[section]?.[key];
      return typeof v === "string" ? v : "";
    };
    return Object.fromEntries(Object.entries(TEXTS).map(([name, at]) => [name, text(at)])) as ShellText;
  };
  return Object.fromEntries(LANG_CODES.map((lang) => [lang, read(lang)])) as Record<Lang, ShellText>;
}

export function shellHtml(texts: { en: ShellText } & Partial<Record<Lang, ShellText>>): string {
  const en = texts.en;
  const logo = `<span class="logo"><svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="9" fill="#f5b82e"/><path d="M9 8h14l-4 6h-6zm4 8h6l-3 9z" fill="#0a0e17"/></svg><span>SHAFT</span></span>`;
  // Hidden until its script has run: the script waits for the stylesheet, and the browser may paint in between,
  // which showed the English (or home page) version for a frame.
  return `<div id="shell" aria-hidden="true" style="visibility:hidden">
  <header class="header"><div class="container header-inner">${logo}<div class="header-actions"><span class="btn btn-primary btn-sm" data-shell="buy">${esc(en.buy)}</span></div></div></header>
  <section class="hero"><div class="container hero-grid"><div class="banner">
    <span class="eyebrow" data-shell="eyebrow">${esc(en.eyebrow)}</span>
    <h1 class="banner-title" data-shell="title">${esc(en.title)}</h1>
    <p class="banner-donation" data-shell="donation">${esc(en.donation)}</p>
    <p class="banner-desc" data-shell="description">${esc(en.description)}</p>
  </div></div></section>
  <div data-shell-page="staking"><section class="staking container"><header class="staking-hero">
    <span class="eyebrow" data-shell="staking_eyebrow">${esc(en.staking_eyebrow)}</span>
    <h1 data-shell="staking_title">${esc(en.staking_title)}</h1>
    <p class="muted staking-desc" data-shell="staking_description">${esc(en.staking_description)}</p>
  </header></section></div>
</div>
<script>
(function () {
  var shell = document.getElementById("shell");
  // The owner console has no hero: its shell is the header bar alone.
  var page = /^\\/owner\\/?$/.test(location.pathname) ? "owner" : /^\\/([a-z-]+\\/)?staking\\/?$/.test(location.pathname) ? "staking" : "home";
  var heroes = { home: shell.querySelector(".hero"), staking: shell.querySelector("[data-shell-page=staking]") };
  var hero = heroes[page];
  for (var name in heroes) if (name !== page) heroes[name].remove();
  var lang = (window.__i18nPreload || {}).lang || ${js(DEFAULT_LANG)};
  var t = ${js(texts)}[lang];
  if (t) {
    document.documentElement.lang = ${js(HTML_LANG)}[lang] || lang;
    var els = shell.querySelectorAll("[data-shell]");
    for (var i = 0; i < els.length; i++) els[i].textContent = t[els[i].getAttribute("data-shell")];
  }
  // The hero waits for its web fonts, at most ${HERO_FONT_WAIT_MS} ms: drawn in a fallback font it has another size than the
  // app's copy of it, which the browser then counts as a second, later largest paint.
  if (hero) {
    hero.style.visibility = "hidden";
    var show = function () { hero.style.visibility = ""; };
    setTimeout(show, ${HERO_FONT_WAIT_MS});
    if (document.fonts && document.fonts.load) {
      var sample = hero.textContent;
      var fonts = ${js(HERO_FONTS)}.map(function (f) { return document.fonts.load(f, sample); });
      Promise.all(fonts).then(show, show);
    }
  }
  shell.style.visibility = "";
})();
</script>`;
}

export function shellPlugin(root: string): Plugin {
  return {
    name: "shaft-first-paint-shell",
    transformIndexHtml(html) {
      return html
        .replace("<!--language-preload-->", preloadScript())
        .replace("<!--app-shell-->", shellHtml(shellTexts(path.join(root, "public/assets/i18n"))));
    },
  };
}
