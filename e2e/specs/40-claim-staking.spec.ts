/**
 * Claim phase and staking on (local) Base. Runs after every purchase scenario (file order): closing the Ethereum sale
 * and opening the claim freeze purchases on both chains. Buyers: #18 (bought on Base), #6 (bought on Ethereum,
 * delivered to Base through the bridge), #17 (bought on Ethereum in the dapp in 30-bridge), #19 (bought and staked
 * during the sale), #25 (named as the Base address by 19-contract-wallet's contract account, which holds nothing there).
 */
import type { Page } from "@playwright/test";
import { BUYERS, CHAIN_IDS } from "../support/config.ts";
import {
  advanceTime,
  contract,
  deposits,
  latestTimestamp,
  pub,
  read,
  smartWalletOf,
  tokenBalance,
  until,
  WHOLE,
  write,
} from "../support/chain.ts";
import {
  endState,
  expect,
  expectAccessible,
  focused,
  openAndConnect,
  openStakingAndConnect,
  parseShown,
  tabTo,
  test,
} from "../support/fixtures.ts";
import { accountAt, CONNECT_TEST_ID, type TestWallet } from "../support/wallet.ts";

test.describe.configure({ mode: "serial" });
test.use({ walletChain: CHAIN_IDS.base });

const staker = async (who: number) => read("base", "Staking", "poolStakers", [accountAt(who).address]);
const CLAIMER_TOKENS = 8_000n;
const EARLY_STAKER_TOKENS = 20_000n;

const ETH_BUYER_TOKENS = 7_000n;
const BRIDGE_TOKENS = 6_000n; // bought in the dapp on Ethereum in 30-bridge
const CONTRACT_WALLET_TOKENS = 2_500n; // bought in the dapp by a contract account in 19-contract-wallet

/** A purchase straight to the contract: on Base with the stake flag; on Ethereum for the buyer's own Base address. */
async function buyWithEth(chain: "eth" | "base", who: number, tokens: bigint, stake: boolean) {
  const cost = await read(chain, "Presale", "ethBuyHelper", [tokens]);
  const value = (cost * 102n) / 100n;
  if (chain === "base") await write("base", "Presale", "buyWithEth", [tokens, stake], { from: who, value });
  else await write("eth", "Presale", "buyWithEth", [tokens, accountAt(who).address], { from: who, value });
}

/** The wallet's Base deposit of `tokens` whole tokens, shown claimable in the buy widget, claimed from there. */
async function claimFromWidget(page: Page, wallet: TestWallet, tokens: bigint) {
  expect(await deposits("base", wallet.address)).toBe(tokens * WHOLE);
  await openAndConnect(page, wallet);
  await expect
    .poll(async () => parseShown((await page.getByTestId("claimable-amount").textContent()) ?? ""), {
      timeout: 30_000,
    })
    .toBe(Number(tokens));
  await page.getByTestId("claim-tokens").click();
  await expect(page.getByTestId("claim-modal")).toBeVisible();
  await expect(page.getByTestId("staking-status-complete")).toBeVisible();
  expect(await tokenBalance("base", "SaleToken", wallet.address)).toBe(tokens * WHOLE);
  expect(await deposits("base", wallet.address)).toBe(0n);
}

test.beforeAll(async () => {
  // Set-up purchases (the buy flows themselves are covered in 1x-*.spec.ts): straight to the contract.
  if ((await read("base", "Presale", "claimStart")) !== 0n) return; // re-run against a kept dev stack
  await buyWithEth("base", BUYERS.claim, CLAIMER_TOKENS, false);
  await buyWithEth("base", BUYERS.stake, EARLY_STAKER_TOKENS, true);
  await buyWithEth("eth", BUYERS.claimAndStake, ETH_BUYER_TOKENS, false);
});

test.describe("before the claim opens", () => {
  test.use({ buyer: BUYERS.claim });
  test("claim is not live yet: claims-locked popup, nothing sent", async ({ page, wallet }, testInfo) => {
    expect(await read("base", "Presale", "claimStart")).toBe(0n);
    await openAndConnect(page, wallet);
    await page.getByTestId("claim-tokens").click();
    await expect(page.getByTestId("popup-claim-not-live")).toBeVisible();
    await endState(page, testInfo);
    await page.getByTestId("popup-confirm").click();
    expect(wallet.sent()).toHaveLength(0);
    expect(await deposits("base", wallet.address)).toBe(CLAIMER_TOKENS * WHOLE);
  });
});

test.describe("claim phase", () => {
  test.beforeAll(async () => {
    // The order startClaim insists on: the owner closes the Ethereum sale (final; its report crosses the bridge),
    // every Ethereum deposit reaches Base (the keeper relays, the bridge delivers), then the owner opens the claim.
    if ((await read("base", "Presale", "claimStart")) !== 0n) return;
    if (!(await read("eth", "Presale", "saleClosed"))) await write("eth", "Presale", "closeSale");
    await until("Ethereum's final report on Base", () => read("base", "Presale", "remoteSaleClosed"), 60_000);
    const now = (await latestTimestamp("base")) - 60n;
    await until(
      "startClaim to be accepted (every Ethereum deposit delivered)",
      async () => {
        try {
          await write("base", "Presale", "startClaim", [now]);
          return true;
        } catch {
          return false;
        }
      },
      60_000,
      1000,
    );
  });

  test.describe("claim", () => {
    test.use({ buyer: BUYERS.claim });
    test("claim from the buy widget: tokens in the wallet, deposit gone", async ({ page, wallet }, testInfo) => {
      await openAndConnect(page, wallet);
      // The hero no longer says the presale is live: the sale is over and the claim is open.
      await expect(page.getByTestId("banner-eyebrow")).toHaveText("Claim open on Base");
      await page.getByTestId("claim-tokens").click();
      await expect(page.getByTestId("claim-modal")).toBeVisible();
      await expect(page.getByTestId("staking-status-complete")).toBeVisible();
      await expect(page.getByTestId("claim-to-staking")).toBeVisible();
      expect(await tokenBalance("base", "SaleToken", wallet.address)).toBe(CLAIMER_TOKENS * WHOLE);
      expect(await deposits("base", wallet.address)).toBe(0n);
      await endState(page, testInfo);
      await page.getByTestId("claim-to-staking").click();
      await expect(page.getByTestId("staking-page")).toBeVisible();
    });

    test("stake from the wallet with the keyboard only (approval, deposit), then extend", async ({
      page,
      wallet,
    }, testInfo) => {
      // Tab, Enter, Space and Escape only: connect, open the stake dialog, type, stake, close.
      await page.goto("/staking");
      await tabTo(page, page.getByTestId("staking-connect"));
      await page.keyboard.press("Enter");
      const connect = page.getByRole("dialog", { name: "Connect a wallet" });
      await tabTo(page, connect.getByTestId(CONNECT_TEST_ID));
      await page.keyboard.press("Enter");
      await expect(connect).toBeHidden();
      await expect(page.getByTestId("header-address")).toBeVisible();
      expect(await focused(page)).not.toBe("body"); // the Connect button was replaced: focus is not dropped
      await expect
        .poll(async () => parseShown((await page.getByTestId("wallet-balance").textContent()) ?? ""))
        .toBe(Number(CLAIMER_TOKENS));
      await tabTo(page, page.getByTestId("stake-open"));
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("stake-modal")).toBeVisible();
      await expect(page.getByTestId("stake-amount")).toBeFocused();
      await page.keyboard.type("3000", { delay: 80 });
      await tabTo(page, page.getByTestId("stake-submit"));
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("staking-status-complete")).toBeVisible();
      // The form that had the focus became the status: focus is on its heading.
      await expect(page.getByTestId("staking-status-complete").getByRole("heading")).toBeFocused();
      expect((await staker(BUYERS.claim)).amount).toBe(3_000n * WHOLE);
      expect(await tokenBalance("base", "SaleToken", wallet.address)).toBe((CLAIMER_TOKENS - 3_000n) * WHOLE);
      const sends = wallet.sent();
      expect(sends).toHaveLength(2); // sale-token approval, deposit
      await endState(page, testInfo, "stake");
      await tabTo(page, page.getByTestId("staking-done"));
      await page.keyboard.press("Space");
      await expect(page.getByTestId("stake-modal")).toBeHidden();
      await expect(page.getByTestId("stake-open")).toBeFocused();

      // Extension: more from the wallet into the same stake; the dialog, with a stake, has no axe violation.
      await expect
        .poll(async () => parseShown((await page.getByTestId("staked-amount").textContent()) ?? ""))
        .toBe(3_000);
      await page.getByTestId("stake-open").click();
      await page.getByTestId("stake-amount").fill("1000");
      await expect(page.getByTestId("stake-estimate")).toBeVisible();
      await expectAccessible(page, testInfo, "add-to-stake-dialog");
      await page.getByTestId("stake-submit").click();
      await expect(page.getByTestId("staking-status-complete")).toBeVisible();
      expect((await staker(BUYERS.claim)).amount).toBe(4_000n * WHOLE);
      await endState(page, testInfo, "extend");
    });
  });

  test.describe("Ethereum purchase from the dapp, claimed on Base with the same wallet", () => {
    test.use({ buyer: BUYERS.bridge });
    test("Ethereum is closed for good; the tokens bought there are claimed on Base", async ({
      page,
      wallet,
    }, testInfo) => {
      // No Ethereum buyer can pay once their deposit could no longer reach Base.
      const cost = await read("eth", "Presale", "ethBuyHelper", [1_000n]);
      await expect(
        write("eth", "Presale", "buyWithEth", [1_000n, wallet.address], { from: BUYERS.bridge, value: cost * 2n }),
      ).rejects.toThrow(/SaleClosed/);
      await claimFromWidget(page, wallet, BRIDGE_TOKENS);
      await endState(page, testInfo);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("claim-modal")).toBeHidden();

      // Both sales closed: the token menu still values the ETH held on Base (not "≈ $0"), at ETH's value per unit.
      await page.getByTestId("payment-method").click();
      const menu = page.getByRole("listbox", { name: "Payment method" });
      const usdPerUnit = async (id: string) => {
        const [balance, usd] = await menu
          .getByTestId(`payment-option-${id}`)
          .locator(".token-row-bal > *")
          .allInnerTexts();
        expect(usd, `${id}'s USD value`).toMatch(/^≈ \$[1-9][\d,]*\.\d\d$/);
        return parseShown(usd) / parseShown(balance);
      };
      const baseEth = await usdPerUnit("base-native");
      expect(baseEth / (await usdPerUnit("eth-native"))).toBeCloseTo(1, 2);
      await endState(page, testInfo, "token-menu-sales-closed");
      await page.keyboard.press("Escape");
    });
  });

  test.describe("a contract account's Ethereum purchase, claimed at the Base address it named", () => {
    test.use({ buyer: BUYERS.contractWalletRecipient });
    test("the account's own address has nothing to claim; the named address claims in the dapp", async ({
      page,
      wallet,
    }, testInfo) => {
      const account = smartWalletOf(BUYERS.contractWalletOwner);
      const presale = contract("base", "Presale");
      await expect(pub.base.simulateContract({ ...presale, functionName: "claim", account })).rejects.toThrow(
        /NothingToClaim/,
      );
      await claimFromWidget(page, wallet, CONTRACT_WALLET_TOKENS);
      await endState(page, testInfo, "contract-wallet-claimed-1440");
      await page.setViewportSize({ width: 390, height: 844 });
      await endState(page, testInfo, "contract-wallet-claimed-390");
    });
  });

  test.describe("claim and stake (Ethereum purchase delivered through the bridge)", () => {
    test.use({ buyer: BUYERS.claimAndStake });
    test("claim and stake on the staking page", async ({ page, wallet }, testInfo) => {
      const imported = await deposits("base", wallet.address);
      expect(imported).toBe(ETH_BUYER_TOKENS * WHOLE); // bought on Ethereum, relayed and delivered to Base
      await openStakingAndConnect(page, wallet);
      await page.getByTestId("add-stake").click();
      await expect(page.getByTestId("claim-modal")).toBeVisible();
      await expect(page.getByTestId("staking-status-complete")).toBeVisible();
      expect((await staker(BUYERS.claimAndStake)).amount).toBe(imported);
      expect(await deposits("base", wallet.address)).toBe(0n);
      await expectAccessible(page, testInfo, "add-stake-dialog");
    });
  });

  test.describe("rewards and withdraw", () => {
    test.use({ buyer: BUYERS.stake });

    test("claims locked on staking: claim-rewards shows the popup, nothing sent", async ({
      page,
      wallet,
    }, testInfo) => {
      await write("base", "Staking", "setLocks", [false, false, true]);
      try {
        await openStakingAndConnect(page, wallet);
        await expect(page.getByTestId("claims-locked-note")).toBeVisible();
        await page.getByTestId("claim-rewards").click();
        await expect(page.getByTestId("popup-claim-not-live")).toBeVisible();
        await expectAccessible(page, testInfo, "claims-locked-popup");
        await page.getByTestId("popup-confirm").click();
      } finally {
        await write("base", "Staking", "setLocks", [false, false, false]);
      }
      expect(wallet.sent()).toHaveLength(0);
    });

    test("harvest rewards", async ({ page, wallet }, testInfo) => {
      await advanceTime("base", 24 * 3600); // a day of rewards
      expect((await staker(BUYERS.stake)).pendingRewards).toBeGreaterThan(0n);
      const before = await tokenBalance("base", "SaleToken", wallet.address);
      await openStakingAndConnect(page, wallet);
      await expect
        .poll(async () => parseShown((await page.getByTestId("rewards-amount").textContent()) ?? ""))
        .toBeGreaterThan(0);
      await page.getByTestId("claim-rewards").click();
      await expect(page.getByTestId("staking-status-complete")).toBeVisible();
      const gained = (await tokenBalance("base", "SaleToken", wallet.address)) - before;
      expect(gained).toBeGreaterThan(0n);
      // About a day of 15% APY on the stake (rounding and the seconds between blocks aside).
      const day = (EARLY_STAKER_TOKENS * WHOLE * 1500n) / 10_000n / 365n;
      expect(gained).toBeGreaterThanOrEqual((day * 99n) / 100n);
      expect(gained).toBeLessThan((day * 110n) / 100n);
      await endState(page, testInfo);
    });

    test("withdraw: locked before the unlock time, withdraws after advancing time", async ({
      page,
      wallet,
    }, testInfo) => {
      const s = await staker(BUYERS.stake);
      expect(s.amount).toBe(EARLY_STAKER_TOKENS * WHOLE);
      await openStakingAndConnect(page, wallet);
      await page.getByTestId("withdraw-open").click();
      await expect(page.getByTestId("withdraw-modal")).toBeVisible();
      await expect(page.getByTestId("withdraw-locked")).toBeVisible();
      await expect(page.getByTestId("withdraw-submit")).toBeDisabled();
      await expectAccessible(page, testInfo, "withdraw-locked-dialog");
      await page.getByTestId("withdraw-cancel").click();

      // Past the unlock on the chain only: the browser's clock stays days behind, and Withdraw follows the chain's time.
      const now = await latestTimestamp("base");
      await advanceTime("base", Number(s.unlockTime - now) + 60);
      await expect(page.getByTestId("unlock-status")).toContainText("You can withdraw");
      const before = await tokenBalance("base", "SaleToken", wallet.address);
      await page.getByTestId("withdraw-open").click();
      await expect(page.getByTestId("withdraw-submit")).toBeEnabled();
      await page.getByTestId("withdraw-submit").click();
      await expect(page.getByTestId("staking-status-complete")).toBeVisible();
      expect((await staker(BUYERS.stake)).amount).toBe(0n);
      expect((await tokenBalance("base", "SaleToken", wallet.address)) - before).toBeGreaterThanOrEqual(
        EARLY_STAKER_TOKENS * WHOLE,
      );
      await endState(page, testInfo);
    });
  });
});
