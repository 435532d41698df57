/**
 * The one-prompt statuses (a batch to confirm, a permit to sign) in every language, at a phone's width and a
 * desktop's: while the wallet's prompt is open (the wallet holds the request), the status shows the translation of
 * its own wording, below the sticky header, nothing spills out sideways, and the action still completes once the
 * prompt is answered. Each held status is kept as a screenshot under test-results/e2e/ for a person to look at.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { allowance, contract, WHOLE, write } from "../support/chain.ts";
import { BUYERS, CHAIN_IDS, ROOT } from "../support/config.ts";
import { enterTokens, expect, selectPayToken, test } from "../support/fixtures.ts";
import { CONNECT_TEST_ID, type TestWallet, type WalletMode } from "../support/wallet.ts";
import { LANG_CODES, type Lang } from "../../frontend/src/features/i18n/languages.ts";
type Bundle = {
  swap: { payment_method: string };
  recipient: { on_base_to: string };
  status: Record<"confirm" | "confirm_batch_desc" | "permit" | "permit_desc", string>;
  staking: { status: Record<"confirm" | "confirm_batch" | "permit" | "permit_desc", string> };
};
const bundle = (lang: Lang): Bundle =>
  JSON.parse(fs.readFileSync(path.join(ROOT, "frontend/public/assets/i18n", `${lang}.json`), "utf8")) as Bundle;
const route = (lang: Lang, page = "") => (lang === "en" ? page || "/" : `/${lang}${page}`);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

test.use({ buyer: BUYERS.statusTexts });

/** Connects through test ids (the accessible names are in the page's language; a phone's header hides the address). */
async function connect(page: Page, at: string, opener: string, connected: string): Promise<void> {
  await page.goto(at);
  await page.getByTestId(opener).click();
  await page.getByTestId(CONNECT_TEST_ID).click();
  await expect(page.getByTestId("connect-modal")).toBeHidden();
  await expect(page.getByTestId(connected)).toBeVisible();
}

/** The held status: its texts, its box inside the viewport, the page no wider than the screen; then a screenshot. */
async function checkHeld(
  page: Page,
  testInfo: TestInfo,
  testId: string,
  texts: { title: string; desc: string | ((shown: string) => void) },
  name: string,
): Promise<void> {
  const status = page.getByTestId(testId);
  await expect(status).toBeVisible();
  await expect(status.getByRole("heading")).toHaveText(texts.title);
  const desc = status.locator("p.muted"); // the description (an Ethereum purchase also shows its recipient line)
  if (typeof texts.desc === "string") await expect(desc).toHaveText(texts.desc);
  else texts.desc(await desc.innerText());
  // Not left under the sticky header: the status is brought into view when it replaces the form (smooth scroll).
  const header = await page.getByTestId("header").boundingBox();
  const headerBottom = (header?.y ?? 0) + (header?.height ?? 0);
  await expect.poll(async () => (await status.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(headerBottom);
  const width = page.viewportSize()?.width ?? 0;
  const box = await status.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= width, `${testId} inside ${width} px`).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  testInfo.attachments.push({ name, path: file, contentType: "image/png" });
}

/** Buys 1,000 tokens with USDC from an allowance of zero, holding the wallet's first prompt open. */
async function heldUsdcPurchase(page: Page, wallet: TestWallet, lang: Lang, prompt: string) {
  const presale = contract("eth", "Presale").address;
  await write("eth", "USDC", "approve", [presale, 0n], { from: wallet.index });
  await connect(page, route(lang), "buy-crypto", "swap-form");
  await selectPayToken(page, "eth-usdc", { menuName: bundle(lang).swap.payment_method, waitForMax: false });
  await enterTokens(page, 1_000);
  const hold = wallet.holdNext(prompt);
  await page.getByTestId("buy-now").click();
  return hold;
}

const BUY_ROUTES: { mode: WalletMode; prompt: string; testId: string; title: "confirm" | "permit" }[] = [
  { mode: "batch", prompt: "wallet_sendCalls", testId: "swap-status-confirm_pending", title: "confirm" },
  { mode: "plain", prompt: "eth_signTypedData_v4", testId: "swap-status-approval_pending", title: "permit" },
];

for (const { mode, prompt, testId, title } of BUY_ROUTES) {
  test.describe(`USDC purchase, ${mode} wallet`, () => {
    test.use({ walletMode: mode, walletChain: CHAIN_IDS.eth });
    for (const lang of LANG_CODES) {
      for (const viewport of lang === "ru" ? [PHONE, DESKTOP] : [PHONE]) {
        test(`${lang} at ${viewport.width} px: the open prompt's status is translated and fits`, async ({
          page,
          wallet,
        }, testInfo) => {
          await page.setViewportSize(viewport);
          const t = bundle(lang).status;
          const hold = await heldUsdcPurchase(page, wallet, lang, prompt);
          const desc = title === "confirm" ? t.confirm_batch_desc : t.permit_desc;
          if (lang !== "en")
            expect(desc).not.toBe(bundle("en").status[title === "confirm" ? "confirm_batch_desc" : "permit_desc"]);
          await checkHeld(page, testInfo, testId, { title: t[title], desc }, `buy-${mode}-${lang}-${viewport.width}`);
          // The order's Base recipient (the connected account has no code: its own address), in the same language.
          await expect(page.getByTestId("status-recipient")).toHaveText(
            bundle(lang).recipient.on_base_to.replace("{{address}}", wallet.address),
          );
          hold.release();
          await expect(page.getByTestId("swap-status-complete")).toBeVisible();
        });
      }
    }
  });
}

test.describe("stake from the wallet, batch wallet", () => {
  test.use({ walletMode: "batch", walletChain: CHAIN_IDS.base });
  for (const lang of LANG_CODES) {
    test(`${lang} at 390 px: the open batch's status is translated and fits`, async ({ page, wallet }, testInfo) => {
      await page.setViewportSize(PHONE);
      const staking = contract("base", "Staking").address;
      // The stake must stay strictly below the wallet balance (PRODUCT.md), so the wallet gets twice what it stakes.
      await write("base", "SaleToken", "transfer", [wallet.address, 2_000n * WHOLE]);
      await write("base", "SaleToken", "approve", [staking, 0n], { from: wallet.index });
      expect(await allowance("base", "SaleToken", wallet.address, staking)).toBe(0n);
      await connect(page, route(lang, "/staking"), "staking-connect", "stake-open");
      await page.getByTestId("stake-open").click();
      await page.getByTestId("stake-amount").pressSequentially("1000.5"); // key by key, with a decimal point
      const hold = wallet.holdNext("wallet_sendCalls");
      await page.getByTestId("stake-submit").click();
      const t = bundle(lang).staking.status;
      await checkHeld(
        page,
        testInfo,
        "staking-status-confirm_pending",
        {
          title: t.confirm,
          // The amount and token name are filled in: no placeholder is left, and the sentence is this language's.
          desc: (shown) => {
            expect(shown).not.toMatch(/\{\{|\}\}|staking\.status/);
            expect(shown.startsWith(t.confirm_batch.split("{{")[0])).toBe(true);
          },
        },
        `stake-batch-${lang}-390`,
      );
      hold.release();
      await expect(page.getByTestId("staking-status-complete")).toBeVisible();
    });
  }
});
