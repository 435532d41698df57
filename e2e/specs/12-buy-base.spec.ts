/** Buying on (local) Base: native ETH ("BASE"), USDC, and buy-and-stake. */
import { BUYERS, CHAIN_IDS } from "../support/config.ts";
import { contract, deposits, pub, read, tokenBalance, WHOLE } from "../support/chain.ts";
import {
  endState,
  enterTokens,
  expect,
  lastTxHash,
  openAndConnect,
  selectPayToken,
  test,
} from "../support/fixtures.ts";

test.use({ buyer: BUYERS.baseBuy, walletChain: CHAIN_IDS.base });
test.describe.configure({ mode: "serial" });

test("BASE (native ETH on Base)", async ({ page, wallet }, testInfo) => {
  await openAndConnect(page, wallet);
  await expect(page.getByTestId("payment-method")).toContainText("BASE");
  const before = await deposits("base", wallet.address);
  await enterTokens(page, 3_000);
  await page.getByTestId("buy-now").click();
  await expect(page.getByTestId("swap-status-complete")).toBeVisible();
  const receipt = await pub.base.getTransactionReceipt({ hash: lastTxHash(wallet) });
  expect(receipt.status).toBe("success");
  expect(await deposits("base", wallet.address)).toBe(before + 3_000n * WHOLE);
  await expect(page.getByTestId("stake-now")).toBeVisible(); // paid on Base outside a modal, not staking
  await endState(page, testInfo);
  await page.getByTestId("stake-now").click();
  await expect(page).toHaveURL(/\/staking$/);
  await expect(page.getByTestId("staking-page")).toBeVisible();
  await expect
    .poll(async () =>
      Number(((await page.getByTestId("stakeable-amount").textContent()) ?? "").replace(/[^0-9.]/g, "")),
    )
    .toBeGreaterThanOrEqual(3_000);
});

test("USDC on Base", async ({ page, wallet }, testInfo) => {
  await openAndConnect(page, wallet);
  await selectPayToken(page, "base-usdc");
  const before = await deposits("base", wallet.address);
  const usdcBefore = await tokenBalance("base", "USDC", wallet.address);
  await enterTokens(page, 1_200);
  await page.getByTestId("buy-now").click();
  await expect(page.getByTestId("swap-status-complete")).toBeVisible();
  expect(await deposits("base", wallet.address)).toBe(before + 1_200n * WHOLE);
  expect(await tokenBalance("base", "USDC", wallet.address)).toBeLessThan(usdcBefore);
  expect(wallet.sent().length).toBe(2); // approval + purchase
  await endState(page, testInfo);
});

test("buy and stake on Base", async ({ page, wallet }, testInfo) => {
  await openAndConnect(page, wallet);
  const staked = async () => (await read("base", "Staking", "poolStakers", [wallet.address])).amount;
  const stakedBefore = await staked();
  const depositsBefore = await deposits("base", wallet.address);
  await enterTokens(page, 4_000);
  await page.getByTestId("buy-and-stake").click();
  await expect(page.getByTestId("swap-status-complete")).toBeVisible();
  await expect(page.getByTestId("stake-now")).toHaveCount(0);
  expect(await staked()).toBe(stakedBefore + 4_000n * WHOLE);
  expect(await deposits("base", wallet.address)).toBe(depositsBefore); // staked, not claimable
  expect(await read("base", "Staking", "tokensStakedByPresale")).toBeGreaterThanOrEqual(4_000n * WHOLE);
  expect(contract("base", "Staking").address).toBeTruthy();
  await endState(page, testInfo);
});
