/**
 * Purchases made by contracts. A smart account (contracts/test-support/SigningWallet.sol, ERC-1271) buys with ETH and
 * with USDC on Base like any wallet: it is the buyer, it is credited, its ETH refund comes back to it.
 * Why a purchase routed through Multicall3 reverted: the presale credits and refunds `msg.sender`, which for a routed
 * call is the router. Multicall3 forwards ETH (aggregate3Value) but has no receive function, so refunding the quote's
 * margin to it reverts the purchase with EthTransferFailed(router); paid exactly, it would go through and credit the
 * router, which can never claim. EthRejecter plays such a router here.
 */
import { expect } from "chai";
import type { SigningWallet } from "../../typechain-types/index.js";
import { TOKEN, load, type Deployment } from "./helpers/fixtures.js";

async function smartAccount(d: Deployment<"hardhatBase">): Promise<SigningWallet> {
  const owner = d.buyers[0];
  const wallet = await d.ethers.deployContract("SigningWallet", [owner.address]);
  await (await owner.sendTransaction({ to: await wallet.getAddress(), value: 10n ** 18n })).wait();
  return wallet.connect(owner);
}

describe("Purchases by contracts", function () {
  it("a smart account buys with ETH: it is credited, and the margin over the cost comes back to it", async function () {
    const d = await load("hardhatBase");
    const wallet = await smartAccount(d);
    const address = await wallet.getAddress();
    const cost = await d.presale.ethBuyHelper(1_000n);
    const before = await d.ethers.provider.getBalance(address);
    const buy = d.presale.interface.encodeFunctionData("buyWithEth", [1_000n, false]);
    await expect(wallet.execute(await d.presale.getAddress(), cost + cost / 100n, buy))
      .to.emit(d.presale, "TokensBought")
      .withArgs(address, address, "0x0000000000000000000000000000000000000000", 1_000n, cost, 6n * TOKEN, false);
    expect(await d.presale.userDeposits(address)).to.equal(1_000n * TOKEN);
    expect(await d.ethers.provider.getBalance(address)).to.equal(before - cost, "paid the cost, the margin refunded");
  });

  it("a smart account buys with USDC after approving from the account", async function () {
    const d = await load("hardhatBase");
    const wallet = await smartAccount(d);
    const address = await wallet.getAddress();
    const presale = await d.presale.getAddress();
    await (await d.usdc.mint(address, 100n * 10n ** 6n)).wait();
    await (
      await wallet.execute(
        await d.usdc.getAddress(),
        0n,
        d.usdc.interface.encodeFunctionData("approve", [presale, 10n ** 26n]),
      )
    ).wait();
    await (
      await wallet.execute(
        presale,
        0n,
        d.presale.interface.encodeFunctionData("buyWithUSDC", [1_000n, 7n * 10n ** 6n, false]),
      )
    ).wait();
    expect(await d.presale.userDeposits(address)).to.equal(1_000n * TOKEN);
    expect(await d.usdc.balanceOf(address)).to.equal(94n * 10n ** 6n, "$6 for 1,000 tokens at $0.006");
  });

  it("routed through a contract that cannot take ETH back (as Multicall3): the refund reverts the purchase; paid exactly, the router is credited, not the caller", async function () {
    const d = await load("hardhatBase");
    const router = await d.ethers.deployContract("EthRejecter");
    const routerAddress = await router.getAddress();
    const caller = d.buyers[1];
    const cost = await d.presale.ethBuyHelper(1_000n);
    const buy = d.presale.interface.encodeFunctionData("buyWithEth", [1_000n, false]);
    await expect(router.connect(caller).exec(await d.presale.getAddress(), buy, { value: cost + cost / 100n }))
      .to.be.revertedWithCustomError(d.presale, "EthTransferFailed")
      .withArgs(routerAddress);
    await (await router.connect(caller).exec(await d.presale.getAddress(), buy, { value: cost })).wait();
    expect(await d.presale.userDeposits(routerAddress)).to.equal(1_000n * TOKEN);
    expect(await d.presale.userDeposits(caller.address)).to.equal(0n);
  });
});
