/**
 * The presales' owner and operations powers on each chain: the constructor's checks, every setter's effect and
 * validation, and who may call what. Read from the ABI, so that a setter added later is covered without a new line:
 * ADMIN_ROLE (an operations key) can only pause and unpause, the owner holds everything else, the keeper holds no
 * role (docs/PRODUCT.md §13).
 */
import { expect } from "chai";
import type { FunctionFragment, Interface, ParamType } from "ethers";
import {
  CAPS,
  CHAINS,
  DAY,
  HEARTBEAT,
  PRICES,
  TOKEN,
  advanceTo,
  buyEth,
  closeEthereumStandIn,
  deliverReport,
  deploy,
  load,
  now,
  quotasFor,
  type Deployment,
  type Signer,
} from "./helpers/fixtures.js";
import { ladderLibrary, smallParams, type InitParams } from "./helpers/params.js";
import { base, ethereum } from "./helpers/purchases.js";

/** Functions anyone may call (each checks its caller its own way, or needs no check). */
const OPEN: Record<string, string[]> = {
  shared: ["withdrawOwed", "withdrawOwedTo", "renounceRole", "acceptDefaultAdminTransfer"],
  hardhatEth: ["buyWithEth", "buyWithUSDT", "buyWithUSDC", "buyWithUSDCPermit", "setRecipient", "relay", "closeSale"],
  hardhatBase: [
    "buyWithEth",
    "buyWithUSDC",
    "buyWithUSDCPermit",
    "buyWithETHWert",
    "claim",
    "claimAndStake",
    "receiveEthereumReport",
    "openClaim",
  ],
};
/** ADMIN_ROLE's whole power. */
const ADMIN_ONLY = ["pause", "unpause"];

/** A placeholder argument of `type` (any value: the role check comes first). */
function placeholder(type: ParamType, roleArg: string, address: string): unknown {
  if (type.baseType === "array") return [];
  if (type.baseType === "tuple") return type.components!.map((c) => placeholder(c, roleArg, address));
  if (type.baseType === "address") return address;
  if (type.baseType === "bool") return true;
  if (type.baseType === "bytes32") return roleArg;
  if (type.baseType.startsWith("bytes")) return "0x";
  return 1n;
}

/** Every state-changing function of the presale's ABI but the open ones. */
function gatedFunctions(d: Deployment): FunctionFragment[] {
  const open = new Set([...OPEN.shared, ...OPEN[d.chainName]]);
  const out: FunctionFragment[] = [];
  d.presale.interface.forEachFunction((f) => {
    if (!f.constant && !open.has(f.name)) out.push(f);
  });
  return out;
}

/** Sends `f` from `caller` with placeholder arguments. */
async function callAs(d: Deployment, caller: Signer, f: FunctionFragment) {
  const role = await d.presale.ADMIN_ROLE();
  const args = f.inputs.map((i) => placeholder(i, role, d.signers[12].address));
  // The presale's typed interface narrows encodeFunctionData to its own names; any fragment of it is fine here.
  const data = (d.presale.interface as Interface).encodeFunctionData(f, args);
  return caller.sendTransaction({ to: await d.presale.getAddress(), data, gasLimit: 2_000_000 });
}

for (const chainName of CHAINS) {
  describe(`Presale administration on ${chainName}`, function () {
    let d: Deployment;
    beforeEach(async function () {
      d = await load(chainName);
    });
    const onEthereum = chainName === "hardhatEth";
    const sizes = CAPS.map((c, i) => c - (i === 0 ? 0n : CAPS[i - 1]));

    it("constructor: roles, owner, initial state and views", async function () {
      const p = d.presale;
      expect(await p.owner()).to.equal(d.owner.address);
      expect(await p.hasRole(await p.DEFAULT_ADMIN_ROLE(), d.owner.address)).to.equal(true);
      expect(await p.hasRole(await p.ADMIN_ROLE(), d.owner.address)).to.equal(true);
      // The keeper relays; it holds no role.
      for (const role of [await p.DEFAULT_ADMIN_ROLE(), await p.ADMIN_ROLE()]) {
        expect(await p.hasRole(role, d.keeper.address)).to.equal(false);
      }
      expect(await p.usdc()).to.equal(await d.usdc.getAddress());
      expect(await p.usdt()).to.equal(onEthereum ? await d.usdt!.getAddress() : d.ethers.ZeroAddress);
      expect(await p.paymentWallet()).to.equal(d.paymentWallet.address);
      expect(await p.messenger()).to.equal(await d.messenger.getAddress());
      expect(await p.startTime()).to.equal(d.start);
      expect(await p.endTime()).to.equal(d.end);
      expect(await p.maxTokensToBuy()).to.equal(10_000_000n);
      expect([...(await p.roundDetails(0))]).to.deep.equal(CAPS);
      expect([...(await p.roundDetails(1))]).to.deep.equal(PRICES);
      expect([...(await p.roundDetails(2))]).to.deep.equal(d.roundEnds);
      const rounds = await p.rounds();
      expect(rounds.length).to.equal(10);
      // A lone chain owns every round: Ethereum as its quota, Base as the rest.
      expect([...rounds[3]]).to.deep.equal([
        CAPS[3],
        PRICES[3],
        d.roundEnds[3],
        onEthereum ? sizes[3] : 0n,
        onEthereum ? 0n : sizes[3],
        0n,
        0n,
      ]);
      expect([...(await p.trackRemainingTokens())]).to.deep.equal(CAPS.map(() => 0n));
      expect(await p.currentStep()).to.equal(0n);
      expect(await p.checkPoint()).to.equal(0n);
      expect(await p.paused()).to.equal(false);
      expect(await p.saleClosed()).to.equal(false);
      expect(await p.sanctionsList()).to.equal(d.ethers.ZeroAddress);
      await expect(p.roundDetails(3)).to.be.revertedWithCustomError(p, "InvalidParameter");
      if (onEthereum) {
        expect(await ethereum(d).MAX_RELAY_BUYERS()).to.equal(190n);
        expect([...(await ethereum(d).buyerInfo(d.buyers[0].address))]).to.deep.equal([
          d.ethers.ZeroAddress,
          0n,
          0n,
          0n,
        ]);
      } else {
        const b = base(d);
        // The role is its own, named as the deployment tools and the card provider's runbook name it.
        expect(await b.CARD_PROVIDER_ROLE()).to.equal(d.ethers.id("CARD_PROVIDER_ROLE"));
        expect(await b.hasRole(await b.CARD_PROVIDER_ROLE(), d.provider.address)).to.equal(true);
        expect(await b.hasRole(await b.CARD_PROVIDER_ROLE(), d.keeper.address)).to.equal(false);
        expect(await b.claimStart()).to.equal(0n);
        expect(await b.claimDeadline()).to.equal(d.end + 14n * DAY);
        expect(await b.staking()).to.equal(await d.staking!.getAddress());
        expect(await b.saleToken()).to.equal(await d.token!.getAddress());
        expect([...(await b.flags())]).to.deep.equal([false, false, true]);
      }
    });

    it("auxiliary views: sanctionsList, priceFeed, sequencerFeed, dynamicTime, owedTotal, USD raised", async function () {
      const p = d.presale;
      await p.setSanctions(await d.sanctions.getAddress(), true);
      expect(await p.sanctionsList()).to.equal(await d.sanctions.getAddress());
      expect([...(await p.priceFeed())]).to.deep.equal([await d.feed.getAddress(), HEARTBEAT]);
      const seq = onEthereum ? [d.ethers.ZeroAddress, 0n] : [await d.seqFeed!.getAddress(), 3_600n];
      expect([...(await p.sequencerFeed())]).to.deep.equal(seq);
      expect([...(await p.dynamicTime())]).to.deep.equal([false, 0n]);
      await p.setDynamicTime(true, DAY);
      expect([...(await p.dynamicTime())]).to.deep.equal([true, DAY]);
      expect(await p.owedTotal(d.ethers.ZeroAddress)).to.equal(0n);
      await buyEth(d, d.buyers[0], 1_000n);
      expect(await p.localUsdRaised()).to.equal(6_000_000n); // 1,000 tokens at $0.006
      expect(await p.usdRaised()).to.equal(6_000_000n);
    });

    it("constructor rejects bad parameters", async function () {
      const lib = await ladderLibrary(d);
      const FE = await d.ethers.getContractFactory("EthereumPresale", lib);
      const FB = await d.ethers.getContractFactory("BasePresale", lib);
      const F = onEthereum ? FE : FB;
      const saleToken = d.signers[13].address;
      const deployWith = (p: InitParams) => (onEthereum ? FE.deploy(p) : FB.deploy(p, saleToken));
      const valid = await smallParams(d);
      // The valid set deploys and announces its table.
      const deployed = await deployWith(valid);
      await expect(deployed.deploymentTransaction())
        .to.emit(deployed, "LadderInitialized")
        .withArgs(valid.caps, valid.prices, valid.endTimes, valid.ethereumQuotas);
      const t = BigInt(valid.startTime);
      const cases: [string, Partial<InitParams>, string][] = [
        ["payment wallet 0", { paymentWallet: d.ethers.ZeroAddress }, "ZeroAddress"],
        ["price feed 0", { priceFeed: d.ethers.ZeroAddress }, "ZeroAddress"],
        ["messenger 0", { messenger: d.ethers.ZeroAddress }, "ZeroAddress"],
        ["end at the start", { endTime: t }, "InvalidTimes"],
        ["max per purchase 0", { maxTokensToBuy: 0n }, "InvalidParameter"],
        ["caps decreasing", { caps: [200n, 100n] }, "InvalidRounds"],
        ["caps equal", { caps: [100n, 100n] }, "InvalidRounds"],
        // An empty round that no quota bound catches: refused for its cap alone.
        [
          "caps equal, the empty round with no quota",
          { caps: [100n, 100n], ethereumQuotas: [40n, 0n] },
          "InvalidRounds",
        ],
        ["first cap 0", { caps: [0n, 100n] }, "InvalidRounds"],
        ["one cap for two rounds", { caps: [100n] }, "InvalidRounds"],
        ["no rounds", { caps: [], prices: [], endTimes: [], ethereumQuotas: [] }, "InvalidRounds"],
        ["a zero price", { prices: [10n ** 15n, 0n] }, "InvalidRounds"],
        ["end times equal", { endTimes: [t + DAY, t + DAY] }, "InvalidRounds"],
        ["one quota for two rounds", { ethereumQuotas: [40n] }, "InvalidRounds"],
        ["a quota above its round", { ethereumQuotas: [40n, 101n] }, "InvalidRounds"],
      ];
      for (const [what, change, error] of cases) {
        await expect(deployWith({ ...valid, ...change }), what).to.be.revertedWithCustomError(F, error);
      }
      if (!onEthereum) {
        await expect(FB.deploy(valid, d.ethers.ZeroAddress), "sale token 0").to.be.revertedWithCustomError(
          F,
          "ZeroAddress",
        );
      }
      // A quota of the whole round (Ethereum sells all of it) or of none is valid.
      await deployWith({ ...valid, ethereumQuotas: [100n, 0n] });
    });

    it("pause / unpause emit Paused and Unpaused", async function () {
      await expect(d.presale.pause()).to.emit(d.presale, "Paused").withArgs(d.owner.address);
      expect(await d.presale.paused()).to.equal(true);
      await expect(d.presale.unpause()).to.emit(d.presale, "Unpaused").withArgs(d.owner.address);
      expect(await d.presale.paused()).to.equal(false);
    });

    describe("setSaleTimes", function () {
      it("updates the times (SaleTimesUpdated) and rejects end <= start (InvalidTimes)", async function () {
        // The fixture's last block can be older than the clock by the time this runs after other files: mine first,
        // so the 20-second window below starts now.
        await d.helpers.mine();
        const t = await now(d.conn);
        await expect(d.presale.setSaleTimes(t + 10n, t + 20n))
          .to.emit(d.presale, "SaleTimesUpdated")
          .withArgs(t + 10n, t + 20n);
        expect(await d.presale.startTime()).to.equal(t + 10n);
        expect(await d.presale.endTime()).to.equal(t + 20n);
        await expect(d.presale.setSaleTimes(t + 20n, t + 20n)).to.be.revertedWithCustomError(d.presale, "InvalidTimes");
        await expect(d.presale.setSaleTimes(t, 2n ** 32n)).to.be.revertedWithCustomError(
          d.presale,
          "SaleEndNotEarlier",
        );
      });

      it("only ever brings the end earlier (SaleEndNotEarlier), and is refused from the end time on (SaleEnded)", async function () {
        await expect(d.presale.setSaleTimes(d.start, d.end + 1n))
          .to.be.revertedWithCustomError(d.presale, "SaleEndNotEarlier")
          .withArgs(d.end + 1n, d.end);
        await d.helpers.time.increaseTo(d.end - DAY - 5n);
        await d.presale.setSaleTimes(d.start, d.end - DAY); // before the end: brought earlier
        await d.helpers.time.setNextBlockTimestamp(d.end - DAY); // exactly at the (new) end
        await expect(d.presale.setSaleTimes(d.start, d.end - 2n * DAY)).to.be.revertedWithCustomError(
          d.presale,
          "SaleEnded",
        );
        expect(await d.presale.endTime()).to.equal(d.end - DAY);
      });

      it("is refused once the sale is closed (SaleClosed)", async function () {
        if (onEthereum) {
          await ethereum(d).setRemotePresale(d.signers[19].address);
          await ethereum(d).closeSale();
        } else {
          await closeEthereumStandIn(d);
          await base(d).startClaim((await now(d.conn)) + DAY);
        }
        expect(await d.presale.saleClosed()).to.equal(true);
        const t = await now(d.conn);
        await expect(d.presale.setSaleTimes(t, t + 10n * DAY)).to.be.revertedWithCustomError(d.presale, "SaleClosed");
      });
    });

    describe("setRounds(prices, endTimes)", function () {
      it("replaces every round's price and end time (RoundsUpdated); caps and quotas stay", async function () {
        const t = await now(d.conn);
        const prices = PRICES.map((p) => p * 2n);
        const ends = CAPS.map((_, i) => t + DAY * BigInt(i + 1));
        const before = await d.presale.rounds();
        await expect(d.presale.setRounds(prices, ends)).to.emit(d.presale, "RoundsUpdated").withArgs(prices, ends);
        expect([...(await d.presale.roundDetails(0))]).to.deep.equal(CAPS);
        expect([...(await d.presale.roundDetails(1))]).to.deep.equal(prices);
        expect([...(await d.presale.roundDetails(2))]).to.deep.equal(ends);
        const after = await d.presale.rounds();
        for (let i = 0; i < CAPS.length; i++) {
          expect([after[i].ethereumQuota, after[i].baseQuota]).to.deep.equal([
            before[i].ethereumQuota,
            before[i].baseQuota,
          ]);
        }
        expect(await d.presale.usdQuote(CAPS[0] + 500n)).to.equal(CAPS[0] * prices[0] + 500n * prices[1]);
      });

      it("validates: one price and one end time per round, prices above 0, end times strictly increasing, no truncation", async function () {
        const t = await now(d.conn);
        const ends = CAPS.map((_, i) => t + DAY * BigInt(i + 1));
        const bad: [string, bigint[], bigint[]][] = [
          ["a price short", PRICES.slice(1), ends],
          ["an end time short", PRICES, ends.slice(1)],
          ["a price too many", [...PRICES, 1n], ends],
          ["no rounds", [], []],
          ["a zero price", PRICES.map((p, i) => (i === 4 ? 0n : p)), ends],
          ["equal end times", PRICES, ends.map((e, i) => (i === 9 ? ends[8] : e))],
          ["an earlier end time", PRICES, ends.map((e, i) => (i === 1 ? t : e))],
        ];
        for (const [what, prices, endTimes] of bad) {
          await expect(d.presale.setRounds(prices, endTimes), what).to.be.revertedWithCustomError(
            d.presale,
            "InvalidRounds",
          );
        }
        const big = 2n ** 96n;
        await expect(d.presale.setRounds([big, ...PRICES.slice(1)], ends))
          .to.be.revertedWithCustomError(d.presale, "SafeCastOverflowedUintDowncast")
          .withArgs(96, big);
        const far = 2n ** 40n;
        await expect(d.presale.setRounds(PRICES, [...ends.slice(0, 9), far]))
          .to.be.revertedWithCustomError(d.presale, "SafeCastOverflowedUintDowncast")
          .withArgs(40, far);
        expect([...(await d.presale.roundDetails(1))]).to.deep.equal(PRICES);
        expect([...(await d.presale.roundDetails(2))]).to.deep.equal(d.roundEnds);
      });
    });

    describe("setCurrentStep(step, used)", function () {
      it("moves this chain forward (StepSet); what it skips is used, never sold", async function () {
        await buyEth(d, d.buyers[0], 1_000n);
        await expect(d.presale.setCurrentStep(2, 5n)).to.emit(d.presale, "StepSet").withArgs(2n, 5n);
        expect(await d.presale.currentStep()).to.equal(2n);
        expect(await d.presale.checkPoint()).to.equal(CAPS[1] + 5n);
        expect(await d.presale.usdQuote(1n)).to.equal(PRICES[2]);
        const [local] = await d.presale.roundSales();
        expect([local[0], local[1], local[2]]).to.deep.equal([1_000n, 0n, 5n]);
        expect(await d.presale.localTokensSold()).to.equal(1_000n);
        expect(await d.presale.totalTokensSold()).to.equal(1_000n);
        await d.presale.setCurrentStep(2, 6n); // forward inside the round
        expect(await d.presale.checkPoint()).to.equal(CAPS[1] + 6n);
        // Re-stating the current position is a move of nothing, accepted (an owner tool's repeated command).
        await expect(d.presale.setCurrentStep(2, 6n)).to.emit(d.presale, "StepSet").withArgs(2n, 6n);
        expect(await d.presale.checkPoint()).to.equal(CAPS[1] + 6n);
      });

      it("never moves back (InvalidStep): neither to an earlier round nor below what is used", async function () {
        await d.presale.setCurrentStep(2, 5n);
        await expect(d.presale.setCurrentStep(1, 0n)).to.be.revertedWithCustomError(d.presale, "InvalidStep");
        await expect(d.presale.setCurrentStep(2, 4n)).to.be.revertedWithCustomError(d.presale, "InvalidStep");
        await expect(d.presale.setCurrentStep(0, sizes[0])).to.be.revertedWithCustomError(d.presale, "InvalidStep");
        await buyEth(d, d.buyers[0], 100n);
        await expect(d.presale.setCurrentStep(2, 104n)).to.be.revertedWithCustomError(d.presale, "InvalidStep");
        expect(await d.presale.checkPoint()).to.equal(CAPS[1] + 105n);
      });

      it("stays inside the table and this chain's share: a used-up share moves the position to the next round", async function () {
        await expect(d.presale.setCurrentStep(10, 0n)).to.be.revertedWithCustomError(d.presale, "InvalidStep");
        await expect(d.presale.setCurrentStep(2, sizes[2] + 1n)).to.be.revertedWithCustomError(
          d.presale,
          "InvalidStep",
        );
        await d.presale.setCurrentStep(2, sizes[2]);
        expect(await d.presale.currentStep()).to.equal(3n);
        expect(await d.presale.checkPoint()).to.equal(CAPS[2]);
        expect(await d.presale.usdQuote(1n)).to.equal(PRICES[3]);
        await buyEth(d, d.buyers[0], 10n);
        expect(await d.presale.checkPoint()).to.equal(CAPS[2] + 10n);
      });

      it("with the round split between the chains, only this chain's share can be moved over", async function () {
        const quotas = quotasFor(CAPS, 4_000n);
        const split = await deploy(chainName, { ethereumQuotas: quotas });
        const share = onEthereum ? quotas[0] : sizes[0] - quotas[0];
        await expect(split.presale.setCurrentStep(0, share + 1n)).to.be.revertedWithCustomError(
          split.presale,
          "InvalidStep",
        );
        await split.presale.setCurrentStep(0, share);
        expect(await split.presale.currentStep()).to.equal(1n);
        // The other chain's share of round 0 is untouched here: this chain sold none of it and cannot.
        const [r0] = await split.presale.rounds();
        expect([r0.ethereumQuota, r0.baseQuota, r0.used]).to.deep.equal([quotas[0], sizes[0] - quotas[0], share]);
        expect(await split.presale.localTokensSold()).to.equal(0n);
      });

      if (onEthereum) {
        it("on Ethereum, a round left keeps only what Ethereum used of it: the rest is Base's", async function () {
          await buyEth(d, d.buyers[0], 100n);
          await d.presale.setCurrentStep(2, 0n);
          const r = await d.presale.rounds();
          expect([r[0].ethereumQuota, r[0].baseQuota]).to.deep.equal([100n, sizes[0] - 100n]);
          expect([r[1].ethereumQuota, r[1].baseQuota]).to.deep.equal([0n, sizes[1]]);
          expect([r[2].ethereumQuota, r[2].baseQuota]).to.deep.equal([sizes[2], 0n]);
        });
      } else {
        it("on Base, a round left keeps Ethereum's quota as booked", async function () {
          const quotas = quotasFor(CAPS, 4_000n);
          const split = await deploy("hardhatBase", { ethereumQuotas: quotas });
          await split.presale.setCurrentStep(2, 0n);
          const r = await split.presale.rounds();
          for (const i of [0, 1, 2]) expect(r[i].ethereumQuota).to.equal(quotas[i]);
        });
      }
    });

    it("setMaxTokensToBuy (MaxTokensToBuyUpdated), 0 and more than 24 bits rejected", async function () {
      await expect(d.presale.setMaxTokensToBuy(5n)).to.emit(d.presale, "MaxTokensToBuyUpdated").withArgs(5n);
      expect(await d.presale.maxTokensToBuy()).to.equal(5n);
      await expect(buyEth(d, d.buyers[0], 6n))
        .to.be.revertedWithCustomError(d.presale, "MaxTokensExceeded")
        .withArgs(5n, 6n);
      await expect(d.presale.setMaxTokensToBuy(0n)).to.be.revertedWithCustomError(d.presale, "InvalidParameter");
      // The field is 24 bits wide: larger values are refused, not truncated.
      await d.presale.setMaxTokensToBuy(16_777_215n);
      await expect(d.presale.setMaxTokensToBuy(16_777_216n)).to.be.revertedWithCustomError(
        d.presale,
        "InvalidParameter",
      );
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

    it("setBlacklist emits per account and updates the view", async function () {
      const [a, b] = d.buyers;
      const tx = d.presale.setBlacklist([a.address, b.address], true);
      await expect(tx).to.emit(d.presale, "BlacklistUpdated").withArgs(a.address, true);
      await expect(tx).to.emit(d.presale, "BlacklistUpdated").withArgs(b.address, true);
      expect(await d.presale.isBlacklisted(a.address)).to.equal(true);
      await expect(d.presale.setBlacklist([a.address], false))
        .to.emit(d.presale, "BlacklistUpdated")
        .withArgs(a.address, false);
      expect(await d.presale.isBlacklisted(a.address)).to.equal(false);
      expect(await d.presale.isBlacklisted(b.address)).to.equal(true);
    });

    it("setSanctions (SanctionsUpdated); enabling without an oracle is rejected", async function () {
      const s = await d.sanctions.getAddress();
      expect(await d.presale.sanctionsEnabled()).to.equal(false);
      await d.presale.pause(); // another flag of the same byte: the switch's view reads its own bit only
      expect(await d.presale.sanctionsEnabled()).to.equal(false);
      await d.presale.unpause();
      await expect(d.presale.setSanctions(s, true)).to.emit(d.presale, "SanctionsUpdated").withArgs(s, true);
      expect(await d.presale.sanctionsEnabled()).to.equal(true);
      await expect(d.presale.setSanctions(d.ethers.ZeroAddress, true)).to.be.revertedWithCustomError(
        d.presale,
        "ZeroAddress",
      );
      await d.sanctions.addToSanctionsList([d.buyers[0].address]);
      await expect(buyEth(d, d.buyers[0], 1n)).to.be.revertedWithCustomError(d.presale, "AccountSanctioned");
      await expect(d.presale.setSanctions(s, false)).to.emit(d.presale, "SanctionsUpdated").withArgs(s, false);
      await buyEth(d, d.buyers[0], 1n);
      expect(await d.presale.sanctionsEnabled()).to.equal(false);
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

    it("setRemotePresale: once, never zero", async function () {
      const fresh = await deploy(chainName, { remotePresale: null });
      const p = fresh.presale;
      await expect(p.setRemotePresale(d.ethers.ZeroAddress)).to.be.revertedWithCustomError(p, "ZeroAddress");
      const r = d.signers[19].address;
      await expect(p.setRemotePresale(r)).to.emit(p, "RemotePresaleSet").withArgs(r);
      expect(await p.remotePresale()).to.equal(r);
      await expect(p.setRemotePresale(d.signers[18].address)).to.be.revertedWithCustomError(
        p,
        "RemotePresaleAlreadySet",
      );
    });

    it("every owner and admin function rejects an outsider (AccessControlUnauthorizedAccount), read from the ABI", async function () {
      const outsider = d.buyers[0];
      const gated = gatedFunctions(d);
      expect(gated.length).to.be.greaterThan(15);
      const ADMIN = await d.presale.ADMIN_ROLE();
      const OWNER = await d.presale.DEFAULT_ADMIN_ROLE();
      for (const f of gated) {
        const role = ADMIN_ONLY.includes(f.name) ? ADMIN : OWNER;
        await expect(callAs(d, outsider, f), f.format())
          .to.be.revertedWithCustomError(d.presale, "AccessControlUnauthorizedAccount")
          .withArgs(outsider.address, role);
      }
    });

    it("attack: a stolen operations key (ADMIN_ROLE) can only pause and unpause, every other function is refused", async function () {
      const admin = d.signers[10];
      await d.presale.grantRole(await d.presale.ADMIN_ROLE(), admin.address);
      const OWNER = await d.presale.DEFAULT_ADMIN_ROLE();
      const gated = gatedFunctions(d).filter((f) => !ADMIN_ONLY.includes(f.name));
      for (const name of ["setCurrentStep", "setRounds", "setSaleTimes", "setBlacklist", "grantRole"]) {
        expect(gated.map((f) => f.name)).to.include(name);
      }
      if (onEthereum) expect(gated.map((f) => f.name)).to.include("releaseQuota");
      else expect(gated.map((f) => f.name)).to.include.members(["setWhitelist", "startClaim", "setStaking"]);
      for (const f of gated) {
        await expect(callAs(d, admin, f), f.format())
          .to.be.revertedWithCustomError(d.presale, "AccessControlUnauthorizedAccount")
          .withArgs(admin.address, OWNER);
      }
      const p = d.presale.connect(admin);
      await expect(p.pause()).to.emit(d.presale, "Paused").withArgs(admin.address);
      await expect(p.unpause()).to.emit(d.presale, "Unpaused").withArgs(admin.address);
      // Nothing else moved: the position, the table, the lists.
      expect(await d.presale.currentStep()).to.equal(0n);
      expect([...(await d.presale.roundDetails(1))]).to.deep.equal(PRICES);
      expect(await d.presale.isBlacklisted(d.signers[12].address)).to.equal(false);
    });

    if (onEthereum) {
      it("attack: a stolen operations key closes the Ethereum sale early — refused before the end (SaleNotEnded)", async function () {
        const admin = d.signers[10];
        await d.presale.grantRole(await d.presale.ADMIN_ROLE(), admin.address);
        await ethereum(d).setRemotePresale(d.signers[19].address);
        await expect(ethereum(d).connect(admin).closeSale())
          .to.be.revertedWithCustomError(d.presale, "SaleNotEnded")
          .withArgs(d.end);
        expect(await d.presale.saleClosed()).to.equal(false);
      });
    }

    it("the default admin is transferred with the AccessControlDefaultAdminRules two-step flow", async function () {
      const next = d.signers[10];
      await d.presale.beginDefaultAdminTransfer(next.address);
      await d.presale.connect(next).acceptDefaultAdminTransfer(); // adminDelay = 0 in the fixture; next block is later
      expect(await d.presale.owner()).to.equal(next.address);
    });
  });
}

describe("releaseQuota (hardhatEth)", function () {
  let d: Deployment<"hardhatEth">;
  const sizes = CAPS.map((c, i) => c - (i === 0 ? 0n : CAPS[i - 1]));
  beforeEach(async function () {
    d = await load("hardhatEth");
  });

  it("gives part of the current round's quota to Base (EthereumQuotaReleased), never below what Ethereum used", async function () {
    await buyEth(d, d.buyers[0], 100n);
    const available = sizes[0] - 100n;
    await expect(d.presale.releaseQuota(0, available + 1n))
      .to.be.revertedWithCustomError(d.presale, "InvalidQuotaRelease")
      .withArgs(0n, available + 1n, available);
    await expect(d.presale.releaseQuota(0, 0n))
      .to.be.revertedWithCustomError(d.presale, "InvalidQuotaRelease")
      .withArgs(0n, 0n, available);
    await expect(d.presale.releaseQuota(0, 1_000n))
      .to.emit(d.presale, "EthereumQuotaReleased")
      .withArgs(0n, sizes[0] - 1_000n);
    await expect(d.presale.releaseQuota(0, available - 1_000n))
      .to.emit(d.presale, "EthereumQuotaReleased")
      .withArgs(0n, 100n);
    const [r0] = await d.presale.rounds();
    expect([r0.ethereumQuota, r0.baseQuota, r0.used]).to.deep.equal([100n, sizes[0] - 100n, 100n]);
    // Ethereum's share of round 0 is used up: its next purchase is priced in round 1.
    expect(await d.presale.currentStep()).to.equal(1n);
    expect(await d.presale.usdQuote(1n)).to.equal(PRICES[1]);
    await expect(d.presale.releaseQuota(0, 1n))
      .to.be.revertedWithCustomError(d.presale, "InvalidQuotaRelease")
      .withArgs(0n, 1n, 0n);
    await buyEth(d, d.buyers[0], 10n);
    expect((await d.presale.roundSales())[0][1]).to.equal(10n);
  });

  it("a later round's quota can be released ahead; the walk then sells only what is left of it", async function () {
    await expect(d.presale.releaseQuota(5, 1_000n))
      .to.emit(d.presale, "EthereumQuotaReleased")
      .withArgs(5n, sizes[5] - 1_000n);
    await d.presale.setCurrentStep(5, 0n);
    expect(await d.presale.usdQuote(sizes[5] - 1_000n + 1n)).to.equal((sizes[5] - 1_000n) * PRICES[5] + PRICES[6]);
    await d.presale.setMaxTokensToBuy(16_777_215n);
    await buyEth(d, d.buyers[0], sizes[5] - 1_000n);
    expect(await d.presale.currentStep()).to.equal(6n);
  });

  it("refuses a round Ethereum has left or that does not exist (InvalidStep), and after the close (SaleClosed)", async function () {
    await d.presale.setCurrentStep(2, 0n);
    await expect(d.presale.releaseQuota(1, 1n)).to.be.revertedWithCustomError(d.presale, "InvalidStep");
    await expect(d.presale.releaseQuota(10, 1n)).to.be.revertedWithCustomError(d.presale, "InvalidStep");
    await d.presale.releaseQuota(2, 1n); // the current round is fine
    await d.presale.setRemotePresale(d.signers[19].address);
    await d.presale.closeSale();
    await expect(d.presale.releaseQuota(3, 1n)).to.be.revertedWithCustomError(d.presale, "SaleClosed");
  });

  it("is the owner's only (ADMIN_ROLE and outsiders refused)", async function () {
    const admin = d.signers[10];
    await d.presale.grantRole(await d.presale.ADMIN_ROLE(), admin.address);
    for (const who of [admin, d.buyers[0]]) {
      await expect(d.presale.connect(who).releaseQuota(3, 1n))
        .to.be.revertedWithCustomError(d.presale, "AccessControlUnauthorizedAccount")
        .withArgs(who.address, await d.presale.DEFAULT_ADMIN_ROLE());
    }
    expect((await d.presale.rounds())[3].ethereumQuota).to.equal(sizes[3]);
  });
});

describe("Presale administration on Base", function () {
  it("setStaking (StakingUpdated), never zero", async function () {
    const d = await load("hardhatBase");
    const s = d.signers[10].address;
    await expect(d.presale.setStaking(s)).to.emit(d.presale, "StakingUpdated").withArgs(s);
    expect(await d.presale.staking()).to.equal(s);
    await expect(d.presale.setStaking(d.ethers.ZeroAddress)).to.be.revertedWithCustomError(d.presale, "ZeroAddress");
  });

  it("setWhitelist emits per account and updates the view; setClaimWhitelistOnly and setCardProviderRestricted switch the flags", async function () {
    const d = await load("hardhatBase");
    const [a, b] = d.buyers;
    const wl = d.presale.setWhitelist([a.address, b.address], true);
    await expect(wl).to.emit(d.presale, "WhitelistUpdated").withArgs(a.address, true);
    await expect(wl).to.emit(d.presale, "WhitelistUpdated").withArgs(b.address, true);
    expect(await d.presale.isWhitelisted(b.address)).to.equal(true);
    await expect(d.presale.setWhitelist([b.address], false))
      .to.emit(d.presale, "WhitelistUpdated")
      .withArgs(b.address, false);
    expect(await d.presale.isWhitelisted(b.address)).to.equal(false);
    await d.presale.setSanctions(await d.sanctions.getAddress(), true);
    await expect(d.presale.setClaimWhitelistOnly(true)).to.emit(d.presale, "ClaimWhitelistOnlyUpdated").withArgs(true);
    await d.presale.setCardProviderRestricted(false);
    expect([...(await d.presale.flags())]).to.deep.equal([true, true, false]);
  });

  it("attack: a stolen operations key (ADMIN_ROLE) blacklists or un-whitelists buyers to hold their claims back — refused, the lists are the owner's", async function () {
    const d = await load("hardhatBase");
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

  it("USD raised adds Ethereum's reported total to Base's own", async function () {
    const d = await load("hardhatBase");
    await buyEth(d, d.buyers[0], 1_000n);
    await deliverReport(d, { tokensSold: 500n, usdRaised: 3_000_000n });
    expect(await d.presale.localUsdRaised()).to.equal(6_000_000n);
    expect(await d.presale.remoteUsdRaised()).to.equal(3_000_000n);
    expect(await d.presale.usdRaised()).to.equal(9_000_000n);
    expect(await d.presale.totalTokensSold()).to.equal(1_500n);
    expect(await d.presale.stakedDuringSale()).to.equal(0n);
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
    await advanceTo(d, ts);
    await d.presale.connect(d.buyers[0]).claim();
    expect(await d.token!.balanceOf(d.buyers[0].address)).to.equal(42n * TOKEN);
  });
});
