import { expect } from "chai";
import { anyValue } from "@nomicfoundation/hardhat-ethers-chai-matchers/withArgs";
import type { Staking } from "../../typechain-types/index.js";
import {
  APY_BPS,
  DAY,
  LOCK,
  STAKING_LENGTH,
  TOKEN,
  advance,
  advanceTo,
  fundRewards,
  giveStakeTokens,
  load,
  minedAt,
  now,
  receiptOf,
  type Deployment,
  type Signer,
} from "./helpers/fixtures.js";

const YEAR = 365n * DAY;
const reward = (amount: bigint, apy: bigint, seconds: bigint) => (amount * apy * seconds) / (10_000n * YEAR);

/** Rewards are computed through a per-token index: allow index rounding of at most 1e-12 relative + a few wei. */
function expectClose(actual: bigint, expected: bigint, what = "rewards") {
  const tol = expected / 1_000_000_000_000n + 1_000n;
  const diff = actual > expected ? actual - expected : expected - actual;
  expect(diff <= tol, `${what}: ${actual} vs expected ${expected}`).to.equal(true);
}

describe("Staking (hardhatBase)", function () {
  let d: Deployment<"hardhatBase">;
  let s: Staking;
  let alice: Signer;
  let bob: Signer;
  beforeEach(async function () {
    d = await load("hardhatBase");
    s = d.staking!;
    [alice, bob] = d.buyers;
    await giveStakeTokens(d, alice, 1_000_000n * TOKEN);
    await giveStakeTokens(d, bob, 1_000_000n * TOKEN);
  });

  /** A pool like the fixture's whose presale (set once) is the signer `presale`; alice and bob have approved it. */
  async function poolWithPresale(presale: Signer): Promise<Staking> {
    const pool = await d.ethers.deployContract("Staking", [
      d.owner.address,
      await d.token!.getAddress(),
      APY_BPS,
      LOCK,
      d.t0 + STAKING_LENGTH,
      0n,
    ]);
    await pool.setPresale(presale.address);
    for (const who of [alice, bob]) await d.token!.connect(who).approve(await pool.getAddress(), d.ethers.MaxUint256);
    return pool;
  }

  async function stakedAt(who: Signer, amount: bigint): Promise<bigint> {
    await s.connect(who).deposit(amount);
    return now(d.conn);
  }

  it("constructor state and views", async function () {
    expect(await s.owner()).to.equal(d.owner.address);
    expect(await s.stakeToken()).to.equal(await d.token!.getAddress());
    expect(await s.presale()).to.equal(await d.presale.getAddress());
    expect(await s.apy()).to.equal(APY_BPS);
    expect(await s.lockTime()).to.equal(LOCK);
    expect(await s.endTime()).to.equal(d.t0 + STAKING_LENGTH);
    expect(await s.maxDepositLimit()).to.equal(0n);
    expect(await s.totalStaked()).to.equal(0n);
    expect(await s.rewardReserve()).to.equal(0n);
    expect(await s.depositsLocked()).to.equal(false);
    expect(await s.withdrawalsLocked()).to.equal(false);
    expect(await s.claimsLocked()).to.equal(false);
  });

  it("constructor rejects a zero stake token or owner", async function () {
    const F = await d.ethers.getContractFactory("Staking");
    const t = await now(d.conn);
    await expect(F.deploy(d.owner.address, d.ethers.ZeroAddress, 1n, 1n, t + DAY, 0n)).to.be.revertedWithCustomError(
      F,
      "ZeroAddress",
    );
    await expect(F.deploy(d.ethers.ZeroAddress, await d.token!.getAddress(), 1n, 1n, t + DAY, 0n))
      .to.be.revertedWithCustomError(F, "OwnableInvalidOwner")
      .withArgs(d.ethers.ZeroAddress);
    await expect(F.deploy(d.owner.address, await d.token!.getAddress(), 1n, 1n, t, 0n)).to.be.revertedWithCustomError(
      F,
      "InvalidParameter",
    );
  });

  describe("deposit", function () {
    it("stakes, records the staker and emits Deposited with the unlock time", async function () {
      const amount = 1_000n * TOKEN;
      const tx = s.connect(alice).deposit(amount);
      await expect(tx).to.changeTokenBalances(d.ethers, d.token, [alice, s], [-amount, amount]);
      const t = await now(d.conn);
      await expect(tx)
        .to.emit(s, "Deposited")
        .withArgs(alice.address, amount, false, t + LOCK);
      const info = await s.poolStakers(alice.address);
      expect(info.amount).to.equal(amount);
      expect(info.unlockTime).to.equal(t + LOCK);
      expect(info.pendingRewards).to.equal(0n);
      expect(await s.totalStaked()).to.equal(amount);
      expect(await s.tokensStakedByPresale()).to.equal(0n);
    });

    it("adding to a stake keeps accrued rewards and restarts the lock from now", async function () {
      await fundRewards(d, 100_000n * TOKEN);
      const t1 = await stakedAt(alice, 1_000n * TOKEN);
      await d.helpers.time.increase(10n * DAY);
      const t2 = await stakedAt(alice, 500n * TOKEN);
      const info = await s.poolStakers(alice.address);
      expect(info.amount).to.equal(1_500n * TOKEN);
      expect(info.unlockTime).to.equal(t2 + LOCK);
      expectClose(await s.getRewards(alice.address), reward(1_000n * TOKEN, APY_BPS, t2 - t1));
    });

    it("reverts ZeroAmount, DepositsLocked, StakingEnded, Blacklisted, DepositLimitExceeded", async function () {
      await expect(s.connect(alice).deposit(0n)).to.be.revertedWithCustomError(s, "ZeroAmount");
      await expect(s.setLocks(true, false, false))
        .to.emit(s, "LocksUpdated")
        .withArgs(true, false, false);
      await expect(s.connect(alice).deposit(1n)).to.be.revertedWithCustomError(s, "DepositsLocked");
      await s.setLocks(false, false, false);
      await expect(s.setBlacklist([alice.address], true))
        .to.emit(s, "BlacklistUpdated")
        .withArgs(alice.address, true);
      expect(await s.blacklisted(alice.address)).to.equal(true);
      await expect(s.connect(alice).deposit(1n))
        .to.be.revertedWithCustomError(s, "Blacklisted")
        .withArgs(alice.address);
      await s.setBlacklist([alice.address], false);
      await expect(s.setMaxDepositLimit(100n * TOKEN))
        .to.emit(s, "MaxDepositLimitUpdated")
        .withArgs(100n * TOKEN);
      expect(await s.maxDepositLimit()).to.equal(100n * TOKEN);
      await s.connect(alice).deposit(60n * TOKEN);
      await expect(s.connect(bob).deposit(41n * TOKEN))
        .to.be.revertedWithCustomError(s, "DepositLimitExceeded")
        .withArgs(100n * TOKEN, 101n * TOKEN);
      await s.connect(bob).deposit(40n * TOKEN);
      await advanceTo(d, d.t0 + STAKING_LENGTH + 1n);
      await expect(s.connect(bob).deposit(1n)).to.be.revertedWithCustomError(s, "StakingEnded");
    });
  });

  describe("depositByPresale", function () {
    it("only the presale may call it (NotPresale)", async function () {
      await expect(s.connect(alice).depositByPresale(alice.address, 1n, false, false))
        .to.be.revertedWithCustomError(s, "NotPresale")
        .withArgs(alice.address);
    });

    it("credits the user for tokens the presale already sent, ignoring depositsLocked, honouring the pool cap", async function () {
      const fake = d.signers[10];
      s = await poolWithPresale(fake);
      await d.token!.transfer(await s.getAddress(), 300n * TOKEN);
      await s.setLocks(true, false, false);
      await expect(s.connect(fake).depositByPresale(alice.address, 300n * TOKEN, false, false))
        .to.emit(s, "Deposited")
        .withArgs(alice.address, 300n * TOKEN, true, anyValue);
      expect((await s.poolStakers(alice.address)).amount).to.equal(300n * TOKEN);
      expect((await s.poolStakers(alice.address)).unlockTime).to.equal((await now(d.conn)) + LOCK);
      expect(await s.tokensStakedByPresale()).to.equal(300n * TOKEN);
      expect(await s.totalStaked()).to.equal(300n * TOKEN);
      await s.setMaxDepositLimit(400n * TOKEN);
      await d.token!.transfer(await s.getAddress(), 101n * TOKEN);
      await expect(s.connect(fake).depositByPresale(bob.address, 101n * TOKEN, false, false))
        .to.be.revertedWithCustomError(s, "DepositLimitExceeded")
        .withArgs(400n * TOKEN, 401n * TOKEN);
      await expect(s.connect(fake).depositByPresale(bob.address, 0n, false, false)).to.be.revertedWithCustomError(
        s,
        "ZeroAmount",
      );
      await s.setBlacklist([bob.address], true);
      await expect(s.connect(fake).depositByPresale(bob.address, 1n, false, false)).to.be.revertedWithCustomError(
        s,
        "Blacklisted",
      );
    });

    it("byStaker decides whether the stake's unlock restarts; heldUntilClaim is recorded per staker", async function () {
      const fake = d.signers[10];
      s = await poolWithPresale(fake);
      await d.token!.transfer(await s.getAddress(), 1_000n * TOKEN);
      const t1 = await minedAt(d, s.connect(fake).depositByPresale(alice.address, 100n * TOKEN, false, true));
      expect((await s.poolStakers(alice.address)).unlockTime).to.equal(t1 + LOCK); // a new stake: a full lock
      await advance(d, 10n * DAY);
      const t2 = await minedAt(d, s.connect(fake).depositByPresale(alice.address, 100n * TOKEN, false, false));
      let info = await s.poolStakers(alice.address);
      expect([info.amount, info.unlockTime, info.heldUntilClaim]).to.deep.equal([
        200n * TOKEN,
        t1 + LOCK,
        100n * TOKEN,
      ]);
      expect(t2 + LOCK > t1 + LOCK).to.equal(true);
      const byStaker = s.connect(fake).depositByPresale(alice.address, 100n * TOKEN, true, true);
      const t3 = await minedAt(d, byStaker);
      await expect(byStaker)
        .to.emit(s, "Deposited")
        .withArgs(alice.address, 100n * TOKEN, true, t3 + LOCK);
      info = await s.poolStakers(alice.address);
      expect([info.amount, info.unlockTime, info.heldUntilClaim]).to.deep.equal([
        300n * TOKEN,
        t3 + LOCK,
        200n * TOKEN,
      ]);
    });
  });

  describe("rewards", function () {
    it("accrue per second at the APY, from the reward reserve (getRewards)", async function () {
      await fundRewards(d, 100_000n * TOKEN);
      const t1 = await stakedAt(alice, 10_000n * TOKEN);
      await d.helpers.time.increase(100n * DAY);
      const t = await now(d.conn);
      expectClose(await s.getRewards(alice.address), reward(10_000n * TOKEN, APY_BPS, t - t1));
    });

    it("two stakers share nothing: each earns on their own amount", async function () {
      await fundRewards(d, 100_000n * TOKEN);
      const ta = await stakedAt(alice, 1_000n * TOKEN);
      const tb = await stakedAt(bob, 3_000n * TOKEN);
      await d.helpers.time.increase(50n * DAY);
      const t = await now(d.conn);
      expectClose(await s.getRewards(alice.address), reward(1_000n * TOKEN, APY_BPS, t - ta));
      expectClose(await s.getRewards(bob.address), reward(3_000n * TOKEN, APY_BPS, t - tb));
    });

    it("stop accruing at the end time", async function () {
      await fundRewards(d, 100_000n * TOKEN);
      const t1 = await stakedAt(alice, 1_000n * TOKEN);
      const end = d.t0 + STAKING_LENGTH;
      await advanceTo(d, end + 30n * DAY);
      expectClose(await s.getRewards(alice.address), reward(1_000n * TOKEN, APY_BPS, end - t1));
    });

    it("harvestRewards pays the pending rewards (RewardsHarvested) out of what the reserve already set aside", async function () {
      await fundRewards(d, 100_000n * TOKEN);
      await stakedAt(alice, 10_000n * TOKEN);
      await d.helpers.time.increase(30n * DAY);
      const before: bigint = await d.token!.balanceOf(alice.address);
      // A staker's record shows the rewards it could harvest now.
      const info = await s.poolStakers(alice.address);
      expect(info.pendingRewards).to.equal(await s.getRewards(alice.address));
      expect(info.pendingRewards > 0n).to.equal(true);
      const reserveBefore: bigint = await s.rewardReserve();
      const heldBefore: bigint = await s.rewardsHeld();
      const rc = await receiptOf(s.connect(alice).harvestRewards());
      const [ev] = await s.queryFilter(s.filters.RewardsHarvested(), rc.blockNumber, rc.blockNumber);
      const paid = ev.args.amount;
      expect(ev.args.user).to.equal(alice.address);
      expect(paid > 0n).to.equal(true);
      expect((await d.token!.balanceOf(alice.address)) - before).to.equal(paid);
      expect(await s.getRewards(alice.address)).to.equal(0n);
      // The reserve funds rewards as they accrue (not when they are paid): a harvest only moves owed rewards out.
      const reserveAfter: bigint = await s.rewardReserve();
      expect(reserveAfter <= reserveBefore).to.equal(true);
      expect(reserveBefore - reserveAfter < paid / 1_000n).to.equal(true); // at most a second or two of accrual
      expect(await d.token!.balanceOf(await s.getAddress())).to.equal(10_000n * TOKEN + reserveAfter);
      expect((await s.poolStakers(alice.address)).amount).to.equal(10_000n * TOKEN); // principal untouched
      // The reward tokens in custody drop by exactly what was paid: what backs the next withdrawal stays exact.
      expect(heldBefore - (await s.rewardsHeld())).to.equal(paid);
    });

    it("harvestRewards reverts NoRewards, ClaimsLocked, Blacklisted", async function () {
      await fundRewards(d, 100_000n * TOKEN);
      await expect(s.connect(alice).harvestRewards()).to.be.revertedWithCustomError(s, "NoRewards");
      await stakedAt(alice, 10_000n * TOKEN);
      await d.helpers.time.increase(DAY);
      await s.setLocks(false, false, true);
      expect(await s.claimsLocked()).to.equal(true);
      await expect(s.connect(alice).harvestRewards()).to.be.revertedWithCustomError(s, "ClaimsLocked");
      await s.setLocks(false, false, false);
      await s.setBlacklist([alice.address], true);
      await expect(s.connect(alice).harvestRewards()).to.be.revertedWithCustomError(s, "Blacklisted");
    });

    it("setApy checkpoints the index: the new rate applies from now on only (ApyUpdated)", async function () {
      await fundRewards(d, 100_000n * TOKEN);
      const t1 = await stakedAt(alice, 10_000n * TOKEN);
      await d.helpers.time.increase(100n * DAY);
      await expect(s.setApy(3_000n)).to.emit(s, "ApyUpdated").withArgs(3_000n);
      const t2 = await now(d.conn);
      await d.helpers.time.increase(50n * DAY);
      const t3 = await now(d.conn);
      expect(await s.apy()).to.equal(3_000n);
      expectClose(
        await s.getRewards(alice.address),
        reward(10_000n * TOKEN, APY_BPS, t2 - t1) + reward(10_000n * TOKEN, 3_000n, t3 - t2),
      );
    });

    it("fundRewards pulls tokens into the reserve (RewardsFunded); ZeroAmount rejected", async function () {
      await d.token!.approve(await s.getAddress(), 500n * TOKEN);
      await expect(s.fundRewards(500n * TOKEN))
        .to.emit(s, "RewardsFunded")
        .withArgs(d.owner.address, 500n * TOKEN);
      expect(await s.rewardReserve()).to.equal(500n * TOKEN);
      await expect(s.fundRewards(0n)).to.be.revertedWithCustomError(s, "ZeroAmount");
    });
  });

  describe("withdraw", function () {
    it("reverts StillLocked before the unlock time, then returns stake plus rewards (Withdrawn)", async function () {
      await fundRewards(d, 100_000n * TOKEN);
      const t1 = await stakedAt(alice, 10_000n * TOKEN);
      await expect(s.connect(alice).withdraw())
        .to.be.revertedWithCustomError(s, "StillLocked")
        .withArgs(t1 + LOCK);
      await advanceTo(d, t1 + LOCK);
      const before: bigint = await d.token!.balanceOf(alice.address);
      const tx = s.connect(alice).withdraw();
      await expect(tx)
        .to.emit(s, "Withdrawn")
        .withArgs(alice.address, 10_000n * TOKEN);
      await (await tx).wait();
      const t = await now(d.conn);
      const got: bigint = (await d.token!.balanceOf(alice.address)) - before;
      expectClose(got - 10_000n * TOKEN, reward(10_000n * TOKEN, APY_BPS, t - t1));
      const info = await s.poolStakers(alice.address);
      expect(info.amount).to.equal(0n);
      expect(await s.totalStaked()).to.equal(0n);
      await expect(s.connect(alice).withdraw()).to.be.revertedWithCustomError(s, "NothingStaked");
    });

    it("reverts WithdrawalsLocked and Blacklisted; NothingStaked for a non-staker", async function () {
      await expect(s.connect(bob).withdraw()).to.be.revertedWithCustomError(s, "NothingStaked");
      const t1 = await stakedAt(alice, 10n * TOKEN);
      await advanceTo(d, t1 + LOCK);
      await s.setLocks(false, true, false);
      await expect(s.connect(alice).withdraw()).to.be.revertedWithCustomError(s, "WithdrawalsLocked");
      await s.setLocks(false, false, false);
      await s.setBlacklist([alice.address], true);
      await expect(s.connect(alice).withdraw()).to.be.revertedWithCustomError(s, "Blacklisted");
    });

    it("with claims locked, withdraw returns the principal and keeps the rewards pending for a later harvest", async function () {
      await fundRewards(d, 100_000n * TOKEN);
      const t1 = await stakedAt(alice, 10_000n * TOKEN);
      await advanceTo(d, t1 + LOCK);
      await s.setLocks(false, false, true);
      const before: bigint = await d.token!.balanceOf(alice.address);
      await expect(s.connect(alice).withdraw())
        .to.emit(s, "Withdrawn")
        .withArgs(alice.address, 10_000n * TOKEN);
      expect((await d.token!.balanceOf(alice.address)) - before).to.equal(10_000n * TOKEN);
      const t2 = await now(d.conn);
      const pending: bigint = await s.getRewards(alice.address);
      expectClose(pending, reward(10_000n * TOKEN, APY_BPS, t2 - t1));
      await d.helpers.time.increase(10n * DAY);
      expect(await s.getRewards(alice.address)).to.equal(pending); // nothing staked: nothing more accrues
      await s.setLocks(false, false, false);
      await expect(s.connect(alice).harvestRewards()).to.emit(s, "RewardsHarvested").withArgs(alice.address, pending);
      expect(await s.getRewards(alice.address)).to.equal(0n);
    });

    it("an extended stake's carried-over rewards are paid with the withdrawal", async function () {
      await fundRewards(d, 100_000n * TOKEN);
      const t1 = await stakedAt(alice, 1_000n * TOKEN);
      await d.helpers.time.increase(20n * DAY);
      const t2 = await stakedAt(alice, 1_000n * TOKEN); // extension: 20 days of rewards carried as pending
      await advanceTo(d, t2 + LOCK);
      const before: bigint = await d.token!.balanceOf(alice.address);
      await s.connect(alice).withdraw();
      const t3 = await now(d.conn);
      const got: bigint = (await d.token!.balanceOf(alice.address)) - before;
      expectClose(
        got - 2_000n * TOKEN,
        reward(1_000n * TOKEN, APY_BPS, t2 - t1) + reward(2_000n * TOKEN, APY_BPS, t3 - t2),
      );
      expect(await s.getRewards(alice.address)).to.equal(0n);
    });

    it("presale-staked principal is withdrawable", async function () {
      const fake = d.signers[10];
      s = await poolWithPresale(fake);
      await d.token!.transfer(await s.getAddress(), 300n * TOKEN);
      await s.connect(fake).depositByPresale(alice.address, 300n * TOKEN, false, false);
      await advance(d, LOCK + 1n);
      await expect(s.connect(alice).withdraw()).to.changeTokenBalance(d.ethers, d.token, alice, 300n * TOKEN);
      expect(await s.totalStaked()).to.equal(0n);
    });
  });

  describe("owner setters", function () {
    it("emit their events and update state", async function () {
      await expect(s.setLockTime(7n * DAY))
        .to.emit(s, "LockTimeUpdated")
        .withArgs(7n * DAY);
      expect(await s.lockTime()).to.equal(7n * DAY);
      const end = (await now(d.conn)) + 1_000n * DAY;
      await expect(s.setEndTime(end)).to.emit(s, "EndTimeUpdated").withArgs(end);
      expect(await s.endTime()).to.equal(end);
      await expect(s.setPresale(d.ethers.ZeroAddress)).to.be.revertedWithCustomError(s, "ZeroAddress");
      await expect(s.setLocks(true, true, true))
        .to.emit(s, "LocksUpdated")
        .withArgs(true, true, true);
      expect(await s.withdrawalsLocked()).to.equal(true);
      const fresh = await d.ethers.deployContract("Staking", [
        d.owner.address,
        await d.token!.getAddress(),
        APY_BPS,
        LOCK,
        d.t0 + STAKING_LENGTH,
        0n,
      ]);
      expect(await fresh.presale()).to.equal(d.ethers.ZeroAddress);
      await expect(fresh.setPresale(bob.address)).to.emit(fresh, "PresaleUpdated").withArgs(bob.address);
      expect(await fresh.presale()).to.equal(bob.address);
    });

    it("extending the end time after staking ended does not pay rewards for the time it was over", async function () {
      await fundRewards(d, 100_000n * TOKEN);
      const t1 = await stakedAt(alice, 10_000n * TOKEN);
      const end = d.t0 + STAKING_LENGTH;
      await advanceTo(d, end + 30n * DAY);
      const atEnd = reward(10_000n * TOKEN, APY_BPS, end - t1);
      expectClose(await s.getRewards(alice.address), atEnd);
      await s.setEndTime(end + 400n * DAY);
      const t2 = await now(d.conn);
      expectClose(await s.getRewards(alice.address), atEnd, "right after the extension");
      await d.helpers.time.increase(10n * DAY);
      const t3 = await now(d.conn);
      expectClose(
        await s.getRewards(alice.address),
        atEnd + reward(10_000n * TOKEN, APY_BPS, t3 - t2),
        "10 days later",
      );
    });

    it("setEndTime in the past is rejected (InvalidParameter)", async function () {
      await expect(s.setEndTime((await now(d.conn)) - 1n)).to.be.revertedWithCustomError(s, "InvalidParameter");
    });

    it("a later lock time applies to new deposits only", async function () {
      const t1 = await stakedAt(alice, TOKEN);
      await s.setLockTime(90n * DAY);
      expect((await s.poolStakers(alice.address)).unlockTime).to.equal(t1 + LOCK);
      const t2 = await stakedAt(bob, TOKEN);
      expect((await s.poolStakers(bob.address)).unlockTime).to.equal(t2 + 90n * DAY);
    });

    it("every owner function rejects an outsider (OwnableUnauthorizedAccount) and ownership moves in two steps", async function () {
      const o = s.connect(alice);
      for (const [name, call] of [
        ["fundRewards", () => o.fundRewards(1n)],
        ["setApy", () => o.setApy(1n)],
        ["setLockTime", () => o.setLockTime(1n)],
        ["setEndTime", () => o.setEndTime(1n)],
        ["setMaxDepositLimit", () => o.setMaxDepositLimit(1n)],
        ["setPresale", () => o.setPresale(alice.address)],
        ["setLocks", () => o.setLocks(true, true, true)],
        ["setBlacklist", () => o.setBlacklist([bob.address], true)],
      ] as [string, () => Promise<unknown>][]) {
        await expect(call(), name)
          .to.be.revertedWithCustomError(s, "OwnableUnauthorizedAccount")
          .withArgs(alice.address);
      }
      await s.transferOwnership(bob.address);
      expect(await s.owner()).to.equal(d.owner.address);
      await s.connect(bob).acceptOwnership();
      expect(await s.owner()).to.equal(bob.address);
    });
  });
});
