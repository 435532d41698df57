import { expect } from "chai";
import { anyValue } from "@nomicfoundation/hardhat-ethers-chai-matchers/withArgs";
import type { Interface } from "ethers";
import {
  DAY,
  LOCK,
  TOKEN,
  buyEth,
  closeEthereumStandIn,
  deliverReport,
  deploy,
  leg,
  load,
  now,
  openClaim,
  type Deployment,
} from "./helpers/fixtures.js";

describe("Presale claim phase (hardhatBase)", function () {
  let d: Deployment<"hardhatBase">;
  beforeEach(async function () {
    d = await load("hardhatBase");
  });

  describe("startClaim", function () {
    it("refuses to open while underfunded (PresaleUnderfunded), opens when funded (ClaimStartSet)", async function () {
      await buyEth(d, d.buyers[0], 1_000n);
      await buyEth(d, d.buyers[1], 500n);
      await closeEthereumStandIn(d);
      const presaleAddr = await d.presale.getAddress();
      const ts = (await now(d.conn)) + 100n;
      await d.token!.transfer(presaleAddr, 1_500n * TOKEN - 1n);
      await expect(d.presale.startClaim(ts))
        .to.be.revertedWithCustomError(d.presale, "PresaleUnderfunded")
        .withArgs(1_500n * TOKEN, 1_500n * TOKEN - 1n);
      await d.token!.transfer(presaleAddr, 1n);
      await expect(d.presale.startClaim(ts)).to.emit(d.presale, "ClaimStartSet").withArgs(ts, d.owner.address);
      expect(await d.presale.claimStart()).to.equal(ts);
    });

    it("requires the sale tokens staked during the sale to have left the presale (delivered counts as covered)", async function () {
      const presaleAddr = await d.presale.getAddress();
      await closeEthereumStandIn(d);
      await d.token!.transfer(presaleAddr, 1_000n * TOKEN);
      await buyEth(d, d.buyers[0], 1_000n, true); // staked: 1,000 tokens moved into staking
      await buyEth(d, d.buyers[1], 400n);
      expect(await d.token!.balanceOf(presaleAddr)).to.equal(0n);
      await expect(d.presale.startClaim((await now(d.conn)) + 10n))
        .to.be.revertedWithCustomError(d.presale, "PresaleUnderfunded")
        .withArgs(400n * TOKEN, 0n);
      await d.token!.transfer(presaleAddr, 400n * TOKEN);
      await d.presale.startClaim((await now(d.conn)) + 10n);
    });

    it("refuses to open before Ethereum's close has arrived (RemoteSaleOpen)", async function () {
      await deliverReport(d, { tokensSold: 0n, closed: false });
      await expect(d.presale.startClaim((await now(d.conn)) + 10n)).to.be.revertedWithCustomError(
        d.presale,
        "RemoteSaleOpen",
      );
      await closeEthereumStandIn(d);
      expect(await d.presale.remoteSaleClosed()).to.equal(true);
      await d.presale.startClaim((await now(d.conn)) + 10n);
    });

    it("opens before Ethereum's legs arrive (the funding covers everything Ethereum sold): legs arriving later are credited and claimable", async function () {
      const [, , , dan, eve] = d.buyers;
      await closeEthereumStandIn(d, { used: [2_000n], tokensSold: 2_000n, usdRaised: 12n * 10n ** 6n });
      await d.token!.transfer(await d.presale.getAddress(), 2_000n * TOKEN - 1n);
      await expect(d.presale.startClaim((await now(d.conn)) + 10n))
        .to.be.revertedWithCustomError(d.presale, "PresaleUnderfunded")
        .withArgs(2_000n * TOKEN, 2_000n * TOKEN - 1n);
      await d.token!.transfer(await d.presale.getAddress(), 1n);
      const ts = (await now(d.conn)) + 10n;
      await d.presale.startClaim(ts);
      await deliverReport(d, { deposits: [leg(eve.address, 1_500n)], tokensSold: 2_000n, closed: true });
      await deliverReport(d, { deposits: [leg(dan.address, 500n)], tokensSold: 2_000n, closed: true });
      await d.helpers.time.increaseTo(ts);
      await d.presale.connect(eve).claim();
      await d.presale.connect(dan).claim();
      expect(await d.token!.balanceOf(await d.presale.getAddress())).to.equal(0n);
    });

    it("accepts a start up to the horizon, refuses one beyond it (ClaimStartTooLate): the year 36812 is not accepted", async function () {
      await closeEthereumStandIn(d);
      const horizon: bigint = await d.presale.CLAIM_START_HORIZON();
      expect(horizon).to.equal(30n * DAY);
      const far = 1_099_511_627_775n; // the largest uint40 time, about the year 36812
      await expect(d.presale.startClaim(far)).to.be.revertedWithCustomError(d.presale, "ClaimStartTooLate");
      const t = await now(d.conn);
      // Mined one second later: now + horizon is then exactly the latest allowed; one more is refused.
      await expect(d.presale.startClaim(t + 1n + horizon + 1n))
        .to.be.revertedWithCustomError(d.presale, "ClaimStartTooLate")
        .withArgs(t + 1n + horizon + 1n, t + 1n + horizon);
      expect(await d.presale.claimStart()).to.equal(0n);
      expect(await d.presale.saleClosed()).to.equal(false);
      // Exactly at the horizon is accepted (mined at a chosen time, no estimate in an earlier block).
      const at = (await now(d.conn)) + 5n;
      await d.helpers.time.setNextBlockTimestamp(at);
      await expect(d.presale.startClaim(at + horizon, { gasLimit: 1_000_000n }))
        .to.emit(d.presale, "ClaimStartSet")
        .withArgs(at + horizon, d.owner.address);
    });

    it("moves the start earlier (ClaimStartSet) until it passes, never later (ClaimStartNotEarlier)", async function () {
      await buyEth(d, d.buyers[0], 10n);
      await closeEthereumStandIn(d);
      await d.token!.transfer(await d.presale.getAddress(), 10n * TOKEN);
      const first = (await now(d.conn)) + 20n * DAY;
      await expect(d.presale.startClaim(first)).to.emit(d.presale, "ClaimStartSet").withArgs(first, d.owner.address);
      await expect(d.presale.startClaim(first + 1n))
        .to.be.revertedWithCustomError(d.presale, "ClaimStartNotEarlier")
        .withArgs(first + 1n, first);
      const earlier = (await now(d.conn)) + DAY;
      await expect(d.presale.startClaim(earlier))
        .to.emit(d.presale, "ClaimStartSet")
        .withArgs(earlier, d.owner.address);
      expect(await d.presale.claimStart()).to.equal(earlier);
      await expect(d.presale.connect(d.buyers[0]).claim()).to.be.revertedWithCustomError(d.presale, "ClaimNotStarted");
      // At the start time itself it can no longer move (mined exactly then, no estimate in an earlier block).
      await d.helpers.time.setNextBlockTimestamp(earlier);
      await expect(d.presale.startClaim(earlier - 10n, { gasLimit: 1_000_000n })).to.be.revertedWithCustomError(
        d.presale,
        "ClaimAlreadyStarted",
      );
      await d.presale.connect(d.buyers[0]).claim();
      expect(await d.token!.balanceOf(d.buyers[0].address)).to.equal(10n * TOKEN);
    });

    it("is the owner's alone (ADMIN_ROLE neither); anyone else must wait for the deadline (openClaim: ClaimNotDue)", async function () {
      await closeEthereumStandIn(d);
      const admin = d.buyers[2];
      await d.presale.grantRole(await d.presale.ADMIN_ROLE(), admin.address);
      for (const who of [d.buyers[0], admin]) {
        await expect(d.presale.connect(who).startClaim((await now(d.conn)) + 10n)).to.be.revertedWithCustomError(
          d.presale,
          "AccessControlUnauthorizedAccount",
        );
      }
      const deadline = await d.presale.claimDeadline();
      expect(deadline).to.equal(d.end + (await d.presale.CLAIM_DEADLINE()));
      await expect(d.presale.connect(d.buyers[0]).openClaim())
        .to.be.revertedWithCustomError(d.presale, "ClaimNotDue")
        .withArgs(deadline);
      await d.helpers.time.increaseTo(deadline);
      await expect(d.presale.connect(d.buyers[0]).openClaim())
        .to.emit(d.presale, "ClaimStartSet")
        .withArgs(deadline + 1n, d.buyers[0].address);
    });
  });

  describe("claim", function () {
    it("reverts ClaimNotStarted before startClaim and before the claim time", async function () {
      await buyEth(d, d.buyers[0], 100n);
      await expect(d.presale.connect(d.buyers[0]).claim()).to.be.revertedWithCustomError(d.presale, "ClaimNotStarted");
      await d.token!.transfer(await d.presale.getAddress(), 100n * TOKEN);
      await closeEthereumStandIn(d);
      const ts = (await now(d.conn)) + DAY;
      await d.presale.startClaim(ts);
      await expect(d.presale.connect(d.buyers[0]).claim()).to.be.revertedWithCustomError(d.presale, "ClaimNotStarted");
      await expect(d.presale.connect(d.buyers[0]).claimAndStake()).to.be.revertedWithCustomError(
        d.presale,
        "ClaimNotStarted",
      );
      await d.helpers.time.setNextBlockTimestamp(ts); // the claim start's own second already claims
      await d.presale.connect(d.buyers[0]).claim();
      expect(await d.token!.balanceOf(d.buyers[0].address)).to.equal(100n * TOKEN);
    });

    it("transfers the whole deposit once (TokensClaimed), then NothingToClaim", async function () {
      const [alice] = d.buyers;
      await buyEth(d, alice, 1_000n);
      await buyEth(d, alice, 234n);
      await openClaim(d);
      const tx = d.presale.connect(alice).claim();
      await expect(tx)
        .to.emit(d.presale, "TokensClaimed")
        .withArgs(alice.address, 1_234n * TOKEN);
      await expect(tx).to.changeTokenBalances(d.ethers, d.token, [alice, d.presale], [1_234n * TOKEN, -1_234n * TOKEN]);
      expect(await d.presale.userDeposits(alice.address)).to.equal(0n);
      expect(await d.presale.userDeposits(alice.address)).to.equal(0n);
      await expect(d.presale.connect(alice).claim())
        .to.be.revertedWithCustomError(d.presale, "NothingToClaim")
        .withArgs(alice.address);
      expect(await d.token!.balanceOf(alice.address)).to.equal(1_234n * TOKEN); // nothing more was paid
      await expect(d.presale.connect(alice).claimAndStake())
        .to.be.revertedWithCustomError(d.presale, "NothingToClaim")
        .withArgs(alice.address);
    });

    it("reverts NothingToClaim for an address that never bought", async function () {
      await buyEth(d, d.buyers[0], 10n);
      await openClaim(d);
      await expect(d.presale.connect(d.buyers[1]).claim())
        .to.be.revertedWithCustomError(d.presale, "NothingToClaim")
        .withArgs(d.buyers[1].address);
      await expect(d.presale.connect(d.buyers[1]).claimAndStake())
        .to.be.revertedWithCustomError(d.presale, "NothingToClaim")
        .withArgs(d.buyers[1].address);
    });

    it("reverts AccountBlacklisted for a blacklisted claimer", async function () {
      await buyEth(d, d.buyers[0], 10n);
      await openClaim(d);
      await d.presale.setBlacklist([d.buyers[0].address], true);
      await expect(d.presale.connect(d.buyers[0]).claim())
        .to.be.revertedWithCustomError(d.presale, "AccountBlacklisted")
        .withArgs(d.buyers[0].address);
      await d.presale.setBlacklist([d.buyers[0].address], false);
      await d.presale.connect(d.buyers[0]).claim();
    });

    it("reverts AccountSanctioned for a sanctioned claimer when sanctions are on", async function () {
      await buyEth(d, d.buyers[0], 10n);
      await openClaim(d);
      await d.sanctions.addToSanctionsList([d.buyers[0].address]);
      await d.presale.setSanctions(await d.sanctions.getAddress(), true);
      await expect(d.presale.connect(d.buyers[0]).claim())
        .to.be.revertedWithCustomError(d.presale, "AccountSanctioned")
        .withArgs(d.buyers[0].address);
    });

    it("whitelist-only claiming: NotWhitelisted until whitelisted", async function () {
      const [alice] = d.buyers;
      await buyEth(d, alice, 10n);
      await openClaim(d);
      await expect(d.presale.setClaimWhitelistOnly(true))
        .to.emit(d.presale, "ClaimWhitelistOnlyUpdated")
        .withArgs(true);
      await expect(d.presale.connect(alice).claim())
        .to.be.revertedWithCustomError(d.presale, "NotWhitelisted")
        .withArgs(alice.address);
      await expect(d.presale.setWhitelist([alice.address], true))
        .to.emit(d.presale, "WhitelistUpdated")
        .withArgs(alice.address, true);
      expect(await d.presale.isWhitelisted(alice.address)).to.equal(true);
      await d.presale.connect(alice).claim();
      expect(await d.token!.balanceOf(alice.address)).to.equal(10n * TOKEN);
      expect(await d.presale.isWhitelisted(alice.address), "a claim keeps the flag").to.equal(true);
    });

    it("a remote (Ethereum) buyer claims the imported deposit on Base", async function () {
      const eve = d.buyers[4];
      await deliverReport(d, {
        deposits: [leg(d.buyers[0].address, 700n, eve.address)],
        used: [700n],
        tokensSold: 700n,
        usdRaised: 4_200_000n,
      });
      await openClaim(d);
      // The recipient claims; the Ethereum buyer's own address has nothing here.
      await expect(d.presale.connect(d.buyers[0]).claim()).to.be.revertedWithCustomError(d.presale, "NothingToClaim");
      await expect(d.presale.connect(eve).claim())
        .to.emit(d.presale, "TokensClaimed")
        .withArgs(eve.address, 700n * TOKEN);
    });
  });

  describe("claimAndStake", function () {
    it("moves the whole deposit into staking for the caller (TokensClaimed, Deposited viaPresale)", async function () {
      const [alice] = d.buyers;
      await buyEth(d, alice, 2_000n);
      await openClaim(d);
      const tx = d.presale.connect(alice).claimAndStake();
      await expect(tx)
        .to.emit(d.presale, "TokensClaimed")
        .withArgs(alice.address, 2_000n * TOKEN);
      await expect(tx)
        .to.emit(d.staking, "Deposited")
        .withArgs(alice.address, 2_000n * TOKEN, true, anyValue);
      await expect(tx).to.changeTokenBalances(
        d.ethers,
        d.token,
        [alice, d.presale, d.staking],
        [0n, -2_000n * TOKEN, 2_000n * TOKEN],
      );
      const info = await d.staking!.poolStakers(alice.address);
      expect(info.amount).to.equal(2_000n * TOKEN);
      expect(info.unlockTime).to.equal((await now(d.conn)) + LOCK);
      expect(await d.staking!.tokensStakedByPresale()).to.equal(2_000n * TOKEN);
      expect(await d.presale.userDeposits(alice.address)).to.equal(0n);
      await expect(d.presale.connect(alice).claim()).to.be.revertedWithCustomError(d.presale, "NothingToClaim");
    });

    it("reverts StakingUnavailable when no staking contract is set", async function () {
      d = await deploy("hardhatBase", { link: false });
      await buyEth(d, d.buyers[0], 10n);
      await openClaim(d);
      await expect(d.presale.connect(d.buyers[0]).claimAndStake()).to.be.revertedWithCustomError(
        d.presale,
        "StakingUnavailable",
      );
    });
  });

  describe("Ethereum reports after the claim opened", function () {
    it("a late leg is accepted and credited once (its tokens were funded with everything Ethereum sold)", async function () {
      const [alice] = d.buyers;
      await closeEthereumStandIn(d, { used: [10n], tokensSold: 10n });
      await openClaim(d);
      const late = deliverReport(d, {
        deposits: [leg(alice.address, 10n)],
        used: [10n],
        tokensSold: 10n,
        closed: true,
      });
      await expect(late)
        .to.emit(d.presale, "RemoteDepositImported")
        .withArgs(alice.address, alice.address, 0n, 10n, 10n);
      await expect(late).to.emit(d.messenger, "RelayedMessage");
      await d.presale.connect(alice).claim();
      // The same leg again: nothing more.
      await deliverReport(d, { deposits: [leg(alice.address, 10n)], used: [10n], tokensSold: 10n, closed: true });
      expect(await d.presale.userDeposits(alice.address)).to.equal(0n);
      expect(await d.token!.balanceOf(alice.address)).to.equal(10n * TOKEN);
    });
  });
});

describe("No claim on Ethereum (hardhatEth)", function () {
  it("the Ethereum presale has no sale token and no claim: nothing there pays out or opens a claim", async function () {
    const d = await load("hardhatEth");
    const abi: Interface = d.presale.interface;
    for (const name of ["claim", "claimAndStake", "startClaim", "openClaim", "saleToken", "userDeposits"]) {
      expect(abi.getFunction(name), name).to.equal(null);
    }
    // A call with the Base presale's claim selector finds no function.
    const base = await load("hardhatBase");
    const data = base.presale.interface.encodeFunctionData("claim");
    await expect(d.buyers[0].sendTransaction({ to: await d.presale.getAddress(), data })).to.be.revert(d.ethers);
  });
});
