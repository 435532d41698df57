// The words of a failed or refused purchase in every language: true to what reached the chain.
import { readFileSync } from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { LANG_CODES } from "../i18n/index.ts";
import { failureText, rejectionText } from "./statusText.ts";
import type { SwapState } from "./swapMachine.ts";

const dir = path.resolve(import.meta.dirname, "../../../public/assets/i18n");
async function tFor(lang: string) {
  const i = i18next.createInstance();
  const translation = JSON.parse(readFileSync(path.join(dir, `${lang}.json`), "utf8")) as Record<string, unknown>;
  await i.init({
    lng: lang,
    lowerCaseLng: true,
    load: "currentOnly",
    resources: { [lang]: { translation } },
    interpolation: { escapeValue: false },
  });
  return { t: i.t, s: (key: string) => i.t(key) };
}
const base: SwapState = { status: "failed", payment: "usdt" };

describe.each([...LANG_CODES])("status texts in %s", (lang) => {
  it("nothing on chain: 'nothing was sent' after the wallet's refusal and after a named revert", async () => {
    const { t, s } = await tFor(lang);
    const nothing = s("status.reason_nothing_sent").replace("{{reason}}", "");
    expect(rejectionText(t, { ...base, status: "rejected" }).desc).toBe(s("status.rejected_desc") + nothing);
    const paused = failureText(t, { ...base, revert: "SalePaused" });
    expect(paused).toEqual({ title: s("status.refused"), desc: s("errors.SalePaused") + nothing });
  });
  it("approve(0) mined, then refused: the reset is said, never 'nothing was sent'", async () => {
    const { t, s } = await tFor(lang);
    const nothing = s("status.reason_nothing_sent").replace("{{reason}}", "");
    const r = rejectionText(t, { ...base, status: "rejected", approvalMined: "reset" });
    expect(r.title).toBe(s("status.rejected"));
    expect(r.desc).toBe(s("status.reason_reset_sent").replace("{{reason}}", s("status.rejected_desc")));
    expect(r.desc).not.toContain(nothing.trim());
  });
  it("the approval mined, then a revert or a failure: the approval is said, and the revert by name", async () => {
    const { t, s } = await tFor(lang);
    const nothing = s("status.reason_nothing_sent").replace("{{reason}}", "").trim();
    const f = failureText(t, { ...base, revert: "SalePaused", approvalMined: "approval" });
    expect(f.desc).toBe(s("status.reason_approval_sent").replace("{{reason}}", s("errors.SalePaused")));
    expect(f.desc).not.toContain(nothing);
    expect(failureText(t, { ...base, approvalMined: "approval" }).desc).toContain(s("status.failed_desc"));
  });
  it("a card decline: 'Card declined' in the status and its toast alike", async () => {
    const { t, s } = await tFor(lang);
    expect(failureText(t, { status: "failed", payment: "card", cardReason: "declined" })).toEqual({
      title: s("status.card_declined_title"),
      desc: s("status.card_declined"),
    });
  });
});

it("English, as a buyer reads it", async () => {
  const { t } = await tFor("en");
  expect(rejectionText(t, { ...base, status: "rejected", approvalMined: "reset" }).desc).toBe(
    "The request was declined in your wallet. Your allowance was reset to zero on chain; no tokens were bought.",
  );
  expect(failureText(t, { ...base, revert: "SalePaused" }).desc).toBe(
    "The sale is paused right now. Nothing was sent.",
  );
});
