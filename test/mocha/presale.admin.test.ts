import { expect } from "chai";
import {
  CAPS,
  DAY,
  HEARTBEAT,
  PRICES,
  TOKEN,
  buyEth,
  closeEthereumStandIn,
  deploy,
  load,
  now,
  type Deployment,
} from "./helpers/fixtures.js";

describe("Presale administration (hardhatEth unless noted)", function () {
  let d: Deployment<"hardhatEth">;
  beforeEach(async function () {
    d = await load("hardhatEth");
  });

  it("constructor: roles, owner, initial state and views", async function () {
    const p = d.presale;
    expect(await p.owner()).to.equal(d.owner.address);
    expect(await p.hasRole(await p.DEFAULT_ADMIN_ROLE(), d.owner.address)).to.equal(true);
    expect(await p.hasRole(await p.KEEPER_ROLE(), d.keeper.address)).to.equal(true);
    expect(await p.hasRole(await p.CARD_PROVIDER_ROLE(), d.provider.address)).to.equal(true);
    expect(await p.usdc()).to.equal(await d.usdc.getAddress());
    expect(await p.usdt()).to.equal(await d.usdt!.getAddress());
    expect(await p.paymentWallet()).to.equal(d.paymentWallet.address);
    expect(await p.startTime()).to.equal(d.start);
    expect(await p.endTime()).to.equal(d.end);
    expect(await p.maxTokensToBuy()).to.equal(10_000_000n);
    expect([...(await p.roundDetails(0))]).to.deep.equal(CAPS);
    expect([...(await p.roundDetails(1))]).to.deep.equal(PRICES);
    expect([...(await p.roundDetails(2))]).to.deep.equal(d.roundEnds);
    const rounds = await p.rounds();
    expect(rounds.length).to.equal(10);
    expect(rounds[3].cap).to.equal(CAPS[3]);
    expect(rounds[3].price).to.equal(PRICES[3]);
    expect(rounds[3].endTime).to.equal(d.roundEnds[3]);
    expect((await p.trackRemainingTokens()).length).to.equal(10);
    expect(await p.currentStep()).to.equal(0n);
    expect(await p.paused()).to.equal(false);
    expect(await p.claimStart()).to.equal(0n);
    expect(await p.staking()).to.equal(d.ethers.ZeroAddress);
    await expect(p.roundDetails(3)).to.be.revertedWithCustomError(p, "InvalidParameter");
  });

  it("auxiliary views: flags, sanctionsList, priceFeed, sequencerFeed, dynamicTime, owedTotal, USD split, stakedDuringSale", async function () {
    const p = d.presale;
    expect([...(await p.flags())]).to.deep.equal([false, false, true]);
    await p.setSanctions(await d.sanctions.getAddress(), true);
    await p.setClaimWhitelistOnly(true);
    await p.setCardProviderRestricted(false);
    expect([...(await p.flags())]).to.deep.equal([true, true, false]);
    expect(await p.sanctionsList()).to.equal(await d.sanctions.getAddress());
    expect([...(await p.priceFeed())]).to.deep.equal([await d.feed.getAddress(), HEARTBEAT]);
    expect([...(await p.sequencerFeed())]).to.deep.equal([d.ethers.ZeroAddress, 0n]);
    expect([...(await p.dynamicTime())]).to.deep.equal([false, 0n]);
    await p.setDynamicTime(true, DAY);
    expect([...(await p.dynamicTime())]).to.deep.equal([true, DAY]);
    expect(await p.owedTotal(d.ethers.ZeroAddress)).to.equal(0n);
    await buyEth(d, d.buyers[0], 1_000n);
    await p.connect(d.keeper).mirrorRemoteSales([500n], 3_000_000n);
    expect(await p.localUsdRaised()).to.equal(6_000_000n); // 1,000 tokens at $0.006
    expect(await p.remoteUsdRaised()).to.equal(3_000_000n);
    expect(await p.usdRaised()).to.equal(9_000_000n);
    expect(await p.stakedDuringSale()).to.equal(0n);
  });

  it("constructor rejects bad parameters", async function () {
    const book = await d.ethers.deployContract("LadderBook");
    const F = await d.ethers.getContractFactory("Presale", { libraries: { LadderBook: await book.getAddress() } });
    const t = await now(d.conn);
    const base = {
      owner: d.owner.address,
      adminDelay: 0,
      saleToken: d.ethers.ZeroAddress,
      usdt: d.ethers.ZeroAddress,
      usdc: await d.usdc.getAddress(),
      priceFeed: await d.feed.getAddress(),
      priceFeedHeartbeat: HEARTBEAT,
      sequencerFeed: d.ethers.ZeroAddress,
      sequencerGracePeriod: 0n,
      paymentWallet: d.paymentWallet.address,
      startTime: t,
      endTime: t + 100n * DAY,
      maxTokensToBuy: 1_000n,
      caps: [100n, 200n],
      prices: [10n ** 15n, 2n * 10n ** 15n],
      endTimes: [t + 10n * DAY, t + 20n * DAY],
      messenger: await d.messenger.getAddress(),
      maxMirrorStep: 1_000n,
    };
    await F.deploy(base); // the base set is valid
    await expect(F.deploy({ ...base, paymentWallet: d.ethers.ZeroAddress })).to.be.revertedWithCustomError(
      F,
      "ZeroAddress",
    );
    await expect(F.deploy({ ...base, priceFeed: d.ethers.ZeroAddress })).to.be.revertedWithCustomError(
      F,
      "ZeroAddress",
    );
    await expect(F.deploy({ ...base, messenger: d.ethers.ZeroAddress })).to.be.revertedWithCustomError(
      F,
      "ZeroAddress",
    );
    await expect(F.deploy({ ...base, endTime: t })).to.be.revertedWithCustomError(F, "InvalidTimes");
    await expect(F.deploy({ ...base, caps: [200n, 100n] })).to.be.revertedWithCustomError(F, "InvalidRounds");
    await expect(F.deploy({ ...base, caps: [100n] })).to.be.revertedWithCustomError(F, "InvalidRounds");
    await expect(F.deploy({ ...base, caps: [], prices: [], endTimes: [] })).to.be.revertedWithCustomError(
      F,
      "InvalidRounds",
    );
    await expect(F.deploy({ ...base, prices: [10n ** 15n, 0n] })).to.be.revertedWithCustomError(F, "InvalidRounds");
  });

  it("pause / unpause emit Paused and Unpaused", async function () {
    await expect(d.presale.pause()).to.emit(d.presale, "Paused").withArgs(d.owner.address);
    expect(await d.presale.paused()).to.equal(true);
    await expect(d.presale.unpause()).to.emit(d.presale, "Unpaused").withArgs(d.owner.address);
    expect(await d.presale.paused()).to.equal(false);
  });

  it("setSaleTimes updates times (SaleTimesUpdated) and rejects end <= start (InvalidTimes)", async function () {
    const t = await now(d.conn);
    await expect(d.presale.setSaleTimes(t + 10n, t + 20n))
      .to.emit(d.presale, "SaleTimesUpdated")
      .withArgs(t + 10n, t + 20n);
    expect(await d.presale.startTime()).to.equal(t + 10n);
    expect(await d.presale.endTime()).to.equal(t + 20n);
    await expect(d.presale.setSaleTimes(t + 20n, t + 20n)).to.be.revertedWithCustomError(d.presale, "InvalidTimes");
  });

  it("setRounds replaces the ladder (RoundsUpdated) and validates it (InvalidRounds)", async function () {
    const t = await now(d.conn);
    const caps = [1_000n, 3_000n, 6_000n];
    const prices = [10n ** 16n, 2n * 10n ** 16n, 3n * 10n ** 16n];
    const ends = [t + DAY, t + 2n * DAY, t + 3n * DAY];
    await expect(d.presale.setRounds(caps, prices, ends))
      .to.emit(d.presale, "RoundsUpdated")
      .withArgs(3n);
    expect([...(await d.presale.roundDetails(0))]).to.deep.equal(caps);
    expect([...(await d.presale.roundDetails(1))]).to.deep.equal(prices);
    expect([...(await d.presale.roundDetails(2))]).to.deep.equal(ends);
    expect(await d.presale.usdQuote(1_500n)).to.equal(1_000n * prices[0] + 500n * prices[1]);
    await expect(d.presale.setRounds([1n, 2n], [1n], [t + DAY, t + 2n * DAY])).to.be.revertedWithCustomError(
      d.presale,
      "InvalidRounds",
    );
    await expect(d.presale.setRounds([2n, 1n], [1n, 1n], [t + DAY, t + 2n * DAY])).to.be.revertedWithCustomError(
      d.presale,
      "InvalidRounds",
    );
    await expect(d.presale.setRounds([], [], [])).to.be.revertedWithCustomError(d.presale, "InvalidRounds");
  });

  it("setRounds rejects more than 255 rounds, non-increasing end times, and a table the position does not fit", async function () {
    const t = await now(d.conn);
    const many = Array.from({ length: 256 }, (_, i) => BigInt(i + 1));
    await expect(
      d.presale.setRounds(
        many,
        many,
        many.map((i) => t + i),
      ),
    ).to.be.revertedWithCustomError(d.presale, "InvalidRounds");
    await expect(d.presale.setRounds([1n, 2n], [1n, 1n], [t + 2n * DAY, t + 2n * DAY])).to.be.revertedWithCustomError(
      d.presale,
      "InvalidRounds",
    );
    // Position in round 3: a two-round table has no round 3.
    await d.presale.setCurrentStep(2, CAPS[1] + 1n);
    await expect(
      d.presale.setRounds([1_000n, 2_000n], [1n, 1n], [t + DAY, t + 2n * DAY]),
    ).to.be.revertedWithCustomError(d.presale, "InvalidRounds");
    // Position below the new previous cap: round 3 of the new table would start above it.
    const caps = [...CAPS];
    caps[1] = CAPS[1] + 2n;
    await expect(d.presale.setRounds(caps, PRICES, d.roundEnds)).to.be.revertedWithCustomError(
      d.presale,
      "InvalidRounds",
    );
    caps[1] = CAPS[1] + 1n; // exactly at the new round's start is fine
    await expect(d.presale.setRounds(caps, PRICES, d.roundEnds))
      .to.emit(d.presale, "RoundsUpdated")
      .withArgs(10n);
  });

  it("setRounds cannot put a cap below what is already sold", async function () {
    await buyEth(d, d.buyers[0], 2_000n);
    const t = await now(d.conn);
    await expect(
      d.presale.setRounds([1_000n, 5_000n], [1n, 2n], [t + DAY, t + 2n * DAY]),
    ).to.be.revertedWithCustomError(d.presale, "InvalidRounds");
  });

  it("setCurrentStep moves step and checkpoint (StepSet) and validates them (InvalidStep)", async function () {
    await expect(d.presale.setCurrentStep(2, CAPS[1] + 5n))
      .to.emit(d.presale, "StepSet")
      .withArgs(2n, CAPS[1] + 5n);
    expect(await d.presale.currentStep()).to.equal(2n);
    expect(await d.presale.checkPoint()).to.equal(CAPS[1] + 5n);
    expect(await d.presale.usdQuote(1n)).to.equal(PRICES[2]);
    await expect(d.presale.setCurrentStep(10, CAPS[9])).to.be.revertedWithCustomError(d.presale, "InvalidStep");
    await expect(d.presale.setCurrentStep(2, CAPS[2] + 1n)).to.be.revertedWithCustomError(d.presale, "InvalidStep");
    await expect(d.presale.setCurrentStep(2, CAPS[2])).to.be.revertedWithCustomError(d.presale, "InvalidStep"); // the cap is the next round
    await expect(d.presale.setCurrentStep(2, CAPS[0] - 1n)).to.be.revertedWithCustomError(d.presale, "InvalidStep");
  });

  it("setCurrentStep moves the position back into the table after the last round sold out", async function () {
    await d.presale.setCurrentStep(9, CAPS[9] - 1n);
    await buyEth(d, d.buyers[0], 1n);
    expect(await d.presale.currentStep()).to.equal(10n);
    await expect(d.presale.setCurrentStep(9, CAPS[9] - 1n))
      .to.emit(d.presale, "StepSet")
      .withArgs(9n, CAPS[9] - 1n);
    expect(await d.presale.currentStep()).to.equal(9n);
    expect(await d.presale.usdQuote(1n)).to.equal(PRICES[9]);
  });

  it("setCurrentStep cannot move the checkpoint below the tokens sold", async function () {
    await buyEth(d, d.buyers[0], 1_000n);
    await expect(d.presale.setCurrentStep(0, 999n)).to.be.revertedWithCustomError(d.presale, "InvalidStep");
  });

  it("setMaxTokensToBuy (MaxTokensToBuyUpdated), 0 rejected", async function () {
    await expect(d.presale.setMaxTokensToBuy(5n)).to.emit(d.presale, "MaxTokensToBuyUpdated").withArgs(5n);
    expect(await d.presale.maxTokensToBuy()).to.equal(5n);
    await expect(d.presale.connect(d.buyers[0]).buyWithEth(6n, false, { value: 10n ** 18n }))
      .to.be.revertedWithCustomError(d.presale, "MaxTokensExceeded")
      .withArgs(5n, 6n);
    await expect(d.presale.setMaxTokensToBuy(0n)).to.be.revertedWithCustomError(d.presale, "InvalidParameter");
    // The field is 24 bits wide: larger values are refused, not truncated.
    await d.presale.setMaxTokensToBuy(16_777_215n);
    await expect(d.presale.setMaxTokensToBuy(16_777_216n)).to.be.revertedWithCustomError(d.presale, "InvalidParameter");
    expect(await d.presale.maxTokensToBuy()).to.equal(16_777_215n);
  });

  it("setPaymentWallet (PaymentWalletUpdated), zero address rejected", async function () {
    const w = d.signers[10].address;
    await expect(d.presale.setPaymentWallet(w)).to.emit(d.presale, "PaymentWalletUpdated").withArgs(w);
    expect(await d.presale.paymentWallet()).to.equal(w);
    await expect(d.presale.setPaymentWallet(d.ethers.ZeroAddress)).to.be.revertedWithCustomError(
      d.presale,
      "ZeroAddress",
    );
  });

  it("setWhitelist and setBlacklist emit per account and update the views", async function () {
    const [a, b] = d.buyers;
    const wl = d.presale.setWhitelist([a.address, b.address], true);
    await expect(wl).to.emit(d.presale, "WhitelistUpdated").withArgs(a.address, true);
    await expect(wl).to.emit(d.presale, "WhitelistUpdated").withArgs(b.address, true);
    expect(await d.presale.isWhitelisted(b.address)).to.equal(true);
    await d.presale.setWhitelist([b.address], false);
    expect(await d.presale.isWhitelisted(b.address)).to.equal(false);
    await expect(d.presale.setBlacklist([a.address], true))
      .to.emit(d.presale, "BlacklistUpdated")
      .withArgs(a.address, true);
    expect(await d.presale.isBlacklisted(a.address)).to.equal(true);
    await expect(d.presale.setBlacklist([a.address], false))
      .to.emit(d.presale, "BlacklistUpdated")
      .withArgs(a.address, false);
    expect(await d.presale.isBlacklisted(a.address)).to.equal(false);
  });

  it("setSanctions (SanctionsUpdated); enabling without an oracle is rejected", async function () {
    const s = await d.sanctions.getAddress();
    await expect(d.presale.setSanctions(s, true)).to.emit(d.presale, "SanctionsUpdated").withArgs(s, true);
    await expect(d.presale.setSanctions(d.ethers.ZeroAddress, true)).to.be.revertedWithCustomError(
      d.presale,
      "ZeroAddress",
    );
    await d.sanctions.addToSanctionsList([d.buyers[0].address]);
    await expect(buyEth(d, d.buyers[0], 1n)).to.be.revertedWithCustomError(d.presale, "AccountSanctioned");
    await expect(d.presale.setSanctions(s, false)).to.emit(d.presale, "SanctionsUpdated").withArgs(s, false);
    await buyEth(d, d.buyers[0], 1n);
  });

  it("setDynamicTime (DynamicTimeUpdated); enabling with a zero time constant is rejected", async function () {
    await expect(d.presale.setDynamicTime(true, DAY)).to.emit(d.presale, "DynamicTimeUpdated").withArgs(true, DAY);
    await expect(d.presale.setDynamicTime(true, 0n)).to.be.revertedWithCustomError(d.presale, "InvalidParameter");
    await expect(d.presale.setDynamicTime(false, 0n)).to.emit(d.presale, "DynamicTimeUpdated").withArgs(false, 0n);
  });

  it("setPriceFeed validates the feed and heartbeat", async function () {
    await expect(d.presale.setPriceFeed(d.ethers.ZeroAddress, HEARTBEAT)).to.be.revertedWithCustomError(
      d.presale,
      "ZeroAddress",
    );
    await expect(d.presale.setPriceFeed(await d.feed.getAddress(), 0n)).to.be.revertedWithCustomError(
      d.presale,
      "InvalidParameter",
    );
  });

  it("setStaking is refused on Ethereum (no sale token: StakingUnavailable)", async function () {
    await expect(d.presale.setStaking(d.signers[10].address)).to.be.revertedWithCustomError(
      d.presale,
      "StakingUnavailable",
    );
    await expect(d.presale.setStaking(d.ethers.ZeroAddress)).to.be.revertedWithCustomError(d.presale, "ZeroAddress");
  });

  it("every owner/admin function rejects an outsider (AccessControlUnauthorizedAccount)", async function () {
    const p = d.presale.connect(d.buyers[0]);
    const a = d.buyers[1].address;
    const t = await now(d.conn);
    const calls: [string, () => Promise<unknown>][] = [
      ["pause", () => p.pause()],
      ["unpause", () => p.unpause()],
      ["setSaleTimes", () => p.setSaleTimes(t, t + 10n)],
      ["setRounds", () => p.setRounds([1n], [1n], [t + 10n])],
      ["setCurrentStep", () => p.setCurrentStep(1, CAPS[0])],
      ["setMaxTokensToBuy", () => p.setMaxTokensToBuy(1n)],
      ["setPaymentWallet", () => p.setPaymentWallet(a)],
      ["setSplits", () => p.setSplits([a], [1n])],
      ["setWhitelist", () => p.setWhitelist([a], true)],
      ["setBlacklist", () => p.setBlacklist([a], true)],
      ["setSanctions", () => p.setSanctions(a, true)],
      ["setClaimWhitelistOnly", () => p.setClaimWhitelistOnly(true)],
      ["setDynamicTime", () => p.setDynamicTime(true, 1n)],
      ["setCardProviderRestricted", () => p.setCardProviderRestricted(false)],
      ["setPriceFeed", () => p.setPriceFeed(a, 1n)],
      ["setSequencerGracePeriod", () => p.setSequencerGracePeriod(1n)],
      ["setStaking", () => p.setStaking(a)],
      ["startClaim", () => p.startClaim(t + 10n)],
      ["mirrorRemoteSales (keeper)", () => p.mirrorRemoteSales([1n], 1n)],
      [
        "correctRemoteSales",
        () =>
          p.correctRemoteSales(
            CAPS.map(() => 0n),
            0n,
          ),
      ],
      ["setMaxMirrorStep", () => p.setMaxMirrorStep(1n)],
      ["setRemotePresale", () => p.setRemotePresale(a)],
    ];
    for (const [name, call] of calls) {
      await expect(call(), name).to.be.revertedWithCustomError(d.presale, "AccessControlUnauthorizedAccount");
    }
  });

  it("an ADMIN_ROLE holder who is not the owner can pause and set the step", async function () {
    const admin = d.signers[10];
    await d.presale.grantRole(await d.presale.ADMIN_ROLE(), admin.address);
    const p = d.presale.connect(admin);
    await p.pause();
    await p.unpause();
    await p.setCurrentStep(1, CAPS[0]);
    expect(await d.presale.currentStep()).to.equal(1n);
  });

  it("attack: a stolen operations key (ADMIN_ROLE) blacklists or un-whitelists buyers to hold their claims back — refused, the lists are the owner's", async function () {
    const admin = d.signers[10];
    await d.presale.grantRole(await d.presale.ADMIN_ROLE(), admin.address);
    const p = d.presale.connect(admin);
    await d.presale.setWhitelist([d.buyers[0].address], true);
    await expect(p.setBlacklist([d.buyers[1].address], true)).to.be.revertedWithCustomError(
      d.presale,
      "AccessControlUnauthorizedAccount",
    );
    await expect(p.setWhitelist([d.buyers[0].address], false)).to.be.revertedWithCustomError(
      d.presale,
      "AccessControlUnauthorizedAccount",
    );
    expect(await d.presale.isBlacklisted(d.buyers[1].address)).to.equal(false);
    expect(await d.presale.isWhitelisted(d.buyers[0].address)).to.equal(true);
  });

  it("the default admin is transferred with the AccessControlDefaultAdminRules two-step flow", async function () {
    const next = d.signers[10];
    await d.presale.beginDefaultAdminTransfer(next.address);
    await d.presale.connect(next).acceptDefaultAdminTransfer(); // adminDelay = 0 in the fixture; next block is later
    expect(await d.presale.owner()).to.equal(next.address);
  });
});

describe("Presale administration on Base", function () {
  it("setStaking (StakingUpdated)", async function () {
    const d = await load("hardhatBase");
    const s = d.signers[10].address;
    await expect(d.presale.setStaking(s)).to.emit(d.presale, "StakingUpdated").withArgs(s);
    expect(await d.presale.staking()).to.equal(s);
  });

  it("startClaim rejects 0 (InvalidTimes), a same or later time (ClaimStartNotEarlier) and a call after the start (ClaimAlreadyStarted)", async function () {
    const d = await load("hardhatBase");
    await closeEthereumStandIn(d);
    await expect(d.presale.startClaim(0n)).to.be.revertedWithCustomError(d.presale, "InvalidTimes");
    const ts = (await now(d.conn)) + 600n;
    await d.presale.startClaim(ts);
    await expect(d.presale.startClaim(ts))
      .to.be.revertedWithCustomError(d.presale, "ClaimStartNotEarlier")
      .withArgs(ts, ts);
    await d.helpers.time.increaseTo(ts);
    await expect(d.presale.startClaim(ts - 1n)).to.be.revertedWithCustomError(d.presale, "ClaimAlreadyStarted");
    // Sales stop for good once the claim start is set.
    expect(await d.presale.saleClosed()).to.equal(true);
    await expect(
      d.presale.connect(d.buyers[0]).buyWithEth(1n, false, { value: 10n ** 18n }),
    ).to.be.revertedWithCustomError(d.presale, "SaleClosed");
  });

  it("setSequencerGracePeriod (SequencerGracePeriodUpdated) applies to the fixed uptime feed", async function () {
    const d = await load("hardhatBase");
    const [feed] = await d.presale.sequencerFeed();
    // The sequencer has been up for a day: a two-day grace period puts prices back inside it.
    await expect(d.presale.setSequencerGracePeriod(2n * 86_400n))
      .to.emit(d.presale, "SequencerGracePeriodUpdated")
      .withArgs(2n * 86_400n);
    expect(await d.presale.sequencerFeed()).to.deep.equal([feed, 2n * 86_400n]);
    await expect(d.presale.ethUsdPrice()).to.be.revertedWithCustomError(d.presale, "SequencerGracePeriod");
  });

  it("a fresh deployment with everything wired sells and claims end to end", async function () {
    const d = await deploy("hardhatBase");
    await buyEth(d, d.buyers[0], 42n);
    await d.token!.transfer(await d.presale.getAddress(), 42n * TOKEN);
    await closeEthereumStandIn(d);
    const ts = (await now(d.conn)) + 5n;
    await d.presale.startClaim(ts);
    await d.helpers.time.increaseTo(ts);
    await d.presale.connect(d.buyers[0]).claim();
    expect(await d.token!.balanceOf(d.buyers[0].address)).to.equal(42n * TOKEN);
  });
});
