/**
 * The Base recipient of an Ethereum purchase for a buyer whose address has contract code on Ethereum (PRODUCT.md §7):
 * the dapp reads the code, asks for a Base address, keeps Buy disabled until the address is typed and confirmed,
 * shows "on Base to <address>" in the order and remembers the address for the buyer. Here the code is placed at the
 * buyer's address with `hardhat_setCode` (the dapp only reads it); a full purchase through a smart account is the
 * contract-wallet scenario.
 */
import type { Address } from "viem";
import { pub, setEthBalance } from "../support/chain.ts";
import { CHAIN_IDS } from "../support/config.ts";
import { endState, enterTokens, expect, openAndConnect, test } from "../support/fixtures.ts";

const CONTRACT_BUYER = 23; // never buys here: its code and a balance for the order's checks matter
test.use({ buyer: CONTRACT_BUYER, walletChain: CHAIN_IDS.eth });

const BASE_ADDRESS = "0x00000000000000000000000000000000000b45e1" as Address;

test.beforeAll(async () => {
  const { accountAt } = await import("../support/wallet.ts");
  await pub.eth.request({
    method: "hardhat_setCode" as "eth_chainId",
    params: [accountAt(CONTRACT_BUYER).address, "0x6080604052600080fd"] as unknown as undefined,
  });
  await setEthBalance("eth", accountAt(CONTRACT_BUYER).address, "10");
});

for (const lang of ["en", "es"] as const) {
  test(`a contract account types and confirms its Base address before Buy is enabled (${lang})`, async ({
    page,
    wallet,
  }, testInfo) => {
    await openAndConnect(page, wallet);
    if (lang !== "en") {
      await page.goto(`/${lang}`); // the wallet reconnects; the widget speaks the language
      await expect(page.getByTestId("swap-form")).toBeVisible();
    }
    await expect(page.getByTestId("recipient-contract-notice")).toBeVisible();
    await enterTokens(page, 1_000);
    const buy = page.getByTestId("buy-now");
    await expect(buy).toBeDisabled();
    await expect(page.getByTestId("order-recipient")).toHaveCount(0);
    await page.getByTestId("recipient-input").fill("0x1234");
    await expect(page.getByTestId("recipient-issue-invalid")).toBeVisible();
    await page.getByTestId("recipient-input").fill(BASE_ADDRESS);
    await expect(buy).toBeDisabled(); // typed, not confirmed
    await page.getByTestId("recipient-confirm").check();
    await expect(page.getByTestId("order-recipient")).toContainText(BASE_ADDRESS);
    await expect(buy).toBeEnabled();
    await page.getByTestId("recipient").scrollIntoViewIfNeeded();
    await endState(page, testInfo, `recipient-${lang}-1440`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("recipient").scrollIntoViewIfNeeded();
    await endState(page, testInfo, `recipient-${lang}-390`);
    // Remembered for this buyer on this device: after a reload the address is there, confirmed.
    await page.reload();
    await expect(page.getByTestId("recipient-input")).toHaveValue(BASE_ADDRESS);
    await expect(page.getByTestId("recipient-confirm")).toBeChecked();
  });
}
