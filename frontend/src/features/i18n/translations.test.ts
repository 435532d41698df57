// Translation key parity: every language has exactly the English keys, every value is a non-empty string, the
// interpolation placeholders match, and nothing is left as an English copy (except listed international terms).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANG_CODES } from "./languages.ts";

const dir = path.resolve(import.meta.dirname, "../../../public/assets/i18n");
const load = (lang: string) =>
  JSON.parse(readFileSync(path.join(dir, `${lang}.json`), "utf8")) as Record<string, unknown>;

function flatten(obj: Record<string, unknown>, prefix = ""): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object" && !Array.isArray(v)) Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = v;
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Values that are the same word in that language (international terms), by language and key. */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  es: ["nav.staking", "staking.apy", "ladder.millions"],
};

const en = flatten(load("en"));

describe("translations", () => {
  it("exist for the listed languages", () => {
    expect([...LANG_CODES]).toEqual(["en", "zh-hans", "zh-hant", "ru", "es"]);
  });
  for (const lang of LANG_CODES.filter((l) => l !== "en")) {
    describe(lang, () => {
      const tr = flatten(load(lang));
      it("has exactly the English keys", () => {
        expect(Object.keys(tr).sort()).toEqual(Object.keys(en).sort());
      });
      it("has every value translated (non-empty, not an English copy)", () => {
        const untranslated = Object.keys(en).filter((k) => {
          const v = tr[k];
          if (typeof v !== "string" || v.trim() === "") return true;
          return v === en[k] && !(SAME_AS_ENGLISH[lang] ?? []).includes(k) && /[a-z]{3,}/i.test(String(en[k]));
        });
        expect(untranslated).toEqual([]);
      });
      it("keeps the interpolation placeholders", () => {
        const broken = Object.keys(en).filter(
          (k) => JSON.stringify(placeholders(String(tr[k]))) !== JSON.stringify(placeholders(String(en[k]))),
        );
        expect(broken).toEqual([]);
      });
    });
  }
  it("every key used in the source exists in English", () => {
    const src = path.resolve(import.meta.dirname, "../..");
    const files: string[] = [];
    const walk = (d: string) => {
      for (const f of readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, f.name);
        if (f.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(f.name) && !f.name.includes(".test.")) files.push(p);
      }
    };
    walk(src);
    const used = new Set<string>();
    for (const f of files)
      for (const m of readFileSync(f, "utf8").matchAll(/\bt\(\s*"([a-z_]+\.[a-z0-9_.]+)"/g)) used.add(m[1]);
    const missing = [...used].filter((k) => !(k in en));
    expect(missing).toEqual([]);
    expect(used.size).toBeGreaterThan(50);
  });
});
