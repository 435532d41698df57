/** Chain handling: the wrong-chain popup and switch, and a chain the wallet does not know (4902, added, retried). */
import { BUYERS, CHAIN_IDS, URLS } from "../support/config.ts";
import { deposits, WHOLE } from "../support/chain.ts";
import { endState, enterTokens, expect, openAndConnect, test } from "../support/fixtures.ts";

test.use({ buyer: BUYERS.chains, walletChain: CHAIN_IDS.eth });
test.describe.configure({ mode: "serial" });

test("fail a switch: manual-switch popup, the selection returns to the wallet's chain, no Max; a second try switches and buys", async ({
  page,
  wallet,
}, testInfo) => {
  await openAndConnect(page, wallet);
  wallet.failNextSwitch();
  await page.getByTestId("payment-method").click();
  await page.getByTestId("payment-option-base-native").click();
  await expect(page.getByTestId("popup-change-mode")).toBeVisible();
  await page.getByTestId("popup-confirm").click();
  await expect(page.getByTestId("popup-switch-failed")).toBeVisible();
  await endState(page, testInfo, "switch-failed");
  await page.getByTestId("popup-confirm").click();
  expect(wallet.chainId).toBe(CHAIN_IDS.eth);
  // The wallet stayed on Ethereum: so does the selection, and no Max of the other chain's token is filled in.
  await expect(page.getByTestId("payment-method")).toContainText("ETH");
  await expect(page.getByTestId("payment-method")).not.toContainText("BASE");
  await page.waitForTimeout(1_500); // longer than the Max delay
  await expect(page.getByTestId("pay-amount")).toHaveValue("");

  await page.getByTestId("payment-method").click();
  await page.getByTestId("payment-option-base-native").click();
  await page.getByTestId("popup-confirm").click();
  await expect.poll(() => wallet.chainId).toBe(CHAIN_IDS.base);
  await expect(page.getByTestId("payment-method")).toContainText("BASE");
  const before = await deposits("base", wallet.address);
  await enterTokens(page, 1_000);
  await page.getByTestId("buy-now").click();
  await expect(page.getByTestId("swap-status-complete")).toBeVisible();
  expect(await deposits("base", wallet.address)).toBe(before + 1_000n * WHOLE);
  await endState(page, testInfo);
});

test("chain unknown to the wallet: 4902, the dapp adds it, then switches", async ({ page, wallet }, testInfo) => {
  wallet.forgetChain(CHAIN_IDS.base);
  await openAndConnect(page, wallet);
  await page.getByTestId("switch-chain").click();
  await expect(page.getByTestId("popup-change-mode")).toBeVisible();
  await page.getByTestId("popup-confirm").click();
  await expect(page.getByTestId("payment-method")).toContainText("BASE");
  await expect.poll(() => wallet.chainId).toBe(CHAIN_IDS.base);

  const chainCalls = wallet.calls.filter(
    (c) => c.method === "wallet_switchEthereumChain" || c.method === "wallet_addEthereumChain",
  );
  expect(chainCalls.map((c) => [c.method, c.error?.code ?? "ok"])).toEqual([
    ["wallet_switchEthereumChain", 4902],
    ["wallet_addEthereumChain", "ok"],
    ["wallet_switchEthereumChain", "ok"],
  ]);
  const added = chainCalls[1].params[0] as {
    chainId: string;
    rpcUrls: string[];
    nativeCurrency: { symbol: string; decimals: number };
  };
  expect(Number(added.chainId)).toBe(CHAIN_IDS.base);
  expect(added.rpcUrls).toContain(URLS.base);
  expect(added.nativeCurrency).toMatchObject({ symbol: "ETH", decimals: 18 });
  expect(wallet.knows(CHAIN_IDS.base)).toBe(true);

  // And the chain works: a purchase lands on Base.
  const before = await deposits("base", wallet.address);
  await expect(page.getByTestId("pay-amount")).not.toHaveValue(""); // Max auto-fill after the selection
  await enterTokens(page, 500);
  await page.getByTestId("buy-now").click();
  await expect(page.getByTestId("swap-status-complete")).toBeVisible();
  expect(await deposits("base", wallet.address)).toBe(before + 500n * WHOLE);
  await endState(page, testInfo);
});
