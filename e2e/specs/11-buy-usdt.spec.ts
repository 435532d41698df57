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
  await selectPayToken(page, "eth-usdt");
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
