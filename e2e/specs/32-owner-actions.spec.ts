/**
 * Owner actions from /owner on the real stack: the deployer (the local owner, holding ADMIN_ROLE) connects in the
 * console, pauses the Base sale with the planner's "paused: false → true", and a visitor's buyers' page says the Base
 * sale is paused; the console then unpauses it (later specs buy on Base). A wallet without any role opens the console
 * and has no send control at all, only the read-only line. Screenshots at 1440 and 390 px.
 */
import type { Browser, Page } from "@playwright/test";
import { BUYERS, CHAIN_IDS, URLS } from "../support/config.ts";
import { read, write } from "../support/chain.ts";
import { expect, test } from "../support/fixtures.ts";
import { CONNECT_TEST_ID, TestWallet } from "../support/wallet.ts";

const OWNER = 0;
test.use({ buyer: OWNER, walletChain: CHAIN_IDS.base });

async function connectOnOwnerPage(page: Page): Promise<void> {
  await page.goto("/owner");
  await page.getByTestId("owner-wallet").getByTestId("owner-connect").click();
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  await dialog.getByTestId(CONNECT_TEST_ID).click();
  await expect(dialog).toBeHidden();
}

async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: URLS.dapp, viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

test("the pause role pauses Base from /owner and the buyers' page says so; a wallet without a role cannot send", async ({
  page,
  wallet,
  browser,
}, testInfo) => {
  expect(wallet.index).toBe(OWNER);
  expect(await read("base", "Presale", "paused")).toBe(false);
  await test.step("the owner connects in the console", () => connectOnOwnerPage(page));
  await expect(page.getByTestId("owner-roles")).toContainText("ADMIN_ROLE on Local Base");
  const card = page.getByTestId("action-pause-base");
  await expect(card.getByTestId("action-call-pause-base")).toContainText("Presale.pause — paused: false → true");
  await expect(card.getByTestId("action-readonly-pause-base")).toHaveCount(0);

  await page.getByTestId("owner-actions-panel").screenshot({ path: testInfo.outputPath("owner-actions-1440.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: testInfo.outputPath("owner-pause-390.png") });
  await page.setViewportSize({ width: 1440, height: 900 });

  try {
    await card.getByTestId("action-send-pause-base").click();
    await expect(card.getByTestId("action-sent-pause-base")).toBeVisible();
    expect(await read("base", "Presale", "paused")).toBe(true);
    // The console reads the chain again: the same card now offers the way back.
    await expect(card.getByTestId("action-call-pause-base")).toContainText("paused: true → false");

    const visitor = await test.step("a visitor's buyers' page", () => visitorPage(browser));
    await visitor.goto("/");
    await expect(visitor.getByTestId("sale-base-paused")).toBeVisible();
    await visitor.getByTestId("sale-base-paused").screenshot({ path: testInfo.outputPath("buyers-paused-1440.png") });
    await visitor.context().close();

    await card.getByTestId("action-send-pause-base").click();
    await expect.poll(() => read("base", "Presale", "paused")).toBe(false);
  } finally {
    if (await read("base", "Presale", "paused")) await write("base", "Presale", "unpause", [], { from: OWNER });
  }

  // A wallet holding no role: the console is read-only, with no send control anywhere.
  const stranger = new TestWallet(BUYERS.activity, CHAIN_IDS.base);
  const other = await visitorPage(browser);
  await stranger.install(other);
  await test.step("a wallet without a role connects in the console", () => connectOnOwnerPage(other));
  await expect(other.getByTestId("owner-roles")).toContainText("none: the console is read-only");
  await expect(other.getByTestId("action-readonly-pause-base")).toHaveText(
    "Read-only: this wallet does not hold ADMIN_ROLE on Local Base.",
  );
  await expect(other.getByTestId("action-safe-pause-base")).toBeEnabled();
  await expect(other.locator('[data-testid^="action-send-"]')).toHaveCount(0);
  await other.setViewportSize({ width: 390, height: 844 });
  await other.getByTestId("action-pause-base").screenshot({ path: testInfo.outputPath("owner-readonly-390.png") });
  await other.context().close();
});
