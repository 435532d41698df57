/**
 * One named regression test per finding of the cross-chain reviews, written as the attack. Each used to do harm (a
 * hot keeper key set the bound meant to limit it; a purchase filling a round froze the other chain; an Ethereum
 * deposit belonged to whoever controlled the buyer's address on Base); each now fails to. The property attacks that
 * cover the same ground at every step are in attack.supply.test.ts and attack.recipient.test.ts.
 */
import { expect } from "chai";
import { CAPS, TOKEN, buyEth, deployPair, leg, now, type Pair } from "./helpers/fixtures.js";
import { BASE_SHARES, ETH_QUOTAS, LADDER_TOTAL, expectSupplyBound, fundLadder } from "./helpers/attack.js";

/** Closes Ethereum, relays `buyers`, funds Base with the ladder total and opens the claim now; returns the start. */
async function closeRelayAndOpen(p: Pair, buyers: string[]): Promise<bigint> {
  if (!(await p.eth.presale.saleClosed())) await p.eth.presale.closeSale();
  await p.eth.presale.relay(buyers);
  await p.deliverAll();
  if ((await p.base.token!.balanceOf(await p.base.presale.getAddress())) === 0n) await fundLadder(p);
  const ts = (await now(p.base.conn)) + 1n;
  await p.base.presale.startClaim(ts);
  return ts;
}

describe("Regressions of the cross-chain reviews", function () {
  let p: Pair;
  beforeEach(async function () {
    p = await deployPair();
  });

  it("regression: the keeper holds no role: it can neither book sales on either chain nor hold back the claim", async function () {
    const keeper = p.eth.keeper;
    for (const d of [p.eth, p.base]) {
      for (const role of [await d.presale.DEFAULT_ADMIN_ROLE(), await d.presale.ADMIN_ROLE()]) {
        expect(await d.presale.hasRole(role, keeper.address)).to.equal(false);
      }
    }
    await expect(
      p.base.presale.connect(p.base.keeper).receiveEthereumReport([], [0n], [CAPS[0]], 10n ** 9n, 0n, false),
    ).to.be.revertedWithCustomError(p.base.presale, "NotRemotePresale");
    await expect(p.eth.presale.connect(keeper).setCurrentStep(1, 0n)).to.be.revertedWithCustomError(
      p.eth.presale,
      "AccessControlUnauthorizedAccount",
    );
    // What it can do, anyone can: relay. Sales and the claim go on with or without it.
    await buyEth(p.eth, p.eth.buyers[0], 1_000n);
    await buyEth(p.base, p.base.buyers[1], 1_000n);
    await closeRelayAndOpen(p, [p.eth.buyers[0].address]);
    await p.base.presale.connect(p.base.buyers[0]).claim();
    await p.base.presale.connect(p.base.buyers[1]).claim();
    expect(await p.base.token!.balanceOf(p.base.buyers[0].address)).to.equal(1_000n * TOKEN);
  });

  it("regression: one buyer emptying both chains before any report cannot sell the ladder twice", async function () {
    const max = await p.eth.presale.maxTokensToBuy();
    for (const [d, total] of [
      [p.eth, ETH_QUOTAS.reduce((a, b) => a + b, 0n)],
      [p.base, BASE_SHARES.reduce((a, b) => a + b, 0n)],
    ] as const) {
      for (let left = total; left > 0n; left -= left < max ? left : max)
        await buyEth(d, d.buyers[0], left < max ? left : max);
      await expect(buyEth(d, d.buyers[0], 1n)).to.be.revertedWithCustomError(d.presale, "SoldOut");
    }
    expect((await p.eth.presale.localTokensSold()) + (await p.base.presale.localTokensSold())).to.equal(LADDER_TOTAL);
    await closeRelayAndOpen(p, [p.eth.buyers[0].address]);
    await expectSupplyBound(p);
  });

  it("regression: a one-token purchase filling a chain's share of a round, with the next round used on the other chain, freezes nothing", async function () {
    await buyEth(p.eth, p.eth.buyers[0], ETH_QUOTAS[0] + 10n); // Ethereum is in round 2
    await p.eth.presale.relay([p.eth.buyers[0].address]);
    await p.deliverAll();
    await buyEth(p.base, p.base.buyers[1], BASE_SHARES[0] - 1n);
    await expect(buyEth(p.base, p.base.buyers[1], 1n))
      .to.emit(p.base.presale, "StepAdvanced")
      .withArgs(1n);
    expect(await p.base.presale.checkPoint()).to.equal(CAPS[0] + 10n);
    await p.base.presale.roundSales();
    await p.eth.presale.relay([p.eth.buyers[0].address]);
    await p.deliverAll();
    await closeRelayAndOpen(p, []);
    await p.base.presale.connect(p.base.buyers[1]).claim();
  });

  it("regression: no one can import an Ethereum buyer's deposit to another address", async function () {
    const [victim] = p.eth.buyers;
    const keeper = p.eth.keeper;
    await buyEth(p.eth, victim, 2_000n);
    // The keeper reports itself as the victim's recipient through the L1 messenger: Base refuses the sender.
    const forged = p.base.presale.interface.encodeFunctionData("receiveEthereumReport", [
      [leg(victim.address, 2_000n, keeper.address)],
      [],
      [2_000n],
      2_000n,
      12_000_000n,
      true,
    ]);
    await p.eth.messenger.connect(keeper).sendMessage(await p.base.presale.getAddress(), forged, 1_000_000n);
    // Relaying the keeper's address through the presale reads the keeper's own (empty) record.
    await p.eth.presale.connect(keeper).relay([keeper.address]);
    await p.deliverAll();
    expect(await p.base.presale.userDeposits(keeper.address)).to.equal(0n);
    // The victim cannot be re-pointed by anyone else: setRecipient only moves the caller's own tokens.
    await expect(p.eth.presale.connect(keeper).setRecipient(keeper.address))
      .to.be.revertedWithCustomError(p.eth.presale, "NothingToRepoint")
      .withArgs(keeper.address);
    // The victim's leg reaches the victim's recipient, whoever relays it.
    await closeRelayAndOpen(p, [victim.address]);
    await expect(p.base.presale.connect(p.base.buyers[0]).claim())
      .to.emit(p.base.presale, "TokensClaimed")
      .withArgs(victim.address, 2_000n * TOKEN);
  });

  it("regression: nobody can buy on Ethereum after the Base claim start (Ethereum closes first)", async function () {
    const [alice] = p.eth.buyers;
    await buyEth(p.eth, alice, 100n);
    // Base cannot start the claim while Ethereum is open.
    await fundLadder(p);
    await expect(p.base.presale.startClaim((await now(p.base.conn)) + 10n)).to.be.revertedWithCustomError(
      p.base.presale,
      "RemoteSaleOpen",
    );
    await closeRelayAndOpen(p, [alice.address]);
    await expect(buyEth(p.eth, alice, 1n)).to.be.revertedWithCustomError(p.eth.presale, "SaleClosed");
    await expect(p.eth.presale.connect(alice).buyWithUSDT(1n, 10n ** 12n, alice.address)).to.be.revertedWithCustomError(
      p.eth.presale,
      "SaleClosed",
    );
    await expect(buyEth(p.base, p.base.buyers[1], 1n)).to.be.revertedWithCustomError(p.base.presale, "SaleClosed");
    await p.base.presale.connect(p.base.buyers[0]).claim();
    expect(await p.base.token!.balanceOf(alice.address)).to.equal(100n * TOKEN);
  });
});
