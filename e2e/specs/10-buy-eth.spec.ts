/** Buying with ETH on (local) Ethereum through the injected wallet. */
import { BUYERS, CHAIN_IDS } from "../support/config.ts";
import { contract, deposits, ethBalance, pub, WHOLE } from "../support/chain.ts";
import {
  endState,
  enterTokens,
  expect,
  expectAccessible,
  lastTxHash,
  openAndConnect,
  parseShown,
  test,
} from "../support/fixtures.ts";

test.use({ buyer: BUYERS.ethBuy, walletChain: CHAIN_IDS.eth });

test("buy with ETH on Ethereum: complete on screen, deposit and payment on chain", async ({
  page,
  wallet,
}, testInfo) => {
  await openAndConnect(page, wallet);
  // The connect button that opened the dialog is gone (the form replaced it): focus lands on the form's first field.
  await expect(page.getByTestId("pay-amount")).toBeFocused();
  await expect(page.getByTestId("payment-method")).toContainText("ETH");
  const before = await deposits("eth", wallet.address);
  const ethBefore = await ethBalance("eth", wallet.address);

  const tokens = 2_000;
  await enterTokens(page, tokens);
  await expect(page.getByTestId("swap-messages")).toBeEmpty();
  await page.getByTestId("buy-now").click();
  await expect(page.getByTestId("swap-status-complete")).toBeVisible();
  // Buy (focused by the click) was replaced by the status view: focus is on its heading, not the page body.
  await expect(page.getByTestId("swap-status-complete").getByRole("heading")).toBeFocused();

  // On chain: one purchase transaction to the presale, mined, crediting exactly the tokens shown.
  const hash = lastTxHash(wallet);
  const receipt = await pub.eth.getTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  expect(receipt.to?.toLowerCase()).toBe(contract("eth", "Presale").address.toLowerCase());
  expect(await deposits("eth", wallet.address)).toBe(before + BigInt(tokens) * WHOLE);
  expect(await ethBalance("eth", wallet.address)).toBeLessThan(ethBefore);
  await expect(page.getByTestId("view-transaction")).toContainText(hash.slice(0, 10));

  // On screen: the claimable line catches up with the chain.
  await expect
    .poll(async () => parseShown((await page.getByTestId("claimable-amount").textContent()) ?? ""))
    .toBeGreaterThanOrEqual(tokens);
  await endState(page, testInfo);

  // Start again returns to the entry form, focus on its first field.
  await page.getByTestId("buy-more").click();
  await expect(page.getByTestId("swap-form")).toBeVisible();
  await expect(page.getByTestId("pay-amount")).toBeFocused();

  // The refer dialog: its read-only link field is named, axe finds nothing at 1440 and 390 px, Escape gives focus back.
  await page.getByTestId("refer-earn").click();
  const refer = page.getByRole("dialog", { name: "Refer and earn" });
  await expect(refer.getByRole("textbox", { name: "Your referral link" })).toHaveValue(/^https?:\/\//);
  await expectAccessible(page, testInfo, "refer-dialog");
  await page.keyboard.press("Escape");
  await expect(refer).toBeHidden();
  await expect(page.getByTestId("refer-earn")).toBeFocused();
});
