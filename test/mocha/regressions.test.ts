/**
 * One named regression test per known failure of the common 2023 presale template (docs/AUDIT.md, threat model).
 */
import { expect } from "chai";
import type { HookToken } from "../../typechain-types/index.js";
import {
  CAPS,
  CHAINS,
  DAY,
  ETH_SHARE_BPS,
  GRACE,
  deliverReport,
  LOCK,
  PRICES,
  TOKEN,
  advance,
  buyEth,
  chain,
  deploy,
  fundRewards,
  giveStakeTokens,
  leg,
  load,
  now,
  openClaim,
  quotasFor,
  refEth,
  type Deployment,
} from "./helpers/fixtures.js";
import { boughtBy, buyEthCalldata, buyEthPaying } from "./helpers/purchases.js";

async function hookDeployment(): Promise<{ d: Deployment<"hardhatBase">; hook: HookToken }> {
  const conn = await chain("hardhatBase");
  const hook = await conn.ethers.deployContract("HookToken", [10n ** 9n * TOKEN]);
  const d = await deploy("hardhatBase", { saleToken: await hook.getAddress() });
  d.token = hook;
  return { d, hook };
}

describe("Regressions of the common presale template", function () {
  it("regression: a negative oracle answer is rejected (InvalidPrice), not cast to a huge price", async function () {
    const d = await load("hardhatEth");
    await d.feed.updateAnswer(-3_000n * 10n ** 8n);
    await expect(d.presale.ethBuyHelper(1_000n))
      .to.be.revertedWithCustomError(d.presale, "InvalidPrice")
      .withArgs(-3_000n * 10n ** 8n);
    await expect(buyEthPaying(d, d.buyers[0], 1_000n, 1n)).to.be.revertedWithCustomError(d.presale, "InvalidPrice");
  });

  it("regression: a stale oracle answer is rejected (StalePrice)", async function () {
    const d = await load("hardhatEth");
    const cost: bigint = await d.presale.ethBuyHelper(1_000n);
    await d.helpers.time.increase(2n * DAY); // the feed stops updating; ETH may have crashed meanwhile
    await expect(buyEthPaying(d, d.buyers[0], 1_000n, cost)).to.be.revertedWithCustomError(d.presale, "StalePrice");
  });

  it("regression: sequencer down and its grace period block ETH pricing on Base", async function () {
    const d = await load("hardhatBase");
    const t = await now(d.conn);
    await d.seqFeed!.updateRoundData(5, 1n, t, t);
    await expect(buyEth(d, d.buyers[0], 10n)).to.be.revertedWithCustomError(d.presale, "SequencerDown");
    await d.seqFeed!.updateAnswer(0n); // back up now
    await d.feed.updateAnswer(3_000n * 10n ** 8n);
    await expect(
      d.presale.connect(d.buyers[0]).buyWithEth(10n, false, { value: 10n ** 18n }),
    ).to.be.revertedWithCustomError(d.presale, "SequencerGracePeriod");
    await advance(d, GRACE + 1n);
    await buyEth(d, d.buyers[0], 10n);
  });

  it("regression: two-round price rounding charges each part at its own price, rounded up, never below the USD value", async function () {
    const d = await load("hardhatEth");
    // An ETH price that does not divide evenly.
    await d.feed.updateAnswer(3_333_33333333n);
    const ethUsd18 = 3_333_33333333n * 10n ** 10n;
    await buyEth(d, d.buyers[0], CAPS[0] - 1n);
    const usd = 1n * PRICES[0] + 1n * PRICES[1]; // 1 token left in round 1, 1 token from round 2
    expect(await d.presale.usdQuote(2n)).to.equal(usd);
    const cost: bigint = await d.presale.ethBuyHelper(2n);
    expect(cost).to.equal(refEth(usd, ethUsd18));
    expect(cost * ethUsd18 >= usd * 10n ** 18n).to.equal(true);
    expect((cost - 1n) * ethUsd18 < usd * 10n ** 18n).to.equal(true);
    await expect(buyEthPaying(d, d.buyers[1], 2n, cost - 1n)).to.be.revertedWithCustomError(
      d.presale,
      "InsufficientPayment",
    );
    await buyEthPaying(d, d.buyers[1], 2n, cost);
    expect(await d.presale.checkPoint()).to.equal(CAPS[0] + 1n);
    // Stablecoins round up too: 1 token at 0.0065 + 1 at 0.006 = 0.0125 USD = 12,500 units exactly; 1 token at 0.0065 = 6,500.
    expect(await d.presale.usdcBuyHelper(1n)).to.equal(6_500n);
  });

  it("regression: excess ETH is refunded to the payer in the same transaction (buyer and card provider)", async function () {
    const d = await load("hardhatBase");
    const cost: bigint = await d.presale.ethBuyHelper(100n);
    await expect(d.presale.connect(d.buyers[0]).buyWithEth(100n, false, { value: cost * 3n })).to.changeEtherBalances(
      d.ethers,
      [d.buyers[0], d.presale, d.paymentWallet],
      [-cost, 0n, cost],
    );
    await expect(
      d.presale.connect(d.provider).buyWithETHWert(d.buyers[1].address, 100n, false, { value: cost + 10n ** 17n }),
    ).to.changeEtherBalances(d.ethers, [d.provider, d.buyers[1], d.presale], [-cost, 0n, 0n]);
  });

  it("regression: USDT's missing return value and non-zero approve quirk do not break buying", async function () {
    const d = await load("hardhatEth");
    const buyer = d.signers[10];
    await d.usdt!.mint(buyer.address, 1_000n * 10n ** 6n);
    const cost: bigint = await d.presale.usdtBuyHelper(1_000n);
    // The dapp's flow: approve from zero, buy, and the allowance is consumed exactly so the next approve starts from 0.
    await d.usdt!.connect(buyer).approve(await d.presale.getAddress(), cost);
    await d.presale.connect(buyer).buyWithUSDT(1_000n, cost, buyer.address);
    expect(await d.usdt!.allowance(buyer.address, await d.presale.getAddress())).to.equal(0n);
    expect(await d.usdt!.balanceOf(d.paymentWallet.address)).to.equal(cost);
    const cost2: bigint = await d.presale.usdtBuyHelper(10n);
    await d.usdt!.connect(buyer).approve(await d.presale.getAddress(), cost2); // would revert if anything was left over
    await d.presale.connect(buyer).buyWithUSDT(10n, cost2, buyer.address);
    expect(await boughtBy(d, buyer.address)).to.equal(1_010n);
  });

  it("regression: fee-on-transfer USDT is never credited for more than was received", async function () {
    const d = await load("hardhatEth");
    await d.usdt!.setParams(1n, 5n); // 0.01 %, at most 5 units: a tiny fee
    const cost: bigint = await d.presale.usdtBuyHelper(10_000n);
    const buyer = d.buyers[0].address;
    await expect(d.presale.connect(d.buyers[0]).buyWithUSDT(10_000n, cost, buyer)).to.be.revertedWithCustomError(
      d.presale,
      "PaymentShortfall",
    );
    expect(await d.presale.totalTokensSold()).to.equal(0n);
    await d.usdt!.setParams(0n, 0n);
    await d.presale.connect(d.buyers[0]).buyWithUSDT(10_000n, cost, buyer);
    expect(await d.usdt!.balanceOf(d.paymentWallet.address)).to.equal(cost);
  });

  it("regression: claim cannot be re-entered from a token callback", async function () {
    const { d, hook } = await hookDeployment();
    const attacker = await d.ethers.deployContract("ReentrantAttacker", [
      await d.presale.getAddress(),
      await d.staking!.getAddress(),
    ]);
    const cost: bigint = await d.presale.ethBuyHelper(1_000n);
    await attacker.buyWithEth(1_000n, { value: cost });
    await buyEth(d, d.buyers[0], 5_000n); // an honest buyer whose tokens must stay in the presale
    await openClaim(d);
    await hook.setHooked(await attacker.getAddress(), true);
    await attacker.setMode(1); // Claim
    await attacker.claim();
    expect(await attacker.reentries()).to.equal(1n);
    expect(await attacker.reentrySucceeded()).to.equal(false);
    expect(await hook.balanceOf(await attacker.getAddress())).to.equal(1_000n * TOKEN);
    expect(await hook.balanceOf(await d.presale.getAddress())).to.equal(5_000n * TOKEN);
    expect(await d.presale.userDeposits(await attacker.getAddress())).to.equal(0n);
  });

  it("regression: claim cannot be re-entered into claimAndStake from a token callback", async function () {
    const { d, hook } = await hookDeployment();
    const attacker = await d.ethers.deployContract("ReentrantAttacker", [
      await d.presale.getAddress(),
      await d.staking!.getAddress(),
    ]);
    await attacker.buyWithEth(1_000n, { value: await d.presale.ethBuyHelper(1_000n) });
    await buyEth(d, d.buyers[0], 5_000n);
    await openClaim(d);
    await hook.setHooked(await attacker.getAddress(), true);
    await attacker.setMode(2); // ClaimAndStake from inside the claim's token transfer
    await attacker.claim();
    expect(await attacker.reentries()).to.equal(1n);
    expect(await attacker.reentrySucceeded()).to.equal(false);
    expect((await d.staking!.poolStakers(await attacker.getAddress())).amount).to.equal(0n);
    expect(await hook.balanceOf(await attacker.getAddress())).to.equal(1_000n * TOKEN);
    expect(await hook.balanceOf(await d.presale.getAddress())).to.equal(5_000n * TOKEN);
    expect(await hook.balanceOf(await d.staking!.getAddress())).to.equal(0n);
  });

  it("regression: withdraw and harvestRewards cannot be re-entered from a token callback", async function () {
    const { d, hook } = await hookDeployment();
    const s = d.staking!;
    const attacker = await d.ethers.deployContract("ReentrantAttacker", [
      await d.presale.getAddress(),
      await s.getAddress(),
    ]);
    const aAddr = await attacker.getAddress();
    await fundRewards(d, 100_000n * TOKEN);
    await giveStakeTokens(d, d.buyers[0], 50_000n * TOKEN);
    await s.connect(d.buyers[0]).deposit(50_000n * TOKEN);
    await hook.transfer(aAddr, 10_000n * TOKEN);
    await attacker.stake(await hook.getAddress(), 10_000n * TOKEN);
    await advance(d, 10n * DAY);
    await hook.setHooked(aAddr, true);
    await attacker.setMode(4); // Harvest re-entering harvest
    await attacker.harvest();
    expect(await attacker.reentrySucceeded()).to.equal(false);
    const afterHarvest: bigint = await hook.balanceOf(aAddr);
    expect(afterHarvest > 0n).to.equal(true);
    const att2 = await d.ethers.deployContract("ReentrantAttacker", [
      await d.presale.getAddress(),
      await s.getAddress(),
    ]);
    const a2 = await att2.getAddress();
    await hook.transfer(a2, 10_000n * TOKEN);
    await att2.stake(await hook.getAddress(), 10_000n * TOKEN);
    await advance(d, LOCK + 1n);
    await hook.setHooked(a2, true);
    await att2.setMode(3); // Withdraw re-entering withdraw
    const owedBefore: bigint = await s.getRewards(a2);
    await att2.withdraw();
    expect(await att2.reentries()).to.equal(1n);
    expect(await att2.reentrySucceeded()).to.equal(false);
    const got: bigint = await hook.balanceOf(a2);
    expect(got >= 10_000n * TOKEN + owedBefore).to.equal(true);
    // Principal plus the rewards owed (and at most a few seconds more): no double payout.
    expect(got <= 10_000n * TOKEN + owedBefore + owedBefore / 10_000n).to.equal(true);
    // Solvency after the attacks: everything staked plus the reserve is still held.
    const held: bigint = await hook.balanceOf(await s.getAddress());
    expect(held >= (await s.totalStaked()) + (await s.rewardReserve())).to.equal(true);
  });

  for (const chainName of CHAINS) {
    it(`regression: an ETH refund cannot be used to re-enter and double-count a purchase (${chainName})`, async function () {
      const d = await load(chainName);
      const wallet = await d.ethers.deployContract("ForwardingWallet");
      const walletAddr = await wallet.getAddress();
      const presaleAddr = await d.presale.getAddress();
      // The refund of an overpaid purchase calls the wallet, which buys again with everything it was refunded.
      await wallet.setHook(presaleAddr, buyEthCalldata(d, 1n, walletAddr));
      const cost: bigint = await d.presale.ethBuyHelper(1_000n);
      await wallet.exec(presaleAddr, buyEthCalldata(d, 1_000n, walletAddr), { value: cost + 10n ** 16n });
      expect(await wallet.hookCalled()).to.equal(true);
      expect(await wallet.hookSucceeded()).to.equal(false);
      expect(await wallet.hookError()).to.equal(d.presale.interface.getError("ReentrancyGuardReentrantCall")!.selector);
      expect(await boughtBy(d, walletAddr)).to.equal(1_000n);
      expect(await d.presale.localTokensSold()).to.equal(1_000n); // whatever happened, the books balance
      expect(await d.ethers.provider.getBalance(presaleAddr)).to.equal(0n);
      expect(await d.ethers.provider.getBalance(walletAddr)).to.equal(10n ** 16n);
    });
  }

  it("regression: a card provider's ETH refund cannot re-enter buyWithETHWert (hardhatBase)", async function () {
    const d = await load("hardhatBase");
    const provider = await d.ethers.deployContract("ForwardingWallet");
    const providerAddr = await provider.getAddress();
    const presaleAddr = await d.presale.getAddress();
    const user = d.buyers[0].address;
    await d.presale.grantRole(await d.presale.CARD_PROVIDER_ROLE(), providerAddr);
    const card = (amount: bigint) => d.presale.interface.encodeFunctionData("buyWithETHWert", [user, amount, false]);
    await provider.setHook(presaleAddr, card(1n));
    const cost: bigint = await d.presale.ethBuyHelper(1_000n);
    await provider.exec(presaleAddr, card(1_000n), { value: cost + 10n ** 16n });
    expect(await provider.hookCalled()).to.equal(true);
    expect(await provider.hookSucceeded()).to.equal(false);
    expect(await provider.hookError()).to.equal(d.presale.interface.getError("ReentrancyGuardReentrantCall")!.selector);
    expect(await boughtBy(d, user)).to.equal(1_000n);
    expect(await d.ethers.provider.getBalance(providerAddr)).to.equal(10n ** 16n);
  });

  it("regression: reward insolvency: rewards stop at the reserve, principal stays withdrawable", async function () {
    const d = await load("hardhatBase");
    const s = d.staking!;
    const [alice, bob] = d.buyers;
    await giveStakeTokens(d, alice, 1_000_000n * TOKEN);
    await giveStakeTokens(d, bob, 1_000_000n * TOKEN);
    await fundRewards(d, 1_000n * TOKEN); // far too little for 15 % on 2M for months
    await s.connect(alice).deposit(1_000_000n * TOKEN);
    await s.connect(bob).deposit(1_000_000n * TOKEN);
    await advance(d, 100n * DAY);
    const ra: bigint = await s.getRewards(alice.address);
    const rb: bigint = await s.getRewards(bob.address);
    expect(ra + rb <= 1_000n * TOKEN).to.equal(true);
    expect(ra + rb > 990n * TOKEN).to.equal(true); // the whole reserve was handed out, not lost
    const tx = s.connect(alice).withdraw();
    await expect(tx)
      .to.emit(s, "Withdrawn")
      .withArgs(alice.address, 1_000_000n * TOKEN);
    await s.connect(bob).withdraw();
    expect(await d.token!.balanceOf(await s.getAddress())).to.equal(
      (await s.rewardReserve()) + (await s.totalStaked()),
    );
    expect(await s.totalStaked()).to.equal(0n);
    // Both got their full principal back.
    expect((await d.token!.balanceOf(alice.address)) >= 1_000_000n * TOKEN + ra).to.equal(true);
    expect((await d.token!.balanceOf(bob.address)) >= 1_000_000n * TOKEN + rb).to.equal(true);
    expect((await d.token!.balanceOf(alice.address)) + (await d.token!.balanceOf(bob.address))).to.be.at.most(
      2_001_000n * TOKEN,
    );
  });

  it("regression: reward insolvency emits RewardsExhausted when the reserve runs dry", async function () {
    const d = await load("hardhatBase");
    const s = d.staking!;
    const [alice] = d.buyers;
    await giveStakeTokens(d, alice, 100_000n * TOKEN);
    await fundRewards(d, 10n * TOKEN);
    await s.connect(alice).deposit(100_000n * TOKEN);
    await advance(d, 30n * DAY);
    await expect(s.connect(alice).harvestRewards())
      .to.emit(s, "RewardsHarvested")
      .withArgs(alice.address, 10n * TOKEN);
    expect(await s.rewardReserve()).to.equal(0n);
    expect(await d.token!.balanceOf(await s.getAddress())).to.equal(100_000n * TOKEN);
    await expect(s.connect(alice).harvestRewards()).to.be.revertedWithCustomError(s, "NoRewards");
    // A harvest does not checkpoint the index; the next action that does (here a top-up) records and announces it.
    await giveStakeTokens(d, alice, TOKEN);
    await expect(s.connect(alice).deposit(TOKEN)).to.emit(s, "RewardsExhausted");
  });

  it("regression: a replayed cross-chain batch never double-credits", async function () {
    const d = await deploy("hardhatBase", { ethereumQuotas: quotasFor(CAPS, ETH_SHARE_BPS) });
    const [u0, u1] = [d.buyers[0].address, d.buyers[1].address];
    const report = {
      deposits: [leg(u0, 1_000n), leg(u1, 2_000n)],
      used: [3_000n],
      tokensSold: 3_000n,
      usdRaised: 18_000_000n,
    };
    await deliverReport(d, report);
    // The same report sent again through the bridge (a new message: the messenger's own replay protection is not
    // what makes it harmless).
    for (let i = 0; i < 3; i++) await deliverReport(d, report);
    expect(await d.presale.userDeposits(u0)).to.equal(1_000n * TOKEN);
    expect(await d.presale.userDeposits(u1)).to.equal(2_000n * TOKEN);
    expect(await d.presale.totalTokensSold()).to.equal(3_000n);
    expect(await d.presale.usdRaised()).to.equal(18_000_000n);
    expect(await d.presale.totalRemoteDepositsImported()).to.equal(3_000n);
    expect((await d.presale.roundSales())[1][0]).to.equal(3_000n);
  });

  it("regression: a reordered cross-chain batch (older totals after newer) never double-credits nor rolls back", async function () {
    const quotas = quotasFor(CAPS, ETH_SHARE_BPS);
    const d = await deploy("hardhatBase", { ethereumQuotas: quotas });
    const u = d.buyers[0].address;
    const released = [quotas[0] - 1_000_000n, ...quotas.slice(1)];
    await deliverReport(d, {
      deposits: [leg(u, 5_000n)],
      quotas: released,
      used: [5_000n],
      tokensSold: 5_000n,
      usdRaised: 30_000_000n,
    });
    // Report #1 arrives late.
    await deliverReport(d, {
      deposits: [leg(u, 2_000n)],
      quotas,
      used: [2_000n],
      tokensSold: 2_000n,
      usdRaised: 12_000_000n,
    });
    expect(await d.presale.remoteTokensSold()).to.equal(5_000n);
    expect(await d.presale.totalTokensSold()).to.equal(5_000n);
    expect(await d.presale.usdRaised()).to.equal(30_000_000n);
    expect(await d.presale.userDeposits(u)).to.equal(5_000n * TOKEN);
    expect(await d.presale.checkPoint()).to.equal(5_000n);
    expect((await d.presale.rounds())[0].ethereumQuota).to.equal(released[0]);
  });
});
