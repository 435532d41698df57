/** Card purchase on Base through the card modal and the local stand-in widget (which really buys on local Base). */
import { BUYERS, CHAIN_IDS } from "../support/config.ts";
import { deposits, WHOLE } from "../support/chain.ts";
import { CONNECT_TEST_ID } from "../support/wallet.ts";
import { endState, expect, expectToast, tabTo, test } from "../support/fixtures.ts";

test.use({ buyer: BUYERS.card, walletChain: CHAIN_IDS.base });
test.describe.configure({ mode: "serial" });

async function openCardForm(page: import("@playwright/test").Page) {
  await page.goto("/");
  await page.getByTestId("buy-card").click();
  await page.getByTestId(CONNECT_TEST_ID).click();
  await expect(page.getByTestId("swap-form")).toBeVisible();
  await expect(page.getByTestId("pay-amount")).toHaveCount(0); // card mode: only the token quantity
}

/** From the card form: `tokens` typed, Buy, the modal's Continue; the stand-in widget's frame. */
async function openCardWidget(page: import("@playwright/test").Page, tokens: string) {
  await page.getByTestId("token-amount").fill(tokens);
  await page.getByTestId("buy-now").click();
  await page.getByTestId("card-modal-continue").click();
  return page.frameLocator('[data-testid="card-widget-iframe"]');
}

test("card purchase: modal, stand-in widget, tokens credited on Base", async ({ page, wallet }, testInfo) => {
  await openCardForm(page);
  const before = await deposits("base", wallet.address);
  await page.getByTestId("token-amount").fill("2500");
  await expect(page.getByTestId("card-estimate")).toBeVisible();
  await page.getByTestId("buy-now").click();

  const modal = page.getByTestId("card-modal");
  await expect(modal.getByTestId("card-disclaimer")).toBeVisible();
  await expect(modal.getByTestId("card-summary-tokens")).toContainText("2,500");
  await modal.getByTestId("card-modal-continue").click();
  const widget = page.frameLocator('[data-testid="card-widget-iframe"]');
  await expect(widget.locator("#pay")).toBeEnabled();
  await expect(modal).toBeHidden(); // "loaded" closes the modal
  await expect(page.getByTestId("swap-status-confirm_pending")).toBeVisible();
  await endState(page, testInfo, "widget-open");
  await widget.locator("#pay").click();

  await expect(page.getByTestId("swap-status-complete")).toBeVisible({ timeout: 60_000 });
  expect(await deposits("base", wallet.address)).toBe(before + 2_500n * WHOLE);
  // Paid by the card provider's account, not by the buyer's wallet.
  expect(wallet.sent()).toHaveLength(0);
  await expect(page.locator('[data-testid="card-widget-iframe"]')).toHaveCount(0);
  await endState(page, testInfo);
});

test("card payment canceled in the widget: rejected, nothing credited", async ({ page, wallet }, testInfo) => {
  await openCardForm(page);
  const before = await deposits("base", wallet.address);
  const widget = await openCardWidget(page, "1000");
  await widget.locator("#cancel").click();
  await expect(page.getByTestId("swap-status-rejected")).toBeVisible();
  await expect(page.locator('[data-testid="card-widget-iframe"]')).toHaveCount(0); // Cancel closes the widget
  await expect(page.getByTestId("swap-status-reason")).toHaveText(/card payment was cancelled/);
  await expect(page.getByText(/declined in your wallet/i)).toHaveCount(0);
  expect(await deposits("base", wallet.address)).toBe(before);
  await endState(page, testInfo);
});

test("card declined at the 3-D Secure check: the status and its toast both say 'Card declined'; nothing credited", async ({
  page,
  wallet,
}, testInfo) => {
  await openCardForm(page);
  const before = await deposits("base", wallet.address);
  const widget = await openCardWidget(page, "1000");
  await widget.locator("#tds").click();
  await widget.locator("#tds-no").click(); // the bank's check declines the card
  const failed = page.getByTestId("swap-status-failed");
  await expect(failed).toBeVisible();
  await expect(failed.getByRole("heading")).toHaveText("Card declined");
  const said = "Your card was declined (for example the 3-D Secure check failed). Nothing was charged.";
  await expect(page.getByTestId("swap-status-reason")).toHaveText(said);
  await expectToast(page, "error", "Card declined", said);
  await expect(page.getByText("Transaction failed")).toHaveCount(0);
  await endState(page, testInfo, "declined-in-widget");
  // The widget stays open with its own words until the buyer closes it; closing it changes nothing of the above.
  await widget.locator("#close").click();
  await expect(page.locator('[data-testid="card-widget-iframe"]')).toHaveCount(0);
  await expect(failed.getByRole("heading")).toHaveText("Card declined");
  await expect(page.getByTestId("swap-status-reason")).toHaveText(said);
  expect(await deposits("base", wallet.address)).toBe(before);
  expect(wallet.sent()).toHaveLength(0);
  await endState(page, testInfo);
});

test("keyboard only: a card purchase with Tab, Enter and Space, no pointer", async ({ page, wallet }, testInfo) => {
  await page.goto("/");
  const before = await deposits("base", wallet.address);
  await tabTo(page, page.getByTestId("buy-card"));
  await page.keyboard.press("Enter");
  const connect = page.getByRole("dialog", { name: "Connect a wallet" });
  await expect(connect).toBeVisible();
  await tabTo(page, connect.getByTestId(CONNECT_TEST_ID));
  await page.keyboard.press("Enter");
  await expect(connect).toBeHidden();
  // The card form replaced the button that opened the dialog: focus is on its token field, ready for typing.
  const tokens = page.getByTestId("token-amount");
  await expect(tokens).toBeFocused();
  await page.keyboard.type("1500", { delay: 80 });
  await expect(page.getByTestId("card-estimate")).toBeVisible();
  await tabTo(page, page.getByTestId("buy-now"));
  await page.keyboard.press("Enter");

  const modal = page.getByTestId("card-modal");
  await expect(modal.getByTestId("card-summary-tokens")).toContainText("1,500");
  await expect(modal.getByTestId("card-modal-continue")).toBeFocused();
  await page.keyboard.press("Space");
  // The full-screen widget takes the focus when it has loaded; its Pay button is reached with Tab.
  const widget = page.frameLocator('[data-testid="card-widget-iframe"]');
  await expect(widget.locator("#pay")).toBeEnabled();
  await expect(modal).toBeHidden();
  await tabTo(page, widget.locator("#pay"), { max: 10 });
  await endState(page, testInfo, "widget-pay-focused");
  await page.keyboard.press("Enter");

  await expect(page.getByTestId("swap-status-complete")).toBeVisible({ timeout: 60_000 });
  expect(await deposits("base", wallet.address)).toBe(before + 1_500n * WHOLE);
  expect(wallet.sent()).toHaveLength(0);
  // The widget that had the focus is gone: it lands on the status view's heading.
  await expect(page.getByTestId("swap-status-complete").getByRole("heading")).toBeFocused();
  await endState(page, testInfo);
});
