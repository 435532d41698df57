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
  it("renders English markup, escapes text, and skips staking routes", () => {
    const html = shellHtml({ en: { eyebrow: "a", title: "<b>x</b>", donation: "d", description: "e", buy: "Buy" } });
    expect(html).toContain('id="shell"');
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).toContain("staking");
  });
});
