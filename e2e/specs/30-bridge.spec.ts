/**
 * Cross-chain, Ethereum → Base through the bridge: a purchase on Ethereum in the dapp; the keeper pays the Ethereum
 * gas of `relay(users)` (which needs no role) through OP's L1 messenger and portal, the local relayer (the OP node's
 * deposit derivation) executes the portal's deposit on Base: relayMessage on OP's L2 messenger at its predeploy. The same wallet claims
 * these tokens on Base in 40-claim-staking (after the Ethereum sale is closed and the claim started).
 */
import { decodeEventLog, type Abi, type Hex } from "viem";
import { BUYERS, CHAIN_IDS } from "../support/config.ts";
import { contract, deposits, ethBuyer, imported, pub, until, WHOLE } from "../support/chain.ts";
import { endState, enterTokens, expect, openAndConnect, parseShown, test } from "../support/fixtures.ts";
import { accountAt } from "../support/wallet.ts";

test.use({ buyer: BUYERS.bridge, walletChain: CHAIN_IDS.eth });

const BRIDGE_TOKENS = 6_000; // claimed in 40-claim-staking
const L2_MESSENGER = "0x4200000000000000000000000000000000000007";
const ALIASED_L1_MESSENGER = (l1: string) =>
  `0x${((BigInt(l1) + 0x1111000000000000000000000000000000001111n) % 2n ** 160n).toString(16).padStart(40, "0")}`;

test("Ethereum purchase relayed by the keeper (no role needed) and delivered by the bridge; counted once on screen", async ({
  page,
  wallet,
}, testInfo) => {
  await openAndConnect(page, wallet);
  await enterTokens(page, BRIDGE_TOKENS);
  await page.getByTestId("buy-now").click();
  await expect(page.getByTestId("swap-status-complete")).toBeVisible();
  const owed = BigInt(BRIDGE_TOKENS) * WHOLE;
  expect(await deposits("eth", wallet.address)).toBe(owed);
  // An account without code: the dapp named its own address as the Base recipient.
  expect((await ethBuyer(wallet.address)).recipient).toBe(wallet.address);

  await until("the bridge's delivery on Base", async () => (await imported(wallet.address)) === owed, 60_000);
  expect(await deposits("base", wallet.address)).toBe(owed);

  // On Ethereum: the keeper's account sent relay([...buyer]); the keeper has no role on either chain.
  const ethPresale = contract("eth", "Presale");
  const keeper = accountAt(1).address;
  const relays = await pub.eth.getLogs({ address: ethPresale.address, fromBlock: 0n });
  const relayTxs = relays
    .filter((l) => eventName(ethPresale.abi, l.data, l.topics) === "Relayed")
    .map((l) => l.transactionHash);
  const relayedByKeeper = await Promise.all(
    relayTxs.map(async (h) => (await pub.eth.getTransaction({ hash: h })).from.toLowerCase() === keeper.toLowerCase()),
  );
  expect(relayedByKeeper).toContain(true);

  // On Base: the credit came in a deposit transaction from the aliased L1 messenger to the L2 messenger predeploy.
  const basePresale = contract("base", "Presale");
  const credits = (await pub.base.getLogs({ address: basePresale.address, fromBlock: 0n })).filter(
    (l) => eventName(basePresale.abi, l.data, l.topics) === "RemoteDepositImported",
  );
  const mine = credits.filter((l) => l.topics[1]?.toLowerCase().endsWith(wallet.address.slice(2).toLowerCase()));
  expect(mine).toHaveLength(1); // credited once
  const tx = await pub.base.getTransaction({ hash: mine[0].transactionHash });
  expect(tx.to?.toLowerCase()).toBe(L2_MESSENGER);
  expect(tx.from.toLowerCase()).toBe(ALIASED_L1_MESSENGER(contract("eth", "Messenger").address));

  // On screen: the claimable line counts the purchase once (Ethereum deposit delivered = Base deposit), and on Base
  // the tokens are stakeable there.
  await page.getByTestId("buy-more").click();
  await expect
    .poll(async () => parseShown((await page.getByTestId("claimable-amount").textContent()) ?? ""), { timeout: 30_000 })
    .toBe(BRIDGE_TOKENS);
  await wallet.userSwitchesTo(CHAIN_IDS.base);
  await expect(page.getByTestId("payment-method")).toContainText("BASE");
  await expect
    .poll(async () => parseShown((await page.getByTestId("stakeable-amount").textContent()) ?? ""), { timeout: 30_000 })
    .toBe(BRIDGE_TOKENS);
  expect(parseShown((await page.getByTestId("claimable-amount").textContent()) ?? "")).toBe(BRIDGE_TOKENS);
  await endState(page, testInfo);
});

function eventName(abi: Abi, data: Hex, topics: readonly Hex[]): string | undefined {
  try {
    return decodeEventLog({ abi, data, topics: topics as [Hex, ...Hex[]] }).eventName;
  } catch {
    return undefined;
  }
}
