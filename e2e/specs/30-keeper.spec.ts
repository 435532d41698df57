/** Cross-chain: a purchase on Ethereum becomes claimable on Base once the keeper has run. */
import { BUYERS, CHAIN_IDS } from "../support/config.ts";
import { deposits, read, until, WHOLE } from "../support/chain.ts";
import { endState, enterTokens, expect, openAndConnect, parseShown, test } from "../support/fixtures.ts";

test.use({ buyer: BUYERS.keeper, walletChain: CHAIN_IDS.eth });

test("Ethereum purchase imported on Base by the keeper, shown as stakeable on Base", async ({ page, wallet }, testInfo) => {
  await openAndConnect(page, wallet);
  const tokens = 6_000;
  await enterTokens(page, tokens);
  await page.getByTestId("buy-now").click();
  await expect(page.getByTestId("swap-status-complete")).toBeVisible();
  expect(await deposits("eth", wallet.address)).toBe(BigInt(tokens) * WHOLE);

  // The keeper (running in the stack, 1 s interval) syncs the ladder and imports the deposit on Base.
  await until("the keeper's import on Base", async () => (await read<bigint>("base", "Presale", "remoteDepositsImported", [wallet.address])) === BigInt(tokens) * WHOLE, 60_000);
  expect(await deposits("base", wallet.address)).toBe(BigInt(tokens) * WHOLE);
  expect(await read<bigint>("base", "Presale", "remoteTokensSold")).toBeGreaterThanOrEqual(BigInt(tokens));

  // On screen, on Base: the imported tokens are claimable there (the stakeable line is the Base claimable amount).
  await page.getByTestId("buy-more").click();
  await wallet.userSwitchesTo(CHAIN_IDS.base);
  await expect(page.getByTestId("payment-method")).toContainText("BASE");
  await expect.poll(async () => parseShown((await page.getByTestId("stakeable-amount").textContent()) ?? ""), { timeout: 30_000 }).toBe(tokens);
  await endState(page, testInfo);
});
