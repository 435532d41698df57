import { expect } from "chai";
import { anyValue } from "@nomicfoundation/hardhat-ethers-chai-matchers/withArgs";
import {
  CAPS,
  CHAINS,
  DAY,
  ETH_USD_18,
  MAX_TOKENS,
  PRICES,
  TOKEN,
  USD6,
  advance,
  advanceTo,
  buyEth,
  deploy,
  ladder,
  load,
  refEth,
  refStable,
  refUsd,
  ceilDiv,
  type Deployment,
} from "./helpers/fixtures.js";

for (const chainName of CHAINS) {
  describe(`Presale buying on ${chainName}`, function () {
    let d: Deployment;
    beforeEach(async function () {
      d = await load(chainName);
    });

    describe("quotes", function () {
      it("usdQuote, ethBuyHelper and usdcBuyHelper match the round-by-round reference model", async function () {
        for (const amount of [1n, 7n, 1_000n, 333_333n, 4_500_000n]) {
          const usd = refUsd(amount, await ladder(d));
          expect(await d.presale.usdQuote(amount), `usd ${amount}`).to.equal(usd);
          expect(await d.presale.ethBuyHelper(amount), `eth ${amount}`).to.equal(refEth(usd));
          expect(await d.presale.usdcBuyHelper(amount), `usdc ${amount}`).to.equal(refStable(usd));
          if (d.usdt) expect(await d.presale.usdtBuyHelper(amount), `usdt ${amount}`).to.equal(refStable(usd));
        }
      });

      it("quotes a purchase spanning several rounds exactly", async function () {
        const amount = 12_000_000n; // rounds 1, 2 and part of 3
        const expected = 4_500_000n * PRICES[0] + 5_500_000n * PRICES[1] + 2_000_000n * PRICES[2];
        expect(await d.presale.usdQuote(amount)).to.equal(expected);
        expect(await d.presale.ethBuyHelper(amount)).to.equal(refEth(expected));
      });

      it("ethUsdPrice is the feed answer normalised to 18 decimals", async function () {
        expect(await d.presale.ethUsdPrice()).to.equal(ETH_USD_18);
      });

      it("quotes beyond the last round revert SoldOut", async function () {
        await expect(d.presale.usdQuote(80_000_001n)).to.be.revertedWithCustomError(d.presale, "SoldOut");
      });
    });

    describe("buyWithEth", function () {
      it("credits the buyer, updates the ladder and forwards the ETH to the payment wallet", async function () {
        const [alice] = d.buyers;
        const amount = 1_000n;
        const usd = refUsd(amount, await ladder(d));
        const cost = refEth(usd);
        const tx = d.presale.connect(alice).buyWithEth(amount, false, { value: cost });
        await expect(tx)
          .to.emit(d.presale, "TokensBought")
          .withArgs(alice.address, d.ethers.ZeroAddress, amount, cost, usd, false);
        await expect(tx).to.changeEtherBalances(d.ethers, [alice, d.paymentWallet, d.presale], [-cost, cost, 0n]);
        expect(await d.presale.userDeposits(alice.address)).to.equal(amount * TOKEN);
        expect(await d.presale.totalTokensSold()).to.equal(amount);
        expect(await d.presale.localTokensSold()).to.equal(amount);
        expect(await d.presale.checkPoint()).to.equal(amount);
        expect(await d.presale.currentStep()).to.equal(0n);
        expect(await d.presale.usdRaised()).to.equal(ceilDiv(usd, 10n ** 12n));
      });

      it("accumulates deposits over several purchases", async function () {
        const [alice] = d.buyers;
        await buyEth(d, alice, 100n);
        await buyEth(d, alice, 250n);
        expect(await d.presale.userDeposits(alice.address)).to.equal(350n * TOKEN);
        expect(await d.presale.totalTokensSold()).to.equal(350n);
      });

      it("refunds the excess ETH in the same transaction", async function () {
        const [alice] = d.buyers;
        const cost: bigint = await d.presale.ethBuyHelper(1_000n);
        const tx = d.presale.connect(alice).buyWithEth(1_000n, false, { value: cost + 10n ** 18n });
        await expect(tx).to.changeEtherBalances(d.ethers, [alice, d.paymentWallet, d.presale], [-cost, cost, 0n]);
      });

      it("reverts InsufficientPayment when msg.value is below the quote", async function () {
        const cost: bigint = await d.presale.ethBuyHelper(1_000n);
        await expect(d.presale.connect(d.buyers[0]).buyWithEth(1_000n, false, { value: cost - 1n }))
          .to.be.revertedWithCustomError(d.presale, "InsufficientPayment")
          .withArgs(cost, cost - 1n);
      });

      it("reverts ZeroAmount for 0 tokens", async function () {
        await expect(d.presale.connect(d.buyers[0]).buyWithEth(0n, false, { value: 1n })).to.be.revertedWithCustomError(
          d.presale,
          "ZeroAmount",
        );
      });

      it("reverts MaxTokensExceeded above maxTokensToBuy", async function () {
        await expect(d.presale.connect(d.buyers[0]).buyWithEth(MAX_TOKENS + 1n, false, { value: 10n ** 21n }))
          .to.be.revertedWithCustomError(d.presale, "MaxTokensExceeded")
          .withArgs(MAX_TOKENS, MAX_TOKENS + 1n);
      });

      it("reverts SalePaused while paused and works again after unpause", async function () {
        await d.presale.pause();
        await expect(buyEth(d, d.buyers[0], 10n)).to.be.revertedWithCustomError(d.presale, "SalePaused");
        await d.presale.unpause();
        await buyEth(d, d.buyers[0], 10n);
        expect(await d.presale.userDeposits(d.buyers[0].address)).to.equal(10n * TOKEN);
      });

      it("reverts SaleNotActive after the end time", async function () {
        await advanceTo(d, d.end + 1n);
        await expect(
          d.presale.connect(d.buyers[0]).buyWithEth(10n, false, { value: 10n ** 18n }),
        ).to.be.revertedWithCustomError(d.presale, "SaleNotActive");
      });

      it("reverts AccountBlacklisted for a blacklisted buyer", async function () {
        const [alice] = d.buyers;
        await d.presale.setBlacklist([alice.address], true);
        await expect(d.presale.connect(alice).buyWithEth(10n, false, { value: 10n ** 18n }))
          .to.be.revertedWithCustomError(d.presale, "AccountBlacklisted")
          .withArgs(alice.address);
      });

      it("reverts AccountSanctioned for a sanctioned buyer once sanctions are on", async function () {
        const [alice] = d.buyers;
        await d.sanctions.addToSanctionsList([alice.address]);
        await buyEth(d, alice, 10n); // sanctions flag off: allowed
        await d.presale.setSanctions(await d.sanctions.getAddress(), true);
        await expect(d.presale.connect(alice).buyWithEth(10n, false, { value: 10n ** 18n }))
          .to.be.revertedWithCustomError(d.presale, "AccountSanctioned")
          .withArgs(alice.address);
        await buyEth(d, d.buyers[1], 10n); // others unaffected
      });

      it("reverts SoldOut when the purchase would pass the last cap", async function () {
        await d.presale.setCurrentStep(9, 79_999_000n);
        await expect(
          d.presale.connect(d.buyers[0]).buyWithEth(1_001n, false, { value: 10n ** 18n }),
        ).to.be.revertedWithCustomError(d.presale, "SoldOut");
        await buyEth(d, d.buyers[0], 1_000n); // exactly to the last cap is fine
        expect(await d.presale.checkPoint()).to.equal(80_000_000n);
        await expect(d.presale.usdQuote(1n)).to.be.revertedWithCustomError(d.presale, "SoldOut");
      });

      it("crosses a round boundary, pricing each part at its round's price and advancing the step", async function () {
        const [alice, bob] = d.buyers;
        await buyEth(d, alice, CAPS[0] - 1_000n);
        const cost: bigint = await d.presale.ethBuyHelper(3_000n);
        expect(cost).to.equal(refEth(1_000n * PRICES[0] + 2_000n * PRICES[1]));
        // One StepAdvanced per purchase, with the new step and the position after the purchase.
        await expect(d.presale.connect(bob).buyWithEth(3_000n, false, { value: cost }))
          .to.emit(d.presale, "StepAdvanced")
          .withArgs(1n, CAPS[0] + 2_000n);
        expect(await d.presale.currentStep()).to.equal(1n);
        expect(await d.presale.checkPoint()).to.equal(CAPS[0] + 2_000n);
        expect(await d.presale.userDeposits(bob.address)).to.equal(3_000n * TOKEN);
      });

      it("crosses several round boundaries in one purchase", async function () {
        const [alice] = d.buyers;
        await d.presale.setMaxTokensToBuy(16_777_215n); // the largest purchase the packed storage allows
        const amount = 16_600_000n; // rounds 1..3 fully, 100k of round 4
        const usd = refUsd(amount, await ladder(d));
        expect(usd).to.equal(
          4_500_000n * PRICES[0] + 5_500_000n * PRICES[1] + 6_500_000n * PRICES[2] + 100_000n * PRICES[3],
        );
        const tx = d.presale.connect(alice).buyWithEth(amount, false, { value: refEth(usd) });
        await expect(tx).to.emit(d.presale, "StepAdvanced").withArgs(3n, amount);
        expect(await d.presale.currentStep()).to.equal(3n);
        expect(await d.presale.checkPoint()).to.equal(amount);
        expect(await d.presale.usdRaised()).to.equal(ceilDiv(usd, 10n ** 12n));
      });

      it("an exact sell-out of a round advances the step", async function () {
        await buyEth(d, d.buyers[0], CAPS[0]);
        expect(await d.presale.currentStep()).to.equal(1n);
        expect(await d.presale.checkPoint()).to.equal(CAPS[0]);
        expect(await d.presale.usdQuote(1n)).to.equal(PRICES[1]);
      });
    });

    describe("round expiry and dynamic time", function () {
      it("an expired round's unsold tokens are tracked and the purchase is priced in the next round", async function () {
        const [alice, bob] = d.buyers;
        await buyEth(d, alice, 1_000n);
        await advanceTo(d, d.roundEnds[0] + 1n);
        expect(await d.presale.usdQuote(10n)).to.equal(10n * PRICES[1]);
        const cost: bigint = await d.presale.ethBuyHelper(10n);
        const tx = d.presale.connect(bob).buyWithEth(10n, false, { value: cost });
        await expect(tx)
          .to.emit(d.presale, "RoundExpired")
          .withArgs(0n, CAPS[0] - 1_000n);
        await expect(tx)
          .to.emit(d.presale, "StepAdvanced")
          .withArgs(1n, CAPS[0] + 10n);
        expect((await d.presale.trackRemainingTokens())[0]).to.equal(CAPS[0] - 1_000n);
        expect(await d.presale.currentStep()).to.equal(1n);
        expect(await d.presale.checkPoint()).to.equal(CAPS[0] + 10n);
        expect(await d.presale.totalTokensSold()).to.equal(1_010n);
        expect(cost).to.equal(refEth(10n * PRICES[1]));
      });

      it("a round left early keeps its sales and counts the rest as unsold from its end time itself, not before", async function () {
        await buyEth(d, d.buyers[0], 1_000n);
        await d.presale.setCurrentStep(1, CAPS[0]); // left by an admin move
        expect((await d.presale.roundSales())[0][0]).to.equal(1_000n);
        await d.helpers.time.increaseTo(d.roundEnds[0] - 1n);
        expect((await d.presale.trackRemainingTokens())[0]).to.equal(0n);
        await d.helpers.time.increaseTo(d.roundEnds[0]);
        expect((await d.presale.trackRemainingTokens())[0]).to.equal(CAPS[0] - 1_000n);
      });

      it("several expired rounds are skipped in one purchase", async function () {
        await advanceTo(d, d.roundEnds[1] + 1n);
        const tx = buyEth(d, d.buyers[0], 10n);
        await expect(tx).to.emit(d.presale, "RoundExpired").withArgs(0n, CAPS[0]);
        await expect(tx)
          .to.emit(d.presale, "RoundExpired")
          .withArgs(1n, CAPS[1] - CAPS[0]);
        const remaining = await d.presale.trackRemainingTokens();
        expect(remaining[0]).to.equal(CAPS[0]);
        expect(remaining[1]).to.equal(CAPS[1] - CAPS[0]);
        expect(await d.presale.currentStep()).to.equal(2n);
        expect(await d.presale.checkPoint()).to.equal(CAPS[1] + 10n);
      });

      it("dynamic time re-spaces later round ends when a round sells out early", async function () {
        const tc = 2n * DAY;
        await expect(d.presale.setDynamicTime(true, tc)).to.emit(d.presale, "DynamicTimeUpdated").withArgs(true, tc);
        await buyEth(d, d.buyers[0], CAPS[0]);
        const ts = BigInt(await d.helpers.time.latest());
        const ends: bigint[] = [...(await d.presale.roundDetails(2))];
        expect(ends[0]).to.equal(d.roundEnds[0]);
        expect(ends[1]).to.equal(ts + tc);
        expect(ends[2]).to.equal(ts + 2n * tc);
        expect(ends[9]).to.equal(ts + 9n * tc);
      });

      it("closes only the expired rounds when an earlier live round sells out first (admin moved the step back)", async function () {
        // Dynamic time re-spaces rounds 2..10 from a sell-out of round 1; the admin then moves the position back into
        // round 1, whose own end is still ahead, while the re-spaced round 2 has ended.
        await d.presale.setDynamicTime(true, DAY);
        await d.presale.setCurrentStep(0, CAPS[0] - 1_000n);
        await buyEth(d, d.buyers[0], 1_000n); // sells round 1 out, re-spacing the later rounds
        await d.presale.setDynamicTime(false, 0n);
        await advance(d, DAY + DAY / 2n); // re-spaced round 2 (1 day) is over, round 3 (2 days) is live
        await d.presale.setCurrentStep(0, CAPS[0] - 500n);
        const usd = 500n * PRICES[0] + 500n * PRICES[2];
        expect(await d.presale.usdQuote(1_000n)).to.equal(usd);
        const tx = d.presale.connect(d.buyers[1]).buyWithEth(1_000n, false, { value: refEth(usd) });
        await expect(tx)
          .to.emit(d.presale, "RoundExpired")
          .withArgs(1n, CAPS[1] - CAPS[0]);
        const remaining = await d.presale.trackRemainingTokens();
        expect(remaining[0]).to.equal(0n); // round 1 sold out: nothing recorded as unsold
        expect(remaining[1]).to.equal(CAPS[1] - CAPS[0]);
        expect(await d.presale.currentStep()).to.equal(2n);
        expect(await d.presale.checkPoint()).to.equal(CAPS[1] + 500n);
      });

      it("dynamic time: a purchase running past a sold-out round prices the next one and re-spaces from it", async function () {
        await d.presale.setDynamicTime(true, DAY);
        const amount = CAPS[0] + 1_000n;
        const usd = CAPS[0] * PRICES[0] + 1_000n * PRICES[1];
        expect(await d.presale.usdQuote(amount)).to.equal(usd);
        await d.presale.connect(d.buyers[0]).buyWithEth(amount, false, { value: refEth(usd) });
        const ts = BigInt(await d.helpers.time.latest());
        const ends: bigint[] = [...(await d.presale.roundDetails(2))];
        expect(ends[1]).to.equal(ts + DAY);
        expect(ends[2]).to.equal(ts + 2n * DAY);
        expect(await d.presale.checkPoint()).to.equal(amount);
      });

      it("dynamic time does not re-space when the step moves only because a round expired", async function () {
        await d.presale.setDynamicTime(true, DAY);
        await advanceTo(d, d.roundEnds[0] + 1n);
        await buyEth(d, d.buyers[0], 10n);
        expect(await d.presale.currentStep()).to.equal(1n);
        expect([...(await d.presale.roundDetails(2))]).to.deep.equal(d.roundEnds);
      });

      it("without dynamic time, round ends stay as configured after a sell-out", async function () {
        await buyEth(d, d.buyers[0], CAPS[0]);
        const ends: bigint[] = [...(await d.presale.roundDetails(2))];
        expect(ends).to.deep.equal(d.roundEnds);
      });
    });

    describe("buyWithUSDC", function () {
      it("pulls the quoted USDC from the buyer to the payment wallet and credits the buyer", async function () {
        const [alice] = d.buyers;
        const usd = refUsd(1_234n, await ladder(d));
        const cost = refStable(usd);
        const tx = d.presale.connect(alice).buyWithUSDC(1_234n, cost, false);
        await expect(tx)
          .to.emit(d.presale, "TokensBought")
          .withArgs(alice.address, await d.usdc.getAddress(), 1_234n, cost, usd, false);
        await expect(tx).to.changeTokenBalances(
          d.ethers,
          d.usdc,
          [alice, d.paymentWallet, d.presale],
          [-cost, cost, 0n],
        );
        expect(await d.presale.userDeposits(alice.address)).to.equal(1_234n * TOKEN);
        expect(await d.presale.usdRaised()).to.equal(cost);
      });

      it("reverts MaxCostExceeded when the cost is above maxCost", async function () {
        const cost: bigint = await d.presale.usdcBuyHelper(1_000n);
        await expect(d.presale.connect(d.buyers[0]).buyWithUSDC(1_000n, cost - 1n, false))
          .to.be.revertedWithCustomError(d.presale, "MaxCostExceeded")
          .withArgs(cost, cost - 1n);
      });

      it("does not depend on the ETH price feed", async function () {
        await d.feed.updateAnswer(-1n);
        const cost: bigint = await d.presale.usdcBuyHelper(100n);
        await d.presale.connect(d.buyers[0]).buyWithUSDC(100n, cost, false);
        expect(await d.presale.userDeposits(d.buyers[0].address)).to.equal(100n * TOKEN);
      });

      it("enforces the common buy checks (zero, max, pause, blacklist)", async function () {
        const [alice] = d.buyers;
        await expect(d.presale.connect(alice).buyWithUSDC(0n, 1n, false)).to.be.revertedWithCustomError(
          d.presale,
          "ZeroAmount",
        );
        await expect(
          d.presale.connect(alice).buyWithUSDC(MAX_TOKENS + 1n, 10n ** 30n, false),
        ).to.be.revertedWithCustomError(d.presale, "MaxTokensExceeded");
        await d.presale.setBlacklist([alice.address], true);
        await expect(d.presale.connect(alice).buyWithUSDC(1n, 10n ** 30n, false)).to.be.revertedWithCustomError(
          d.presale,
          "AccountBlacklisted",
        );
        await d.presale.pause();
        await expect(d.presale.connect(d.buyers[1]).buyWithUSDC(1n, 10n ** 30n, false)).to.be.revertedWithCustomError(
          d.presale,
          "SalePaused",
        );
      });
    });

    describe("buyWithETHWert (card provider)", function () {
      it("credits the user, takes the provider's ETH and refunds the excess to the provider", async function () {
        const [alice] = d.buyers;
        const cost: bigint = await d.presale.ethBuyHelper(500n);
        const tx = d.presale.connect(d.provider).buyWithETHWert(alice.address, 500n, false, { value: cost + 12345n });
        await expect(tx)
          .to.emit(d.presale, "TokensBought")
          .withArgs(alice.address, d.ethers.ZeroAddress, 500n, cost, anyValue, false);
        await expect(tx).to.changeEtherBalances(
          d.ethers,
          [d.provider, alice, d.paymentWallet, d.presale],
          [-cost, 0n, cost, 0n],
        );
        expect(await d.presale.userDeposits(alice.address)).to.equal(500n * TOKEN);
        expect(await d.presale.userDeposits(d.provider.address)).to.equal(0n);
      });

      it("reverts NotCardProvider for other callers while the restriction is on, and allows anyone when off", async function () {
        const [alice, bob] = d.buyers;
        const cost: bigint = await d.presale.ethBuyHelper(10n);
        await expect(d.presale.connect(bob).buyWithETHWert(alice.address, 10n, false, { value: cost }))
          .to.be.revertedWithCustomError(d.presale, "NotCardProvider")
          .withArgs(bob.address);
        await expect(d.presale.setCardProviderRestricted(false))
          .to.emit(d.presale, "CardProviderRestrictionUpdated")
          .withArgs(false);
        await d.presale.connect(bob).buyWithETHWert(alice.address, 10n, false, { value: cost });
        expect(await d.presale.userDeposits(alice.address)).to.equal(10n * TOKEN);
      });

      it("screens the card provider too when sanctions are on (AccountSanctioned)", async function () {
        const [alice] = d.buyers;
        const cost: bigint = await d.presale.ethBuyHelper(10n);
        await d.sanctions.addToSanctionsList([d.provider.address]);
        await d.presale.setSanctions(await d.sanctions.getAddress(), true);
        await expect(d.presale.connect(d.provider).buyWithETHWert(alice.address, 10n, false, { value: cost }))
          .to.be.revertedWithCustomError(d.presale, "AccountSanctioned")
          .withArgs(d.provider.address);
      });

      it("reverts ZeroAddress for user 0, AccountBlacklisted for a blacklisted user, InsufficientPayment when short", async function () {
        const [alice] = d.buyers;
        const cost: bigint = await d.presale.ethBuyHelper(10n);
        await expect(
          d.presale.connect(d.provider).buyWithETHWert(d.ethers.ZeroAddress, 10n, false, { value: cost }),
        ).to.be.revertedWithCustomError(d.presale, "ZeroAddress");
        await expect(d.presale.connect(d.provider).buyWithETHWert(alice.address, 10n, false, { value: cost - 1n }))
          .to.be.revertedWithCustomError(d.presale, "InsufficientPayment")
          .withArgs(cost, cost - 1n);
        await d.presale.setBlacklist([alice.address], true);
        await expect(d.presale.connect(d.provider).buyWithETHWert(alice.address, 10n, false, { value: cost }))
          .to.be.revertedWithCustomError(d.presale, "AccountBlacklisted")
          .withArgs(alice.address);
      });
    });
  });
}

describe("Presale buying: chain-specific", function () {
  it("buyWithUSDT on Ethereum pulls USDT (no bool return) and credits the buyer", async function () {
    const d = await load("hardhatEth");
    const [alice] = d.buyers;
    const cost: bigint = await d.presale.usdtBuyHelper(2_000n);
    const tx = d.presale.connect(alice).buyWithUSDT(2_000n, cost, false);
    await expect(tx)
      .to.emit(d.presale, "TokensBought")
      .withArgs(alice.address, await d.usdt!.getAddress(), 2_000n, cost, anyValue, false);
    expect(await d.usdt!.balanceOf(d.paymentWallet.address)).to.equal(cost);
    expect(await d.presale.userDeposits(alice.address)).to.equal(2_000n * TOKEN);
    await expect(d.presale.connect(alice).buyWithUSDT(2_000n, cost - 1n, false))
      .to.be.revertedWithCustomError(d.presale, "MaxCostExceeded")
      .withArgs(cost, cost - 1n);
  });

  it("buyWithUSDT on Base (no USDT configured) reverts", async function () {
    const d = await load("hardhatBase");
    expect(await d.presale.usdt()).to.equal(d.ethers.ZeroAddress);
    await expect(d.presale.connect(d.buyers[0]).buyWithUSDT(10n, 10n ** 12n, false)).to.be.revertedWithCustomError(
      d.presale,
      "UnsupportedPaymentToken",
    );
    expect(await d.presale.userDeposits(d.buyers[0].address)).to.equal(0n);
  });

  it("the stake flag reverts StakingUnavailable on Ethereum (no sale token, no staking)", async function () {
    const d = await load("hardhatEth");
    const cost: bigint = await d.presale.ethBuyHelper(10n);
    await expect(d.presale.connect(d.buyers[0]).buyWithEth(10n, true, { value: cost })).to.be.revertedWithCustomError(
      d.presale,
      "StakingUnavailable",
    );
    const usdcCost: bigint = await d.presale.usdcBuyHelper(10n);
    await expect(d.presale.connect(d.buyers[0]).buyWithUSDC(10n, usdcCost, true)).to.be.revertedWithCustomError(
      d.presale,
      "StakingUnavailable",
    );
  });

  it("the stake flag on Base stakes the tokens for the buyer through depositByPresale", async function () {
    const d = await load("hardhatBase");
    const [alice] = d.buyers;
    await d.token!.transfer(await d.presale.getAddress(), 1_000_000n * TOKEN);
    const cost: bigint = await d.presale.ethBuyHelper(1_000n);
    const tx = d.presale.connect(alice).buyWithEth(1_000n, true, { value: cost });
    await expect(tx)
      .to.emit(d.presale, "TokensBought")
      .withArgs(alice.address, d.ethers.ZeroAddress, 1_000n, cost, anyValue, true);
    await expect(tx)
      .to.emit(d.staking, "Deposited")
      .withArgs(alice.address, 1_000n * TOKEN, true, anyValue);
    await expect(tx).to.changeTokenBalances(
      d.ethers,
      d.token,
      [d.presale, d.staking],
      [-1_000n * TOKEN, 1_000n * TOKEN],
    );
    const info = await d.staking!.poolStakers(alice.address);
    expect(info.amount).to.equal(1_000n * TOKEN);
    expect(await d.staking!.totalStaked()).to.equal(1_000n * TOKEN);
    expect(await d.staking!.tokensStakedByPresale()).to.equal(1_000n * TOKEN);
    expect(await d.presale.userDeposits(alice.address)).to.equal(0n); // delivered into staking, nothing left to claim
    expect(await d.presale.stakedDuringSale()).to.equal(1_000n * TOKEN);
    expect(await d.presale.totalTokensSold()).to.equal(1_000n);
  });

  it("the stake flag on Base reverts StakingUnavailable when no staking contract is set", async function () {
    const d = await deploy("hardhatBase", { link: false });
    const cost: bigint = await d.presale.ethBuyHelper(10n);
    await expect(d.presale.connect(d.buyers[0]).buyWithEth(10n, true, { value: cost })).to.be.revertedWithCustomError(
      d.presale,
      "StakingUnavailable",
    );
  });

  it("buying before the start time reverts SaleNotActive", async function () {
    const d = await deploy("hardhatEth", { startDelay: 10n * DAY });
    await expect(
      d.presale.connect(d.buyers[0]).buyWithEth(10n, false, { value: 10n ** 18n }),
    ).to.be.revertedWithCustomError(d.presale, "SaleNotActive");
    await expect(d.presale.connect(d.buyers[0]).buyWithUSDC(10n, 10n * USD6, false)).to.be.revertedWithCustomError(
      d.presale,
      "SaleNotActive",
    );
    await advance(d, 10n * DAY);
    await buyEth(d, d.buyers[0], 10n);
    expect(await d.presale.userDeposits(d.buyers[0].address)).to.equal(10n * TOKEN);
  });
});
