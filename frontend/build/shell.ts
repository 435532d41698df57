// First-paint shell: the header bar and the hero text, in the visitor's language, painted from index.html before
// the app's JavaScript has loaded. The texts are read from public/assets/i18n at build time (no second copy to keep
// in sync). The app removes the shell on its first render (AppShell); staking routes keep only the header bar.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const LANGS = ["en", "zh-hans", "zh-hant", "ru", "es"] as const;
const KEYS = ["eyebrow", "title", "donation", "description"] as const;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function shellTexts(i18nDir: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const lang of LANGS) {
    const json = JSON.parse(readFileSync(path.join(i18nDir, `${lang}.json`), "utf8"));
    out[lang] = Object.fromEntries(KEYS.map((k) => [k, String(json.banner?.[k] ?? "")]));
    out[lang]!.buy = String(json.header?.buy_now ?? "");
  }
  return out;
}

export function shellHtml(texts: Record<string, Record<string, string>>): string {
  const en = texts.en!;
  const logo = `<span class="logo"><svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="9" fill="#f5b82e"/><path d="M9 8h14l-4 6h-6zm4 8h6l-3 9z" fill="#0a0e17"/></svg><span>SHAFT</span></span>`;
  // Hidden until its script has run: the script waits for the stylesheet, and the browser may paint in between,
  // which showed the English (or home page) version for a frame.
  return `<div id="shell" aria-hidden="true" style="visibility:hidden">
  <header class="header"><div class="container header-inner">${logo}<div class="header-actions"><span class="btn btn-primary btn-sm" data-shell="buy">${esc(en.buy!)}</span></div></div></header>
  <section class="hero"><div class="container hero-grid"><div class="banner">
    <span class="eyebrow" data-shell="eyebrow">${esc(en.eyebrow!)}</span>
    <h1 class="banner-title" data-shell="title">${esc(en.title!)}</h1>
    <p class="banner-donation" data-shell="donation">${esc(en.donation!)}</p>
    <p class="banner-desc" data-shell="description">${esc(en.description!)}</p>
  </div></div></section>
</div>
<script>
(function () {
  var shell = document.getElementById("shell");
  if (/^\\/([a-z-]+\\/)?staking\\/?$/.test(location.pathname)) shell.querySelector(".hero").remove();
  var lang = (window.__i18nPreload || {}).lang || "en";
  var t = ${JSON.stringify(texts).replace(/</g, "\\u003c")}[lang];
  if (t) {
    document.documentElement.lang = { "zh-hans": "zh-Hans", "zh-hant": "zh-Hant" }[lang] || lang;
    var els = shell.querySelectorAll("[data-shell]");
    for (var i = 0; i < els.length; i++) els[i].textContent = t[els[i].getAttribute("data-shell")];
  }
  shell.style.visibility = "";
})();
</script>`;
}

export function shellPlugin(root: string): Plugin {
  return {
    name: "shaft-first-paint-shell",
    transformIndexHtml(html) {
      return html.replace("<!--app-shell-->", shellHtml(shellTexts(path.join(root, "public/assets/i18n"))));
    },
  };
}
