/**
 * The newcomer's path: no wallet extension, only the "Local test wallet" that local builds offer, which
 * signs with Hardhat account #3 in the page. Uses Playwright's plain `test`: no injected wallet in this page. The local
 * wallet announces EIP-5792 atomic batches, so a stablecoin purchase asks once.
 */
import { expect, test } from "@playwright/test";
import { mnemonicToAccount } from "viem/accounts";
import { allowance, contract, deposits, pub, WHOLE } from "../support/chain.ts";
import { enterTokens, selectPayToken } from "../support/fixtures.ts";

const LOCAL_WALLET = mnemonicToAccount("test test test test test test test test test test test junk", {
  addressIndex: 3,
});

test("Local test wallet: connect without an extension and buy with ETH on local Ethereum", async ({
  page,
}, testInfo) => {
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
    sentByWallet += block.transactions.filter(
      (tx) => tx.from.toLowerCase() === LOCAL_WALLET.address.toLowerCase() && tx.to?.toLowerCase() === presale,
    ).length;
  }
  expect(sentByWallet).toBe(1);
  await page.screenshot({ path: testInfo.outputPath("end-state.png") });
});

test("Local test wallet: a first USDC purchase is one batch (EIP-5792), approval and purchase on chain", async ({
  page,
}, testInfo) => {
  const usdc = contract("eth", "USDC").address.toLowerCase();
  const presale = contract("eth", "Presale").address.toLowerCase();
  expect(await allowance("eth", "USDC", LOCAL_WALLET.address, presale as `0x${string}`)).toBe(0n);
  await page.goto("/");
  await page.getByTestId("buy-crypto").click();
  await page.getByTestId("connect-local-test-wallet").click();
  await expect(page.getByTestId("header-address")).toBeVisible();
  await selectPayToken(page, "eth-usdc");
  const before = await deposits("eth", LOCAL_WALLET.address);
  const startBlock = await pub.eth.getBlockNumber();
  await enterTokens(page, 1_200);
  await page.getByTestId("buy-now").click();
  // One confirmation for approval and purchase: the authorise step of the sequential flow never shows.
  await expect(page.getByTestId("swap-status-complete")).toBeVisible();
  expect(await deposits("eth", LOCAL_WALLET.address)).toBe(before + 1_200n * WHOLE);

  // The batch's calls, in order: the approval of 1e26, then the purchase (the local wallet sends them back to back).
  const sent: string[] = [];
  for (let n = startBlock + 1n; n <= (await pub.eth.getBlockNumber()); n++) {
    const block = await pub.eth.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions)
      if (tx.from.toLowerCase() === LOCAL_WALLET.address.toLowerCase()) sent.push(tx.to?.toLowerCase() ?? "");
  }
  expect(sent).toEqual([usdc, presale]);
  expect(await allowance("eth", "USDC", LOCAL_WALLET.address, presale as `0x${string}`)).toBeGreaterThan(10n ** 25n);
  await page.screenshot({ path: testInfo.outputPath("end-state-usdc.png") });
});
