/** Mobile width (390 px, a phone's user agent): burger menu, staking tabs, promotion modal with a download button. */
import { devices } from "@playwright/test";
import { URLS } from "../support/config.ts";
import { endState, expect, test } from "../support/fixtures.ts";

const phone = devices["Pixel 7"];
test.use({
  withWallet: false,
  viewport: { width: 390, height: 844 },
  userAgent: phone.userAgent,
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  reducedMotion: "no-preference", // the menu's timed open and close, and the fades, as most visitors get them
});

test("burger menu opens with the navigation and closes after an in-page link", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByTestId("banner-title")).toBeVisible();
  await expect(page.locator("nav.nav-desktop")).toBeHidden();
  await expect(page.getByTestId("mobile-menu")).toHaveCount(0);
  await page.getByTestId("burger").click();
  const menu = page.getByTestId("mobile-menu");
  await expect(menu).toBeVisible();
  for (const id of [
    "nav-staking",
    "nav-how-to-buy",
    "nav-ladder",
    "nav-terms",
    "mobile-buy-now",
    "mobile-language-picker",
  ])
    await expect(menu.getByTestId(id)).toBeVisible();
  await endState(page, testInfo, "burger-open");
  await menu.getByTestId("nav-how-to-buy").click();
  await expect(page).toHaveURL(`${URLS.dapp}/#how-to-buy`);
  await expect(page.getByTestId("mobile-menu")).toHaveCount(0);
  await expect(page.getByTestId("how-to-buy")).toBeInViewport();
  await endState(page, testInfo);
});

test("promotion modal: download button instead of the QR code", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.getByTestId("no-wallet-link").click();
  const modal = page.getByTestId("promo-modal");
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId("promo-download")).toBeVisible();
  await expect(modal.getByTestId("promo-download")).toHaveAttribute("href", /^https?:\/\//);
  await expect(modal.getByTestId("promo-qr")).toHaveCount(0);
  await endState(page, testInfo);
  await modal.getByTestId("promo-modal-close").click();
  await expect(modal).toBeHidden();
});

test("connect modal on a phone: partner app deep link, no browser-extension row", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.getByTestId("buy-crypto").click();
  const modal = page.getByTestId("connect-modal");
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId("connect-partner-mobile")).toBeVisible();
  await expect(modal.locator('[data-testid^="connect-injected-"]')).toHaveCount(0);
  await expect(modal.getByTestId("connect-no-extension")).toHaveCount(0);
  await endState(page, testInfo);
});

test("staking page: the cards become the Stake / Rewards / Info tabs", async ({ page }, testInfo) => {
  await page.goto("/staking");
  const pageRoot = page.getByTestId("staking-page");
  await expect(pageRoot).toHaveAttribute("data-layout", "tabs");
  await expect(page.getByTestId("staking-tabs")).toBeVisible();
  await expect(page.getByTestId("staking-tab-stake")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("staking-panel-stake").getByTestId("card-staked")).toBeVisible();
  await expect(page.getByTestId("card-rewards")).toHaveCount(0);
  await page.getByTestId("staking-tab-rewards").click();
  await expect(page.getByTestId("staking-panel-rewards").getByTestId("card-rewards")).toBeVisible();
  await expect(page.getByTestId("card-staked")).toHaveCount(0);
  await page.getByTestId("staking-tab-info").click();
  await expect(page.getByTestId("staking-panel-info").getByTestId("card-apy")).toBeVisible();
  await expect(page.getByTestId("apy-value")).toHaveText(/^15(\.00)?%$/);
  await endState(page, testInfo);
});
