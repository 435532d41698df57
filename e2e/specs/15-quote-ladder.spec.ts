/**
 * The quote is the charge. Property: for random token amounts, including right below, at and past every round
 * boundary, the cost the form shows equals the contract's own quote at that moment, and what the dapp approves or
 * sends covers it. Then a purchase across a boundary charges exactly the amount shown (checked on chain), and one in
 * ETH typed key by key shows every amount floored to the display decimals while the order and the charge stay exact.
 * Each ladder position is set by the owner inside an EVM snapshot and reverted afterwards, so later specs see the
 * ladder as it was (plus the boundary purchases, bought again after the revert: Base had already imported them).
 */
import { decodeFunctionData, formatEther, parseEventLogs, parseUnits, type Hex } from "viem";
import { BUYERS, CHAIN_IDS, URLS } from "../support/config.ts";
import {
  contract,
  deposits,
  ethBalance,
  imported,
  pub,
  read,
  tokenBalance,
  until,
  WHOLE,
  write,
} from "../support/chain.ts";
import {
  endState,
  expect,
  lastTxHash,
  openAndConnect,
  selectPayToken,
  test,
  typeLikeAPerson,
} from "../support/fixtures.ts";
import type { TestWallet } from "../support/wallet.ts";
import type { Page, TestInfo } from "@playwright/test";

test.use({ buyer: BUYERS.quote, walletChain: CHAIN_IDS.eth });
test.describe.configure({ mode: "serial" });

/** Hardhat's own JSON-RPC methods (outside viem's typed schema). */
async function hardhat<T>(method: "evm_snapshot" | "evm_revert", params: unknown[]): Promise<T> {
  const res = await fetch(URLS.eth, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await res.json()) as { result: T }).result;
}
const snapshot = () => hardhat<string>("evm_snapshot", []);
const revert = async (id: string) => expect(await hardhat<boolean>("evm_revert", [id])).toBe(true);

/** Types a whole-token amount and returns the cost the form shows once the contract's quote arrived (base units). */
async function shownCost(page: Page, tokens: bigint): Promise<bigint> {
  const field = page.getByTestId("token-amount");
  await field.fill("");
  await expect(page.getByTestId("quote-cost")).toHaveCount(0);
  await field.fill(tokens.toString());
  await expect(page.getByTestId("quote-cost")).toHaveCount(1);
  const text = (await page.getByTestId("quote-cost").textContent()) ?? "";
  return parseUnits(text, 6);
}

/** The owner moves Ethereum to round `step`, `position` tokens of its share used (setCurrentStep), as an operator would. */
async function moveLadder(step: number, position: bigint) {
  await write("eth", "Presale", "setCurrentStep", [BigInt(step), position]);
}

let seed = 20_261_123;
const random = (below: bigint) => (
  (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31),
  (BigInt(seed) * below) / 2n ** 31n
);

test("random amounts across every round boundary: the cost shown is the contract's quote, and the cover exceeds it", async ({
  page,
  wallet,
}, testInfo) => {
  test.setTimeout(600_000);
  await openAndConnect(page, wallet);
  await selectPayToken(page, "eth-usdc");
  // Ethereum walks its own share of each round (`rounds()`: ethereumQuota, and what it used of it).
  const shares = await read("eth", "Presale", "rounds");
  const caps = shares.map((r) => r.ethereumQuota);
  const max = await read("eth", "Presale", "maxTokensToBuy");
  const startStep = Number(await read("eth", "Presale", "currentStep"));
  let checked = 0;
  for (let k = startStep; k < caps.length; k++) {
    const cap = caps[k];
    const usedNow = k === startStep ? shares[k].used : 0n;
    const snap = await snapshot();
    try {
      // A position in Ethereum's share some way before its end (never below what it used: the contract refuses that).
      let position = cap - 1n - random(cap - 1n < max ? cap - 1n : max);
      if (position < usedNow) position = usedNow;
      if (position >= cap) continue;
      if (k !== startStep || position !== usedNow) await moveLadder(k, position);
      const toCap = cap - position;
      const amounts = [
        toCap - 1n,
        toCap,
        toCap + 1n,
        toCap + 1n + random(max - toCap > 0n ? max - toCap : 1n),
        1n + random(toCap),
      ].filter((a) => a >= 1n && a <= max);
      for (const amount of amounts) {
        if (k === caps.length - 1 && amount > toCap) {
          // Past the last round: the contract refuses to quote (SoldOut), and the form says so instead of a cost.
          const field = page.getByTestId("token-amount");
          await field.fill("");
          await field.fill(amount.toString());
          await expect(page.getByTestId("msg-quote-SoldOut")).toBeVisible();
          await expect(page.getByTestId("quote-cost")).toHaveCount(0);
          checked++;
          continue;
        }
        const shown = await shownCost(page, amount);
        const onChain = await read("eth", "Presale", "usdcBuyHelper", [amount]);
        expect(shown, `${amount} tokens from position ${position} (round ${k + 1})`).toBe(onChain);
        const cover = parseUnits(
          ((await page.getByTestId("quote-cover").textContent()) ?? "").replace(/[^0-9.]/g, "").replace(/\.$/, ""),
          6,
        );
        expect(cover).toBeGreaterThanOrEqual(onChain);
        checked++;
      }
    } finally {
      await revert(snap);
    }
  }
  expect(checked).toBeGreaterThanOrEqual(4 * (caps.length - startStep) - 2);
  await endState(page, testInfo);
});

/**
 * Runs `buy` (it moves the ladder and buys; it returns the tokens bought) inside an EVM snapshot, reverted afterwards.
 * The keeper relays each deposit to Base, which keeps it after Ethereum's revert: the relay lands first, so that the
 * books can be made equal again afterwards, whatever the timing; then Ethereum, which forgot the purchase while Base
 * did not, gets the same tokens bought again (outside the snapshot), so its deposits and sold count match what Base
 * imported, as the claim (40-claim-staking) requires.
 */
async function buyInsideSnapshot(wallet: TestWallet, buy: () => Promise<bigint>): Promise<void> {
  const snap = await snapshot();
  try {
    const before = await deposits("eth", wallet.address);
    const bought = await buy();
    await until(
      "the purchase relayed to Base",
      async () => (await imported(wallet.address)) >= before + bought * WHOLE,
      60_000,
    );
  } finally {
    await revert(snap);
  }
  const missing = ((await imported(wallet.address)) - (await deposits("eth", wallet.address))) / WHOLE;
  if (missing > 0n) {
    const cost = await read("eth", "Presale", "ethBuyHelper", [missing]);
    await write("eth", "Presale", "buyWithEth", [missing, wallet.address], {
      from: wallet.index,
      value: (cost * 102n) / 100n,
    });
  }
}

test("purchases across round boundaries charge exactly the cost shown; in ETH every amount shown is floored, the order exact", async ({
  page,
  wallet,
}, testInfo) => {
  await buyInsideSnapshot(wallet, async () => {
    const step = Number(await read("eth", "Presale", "currentStep"));
    const cap = (await read("eth", "Presale", "rounds"))[step].ethereumQuota; // Ethereum's share of the round
    await moveLadder(step, cap - 1_500n);
    await openAndConnect(page, wallet);
    await selectPayToken(page, "eth-usdc");
    const amount = 4_000n; // 1,500 at this round's price, 2,500 at the next one's
    const shown = await shownCost(page, amount);
    const single = amount * (await read("eth", "Presale", "usdcBuyHelper", [1n]));
    expect(shown).toBeGreaterThan(single); // the next round's price counts
    await endState(page, testInfo, "quote-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("quote-line").scrollIntoViewIfNeeded();
    await endState(page, testInfo, "quote-390");
    await page.setViewportSize({ width: 1440, height: 900 });
    const usdcBefore = await tokenBalance("eth", "USDC", wallet.address);
    const before = await deposits("eth", wallet.address);
    await page.getByTestId("buy-now").click();
    await expect(page.getByTestId("swap-status-complete")).toBeVisible();
    expect(usdcBefore - (await tokenBalance("eth", "USDC", wallet.address))).toBe(shown);
    expect(await deposits("eth", wallet.address)).toBe(before + amount * WHOLE);
    const presale = contract("eth", "Presale");
    const buyTx = wallet
      .sent()
      .map((c) => c.params[0] as { to: string; data: Hex })
      .find((tx) => tx.to.toLowerCase() === presale.address.toLowerCase())!;
    const call = decodeFunctionData({ abi: presale.abi, data: buyTx.data });
    expect(call.functionName).toBe("buyWithUSDC");
    expect((call.args as readonly bigint[])[1]).toBeGreaterThanOrEqual(shown); // maxCost covers the quote
    await endState(page, testInfo);
    // One snapshot for both purchases: the keeper's relay inside a reverted snapshot is lost with it, and a second
    // snapshot's purchase waited on a relay that did not come.
    return amount + (await ethAcrossNextBoundary(page, wallet, testInfo));
  });
});

/** An exact decimal string floored to 4 decimals, trailing zeros dropped (the display rule, PRODUCT.md §9). */
const floor4 = (exact: string) => {
  const [int, frac = ""] = exact.split(".");
  const f = frac.slice(0, 4).replace(/0+$/, "");
  return f ? `${int}.${f}` : int;
};
const grouped = (text: string) => text.replace(/^\d+/, (int) => BigInt(int).toLocaleString("en-US"));

/**
 * After a completed purchase: ETH across the next round boundary, typed key by key. Every amount shown is floored to
 * the display decimals (PRODUCT.md §9) while the order and the charge stay exact. Returns the tokens bought.
 */
async function ethAcrossNextBoundary(page: Page, wallet: TestWallet, testInfo: TestInfo): Promise<bigint> {
  const step = Number(await read("eth", "Presale", "currentStep"));
  const cap = (await read("eth", "Presale", "rounds"))[step].ethereumQuota;
  await moveLadder(step, cap - 1_500n);
  await page.getByTestId("buy-more").click();
  await selectPayToken(page, "eth-native");
  const tokens = page.getByTestId("token-amount");
  const pay = page.getByTestId("pay-amount");
  const line = page.getByTestId("quote-line");

  // USD figures with cents, trailing zero kept ("$60,897.50"): the amount raised and each menu entry's value.
  await expect(page.getByTestId("usd-raised")).toHaveText(/: \$[\d,]+\.\d\d \/ \$[\d,]+\.\d\d$/);
  await page.getByTestId("payment-method").click();
  const values = page.getByRole("listbox", { name: "Payment method" }).locator(".token-row-bal small");
  await expect(values.first()).toBeVisible();
  for (const v of await values.allTextContents()) expect(v).toMatch(/^≈ (\$[\d,]+\.\d\d|< \$0\.01)$/);
  await page.keyboard.press("Escape");

  // One token costs less than 0.0001 ETH: "< 0.0001", never "0"; the pay field shows it to its 10 input decimals.
  const one = await read("eth", "Presale", "ethBuyHelper", [1n]);
  expect(one).toBeLessThan(10n ** 14n);
  await typeLikeAPerson(tokens, "1");
  await expect(page.getByTestId("quote-cost")).toHaveText(formatEther(one));
  const lineShown = () => line.innerText(); // what the buyer reads: not the exact quote kept hidden beside it
  await expect.poll(lineShown).toContain("Cost now: < 0.0001 ETH");
  await expect(pay).toHaveValue(formatEther(one - (one % 10n ** 8n)));

  // 4,000 tokens: 1,500 at this round's price, 2,500 at the next one's.
  const amount = 4_000n;
  await tokens.fill("");
  await expect(page.getByTestId("quote-cost")).toHaveCount(0);
  await typeLikeAPerson(tokens, amount.toString());
  const quote = await read("eth", "Presale", "ethBuyHelper", [amount]);
  expect(quote).toBeGreaterThan(amount * one); // the next round's price counts
  await expect(page.getByTestId("quote-cost")).toHaveText(formatEther(quote)); // the exact quote, kept
  expect(formatEther(quote)).toMatch(/\.\d{5,}/); // more decimals than are shown
  await expect.poll(lineShown).toContain(`Cost now: ${grouped(floor4(formatEther(quote)))} ETH`);
  expect(await lineShown()).not.toMatch(/\d\.\d{5,}/);
  await expect(pay).toHaveValue(floor4(formatEther(quote)));
  await line.evaluate((e) => e.scrollIntoView({ block: "center" }));
  await endState(page, testInfo, "cost-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await line.evaluate((e) => e.scrollIntoView({ block: "center" }));
  await endState(page, testInfo, "cost-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  // The order is the typed quantity and its exact quote, not the floored figure shown.
  const ethBefore = await ethBalance("eth", wallet.address);
  const before = await deposits("eth", wallet.address);
  await page.getByTestId("buy-now").click();
  await expect(page.getByTestId("swap-status-complete")).toBeVisible();
  const hash = lastTxHash(wallet);
  const [tx, receipt] = await Promise.all([pub.eth.getTransaction({ hash }), pub.eth.getTransactionReceipt({ hash })]);
  const presale = contract("eth", "Presale");
  const call = decodeFunctionData({ abi: presale.abi, data: tx.input });
  expect(call.functionName).toBe("buyWithEth");
  expect((call.args as readonly unknown[])[0]).toBe(amount);
  expect(tx.value).toBeGreaterThanOrEqual(quote); // the quote and its margin, the excess refunded
  const bought = parseEventLogs({ abi: presale.abi, logs: receipt.logs, eventName: "TokensBought" });
  expect(bought).toHaveLength(1);
  expect(bought[0].args.tokens).toBe(amount);
  expect(bought[0].args.paid).toBe(quote); // charged to the wei
  const gas = receipt.gasUsed * receipt.effectiveGasPrice;
  expect(ethBefore - (await ethBalance("eth", wallet.address))).toBe(quote + gas);
  expect(await deposits("eth", wallet.address)).toBe(before + amount * WHOLE);
  await endState(page, testInfo, "eth-end-state");
  return amount;
}
