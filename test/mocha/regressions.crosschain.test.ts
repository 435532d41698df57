/**
 * One named regression test per finding of the cross-chain review, written as the attack. Each used to do harm
 * against the keeper-driven design (a hot key set the bound meant to limit it); each now fails to.
 */
import { expect } from "chai";
import { CAPS, MAX_MIRROR_STEP, TOKEN, buyEth, deployPair, now, type Pair } from "./helpers/fixtures.js";

/** Closes Ethereum, relays `buyers`, funds Base and opens the claim now; returns the claim start. */
async function closeRelayAndOpen(p: Pair, buyers: string[]): Promise<bigint> {
  if (!(await p.eth.presale.saleClosed())) await p.eth.presale.closeSale();
  await p.eth.presale.relay(buyers);
  await p.deliverAll();
  const need = (await p.base.presale.totalTokensSold()) * TOKEN;
  await p.base.token!.transfer(await p.base.presale.getAddress(), need);
  const ts = (await now(p.base.conn)) + 1n;
  await p.base.presale.startClaim(ts);
  return ts;
}

describe("Regressions of the cross-chain review", function () {
  let p: Pair;
  beforeEach(async function () {
    p = await deployPair();
  });

  it("regression: a keeper with a huge value can neither freeze sales nor block the claim", async function () {
    const keeper = p.eth.presale.connect(p.eth.keeper);
    // On Ethereum the mirror is bounded per round and per call.
    await expect(keeper.mirrorRemoteSales([10n ** 12n], 10n ** 15n)).to.be.revertedWithCustomError(
      p.eth.presale,
      "MirrorExceedsRound",
    );
    await expect(keeper.mirrorRemoteSales([CAPS[0]], 0n)).to.be.revertedWithCustomError(
      p.eth.presale,
      "MirrorStepExceeded",
    );
    // On Base the keeper has nothing to call: sales and the claim do not depend on it.
    await expect(
      p.base.presale.connect(p.base.keeper).mirrorRemoteSales([10n ** 12n], 0n),
    ).to.be.revertedWithCustomError(p.base.presale, "WrongChain");
    await expect(
      p.base.presale.connect(p.base.keeper).receiveEthereumReport([], [], [10n ** 12n], 10n ** 12n, 0n, false),
    ).to.be.revertedWithCustomError(p.base.presale, "NotRemotePresale");
    await buyEth(p.eth, p.eth.buyers[0], 1_000n);
    await buyEth(p.base, p.base.buyers[1], 1_000n);
    await closeRelayAndOpen(p, [p.eth.buyers[0].address]);
    await p.base.presale.connect(p.base.buyers[0]).claim();
    await p.base.presale.connect(p.base.buyers[1]).claim();
    expect(await p.base.token!.balanceOf(p.base.buyers[0].address)).to.equal(1_000n * TOKEN);
  });

  it("regression: swapped mirror arguments (USD as tokens) are refused, not booked", async function () {
    await buyEth(p.base, p.base.buyers[0], 5_000n); // $30 = 30,000,000 with 6 decimals
    const usd6: bigint = await p.base.presale.localUsdRaised();
    await expect(p.eth.presale.connect(p.eth.keeper).mirrorRemoteSales([usd6], 5_000n)).to.be.revertedWithCustomError(
      p.eth.presale,
      "MirrorExceedsRound",
    );
    expect(await p.eth.presale.remoteTokensSold()).to.equal(0n);
    // Even a swap small enough to pass the bounds moves Ethereum by at most maxMirrorStep, and the owner corrects it.
    await p.eth.presale.connect(p.eth.keeper).mirrorRemoteSales([MAX_MIRROR_STEP], 5_000n);
    const truth = CAPS.map(() => 0n);
    truth[0] = 5_000n;
    await p.eth.presale.correctRemoteSales(truth, usd6);
    expect(await p.eth.presale.checkPoint()).to.equal(5_000n);
    expect(await p.eth.presale.remoteUsdRaised()).to.equal(usd6);
  });

  it("regression: no one can import an Ethereum buyer's deposit to another address", async function () {
    const [victim] = p.eth.buyers;
    const keeper = p.eth.keeper;
    await buyEth(p.eth, victim, 2_000n);
    // The keeper reports itself as the buyer through the L1 messenger: Base refuses the sender.
    const forged = p.base.presale.interface.encodeFunctionData("receiveEthereumReport", [
      [keeper.address],
      [2_000n * TOKEN],
      [2_000n],
      2_000n,
      12_000_000n,
      true,
    ]);
    await p.eth.messenger.connect(keeper).sendMessage(await p.base.presale.getAddress(), forged, 1_000_000n);
    // Relaying the keeper's address through the presale reads the keeper's own (zero) Ethereum deposit.
    await p.eth.presale.connect(keeper).relay([keeper.address]);
    await p.deliverAll();
    expect(await p.base.presale.userDeposits(keeper.address)).to.equal(0n);
    // The victim's deposit reaches the victim, whoever relays it.
    await closeRelayAndOpen(p, [victim.address]);
    await expect(p.base.presale.connect(p.base.buyers[0]).claim())
      .to.emit(p.base.presale, "TokensClaimed")
      .withArgs(victim.address, 2_000n * TOKEN, false);
  });

  it("regression: nobody can buy on Ethereum after the Base claim start (Ethereum closes first)", async function () {
    const [alice] = p.eth.buyers;
    await buyEth(p.eth, alice, 100n);
    // Base cannot start the claim while Ethereum is open.
    await p.base.token!.transfer(await p.base.presale.getAddress(), 100n * TOKEN);
    await expect(p.base.presale.startClaim((await now(p.base.conn)) + 10n)).to.be.revertedWithCustomError(
      p.base.presale,
      "RemoteSaleOpen",
    );
    await closeRelayAndOpen(p, [alice.address]);
    await expect(buyEth(p.eth, alice, 1n)).to.be.revertedWithCustomError(p.eth.presale, "SaleClosed");
    await expect(p.eth.presale.connect(alice).buyWithUSDT(1n, 10n ** 12n, false)).to.be.revertedWithCustomError(
      p.eth.presale,
      "SaleClosed",
    );
    await p.base.presale.connect(p.base.buyers[0]).claim();
    expect(await p.base.token!.balanceOf(alice.address)).to.equal(100n * TOKEN);
  });

  it("regression: sales on both sides of an expiry are booked in their own rounds and both ladders agree", async function () {
    const ends: bigint[] = [...(await p.eth.presale.roundDetails(2))];
    await buyEth(p.eth, p.eth.buyers[0], 1_000n); // round 1, Ethereum
    await buyEth(p.base, p.base.buyers[1], 2_000n); // round 1, Base
    await p.advanceBothTo(ends[0]); // round 1 expires on both chains; no sync has happened yet
    await buyEth(p.eth, p.eth.buyers[0], 300n); // round 2, Ethereum
    await buyEth(p.base, p.base.buyers[1], 400n); // round 2, Base
    // The syncs arrive after the expiry.
    await p.eth.presale.relay([p.eth.buyers[0].address]);
    await p.deliverAll();
    await p.mirror();
    for (const c of [p.eth, p.base]) {
      expect(await c.presale.currentStep()).to.equal(1n);
      expect(await c.presale.checkPoint()).to.equal(CAPS[0] + 700n);
      expect(await c.presale.totalTokensSold()).to.equal(3_700n);
      expect((await c.presale.trackRemainingTokens())[0]).to.equal(CAPS[0] - 3_000n);
    }
    const [ethLocal, ethRemote] = await p.eth.presale.roundSales();
    const [baseLocal, baseRemote] = await p.base.presale.roundSales();
    expect([ethLocal[0], ethLocal[1], ethRemote[0], ethRemote[1]]).to.deep.equal([1_000n, 300n, 2_000n, 400n]);
    expect([baseLocal[0], baseLocal[1], baseRemote[0], baseRemote[1]]).to.deep.equal([2_000n, 400n, 1_000n, 300n]);
    expect(await p.eth.presale.usdQuote(10n)).to.equal(await p.base.presale.usdQuote(10n));
  });
});
