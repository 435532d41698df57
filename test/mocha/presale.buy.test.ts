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
  buyUsdc,
  deploy,
  ladder,
  load,
  refEth,
  refStable,
  refUsd,
  ceilDiv,
  type Deployment,
} from "./helpers/fixtures.js";
import { base, boughtBy, buyEthCalldata, buyEthPaying, ethereum } from "./helpers/purchases.js";

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
        const tx = buyEthPaying(d, alice, amount, cost);
        await expect(tx)
          .to.emit(d.presale, "TokensBought")
          .withArgs(alice.address, alice.address, d.ethers.ZeroAddress, amount, cost, usd, false);
        await expect(tx).to.changeEtherBalances(d.ethers, [alice, d.paymentWallet, d.presale], [-cost, cost, 0n]);
        expect(await boughtBy(d, alice.address)).to.equal(amount);
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
        expect(await boughtBy(d, alice.address)).to.equal(350n);
        expect(await d.presale.totalTokensSold()).to.equal(350n);
      });

      it("refunds the excess ETH in the same transaction", async function () {
        const [alice] = d.buyers;
        const cost: bigint = await d.presale.ethBuyHelper(1_000n);
        const tx = buyEthPaying(d, alice, 1_000n, cost + 10n ** 18n);
        await expect(tx).to.changeEtherBalances(d.ethers, [alice, d.paymentWallet, d.presale], [-cost, cost, 0n]);
      });

      it("reverts InsufficientPayment when msg.value is below the quote", async function () {
        const cost: bigint = await d.presale.ethBuyHelper(1_000n);
        await expect(buyEthPaying(d, d.buyers[0], 1_000n, cost - 1n))
          .to.be.revertedWithCustomError(d.presale, "InsufficientPayment")
          .withArgs(cost, cost - 1n);
      });

      it("reverts ZeroAmount for 0 tokens", async function () {
        await expect(buyEthPaying(d, d.buyers[0], 0n, 1n)).to.be.revertedWithCustomError(d.presale, "ZeroAmount");
      });

      it("reverts MaxTokensExceeded above maxTokensToBuy", async function () {
        await expect(buyEthPaying(d, d.buyers[0], MAX_TOKENS + 1n, 10n ** 21n))
          .to.be.revertedWithCustomError(d.presale, "MaxTokensExceeded")
          .withArgs(MAX_TOKENS, MAX_TOKENS + 1n);
      });

      it("reverts SalePaused while paused and works again after unpause", async function () {
        await d.presale.pause();
        await expect(buyEth(d, d.buyers[0], 10n)).to.be.revertedWithCustomError(d.presale, "SalePaused");
        await d.presale.unpause();
        await buyEth(d, d.buyers[0], 10n);
        expect(await boughtBy(d, d.buyers[0].address)).to.equal(10n);
      });

      it("reverts SaleNotActive after the end time", async function () {
        await advanceTo(d, d.end + 1n);
        await expect(buyEthPaying(d, d.buyers[0], 10n, 10n ** 18n)).to.be.revertedWithCustomError(
          d.presale,
          "SaleNotActive",
        );
      });

      it("reverts AccountBlacklisted for a blacklisted buyer", async function () {
        const [alice] = d.buyers;
        await d.presale.setBlacklist([alice.address], true);
        await expect(buyEthPaying(d, alice, 10n, 10n ** 18n))
          .to.be.revertedWithCustomError(d.presale, "AccountBlacklisted")
          .withArgs(alice.address);
      });

      it("reverts AccountSanctioned for a sanctioned buyer once sanctions are on", async function () {
        const [alice] = d.buyers;
        await d.sanctions.addToSanctionsList([alice.address]);
        await buyEth(d, alice, 10n); // sanctions flag off: allowed
        await d.presale.setSanctions(await d.sanctions.getAddress(), true);
        await expect(buyEthPaying(d, alice, 10n, 10n ** 18n))
          .to.be.revertedWithCustomError(d.presale, "AccountSanctioned")
          .withArgs(alice.address);
        await buyEth(d, d.buyers[1], 10n); // others unaffected
      });

      it("reverts SoldOut when the purchase would pass the last cap", async function () {
        await d.presale.setCurrentStep(9, CAPS[9] - CAPS[8] - 1_000n); // 1,000 tokens left in the last round
        await expect(buyEthPaying(d, d.buyers[0], 1_001n, 10n ** 18n)).to.be.revertedWithCustomError(
          d.presale,
          "SoldOut",
        );
        await buyEth(d, d.buyers[0], 1_000n); // exactly to the last cap is fine
        expect(await d.presale.checkPoint()).to.equal(80_000_000n);
        expect(await d.presale.currentStep()).to.equal(10n);
        await expect(d.presale.usdQuote(1n)).to.be.revertedWithCustomError(d.presale, "SoldOut");
      });

      it("crosses a round boundary, pricing each part at its round's price and advancing the step", async function () {
        const [alice, bob] = d.buyers;
        await buyEth(d, alice, CAPS[0] - 1_000n);
        const cost: bigint = await d.presale.ethBuyHelper(3_000n);
        expect(cost).to.equal(refEth(1_000n * PRICES[0] + 2_000n * PRICES[1]));
        // One StepAdvanced per purchase, with the new step.
        await expect(buyEthPaying(d, bob, 3_000n, cost))
          .to.emit(d.presale, "StepAdvanced")
          .withArgs(1n);
        expect(await d.presale.currentStep()).to.equal(1n);
        expect(await d.presale.checkPoint()).to.equal(CAPS[0] + 2_000n);
        expect(await boughtBy(d, bob.address)).to.equal(3_000n);
        const [local] = await d.presale.roundSales();
        expect(local[0]).to.equal(CAPS[0]);
        expect(local[1]).to.equal(2_000n);
      });

      it("crosses several round boundaries in one purchase", async function () {
        const [alice] = d.buyers;
        await d.presale.setMaxTokensToBuy(16_777_215n); // the largest purchase the packed storage allows
        const amount = 16_600_000n; // rounds 1..3 fully, 100k of round 4
        const usd = refUsd(amount, await ladder(d));
        expect(usd).to.equal(
          4_500_000n * PRICES[0] + 5_500_000n * PRICES[1] + 6_500_000n * PRICES[2] + 100_000n * PRICES[3],
        );
        const tx = buyEthPaying(d, alice, amount, refEth(usd));
        await expect(tx).to.emit(d.presale, "StepAdvanced").withArgs(3n);
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
        const tx = buyEthPaying(d, bob, 10n, cost);
        await expect(tx)
          .to.emit(d.presale, "RoundExpired")
          .withArgs(0n, CAPS[0] - 1_000n);
        await expect(tx).to.emit(d.presale, "StepAdvanced").withArgs(1n);
        expect((await d.presale.trackRemainingTokens())[0]).to.equal(CAPS[0] - 1_000n);
        expect(await d.presale.currentStep()).to.equal(1n);
        expect(await d.presale.checkPoint()).to.equal(CAPS[0] + 10n);
        expect(await d.presale.totalTokensSold()).to.equal(1_010n);
        expect(cost).to.equal(refEth(10n * PRICES[1]));
      });

      it("a round left early keeps its sales and counts the rest as unsold from its end time itself, not before", async function () {
        await buyEth(d, d.buyers[0], 1_000n);
        await d.presale.setCurrentStep(1, 0n); // left by an owner move
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
        const tx = buyEth(d, d.buyers[0], CAPS[0]);
        await expect(tx).to.emit(d.presale, "RoundsRespaced").withArgs(1n, anyValue, tc);
        const ts = BigInt(await d.helpers.time.latest());
        // The event names the re-spaced round's new end, the same one roundDetails reads below.
        const [respaced] = await d.presale.queryFilter(d.presale.filters.RoundsRespaced(), "latest");
        expect(respaced.args[1]).to.equal(ts + tc);
        const ends: bigint[] = [...(await d.presale.roundDetails(2))];
        expect(ends[0]).to.equal(d.roundEnds[0]);
        expect(ends[1]).to.equal(ts + tc);
        expect(ends[2]).to.equal(ts + 2n * tc);
        expect(ends[9]).to.equal(ts + 9n * tc);
      });

      it("dynamic time: a purchase running past a sold-out round prices the next one and re-spaces from it", async function () {
        await d.presale.setDynamicTime(true, DAY);
        const amount = CAPS[0] + 1_000n;
        const usd = CAPS[0] * PRICES[0] + 1_000n * PRICES[1];
        expect(await d.presale.usdQuote(amount)).to.equal(usd);
        await buyEthPaying(d, d.buyers[0], amount, refEth(usd));
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

      it("dynamic time does not re-space after an owner move (nothing was sold out)", async function () {
        await d.presale.setDynamicTime(true, DAY);
        await d.presale.setCurrentStep(2, 0n);
        await buyEth(d, d.buyers[0], 10n);
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
        const tx = buyUsdc(d, alice, 1_234n, cost);
        await expect(tx)
          .to.emit(d.presale, "TokensBought")
          .withArgs(alice.address, alice.address, await d.usdc.getAddress(), 1_234n, cost, usd, false);
        await expect(tx).to.changeTokenBalances(
          d.ethers,
          d.usdc,
          [alice, d.paymentWallet, d.presale],
          [-cost, cost, 0n],
        );
        expect(await boughtBy(d, alice.address)).to.equal(1_234n);
        expect(await d.presale.usdRaised()).to.equal(cost);
      });

      it("reverts MaxCostExceeded when the cost is above maxCost", async function () {
        const cost: bigint = await d.presale.usdcBuyHelper(1_000n);
        await expect(buyUsdc(d, d.buyers[0], 1_000n, cost - 1n))
          .to.be.revertedWithCustomError(d.presale, "MaxCostExceeded")
          .withArgs(cost, cost - 1n);
      });

      it("does not depend on the ETH price feed", async function () {
        await d.feed.updateAnswer(-1n);
        const cost: bigint = await d.presale.usdcBuyHelper(100n);
        await buyUsdc(d, d.buyers[0], 100n, cost);
        expect(await boughtBy(d, d.buyers[0].address)).to.equal(100n);
      });

      it("enforces the common buy checks (zero, max, pause, blacklist)", async function () {
        const [alice] = d.buyers;
        await expect(buyUsdc(d, alice, 0n, 1n)).to.be.revertedWithCustomError(d.presale, "ZeroAmount");
        await expect(buyUsdc(d, alice, MAX_TOKENS + 1n, 10n ** 30n)).to.be.revertedWithCustomError(
          d.presale,
          "MaxTokensExceeded",
        );
        await d.presale.setBlacklist([alice.address], true);
        await expect(buyUsdc(d, alice, 1n, 10n ** 30n)).to.be.revertedWithCustomError(d.presale, "AccountBlacklisted");
        await d.presale.pause();
        await expect(buyUsdc(d, d.buyers[1], 1n, 10n ** 30n)).to.be.revertedWithCustomError(d.presale, "SalePaused");
      });
    });

    describe("contract wallets", function () {
      it("a contract wallet buys with ETH, alone or in a batch with other calls, and is credited like any buyer", async function () {
        const wallet = await d.ethers.deployContract("ForwardingWallet");
        const walletAddr = await wallet.getAddress();
        const presaleAddr = await d.presale.getAddress();
        const cost: bigint = await d.presale.ethBuyHelper(500n);
        // The purchase's sender is the wallet: the wallet pays, the wallet's record is credited.
        await expect(wallet.exec(presaleAddr, buyEthCalldata(d, 500n, walletAddr), { value: cost }))
          .to.emit(d.presale, "TokensBought")
          .withArgs(walletAddr, walletAddr, d.ethers.ZeroAddress, 500n, cost, anyValue, false);
        // An overpaying batch gets its refund back in the wallet (it takes ETH), then the next call runs.
        const cost2: bigint = await d.presale.ethBuyHelper(300n);
        const batch = [
          { target: presaleAddr, value: cost2 + 1_000n, data: buyEthCalldata(d, 300n, walletAddr) },
          { target: presaleAddr, value: 0n, data: d.presale.interface.encodeFunctionData("currentStep") },
        ];
        await expect(wallet.execBatch(batch, { value: cost2 + 1_000n })).to.changeEtherBalances(
          d.ethers,
          [wallet, d.paymentWallet],
          [1_000n, cost2],
        );
        expect(await boughtBy(d, walletAddr)).to.equal(800n);
        expect(await d.presale.localTokensSold()).to.equal(800n);
      });

      it("a contract wallet buys with USDC in one atomic batch (approve and buy)", async function () {
        const wallet = await d.ethers.deployContract("ForwardingWallet");
        const walletAddr = await wallet.getAddress();
        const presaleAddr = await d.presale.getAddress();
        await d.usdc.mint(walletAddr, 1_000n * USD6);
        const cost: bigint = await d.presale.usdcBuyHelper(1_000n);
        const buy =
          d.chainName === "hardhatBase"
            ? base(d).interface.encodeFunctionData("buyWithUSDC", [1_000n, cost, false])
            : ethereum(d).interface.encodeFunctionData("buyWithUSDC", [1_000n, cost, walletAddr]);
        const approve = d.usdc.interface.encodeFunctionData("approve", [presaleAddr, cost]);
        const usdcAddr = await d.usdc.getAddress();
        await wallet.execBatch([
          { target: usdcAddr, value: 0n, data: approve },
          { target: presaleAddr, value: 0n, data: buy },
        ]);
        expect(await d.usdc.balanceOf(walletAddr)).to.equal(1_000n * USD6 - cost);
        expect(await boughtBy(d, walletAddr)).to.equal(1_000n);
      });
    });
  });
}

describe("Presale buying: chain-specific", function () {
  it("buyWithUSDT on Ethereum pulls USDT (no bool return) and credits the buyer's record", async function () {
    const d = await load("hardhatEth");
    const [alice] = d.buyers;
    const cost: bigint = await d.presale.usdtBuyHelper(2_000n);
    const tx = d.presale.connect(alice).buyWithUSDT(2_000n, cost, alice.address);
    await expect(tx)
      .to.emit(d.presale, "TokensBought")
      .withArgs(alice.address, alice.address, await d.usdt!.getAddress(), 2_000n, cost, anyValue, false);
    expect(await d.usdt!.balanceOf(d.paymentWallet.address)).to.equal(cost);
    expect(await boughtBy(d, alice.address)).to.equal(2_000n);
    await expect(d.presale.connect(alice).buyWithUSDT(2_000n, cost - 1n, alice.address))
      .to.be.revertedWithCustomError(d.presale, "MaxCostExceeded")
      .withArgs(cost, cost - 1n);
  });

  it("Base sells no USDT: the presale has no USDT purchase, and Ethereum's USDT call reverts crediting nothing", async function () {
    const d = await load("hardhatBase");
    const eth = await load("hardhatEth");
    expect(await d.presale.usdt()).to.equal(d.ethers.ZeroAddress);
    expect(d.presale.interface.hasFunction("buyWithUSDT")).to.equal(false);
    const data = eth.presale.interface.encodeFunctionData("buyWithUSDT", [10n, 10n ** 12n, d.buyers[0].address]);
    await expect(d.buyers[0].sendTransaction({ to: await d.presale.getAddress(), data })).to.be.revertedWithoutReason(
      d.ethers,
    );
    expect(await d.presale.userDeposits(d.buyers[0].address)).to.equal(0n);
    expect(await d.presale.localTokensSold()).to.equal(0n);
  });

  it("the stake flag on Base stakes the tokens for the buyer through depositByPresale, held until the claim", async function () {
    const d = await load("hardhatBase");
    const [alice] = d.buyers;
    await d.token!.transfer(await d.presale.getAddress(), 1_000_000n * TOKEN);
    const cost: bigint = await d.presale.ethBuyHelper(1_000n);
    const tx = d.presale.connect(alice).buyWithEth(1_000n, true, { value: cost });
    await expect(tx)
      .to.emit(d.presale, "TokensBought")
      .withArgs(alice.address, alice.address, d.ethers.ZeroAddress, 1_000n, cost, anyValue, true);
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
    expect(info.heldUntilClaim).to.equal(1_000n * TOKEN);
    expect(await d.staking!.totalStaked()).to.equal(1_000n * TOKEN);
    expect(await d.staking!.tokensStakedByPresale()).to.equal(1_000n * TOKEN);
    expect(await d.presale.userDeposits(alice.address)).to.equal(0n); // delivered into staking, nothing left to claim
    expect(await d.presale.stakedDuringSale()).to.equal(1_000n * TOKEN);
    expect(await d.presale.totalTokensSold()).to.equal(1_000n);
  });

  it("a USDC buy-and-stake on Base says so in its event and stakes for the buyer", async function () {
    const d = await load("hardhatBase");
    const [, bob] = d.buyers;
    await d.token!.transfer(await d.presale.getAddress(), 1_000n * TOKEN);
    const cost: bigint = await d.presale.usdcBuyHelper(1_000n);
    await expect(d.presale.connect(bob).buyWithUSDC(1_000n, cost, true))
      .to.emit(d.presale, "TokensBought")
      .withArgs(bob.address, bob.address, await d.usdc.getAddress(), 1_000n, cost, anyValue, true);
    expect((await d.staking!.poolStakers(bob.address)).heldUntilClaim).to.equal(1_000n * TOKEN);
  });

  it("the stake flag on Base reverts StakingUnavailable when no staking contract is set", async function () {
    const d = await deploy("hardhatBase", { link: false });
    const cost: bigint = await d.presale.ethBuyHelper(10n);
    await expect(d.presale.connect(d.buyers[0]).buyWithEth(10n, true, { value: cost })).to.be.revertedWithCustomError(
      d.presale,
      "StakingUnavailable",
    );
  });

  for (const chainName of CHAINS) {
    it(`buying before the start time reverts SaleNotActive (${chainName})`, async function () {
      const d = await deploy(chainName, { startDelay: 10n * DAY });
      await expect(buyEthPaying(d, d.buyers[0], 10n, 10n ** 18n)).to.be.revertedWithCustomError(
        d.presale,
        "SaleNotActive",
      );
      await expect(buyUsdc(d, d.buyers[0], 10n, 10n * USD6)).to.be.revertedWithCustomError(d.presale, "SaleNotActive");
      await advance(d, 10n * DAY);
      await buyEth(d, d.buyers[0], 10n);
      expect(await boughtBy(d, d.buyers[0].address)).to.equal(10n);
    });
  }
});

describe("buyWithETHWert (card provider, hardhatBase)", function () {
  let d: Deployment<"hardhatBase">;
  beforeEach(async function () {
    d = await load("hardhatBase");
  });

  it("credits the user, takes the provider's ETH and refunds the excess to the provider", async function () {
    const [alice] = d.buyers;
    const cost: bigint = await d.presale.ethBuyHelper(500n);
    const usd: bigint = await d.presale.usdQuote(500n);
    const tx = d.presale.connect(d.provider).buyWithETHWert(alice.address, 500n, false, { value: cost + 12345n });
    // The card provider sent the purchase; the user owns the tokens.
    await expect(tx)
      .to.emit(d.presale, "TokensBought")
      .withArgs(d.provider.address, alice.address, d.ethers.ZeroAddress, 500n, cost, usd, false);
    await expect(tx).to.changeEtherBalances(
      d.ethers,
      [d.provider, alice, d.paymentWallet, d.presale],
      [-cost, 0n, cost, 0n],
    );
    expect(await d.presale.userDeposits(alice.address)).to.equal(500n * TOKEN);
    expect(await d.presale.userDeposits(d.provider.address)).to.equal(0n);
  });

  it("with stake, the event says so and the tokens are staked for the user, not the provider", async function () {
    const [alice] = d.buyers;
    await d.token!.transfer(await d.presale.getAddress(), 500n * TOKEN);
    const cost: bigint = await d.presale.ethBuyHelper(500n);
    await expect(d.presale.connect(d.provider).buyWithETHWert(alice.address, 500n, true, { value: cost }))
      .to.emit(d.presale, "TokensBought")
      .withArgs(d.provider.address, alice.address, d.ethers.ZeroAddress, 500n, cost, anyValue, true);
    expect((await d.staking!.poolStakers(alice.address)).heldUntilClaim).to.equal(500n * TOKEN);
    expect((await d.staking!.poolStakers(d.provider.address)).amount).to.equal(0n);
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
