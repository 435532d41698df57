/** Languages and routes: each language route renders its own translation, sets lang, title and canonical. */
import fs from "node:fs";
import path from "node:path";
import { HTML_LANG, LANG_CODES } from "../../frontend/src/features/i18n/languages.ts";
import { ROOT, URLS } from "../support/config.ts";
import { endState, expect, test } from "../support/fixtures.ts";

type Bundle = {
  meta: { title: string; description: string; staking: { title: string; description: string } };
  banner: { title: string };
  nav: { staking: string };
};
const bundle = (lang: string): Bundle =>
  JSON.parse(fs.readFileSync(path.join(ROOT, "frontend/public/assets/i18n", `${lang}.json`), "utf8")) as Bundle;

test.use({ withWallet: false });

// The dapp's own list (adding a language adds its test): features/i18n/languages.ts.
for (const lang of LANG_CODES) {
  test(`/${lang === "en" ? "" : lang} renders ${lang}, sets lang, title, description and canonical`, async ({
    page,
  }, testInfo) => {
    const t = bundle(lang);
    const route = lang === "en" ? "/" : `/${lang}`;
    const i18nRequest = page.waitForRequest(
      (r) => r.url().endsWith(`/assets/i18n/${lang}.json`) && r.method() === "GET",
    );
    await page.goto(route);
    await i18nRequest;
    await expect(page.getByTestId("banner-title")).toHaveText(t.banner.title);
    await expect(page.getByTestId("nav-staking").first()).toHaveText(t.nav.staking);
    await expect(page).toHaveTitle(t.meta.title);
    await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[lang]);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", t.meta.description);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      lang === "en" ? `${URLS.dapp}/` : `${URLS.dapp}/${lang}`,
    );
    if (lang !== "en") expect(t.banner.title).not.toBe(bundle("en").banner.title);
    expect(await page.evaluate(() => Object.values({ ...localStorage }).join(" "))).toContain(lang);
    await endState(page, testInfo, `home-${lang}`);
  });
}

test("staking route keeps the language segment", async ({ page }, testInfo) => {
  await page.goto("/ru/staking");
  await expect(page.getByTestId("staking-page")).toBeVisible();
  await expect(page).toHaveURL(`${URLS.dapp}/ru/staking`);
  // The staking route has its own title, description and canonical address.
  await expect(page).toHaveTitle(bundle("ru").meta.staking.title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    bundle("ru").meta.staking.description,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/ru\/staking$/);
  // Russian has the longest card button ("Купить и застейкать под 15% годовых"): it keeps one line, as tall as its
  // siblings, on a desktop and on a phone.
  const buyAndStake = page.getByTestId("buy-and-stake-open");
  await expect(buyAndStake).toContainText("15%");
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const heights = await page
      .locator(".stake-card .btn")
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
    expect(heights.length).toBeGreaterThan(1);
    expect(new Set(heights), `card button heights at ${width} px: ${heights.join(", ")}`).toEqual(new Set([44]));
    await buyAndStake.scrollIntoViewIfNeeded();
    await endState(page, testInfo, `ru-card-buttons-${width}`);
  }
  // Header Buy now on the staking page: scrolls up and opens the connect modal.
  await page.getByTestId("header-buy-now").click();
  await expect(page.getByTestId("connect-modal")).toBeVisible();
  await endState(page, testInfo);
});

test("/en redirects to / and unknown paths redirect to /", async ({ page }, testInfo) => {
  await page.goto("/en");
  await expect(page).toHaveURL(`${URLS.dapp}/`);
  await expect(page.getByTestId("banner-title")).toHaveText(bundle("en").banner.title);
  await page.goto("/en/staking");
  await expect(page).toHaveURL(`${URLS.dapp}/staking`);
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(`${URLS.dapp}/`);
  await page.goto("/xx");
  await expect(page).toHaveURL(`${URLS.dapp}/`);
  await expect(page.getByTestId("home-page")).toBeVisible();
  await endState(page, testInfo);
});

test("language picker replaces the first URL segment", async ({ page }) => {
  await page.goto("/staking");
  await expect(page.getByTestId("staking-page")).toBeVisible();
  await page.getByTestId("language-picker").first().click();
  await page.getByTestId("language-picker-es").first().click();
  await expect(page).toHaveURL(`${URLS.dapp}/es/staking`);
  await expect(page).toHaveTitle(bundle("es").meta.staking.title);
});

test("desktop (1440 px): the promotion modal shows the QR code, not the download button", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await page.getByTestId("no-wallet-link").click();
  await expect(page.getByTestId("promo-modal")).toBeVisible();
  await expect(page.getByTestId("promo-qr")).toBeVisible();
  await expect(page.getByTestId("promo-download")).toHaveCount(0);
  await endState(page, testInfo);
});
