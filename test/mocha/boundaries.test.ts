/**
 * Boundaries and rounding directions, each test written so that the off-by-one or wrong-direction version of the
 * guard fails it (the mutation benchmark, `npm run bench:mutation`, plants those versions).
 */
import { expect } from "chai";
import {
  CAPS,
  LOCK,
  PRICES,
  STAKING_LENGTH,
  SUPPLY,
  TOKEN,
  DAY,
  advanceTo,
  buyEth,
  deploy,
  fundRewards,
  giveStakeTokens,
  load,
  minedAt,
  refStable,
  type Deployment,
  type Signer,
} from "./helpers/fixtures.js";

describe("Survivors of the mutation check (hardhatBase)", function () {
  let d: Deployment<"hardhatBase">;
  beforeEach(async function () {
    d = await load("hardhatBase");
  });

  it("a stablecoin purchase at prices that are not multiples of 1e12 rounds the cost up (cost·1e12 >= round-by-round USD)", async function () {
    const prices = PRICES.map((p, i) => (i === 0 ? p + 1n : i === 1 ? p + 999_999_999_999n : p));
    await d.presale.setRounds(prices, d.roundEnds);
    await d.presale.setCurrentStep(0, CAPS[0] - 1_000n); // 1,000 tokens left in round 1
    for (const [buyer, amount] of [
      [d.buyers[0], 1n],
      [d.buyers[1], 1_500n],
      [d.buyers[2], 3n],
    ] as [Signer, bigint][]) {
      const cp: bigint = await d.presale.checkPoint();
      const inFirst = cp >= CAPS[0] ? 0n : amount < CAPS[0] - cp ? amount : CAPS[0] - cp;
      const usd = inFirst * prices[0] + (amount - inFirst) * prices[1];
      expect(await d.presale.usdQuote(amount)).to.equal(usd);
      const cost: bigint = await d.presale.usdcBuyHelper(amount);
      expect(cost * 10n ** 12n >= usd).to.equal(true);
      expect((cost - 1n) * 10n ** 12n < usd).to.equal(true);
      await expect(d.presale.connect(buyer).buyWithUSDC(amount, cost - 1n, false))
        .to.be.revertedWithCustomError(d.presale, "MaxCostExceeded")
        .withArgs(cost, cost - 1n);
      await expect(d.presale.connect(buyer).buyWithUSDC(amount, cost, false)).to.changeTokenBalance(
        d.ethers,
        d.usdc,
        buyer,
        -cost,
      );
    }
  });

  it("buyWithETHWert while paused reverts SalePaused (card path included)", async function () {
    await d.presale.pause();
    const cost: bigint = await d.presale.ethBuyHelper(10n);
    await expect(
      d.presale.connect(d.provider).buyWithETHWert(d.buyers[0].address, 10n, false, { value: cost }),
    ).to.be.revertedWithCustomError(d.presale, "SalePaused");
    await d.presale.setCardProviderRestricted(false);
    await expect(
      d.presale.connect(d.buyers[1]).buyWithETHWert(d.buyers[0].address, 10n, true, { value: cost }),
    ).to.be.revertedWithCustomError(d.presale, "SalePaused");
    await d.presale.unpause();
    await d.presale.connect(d.provider).buyWithETHWert(d.buyers[0].address, 10n, false, { value: cost });
    expect(await d.presale.userDeposits(d.buyers[0].address)).to.equal(10n * TOKEN);
  });
});

describe("Survivors of the mutation check: the ladder walk (hardhatBase)", function () {
  it("a purchase mined at a round's end time itself is priced in the next round; one second earlier, in the round", async function () {
    const d = await load("hardhatBase");
    const paid = async (at: bigint) => {
      await d.helpers.time.setNextBlockTimestamp(at);
      const before: bigint = await d.usdc.balanceOf(d.buyers[0].address);
      await d.presale.connect(d.buyers[0]).buyWithUSDC(1n, 10n ** 12n, false);
      return before - (await d.usdc.balanceOf(d.buyers[0].address));
    };
    await advanceTo(d, d.roundEnds[0] - 10n);
    expect(await paid(d.roundEnds[0] - 1n)).to.equal(refStable(PRICES[0]));
    expect(await paid(d.roundEnds[0])).to.equal(refStable(PRICES[1]));
    expect(await d.presale.currentStep()).to.equal(1n);
  });

  it("with dynamic time on, a purchase that only crosses a round whose share is empty re-spaces nothing", async function () {
    // Base alone, but round 2 belongs wholly to Ethereum: Base's share of it is empty.
    const quotas = CAPS.map((c, i) => (i === 1 ? c - CAPS[0] : 0n));
    const d = await deploy("hardhatBase", { ethereumQuotas: quotas });
    await d.presale.setDynamicTime(true, DAY);
    await buyEth(d, d.buyers[0], 10n);
    await advanceTo(d, d.roundEnds[0] + 1n);
    // Round 1 expired, round 2 is Ethereum's: the purchase lands in round 3, filling nothing on its way.
    await expect(buyEth(d, d.buyers[0], 10n)).not.to.emit(d.presale, "RoundsRespaced");
    expect(await d.presale.currentStep()).to.equal(2n);
    expect([...(await d.presale.roundDetails(2))]).to.deep.equal(d.roundEnds);
  });
});

describe("Boundaries and rounding (hardhatBase)", function () {
  let d: Deployment<"hardhatBase">;
  beforeEach(async function () {
    d = await load("hardhatBase");
  });

  it("staking: a deposit at exactly the end time is refused; a withdrawal at exactly the unlock time goes through", async function () {
    const [alice] = d.buyers;
    await giveStakeTokens(d, alice, 10n * TOKEN);
    const t = await minedAt(d, d.staking!.connect(alice).deposit(TOKEN));
    await d.helpers.time.setNextBlockTimestamp(t + LOCK);
    await expect(d.staking!.connect(alice).withdraw()).to.emit(d.staking, "Withdrawn").withArgs(alice.address, TOKEN);
    const end = d.t0 + STAKING_LENGTH;
    await d.helpers.time.setNextBlockTimestamp(end - 1n);
    await d.staking!.connect(alice).deposit(TOKEN);
    await d.helpers.time.setNextBlockTimestamp(end);
    await expect(d.staking!.connect(alice).deposit(TOKEN)).to.be.revertedWithCustomError(d.staking!, "StakingEnded");
  });

  it("staking: rewards never exceed what was funded, even where each checkpoint's cost has a fraction to round", async function () {
    const [alice, bob] = d.buyers;
    await giveStakeTokens(d, alice, TOKEN);
    await giveStakeTokens(d, bob, TOKEN);
    await fundRewards(d, 1_000n); // wei
    // 1e9 wei staked at 15 % earns about 4.76 wei a second: every one-second checkpoint has a fraction to pay for.
    await d.staking!.connect(alice).deposit(10n ** 9n);
    for (let i = 0; i < 20; i++) await d.staking!.connect(bob).deposit(1n);
    const owed = (await d.staking!.getRewards(alice.address)) + (await d.staking!.getRewards(bob.address));
    const reserve: bigint = await d.staking!.rewardReserve();
    expect(owed > 80n).to.equal(true);
    expect(owed + reserve <= 1_000n, `owed ${owed} + reserve ${reserve}`).to.equal(true);
    expect(await d.staking!.rewardsHeld()).to.equal(1_000n);
  });

  it("presale: a purchase at exactly the end time is refused (SaleNotActive)", async function () {
    await advanceTo(d, d.end - 10n);
    const cost: bigint = await d.presale.ethBuyHelper(1n);
    await d.helpers.time.setNextBlockTimestamp(d.end);
    await expect(d.presale.connect(d.buyers[0]).buyWithEth(1n, false, { value: cost })).to.be.revertedWithCustomError(
      d.presale,
      "SaleNotActive",
    );
  });

  it("payments: ETH split shares round down and the payment wallet takes the remainder, to the wei", async function () {
    await d.presale.setSplits([d.splitWallet.address, d.signers[15].address], [3_333n, 1n]);
    await d.feed.updateAnswer(3_333_33333333n); // an ETH price that divides nothing evenly
    const cost: bigint = await d.presale.ethBuyHelper(7n);
    const share1 = (cost * 3_333n) / 10_000n;
    const share2 = cost / 10_000n;
    expect((cost * 3_333n) % 10_000n !== 0n && cost % 10_000n !== 0n, "the shares have fractions").to.equal(true);
    await expect(buyEth(d, d.buyers[0], 7n)).to.changeEtherBalances(
      d.ethers,
      [d.splitWallet, d.signers[15], d.paymentWallet, d.presale],
      [share1, share2, cost - share1 - share2, 0n],
    );
  });

  it("presale: buying exactly maxTokensToBuy is accepted, one more is not", async function () {
    await d.presale.setMaxTokensToBuy(100n);
    await buyEth(d, d.buyers[0], 100n);
    await expect(buyEth(d, d.buyers[0], 101n))
      .to.be.revertedWithCustomError(d.presale, "MaxTokensExceeded")
      .withArgs(100n, 101n);
  });

  it("presale: USD raised (6 decimals) rounds each purchase up, at prices that are not multiples of 1e12", async function () {
    const prices = PRICES.map((p, i) => (i === 0 ? p + 1n : p));
    await d.presale.setRounds(prices, d.roundEnds);
    const before: bigint = await d.presale.localUsdRaised();
    const cost: bigint = await d.presale.usdcBuyHelper(3n);
    await d.presale.connect(d.buyers[0]).buyWithUSDC(3n, cost, false);
    expect((await d.presale.localUsdRaised()) - before).to.equal((3n * prices[0] + 10n ** 12n - 1n) / 10n ** 12n);
  });

  it("presale: equal consecutive end times are refused (InvalidRounds), one second apart is fine", async function () {
    const ends = d.roundEnds.map((e, i) => (i === 1 ? d.roundEnds[0] : e));
    await expect(d.presale.setRounds(PRICES, ends)).to.be.revertedWithCustomError(d.presale, "InvalidRounds");
    ends[1] = d.roundEnds[0] + 1n;
    await expect(d.presale.setRounds(PRICES, ends)).to.emit(d.presale, "RoundsUpdated");
  });

  it("presale: setCurrentStep at exactly this chain's share of the round is accepted, one more is not", async function () {
    const size = CAPS[1] - CAPS[0];
    await expect(d.presale.setCurrentStep(1, size + 1n)).to.be.revertedWithCustomError(d.presale, "InvalidStep");
    await d.presale.setCurrentStep(1, size);
    expect(await d.presale.currentStep()).to.equal(2n);
  });

  it("oracle: a zero heartbeat is refused (InvalidParameter): every answer would be stale at once", async function () {
    await expect(d.presale.setPriceFeed(await d.feed.getAddress(), 0n)).to.be.revertedWithCustomError(
      d.presale,
      "InvalidParameter",
    );
    await expect(d.presale.setPriceFeed(await d.feed.getAddress(), 1n)).to.emit(d.presale, "PriceFeedUpdated");
  });

  it("the sale token mints its whole fixed supply to the holder, once", async function () {
    const t = await d.ethers.deployContract("SaleToken", ["Shaft", "SHAFT", SUPPLY, d.buyers[4].address]);
    expect(await t.totalSupply()).to.equal(SUPPLY);
    expect(await t.balanceOf(d.buyers[4].address)).to.equal(SUPPLY);
  });
});
