// The staking translations: every key the staking code builds at run time (flow, toast and error keys) exists in every
// language with the same placeholders (the shared translations test covers literal keys only).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANG_CODES } from "../i18n/index.ts";
import { KNOWN_ERRORS } from "./rules.ts";
import { FLOW_KINDS } from "./stakingMachine.ts";
import { TABS } from "./StakingPage.tsx";

const dir = path.resolve(import.meta.dirname, "../../../public/assets/i18n");
const load = (lang: string) =>
  JSON.parse(readFileSync(path.join(dir, `${lang}.json`), "utf8")) as Record<string, unknown>;
const get = (o: unknown, key: string) =>
  key
    .split(".")
    .reduce<unknown>((c, k) => (c && typeof c === "object" ? (c as Record<string, unknown>)[k] : undefined), o);
const ph = (s: unknown) =>
  [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(",");

const dynamicKeys = [
  ...FLOW_KINDS.flatMap((k) =>
    ["title", "confirm", "progress", "success_title", "success"].map((f) => `staking.flow.${k}.${f}`),
  ),
  ...FLOW_KINDS.map((k) => `staking.toast.${k}_done`),
  ...KNOWN_ERRORS.map((e) => `staking.errors.${e}`),
  ...TABS.map((t) => `staking.tabs.${t}`),
  "popup.claim_not_live",
  "popup.change_network",
  "widget.days",
  "widget.hours",
  "widget.minutes",
  "widget.seconds",
];

describe("staking translations", () => {
  const en = load("en");
  for (const lang of LANG_CODES) {
    it(`${lang}: every run-time key exists, is non-empty and keeps the English placeholders`, () => {
      const tr = load(lang);
      const bad = dynamicKeys.filter((k) => {
        const v = get(tr, k);
        return typeof v !== "string" || !v.trim() || ph(v) !== ph(get(en, k));
      });
      expect(bad).toEqual([]);
    });
  }
});
