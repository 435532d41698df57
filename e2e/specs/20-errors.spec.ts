/** What goes wrong: rejections in the wallet, the maximum per purchase, contract reverts, low balance and gas. */
import { parseUnits } from "viem";
import { BUYERS, CHAIN_IDS } from "../support/config.ts";
import { allowance, contract, deposits, pub, setEthBalance, write } from "../support/chain.ts";
import {
  endState,
  enterTokens,
  expect,
  expectToast,
  openAndConnect,
  selectPayToken,
  test,
} from "../support/fixtures.ts";
import { accountAt } from "../support/wallet.ts";

test.describe.configure({ mode: "serial" });

/** What a purchase refused by a paused sale says, in the status view and in its toast (PRODUCT.md §8). */
const PAUSED_TEXT = "The sale is paused right now. Nothing was sent.";

test.describe("rejections and reverts", () => {
  test.use({ buyer: BUYERS.errors, walletChain: CHAIN_IDS.eth });

  test("rejected purchase: status rejected, nothing on chain, Start again", async ({ page, wallet }, testInfo) => {
    await openAndConnect(page, wallet);
    const before = await deposits("eth", wallet.address);
    await enterTokens(page, 1_000);
    wallet.rejectNext("eth_sendTransaction");
    await page.getByTestId("buy-now").click();
    await expect(page.getByTestId("swap-status-rejected")).toBeVisible();
    expect(wallet.calls.filter((c) => c.method === "eth_sendTransaction").map((c) => c.error?.code)).toEqual([4001]);
    expect(await deposits("eth", wallet.address)).toBe(before);
    await endState(page, testInfo);
    await page.getByTestId("start-again").click();
    await expect(page.getByTestId("swap-form")).toBeVisible();
  });

  test("rejected approval: status rejected, no allowance, no purchase", async ({ page, wallet }, testInfo) => {
    const presale = contract("eth", "Presale").address;
    expect(await allowance("eth", "USDC", wallet.address, presale)).toBe(0n);
    await openAndConnect(page, wallet);
    await selectPayToken(page, "eth-usdc", { waitForMax: false });
    const before = await deposits("eth", wallet.address);
    await enterTokens(page, 1_000);
    wallet.rejectNext("eth_sendTransaction");
    await page.getByTestId("buy-now").click();
    await expect(page.getByTestId("swap-status-rejected")).toBeVisible();
    const sends = wallet.calls.filter((c) => c.method === "eth_sendTransaction");
    expect(sends).toHaveLength(1); // the approval, rejected; the purchase never asked for
    expect((sends[0].params[0] as { to: string }).to.toLowerCase()).toBe(contract("eth", "USDC").address.toLowerCase());
    expect(sends[0].error?.code).toBe(4001);
    expect(await allowance("eth", "USDC", wallet.address, presale)).toBe(0n);
    expect(await deposits("eth", wallet.address)).toBe(before);
    await endState(page, testInfo);
  });

  test("more than the maximum per purchase: max-tokens popup as typed, Buy disabled, nothing sent", async ({
    page,
    wallet,
  }, testInfo) => {
    await openAndConnect(page, wallet);
    const max = Number(await (await import("../support/chain.ts")).read("eth", "Presale", "maxTokensToBuy"));
    await enterTokens(page, max + 1);
    await expect(page.getByTestId("popup-max-tokens")).toBeVisible();
    await expect(page.getByTestId("popup-max-tokens")).toContainText(max.toLocaleString("en-US"));
    await endState(page, testInfo);
    await page.getByTestId("popup-confirm").click();
    await expect(page.getByTestId("popup-max-tokens")).toBeHidden();
    await expect(page.getByTestId("msg-max_exceeded")).toBeVisible();
    await expect(page.getByTestId("buy-now")).toBeDisabled();
    expect(wallet.sent()).toHaveLength(0);
  });

  test("paused sale: a purchase refused at simulation names the pause; then the widget shows it and disables Buy", async ({
    page,
    wallet,
  }, testInfo) => {
    await openAndConnect(page, wallet);
    const before = await deposits("eth", wallet.address);
    await enterTokens(page, 1_000);
    await write("eth", "Presale", "pause");
    try {
      // Clicked before the next refresh: the contract refuses the simulated purchase with SalePaused.
      await page.getByTestId("buy-widget").getByRole("button", { name: "Buy now" }).click();
      await expect(page.getByTestId("swap-status-failed")).toBeVisible();
      await expect(page.getByTestId("swap-status-failed")).toHaveAttribute("data-revert", "SalePaused");
      await expect(page.getByTestId("swap-status-reason")).toHaveText(PAUSED_TEXT);
      await expectToast(page, "error", "Purchase refused", PAUSED_TEXT);
      await expect(page.getByTestId("popup-max-tokens")).toHaveCount(0);
      await expect(page.getByText(/declined in your wallet/i)).toHaveCount(0);
      await endState(page, testInfo, "refused");
      await page.getByRole("button", { name: "Start again" }).click();
      // With the next refresh of the presale data the widget says why, before the buyer can act.
      await expect(page.getByTestId("sale-paused")).toBeVisible();
      await expect(page.getByTestId("sale-paused")).toHaveText(/sale on .* is paused/);
      await page.getByTestId("token-amount").fill("1000");
      await expect(page.getByTestId("buy-widget").getByRole("button", { name: "Buy now" })).toBeDisabled();
      await endState(page, testInfo);
    } finally {
      await write("eth", "Presale", "unpause");
    }
    expect(wallet.sent()).toHaveLength(0);
    expect(await deposits("eth", wallet.address)).toBe(before);
    await expect(page.getByTestId("sale-paused")).toHaveCount(0, { timeout: 25_000 });
  });

  test("a pause that lands while the wallet holds the purchase prompt for 25 s: named as on the fast path, with its toast", async ({
    page,
    wallet,
  }, testInfo) => {
    await openAndConnect(page, wallet);
    const before = await deposits("eth", wallet.address);
    const nonce = await pub.eth.getTransactionCount({ address: wallet.address });
    await enterTokens(page, 1_000);
    const prompt = wallet.holdNext("eth_sendTransaction");
    await page.getByTestId("buy-now").click();
    await expect(page.getByTestId("swap-status-confirm_pending")).toBeVisible(); // simulated, the wallet asks
    await write("eth", "Presale", "pause");
    try {
      await page.waitForTimeout(25_000); // the buyer reads the prompt; the page's refreshes see the pause meanwhile
      prompt.release();
      await expect(page.getByTestId("swap-status-failed")).toBeVisible();
      await expect(page.getByTestId("swap-status-failed")).toHaveAttribute("data-revert", "SalePaused");
      await expect(page.getByTestId("swap-status-failed").getByRole("heading")).toHaveText("Purchase refused");
      await expect(page.getByTestId("swap-status-reason")).toHaveText(PAUSED_TEXT);
      await expectToast(page, "error", "Purchase refused", PAUSED_TEXT);
      await expect(page.getByText("Transaction failed")).toHaveCount(0);
      await endState(page, testInfo);
    } finally {
      await write("eth", "Presale", "unpause");
    }
    // Nothing reached the chain: no purchase, and no transaction from the buyer at all ("Nothing was sent" is true).
    expect(await deposits("eth", wallet.address)).toBe(before);
    expect(await pub.eth.getTransactionCount({ address: wallet.address })).toBe(nonce);
  });
});

test.describe("low balance and low gas", () => {
  test.use({ buyer: BUYERS.poor, walletChain: CHAIN_IDS.eth });

  test("messages and disabled Buy for ETH and USDT", async ({ page, wallet }, testInfo) => {
    await setEthBalance("eth", wallet.address, "0.02");
    await write("eth", "USDT", "mint", [accountAt(BUYERS.poor).address, parseUnits("1", 6)]);
    await openAndConnect(page, wallet);
    const pay = page.getByTestId("pay-amount");
    const buy = page.getByTestId("buy-now");

    await pay.fill("0.018"); // covered by the balance, not with the 0.005 ETH gas reserve
    await expect(page.getByTestId("msg-low_gas_fees")).toBeVisible();
    await expect(buy).toBeDisabled();
    await pay.fill("0.5"); // more than the balance
    await expect(page.getByTestId("msg-swap_error")).toBeVisible();
    await expect(page.getByTestId("msg-low_gas_fees")).toHaveCount(0);
    await expect(buy).toBeDisabled();

    await selectPayToken(page, "eth-usdt");
    await pay.fill("5"); // 1 USDT held
    await expect(page.getByTestId("msg-low_usdt")).toBeVisible();
    await expect(buy).toBeDisabled();
    await setEthBalance("eth", wallet.address, "0.001"); // below the gas reserve too (seen at the next refresh)
    await expect(page.getByTestId("msg-low_gas_fees")).toBeVisible();
    await endState(page, testInfo);
    expect(wallet.sent()).toHaveLength(0);
  });
});

test.describe("a pay amount above the balance or the maximum is never cut to fit", () => {
  test.use({ buyer: BUYERS.poor, walletChain: CHAIN_IDS.eth });

  test("150 ETH with 100, 200,000 USDT with 50,000: low balance; 49,000 USDT: the maximum popup; Buy disabled", async ({
    page,
    wallet,
  }, testInfo) => {
    const { read } = await import("../support/chain.ts");
    const max = await read("eth", "Presale", "maxTokensToBuy");
    expect(max).toBeLessThanOrEqual(5_000_000n); // 49,000 USDT buys more than that at any price below 0.0097
    await setEthBalance("eth", wallet.address, "100");
    const held = await read("eth", "USDT", "balanceOf", [wallet.address]);
    await write("eth", "USDT", "mint", [wallet.address, parseUnits("50000", 6) - held]);
    await openAndConnect(page, wallet);
    const pay = page.getByTestId("pay-amount");
    const tokens = page.getByTestId("token-amount");
    const buy = page.getByTestId("buy-now");

    await pay.fill("");
    await pay.pressSequentially("150", { delay: 120 });
    await expect(page.getByTestId("msg-swap_error")).toBeVisible();
    await page.waitForTimeout(1_500); // past the debounce and the quote
    await expect(page.getByTestId("msg-swap_error")).toBeVisible();
    await expect(page.getByTestId("popup-max-tokens")).toHaveCount(0);
    await expect(tokens).toHaveValue(""); // never the maximum
    await expect(pay).toHaveValue("150");
    await expect(buy).toBeDisabled();

    await selectPayToken(page, "eth-usdt");
    await pay.fill("");
    await pay.pressSequentially("200000", { delay: 120 });
    await expect(page.getByTestId("msg-low_usdt")).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(page.getByTestId("popup-max-tokens")).toHaveCount(0);
    await expect(buy).toBeDisabled();
    await endState(page, testInfo, "low-balance");

    await pay.fill("");
    await pay.pressSequentially("49000", { delay: 120 });
    await expect(page.getByTestId("popup-max-tokens")).toBeVisible();
    await expect(page.getByTestId("popup-max-tokens")).toContainText(Number(max).toLocaleString("en-US"));
    await endState(page, testInfo, "max-popup");
    await page.getByTestId("popup-confirm").click();
    await expect(page.getByTestId("msg-max_exceeded")).toBeVisible();
    await expect(page.getByTestId("msg-low_usdt")).toHaveCount(0);
    await expect(tokens).toHaveValue("");
    await expect(buy).toBeDisabled();

    // Within the balance and the maximum: the cost line floored to 4 decimals, Buy enabled (English, then Spanish).
    await pay.fill("");
    await pay.pressSequentially("1000.5", { delay: 120 });
    await expect(page.getByTestId("quote-line")).toBeVisible();
    await expect(page.getByTestId("quote-line")).toHaveText(/\d(\.\d{1,4})? USDT/);
    await expect(page.getByTestId("quote-line")).not.toHaveText(/\.\d{5,}/);
    await expect(buy).toBeEnabled();
    await endState(page, testInfo, "cost-en-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("quote-line").scrollIntoViewIfNeeded();
    await endState(page, testInfo, "cost-en-390");
    await page.setViewportSize({ width: 1440, height: 900 }); // the header's language picker (in the menu on phones)
    await page.getByTestId("language-picker").first().click();
    await page.getByTestId("language-picker-es").first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await pay.fill("");
    await pay.pressSequentially("200000", { delay: 120 });
    await expect(page.getByTestId("msg-low_usdt")).toBeVisible();
    await expect(buy).toBeDisabled();
    await endState(page, testInfo, "low-balance-es-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("msg-low_usdt").scrollIntoViewIfNeeded();
    await endState(page, testInfo, "low-balance-es-390");
    expect(wallet.sent()).toHaveLength(0);
  });
});
