import { expect } from "chai";
import { CHAINS, DAY, ETH_USD_18, GRACE, HEARTBEAT, load, now, refEth, refUsd, ladder } from "./helpers/fixtures.js";
import { boughtBy, buyEthPaying } from "./helpers/purchases.js";

for (const chainName of CHAINS) {
  describe(`Presale ETH/USD feed on ${chainName}`, function () {
    it("rejects a zero answer with InvalidPrice", async function () {
      const d = await load(chainName);
      await d.feed.updateAnswer(0n);
      await expect(d.presale.ethUsdPrice()).to.be.revertedWithCustomError(d.presale, "InvalidPrice").withArgs(0n);
      await expect(d.presale.ethBuyHelper(10n)).to.be.revertedWithCustomError(d.presale, "InvalidPrice").withArgs(0n);
      await expect(buyEthPaying(d, d.buyers[0], 10n, 10n ** 18n))
        .to.be.revertedWithCustomError(d.presale, "InvalidPrice")
        .withArgs(0n);
    });

    it("rejects an answer older than the heartbeat with StalePrice, accepts one exactly at the heartbeat", async function () {
      const d = await load(chainName);
      const [alice] = d.buyers;
      const cost: bigint = await d.presale.ethBuyHelper(10n);
      // A block first: after a snapshot revert the next block is mined at the wall clock. Then a target far enough
      // ahead that a loaded machine's wall clock (which mines the feed update) cannot pass it first.
      await d.helpers.mine();
      const T = (await now(d.conn)) + 600n;
      await d.feed.updateRoundData(7, 3_000n * 10n ** 8n, T - HEARTBEAT - 1n, T - HEARTBEAT - 1n);
      await d.helpers.time.setNextBlockTimestamp(T);
      // Mined (gasLimit given, no estimate) at T: age = heartbeat + 1.
      await expect(buyEthPaying(d, alice, 10n, cost * 2n, { gasLimit: 1_000_000 }))
        .to.be.revertedWithCustomError(d.presale, "StalePrice")
        .withArgs(T - HEARTBEAT - 1n, HEARTBEAT);
      const T2 = (await now(d.conn)) + 600n;
      await d.feed.updateRoundData(8, 3_000n * 10n ** 8n, T2 - HEARTBEAT, T2 - HEARTBEAT);
      await d.helpers.time.setNextBlockTimestamp(T2);
      await buyEthPaying(d, alice, 10n, cost * 2n, { gasLimit: 1_000_000 }); // age == heartbeat
      expect(await boughtBy(d, alice.address)).to.equal(10n);
    });

    it("rejects a fresh answer that goes stale with time", async function () {
      const d = await load(chainName);
      await d.helpers.time.increase(HEARTBEAT + 1n);
      await expect(d.presale.ethBuyHelper(10n)).to.be.revertedWithCustomError(d.presale, "StalePrice");
    });

    it("normalises feeds with other decimals to 18", async function () {
      const d = await load(chainName);
      for (const [dec, answer] of [
        [18, 2_500n * 10n ** 18n],
        [6, 2_500n * 10n ** 6n],
        [0, 2_500n],
      ] as const) {
        const f = await d.ethers.deployContract("MockV3Aggregator", [dec, answer, "ETH / USD"]);
        await expect(d.presale.setPriceFeed(await f.getAddress(), HEARTBEAT))
          .to.emit(d.presale, "PriceFeedUpdated")
          .withArgs(await f.getAddress(), HEARTBEAT);
        expect(await d.presale.ethUsdPrice(), `decimals ${dec}`).to.equal(2_500n * 10n ** 18n);
        expect(await d.presale.ethBuyHelper(1_000n)).to.equal(
          refEth(refUsd(1_000n, await ladder(d)), 2_500n * 10n ** 18n),
        );
      }
    });

    it("refuses a feed with more than 18 decimals (InvalidParameter)", async function () {
      const d = await load(chainName);
      const f = await d.ethers.deployContract("MockV3Aggregator", [19, 2_500n * 10n ** 19n, "ETH / USD"]);
      await expect(d.presale.setPriceFeed(await f.getAddress(), HEARTBEAT)).to.be.revertedWithCustomError(
        d.presale,
        "InvalidParameter",
      );
    });
  });
}

describe("Presale L2 sequencer uptime check (hardhatBase)", function () {
  it("reverts SequencerDown while the sequencer feed reports down", async function () {
    const d = await load("hardhatBase");
    const t = await now(d.conn);
    await d.seqFeed!.updateRoundData(2, 1n, t, t - DAY);
    await expect(d.presale.ethUsdPrice()).to.be.revertedWithCustomError(d.presale, "SequencerDown");
    await expect(
      d.presale.connect(d.buyers[0]).buyWithEth(10n, false, { value: 10n ** 18n }),
    ).to.be.revertedWithCustomError(d.presale, "SequencerDown");
  });

  it("treats an uptime answer without a start time (startedAt 0) as not yet past the grace period", async function () {
    const d = await load("hardhatBase");
    await d.seqFeed!.updateRoundData(3, 0n, await now(d.conn), 0n);
    await expect(d.presale.ethUsdPrice())
      .to.be.revertedWithCustomError(d.presale, "SequencerGracePeriod")
      .withArgs(0n, GRACE);
  });

  it("reverts SequencerGracePeriod up to the end of the grace period and accepts the price after it", async function () {
    const d = await load("hardhatBase");
    const [alice] = d.buyers;
    const cost: bigint = await d.presale.ethBuyHelper(10n);
    const restarted = (await now(d.conn)) + 5n;
    await d.helpers.time.setNextBlockTimestamp(restarted);
    await d.seqFeed!.updateAnswer(0n); // back up: startedAt = restarted
    await d.feed.updateAnswer(3_000n * 10n ** 8n);
    await expect(d.presale.connect(alice).buyWithEth(10n, false, { value: cost * 2n }))
      .to.be.revertedWithCustomError(d.presale, "SequencerGracePeriod")
      .withArgs(restarted, GRACE);
    await d.helpers.time.increaseTo(restarted + GRACE - 10n);
    await d.feed.updateAnswer(3_000n * 10n ** 8n);
    await d.helpers.time.setNextBlockTimestamp(restarted + GRACE); // exactly at the end: still in grace
    await expect(d.presale.connect(alice).buyWithEth(10n, false, { value: cost * 2n, gasLimit: 1_000_000 }))
      .to.be.revertedWithCustomError(d.presale, "SequencerGracePeriod")
      .withArgs(restarted, GRACE);
    await d.helpers.time.setNextBlockTimestamp(restarted + GRACE + 1n);
    await d.presale.connect(alice).buyWithEth(10n, false, { value: cost * 2n, gasLimit: 1_000_000 });
    expect(await d.presale.userDeposits(alice.address)).to.equal(10n * 10n ** 18n);
  });

  it("there is no sequencer check on L1 (no uptime feed): a down answer elsewhere cannot matter", async function () {
    const d = await load("hardhatEth");
    expect((await d.presale.sequencerFeed())[0]).to.equal(d.ethers.ZeroAddress);
    expect(await d.presale.ethUsdPrice()).to.equal(ETH_USD_18);
  });

  it("Ethereum has no sequencer feed: a price is served without one", async function () {
    const d = await load("hardhatEth");
    expect(d.seqFeed).to.equal(null);
    expect(await d.presale.ethUsdPrice()).to.equal(ETH_USD_18);
  });
});
