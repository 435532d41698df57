/** USDT on Ethereum: the approval (1e26), and the reset-to-zero first when a smaller allowance exists. */
import { decodeFunctionData, erc20Abi, type Hex } from "viem";
import { BUYERS, CHAIN_IDS } from "../support/config.ts";
import { allowance, contract, deposits, leaveUsdtAllowance, tokenBalance, WHOLE } from "../support/chain.ts";
import { endState, enterTokens, expect, openAndConnect, selectPayToken, test } from "../support/fixtures.ts";
import type { TestWallet } from "../support/wallet.ts";

test.use({ buyer: BUYERS.usdtBuy, walletChain: CHAIN_IDS.eth });

const UNLIMITED = 10n ** 26n;
/** The wallet's sent transactions, decoded: approvals to the presale as ["approve", amount], anything else by selector. */
function sentCalls(wallet: TestWallet, from = 0) {
  const presale = contract("eth", "Presale");
  return wallet
    .sent()
    .slice(from)
    .map((c) => {
      const tx = c.params[0] as { to: string; data: Hex };
      if (tx.to.toLowerCase() === contract("eth", "USDT").address.toLowerCase()) {
        const d = decodeFunctionData({ abi: erc20Abi, data: tx.data });
        return [d.functionName, (d.args as readonly unknown[])[1]] as const;
      }
      if (tx.to.toLowerCase() === presale.address.toLowerCase())
        return [decodeFunctionData({ abi: presale.abi, data: tx.data }).functionName, undefined] as const;
      return ["other", undefined] as const;
    });
}

/** Where the last transaction the wallet refused (4001) was going. */
function lastRefusedTo(wallet: TestWallet): string | undefined {
  const refused = wallet.calls.filter((c) => c.method === "eth_sendTransaction" && c.error?.code === 4001).at(-1);
  return (refused?.params[0] as { to: string } | undefined)?.to.toLowerCase();
}

test.describe.configure({ mode: "serial" });

test("USDT without allowance: one large approval, then the purchase", async ({ page, wallet }, testInfo) => {
  const presale = contract("eth", "Presale").address;
  expect(await allowance("eth", "USDT", wallet.address, presale)).toBe(0n);
  await openAndConnect(page, wallet);
  await selectPayToken(page, "eth-usdt");
  const before = await deposits("eth", wallet.address);
  const usdtBefore = await tokenBalance("eth", "USDT", wallet.address);
  await enterTokens(page, 1_500);
  await page.getByTestId("buy-now").click();
  await expect(page.getByTestId("swap-status-complete")).toBeVisible();

  expect(sentCalls(wallet)).toEqual([
    ["approve", UNLIMITED],
    ["buyWithUSDT", undefined],
  ]);
  expect(await deposits("eth", wallet.address)).toBe(before + 1_500n * WHOLE);
  const spent = usdtBefore - (await tokenBalance("eth", "USDT", wallet.address));
  expect(spent).toBeGreaterThan(0n);
  expect(await allowance("eth", "USDT", wallet.address, presale)).toBe(UNLIMITED - spent);
  await endState(page, testInfo);
});

test("USDT with a smaller non-zero allowance: reset to zero, approve, purchase", async ({ page, wallet }, testInfo) => {
  const presale = contract("eth", "Presale").address;
  await leaveUsdtAllowance(wallet, 1_000_000n);
  await openAndConnect(page, wallet);
  await selectPayToken(page, "eth-usdt", { waitForMax: false });
  const before = await deposits("eth", wallet.address);
  await enterTokens(page, 2_500); // ~15 USDT > 1 USDT allowed
  await page.getByTestId("buy-now").click();
  await expect(page.getByTestId("swap-status-complete")).toBeVisible();

  expect(sentCalls(wallet)).toEqual([
    ["approve", 0n],
    ["approve", UNLIMITED],
    ["buyWithUSDT", undefined],
  ]);
  expect(await deposits("eth", wallet.address)).toBe(before + 2_500n * WHOLE);
  expect(await allowance("eth", "USDT", wallet.address, presale)).toBeGreaterThan(UNLIMITED - 10n ** 9n);
  await endState(page, testInfo);
});

test("an approval step mined, then the next request refused: the status says what reached the chain", async ({
  page,
  wallet,
}, testInfo) => {
  const presale = contract("eth", "Presale").address;
  const reason = page.getByTestId("swap-status-reason");
  await leaveUsdtAllowance(wallet, 1_000_000n);
  await openAndConnect(page, wallet);
  await selectPayToken(page, "eth-usdt");
  const before = await deposits("eth", wallet.address);
  const usdtBefore = await tokenBalance("eth", "USDT", wallet.address);

  /** 2,500 tokens bought with the wallet refusing its second transaction request: what it sent, and the status. */
  const refuseSecondRequest = async (said: string) => {
    await enterTokens(page, 2_500);
    const from = wallet.sent().length;
    wallet.rejectNext("eth_sendTransaction", { skip: 1 });
    await page.getByTestId("buy-now").click();
    await expect(page.getByTestId("swap-status-rejected")).toBeVisible();
    await expect(reason).toHaveText(`The request was declined in your wallet. ${said}`);
    await expect(page.getByText(/nothing was sent/i)).toHaveCount(0);
    return sentCalls(wallet, from);
  };

  // approve(0) mined, the new approval refused in the wallet: the reset is on chain, nothing bought.
  expect(await refuseSecondRequest("Your allowance was reset to zero on chain; no tokens were bought.")).toEqual([
    ["approve", 0n],
  ]);
  expect(lastRefusedTo(wallet)).toBe(contract("eth", "USDT").address.toLowerCase()); // the new approval
  expect(await allowance("eth", "USDT", wallet.address, presale)).toBe(0n);
  expect(await deposits("eth", wallet.address)).toBe(before);
  await endState(page, testInfo, "reset-then-refused-1440");
  await page.setViewportSize({ width: 390, height: 844 }); // the longest status text, on a phone
  await reason.evaluate((e) => e.scrollIntoView({ block: "center" }));
  await endState(page, testInfo, "reset-then-refused-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  // Again from zero: the approval mined, the purchase refused: the allowance is on chain, nothing bought.
  await page.getByTestId("start-again").click();
  await expect(page.getByTestId("payment-method")).toContainText("USDT");
  expect(await refuseSecondRequest("The approval was sent and confirmed; no tokens were bought.")).toEqual([
    ["approve", UNLIMITED],
  ]);
  expect(lastRefusedTo(wallet)).toBe(presale.toLowerCase()); // the purchase
  expect(await allowance("eth", "USDT", wallet.address, presale)).toBe(UNLIMITED);
  expect(await deposits("eth", wallet.address)).toBe(before);
  expect(await tokenBalance("eth", "USDT", wallet.address)).toBe(usdtBefore);
  await endState(page, testInfo);
});
