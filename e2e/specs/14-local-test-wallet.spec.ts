/**
 * The newcomer's path: no wallet extension, only the "Local test wallet" that local builds offer, which
 * signs with Hardhat account #3 in the page. Uses Playwright's plain `test`: no injected wallet in this page.
 */
import { expect, test } from "@playwright/test";
import { mnemonicToAccount } from "viem/accounts";
import { contract, deposits, pub, WHOLE } from "../support/chain.ts";
import { enterTokens } from "../support/fixtures.ts";

const LOCAL_WALLET = mnemonicToAccount("test test test test test test test test test test test junk", { addressIndex: 3 });

test("Local test wallet: connect without an extension and buy with ETH on local Ethereum", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.getByTestId("buy-crypto").click();
  await page.getByTestId("connect-local-test-wallet").click();
  await expect(page.getByTestId("header-address")).toBeVisible();
  await expect(page.getByTestId("swap-form")).toBeVisible();
  await expect(page.getByTestId("payment-method")).toContainText("ETH");

  const before = await deposits("eth", LOCAL_WALLET.address);
  const tokens = 1_500;
  await enterTokens(page, tokens);
  await page.getByTestId("buy-now").click();
  await expect(page.getByTestId("swap-status-complete")).toBeVisible();

  // On chain: account #3 was credited exactly the tokens bought, by a purchase sent to the presale.
  expect(await deposits("eth", LOCAL_WALLET.address)).toBe(before + BigInt(tokens) * WHOLE);
  const presale = contract("eth", "Presale").address.toLowerCase();
  const latest = await pub.eth.getBlockNumber();
  let sentByWallet = 0;
  for (let n = latest; n >= 0n && n > latest - 20n; n--) {
    const block = await pub.eth.getBlock({ blockNumber: n, includeTransactions: true });
    sentByWallet += block.transactions.filter((tx) => tx.from.toLowerCase() === LOCAL_WALLET.address.toLowerCase() && tx.to?.toLowerCase() === presale).length;
  }
  expect(sentByWallet).toBe(1);
  await page.screenshot({ path: testInfo.outputPath("end-state.png") });
});
