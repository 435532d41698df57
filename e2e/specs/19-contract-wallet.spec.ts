/**
 * A contract-wallet buyer on Ethereum (PRODUCT.md §7): a smart account (contracts/test-support/SmartWallet.sol) whose
 * owner key the wallet holds. The wallet presents the account's address and sends each transaction through the
 * account's `exec`, so on Ethereum the account is the buyer. The account has code, so the dapp asks for a Base
 * address; the buyer names one it controls there, buys, the keeper relays and the bridge delivers: the named address
 * holds the tokens on Base and the account's own address holds nothing. The named address claims in 40-claim-staking
 * (claims open only after the Ethereum sale closes), where the account's address is refused with NothingToClaim.
 */
import type { Address } from "viem";
import { BUYERS, CHAIN_IDS } from "../support/config.ts";
import { deploySmartWallet, deposits, ethBuyer, imported, pub, setEthBalance, until, WHOLE } from "../support/chain.ts";
import { endState, enterTokens, expect, lastTxHash, openAndConnect, parseShown, test } from "../support/fixtures.ts";
import { accountAt } from "../support/wallet.ts";

test.describe.configure({ mode: "serial" });

const TOKENS = 2_500; // claimed by the named address in 40-claim-staking
const OWNER = accountAt(BUYERS.contractWalletOwner).address;
const NAMED = accountAt(BUYERS.contractWalletRecipient).address;
// The dapp shows the address as typed-then-lowercased; the comparison ignores case.
const shownNamed = new RegExp(NAMED, "i");
let account: Address;

test.beforeAll(async () => {
  account = await deploySmartWallet(BUYERS.contractWalletOwner);
  await setEthBalance("eth", account, "10"); // the account pays; its owner's key pays only the gas
});

test.describe("the contract account buys on Ethereum for the Base address it names", () => {
  test.use({ buyer: BUYERS.contractWalletOwner, walletChain: CHAIN_IDS.eth });

  test("bought through the account's exec; relayed; the named address holds the tokens on Base", async ({
    page,
    wallet,
  }, testInfo) => {
    wallet.throughContractAccount(account);
    await openAndConnect(page, wallet);
    await expect(page.getByTestId("recipient-contract-notice")).toBeVisible();
    await enterTokens(page, TOKENS);
    const buy = page.getByTestId("buy-now");
    await expect(buy).toBeDisabled(); // no Base address yet
    await page.getByTestId("recipient-input").fill(NAMED);
    await page.getByTestId("recipient-confirm").check();
    await expect(page.getByTestId("order-recipient")).toContainText(shownNamed);
    await buy.click();
    await expect(page.getByTestId("swap-status-complete")).toBeVisible();
    await expect(page.getByTestId("status-recipient")).toContainText(shownNamed);

    // On Ethereum the account bought (its owner's key only sent the call) and named the address.
    const sent = await pub.eth.getTransaction({ hash: lastTxHash(wallet) });
    expect([sent.from.toLowerCase(), sent.to?.toLowerCase()]).toEqual([OWNER.toLowerCase(), account.toLowerCase()]);
    const owed = BigInt(TOKENS) * WHOLE;
    expect((await ethBuyer(account)).recipient).toBe(NAMED);
    expect(await deposits("eth", account)).toBe(owed);
    expect(await deposits("eth", OWNER)).toBe(0n);

    // The keeper relays, the bridge delivers: to the named address, not to the account's address on Base.
    await until("the bridge's delivery on Base", async () => (await imported(account)) === owed, 60_000);
    expect(await deposits("base", NAMED)).toBe(owed);
    expect(await deposits("base", account)).toBe(0n);
    expect(await pub.base.getCode({ address: account })).toBeUndefined(); // nobody holds the account's address there

    await page.getByTestId("status-recipient").scrollIntoViewIfNeeded();
    await endState(page, testInfo, "contract-wallet-bought-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("status-recipient").scrollIntoViewIfNeeded();
    await endState(page, testInfo, "contract-wallet-bought-390");
  });
});

test.describe("the named address, connected on Base", () => {
  test.use({ buyer: BUYERS.contractWalletRecipient, walletChain: CHAIN_IDS.base });

  test("sees the tokens bought for it as claimable", async ({ page, wallet }, testInfo) => {
    expect(wallet.address).toBe(NAMED);
    await openAndConnect(page, wallet);
    await expect
      .poll(async () => parseShown((await page.getByTestId("claimable-amount").textContent()) ?? ""), {
        timeout: 30_000,
      })
      .toBe(TOKENS);
    await page.getByTestId("claimable-amount").scrollIntoViewIfNeeded();
    await endState(page, testInfo, "contract-wallet-named-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("claimable-amount").scrollIntoViewIfNeeded();
    await endState(page, testInfo, "contract-wallet-named-390");
  });
});
