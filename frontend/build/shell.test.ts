// @vitest-environment jsdom
import path from "node:path";
import { describe, expect, it } from "vitest";
import { shellHtml, shellTexts } from "./shell.ts";

const dir = path.resolve(import.meta.dirname, "../public/assets/i18n");

describe("first-paint shell", () => {
  it("takes the hero texts of every language from the translation files", () => {
    const t = shellTexts(dir);
    expect(Object.keys(t)).toEqual(["en", "zh-hans", "zh-hant", "ru", "es"]);
    for (const l of Object.values(t)) for (const k of ["eyebrow", "title", "donation", "description", "buy"]) expect(l[k]).toBeTruthy();
  });
  it("renders English markup, escapes text, and mentions the staking routes", () => {
    const html = shellHtml({ en: { eyebrow: "a", title: "<b>x</b>", donation: "d", description: "e", buy: "Buy" } });
    expect(html).toContain('id="shell" aria-hidden="true" style="visibility:hidden"');
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).toContain("staking");
  });
  /** The shell as the browser gets it at `pathname`, with its inline script run. */
  const page = (pathname: string, lang: string) => {
    window.history.replaceState(null, "", pathname);
    (window as unknown as { __i18nPreload: unknown }).__i18nPreload = { lang, data: Promise.resolve(null) };
    const html = shellHtml(shellTexts(dir));
    document.body.innerHTML = html.slice(0, html.indexOf("<script>"));
    new Function(html.slice(html.indexOf("<script>") + 8, html.lastIndexOf("</script>")))();
    return document;
  };
  it("switches the texts to the visitor's language before the app loads", () => {
    const doc = page("/ru", "ru");
    expect(doc.querySelector("[data-shell=title]")?.textContent).toBe(shellTexts(dir).ru!.title);
    expect(doc.documentElement.lang).toBe("ru");
    expect(doc.getElementById("shell")?.style.visibility).toBe(""); // revealed only now, translated
  });
  it("staking routes keep the header bar and drop the home page's hero", () => {
    const doc = page("/es/staking", "es");
    expect(doc.querySelector("#shell .header")).not.toBeNull();
    expect(doc.querySelector("#shell .hero")).toBeNull();
    expect(doc.querySelector("[data-shell=buy]")?.textContent).toBe(shellTexts(dir).es!.buy);
  });
});
