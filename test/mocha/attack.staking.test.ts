/**
 * Staking's two guarantees (docs/AUDIT.md), each written as the attack it answers:
 * - tokens staked through the presale during the sale never leave staking before the claim starts (withdraw pays the
 *   rest and keeps them; after the claim starts they leave with the stake's own unlock);
 * - nobody but the staker moves the unlock of tokens already staked: bound 0, over many small deposits made for the
 *   staker, not one; the staker's own deposits restart the whole stake's lock.
 */
import { expect } from "chai";
import type { Staking } from "../../typechain-types/index.js";
import {
  LOCK,
  TOKEN,
  DAY,
  advanceTo,
  closeEthereumStandIn,
  giveStakeTokens,
  load,
  minedAt,
  now,
  openClaim,
  type Deployment,
  type Signer,
} from "./helpers/fixtures.js";
import { saleTokenDomain, signPermit } from "./helpers/permit.js";
import type { SaleToken } from "../../typechain-types/index.js";

describe("Attack: staking locks and presale stakes (hardhatBase)", function () {
  let d: Deployment<"hardhatBase">;
  let s: Staking;
  let alice: Signer;
  let bob: Signer;
  let griefer: Signer;
  beforeEach(async function () {
    d = await load("hardhatBase");
    s = d.staking!;
    [alice, bob, griefer] = d.buyers;
    // The presale holds the tokens buy-and-stake moves into staking.
    await d.token!.transfer(await d.presale.getAddress(), 2_000_000n * TOKEN);
  });

  /** Someone else's card purchase with stake of `amount` for `user`, sent by `payer`. */
  async function stakeFor(payer: Signer, user: Signer, amount: bigint) {
    const cost = await d.presale.ethBuyHelper(amount);
    return d.presale.connect(payer).buyWithETHWert(user.address, amount, true, { value: cost });
  }

  /** The staker's own buy-and-stake with ETH. */
  async function buyAndStake(who: Signer, amount: bigint) {
    const cost = await d.presale.ethBuyHelper(amount);
    return d.presale.connect(who).buyWithEth(amount, true, { value: cost });
  }

  async function unlockOf(who: Signer): Promise<bigint> {
    return (await s.poolStakers(who.address)).unlockTime;
  }

  /** The claim starts at `at` (Ethereum's close delivered, the presale funded). */
  async function startClaimAt(at: bigint) {
    await d.token!.transfer(await d.presale.getAddress(), (await d.presale.totalTokensSold()) * TOKEN);
    await closeEthereumStandIn(d);
    await d.presale.startClaim(at);
  }

  describe("presale stakes stay staked until the claim starts", function () {
    it("a buyer's own buy-and-stake: past its unlock, withdraw pays the buyer's own stake and keeps the held part", async function () {
      await giveStakeTokens(d, alice, 1_000n * TOKEN);
      await s.connect(alice).deposit(1_000n * TOKEN);
      const t1 = await minedAt(d, buyAndStake(alice, 10_000n));
      await advanceTo(d, t1 + LOCK);
      const tx = s.connect(alice).withdraw();
      await expect(tx)
        .to.emit(s, "Withdrawn")
        .withArgs(alice.address, 1_000n * TOKEN);
      await expect(tx).to.changeTokenBalance(d.ethers, d.token, alice, 1_000n * TOKEN);
      const info = await s.poolStakers(alice.address);
      expect([info.amount, info.heldUntilClaim, info.unlockTime]).to.deep.equal([
        10_000n * TOKEN,
        10_000n * TOKEN,
        t1 + LOCK,
      ]);
      expect(await s.totalStaked()).to.equal(10_000n * TOKEN);
      // Only held tokens are left: refused, now and months later, as long as the claim has not started.
      for (const later of [1n, 100n * DAY]) {
        await advanceTo(d, (await now(d.conn)) + later);
        await expect(s.connect(alice).withdraw())
          .to.be.revertedWithCustomError(s, "HeldUntilClaim")
          .withArgs(10_000n * TOKEN);
      }
    });

    it("every presale route holds: own ETH and USDC purchases, a card purchase by the provider or by anyone", async function () {
      await d.presale.setCardProviderRestricted(false);
      const [, , , carol, dave] = d.buyers;
      const usdcCost = await d.presale.usdcBuyHelper(300n);
      const routes: [Signer, bigint, () => Promise<unknown>][] = [
        [alice, 100n, () => buyAndStake(alice, 100n)],
        [bob, 300n, () => d.presale.connect(bob).buyWithUSDC(300n, usdcCost, true)],
        [carol, 500n, () => stakeFor(d.provider, carol, 500n)],
        [dave, 700n, () => stakeFor(griefer, dave, 700n)],
      ];
      for (const [, , route] of routes) await route();
      await advanceTo(d, (await now(d.conn)) + LOCK + 1n);
      for (const [who, amount] of routes) {
        expect((await s.poolStakers(who.address)).heldUntilClaim).to.equal(amount * TOKEN);
        await expect(s.connect(who).withdraw())
          .to.be.revertedWithCustomError(s, "HeldUntilClaim")
          .withArgs(amount * TOKEN);
      }
      expect(await s.totalStaked()).to.equal(1_600n * TOKEN);
    });

    it("after the claim starts, the held part leaves with the stake's own unlock, not before it", async function () {
      const t1 = await minedAt(d, buyAndStake(alice, 10_000n));
      await openClaim(d);
      await expect(s.connect(alice).withdraw())
        .to.be.revertedWithCustomError(s, "StillLocked")
        .withArgs(t1 + LOCK);
      await d.helpers.time.setNextBlockTimestamp(t1 + LOCK);
      await expect(s.connect(alice).withdraw()).to.changeTokenBalance(d.ethers, d.token, alice, 10_000n * TOKEN);
      const info = await s.poolStakers(alice.address);
      expect([info.amount, info.heldUntilClaim]).to.deep.equal([0n, 0n]);
    });

    it("a claim start set ahead holds the stake until that very second", async function () {
      const t1 = await minedAt(d, buyAndStake(alice, 10_000n));
      await advanceTo(d, t1 + LOCK + 1n);
      const start = (await now(d.conn)) + 5n * DAY;
      await startClaimAt(start);
      await d.helpers.time.setNextBlockTimestamp(start - 1n);
      await expect(s.connect(alice).withdraw())
        .to.be.revertedWithCustomError(s, "HeldUntilClaim")
        .withArgs(10_000n * TOKEN);
      await d.helpers.time.setNextBlockTimestamp(start);
      await expect(s.connect(alice).withdraw())
        .to.emit(s, "Withdrawn")
        .withArgs(alice.address, 10_000n * TOKEN);
    });

    it("claimAndStake after the claim starts is not held: it leaves with its lock, with the presale stake", async function () {
      await buyAndStake(alice, 1_000n);
      const cost = await d.presale.ethBuyHelper(2_000n);
      await d.presale.connect(alice).buyWithEth(2_000n, false, { value: cost });
      await openClaim(d);
      const t = await minedAt(d, d.presale.connect(alice).claimAndStake());
      const info = await s.poolStakers(alice.address);
      expect([info.amount, info.heldUntilClaim, info.unlockTime]).to.deep.equal([
        3_000n * TOKEN,
        1_000n * TOKEN,
        t + LOCK,
      ]);
      await advanceTo(d, t + LOCK);
      await expect(s.connect(alice).withdraw())
        .to.emit(s, "Withdrawn")
        .withArgs(alice.address, 3_000n * TOKEN);
    });
  });

  describe("nobody but the staker moves the unlock of what is staked (bound 0)", function () {
    /** 50 one-token card stakes for `victim`, half by the card provider, half by anyone; the unlock after each. */
    async function fiftyStakesFor(victim: Signer): Promise<bigint[]> {
      await d.presale.setCardProviderRestricted(false);
      const unlocks: bigint[] = [];
      for (let i = 0; i < 50; i++) {
        await stakeFor(i % 2 === 0 ? d.provider : griefer, victim, 1n);
        unlocks.push(await unlockOf(victim));
      }
      return unlocks;
    }

    it("attack: 50 one-token stakes for a victim whose 1,000-token lock has passed move its unlock by 0; it leaves at once", async function () {
      await giveStakeTokens(d, alice, 1_000n * TOKEN);
      const t0 = await minedAt(d, s.connect(alice).deposit(1_000n * TOKEN));
      await advanceTo(d, t0 + LOCK + DAY);
      const unlocks = await fiftyStakesFor(alice);
      expect(unlocks).to.deep.equal(unlocks.map(() => t0 + LOCK));
      expect((await s.poolStakers(alice.address)).amount).to.equal(1_050n * TOKEN);
      await expect(s.connect(alice).withdraw()).to.changeTokenBalance(d.ethers, d.token, alice, 1_000n * TOKEN);
      expect((await s.poolStakers(alice.address)).heldUntilClaim).to.equal(50n * TOKEN);
    });

    it("attack: 50 one-token stakes for a victim with a running lock move its unlock by 0; it leaves at that unlock", async function () {
      await giveStakeTokens(d, alice, 1_000n * TOKEN);
      const t0 = await minedAt(d, s.connect(alice).deposit(1_000n * TOKEN));
      await advanceTo(d, t0 + LOCK - DAY);
      const unlocks = await fiftyStakesFor(alice);
      expect(unlocks).to.deep.equal(unlocks.map(() => t0 + LOCK));
      await d.helpers.time.setNextBlockTimestamp(t0 + LOCK);
      await expect(s.connect(alice).withdraw())
        .to.emit(s, "Withdrawn")
        .withArgs(alice.address, 1_000n * TOKEN);
    });

    it("a new staker's first stake made for it gets a full lock; later ones for it do not move it", async function () {
      const t1 = await minedAt(d, stakeFor(d.provider, bob, 1n));
      expect(await unlockOf(bob)).to.equal(t1 + LOCK);
      await advanceTo(d, t1 + 10n * DAY);
      const unlocks = await fiftyStakesFor(bob);
      expect(unlocks).to.deep.equal(unlocks.map(() => t1 + LOCK));
    });

    it("a staker who left entirely is a new staker again: the next stake made for it gets a full lock", async function () {
      await giveStakeTokens(d, alice, 1_000n * TOKEN);
      const t0 = await minedAt(d, s.connect(alice).deposit(1_000n * TOKEN));
      await advanceTo(d, t0 + LOCK);
      await s.connect(alice).withdraw();
      const t1 = await minedAt(d, stakeFor(d.provider, alice, 5n));
      expect(await unlockOf(alice)).to.equal(t1 + LOCK);
    });

    it("the staker's own deposit, depositWithPermit, buy-and-stake (ETH, USDC) and claimAndStake each restart the whole stake's lock", async function () {
      await giveStakeTokens(d, alice, 10_000n * TOKEN);
      const cost = await d.presale.ethBuyHelper(500n);
      await d.presale.connect(alice).buyWithEth(500n, false, { value: cost }); // to claim and stake later
      await s.connect(alice).deposit(1_000n * TOKEN);
      const token = d.token as SaleToken;
      const usdcCost = await d.presale.usdcBuyHelper(100n);
      const own: [string, () => Promise<unknown>][] = [
        ["deposit", () => s.connect(alice).deposit(TOKEN)],
        [
          "depositWithPermit",
          async () => {
            await token.connect(alice).approve(await s.getAddress(), 0n);
            const dl = (await now(d.conn)) + DAY;
            const p = await signPermit(alice, token, await saleTokenDomain(token), await s.getAddress(), TOKEN, dl);
            return s.connect(alice).depositWithPermit(TOKEN, p.deadline, p.v, p.r, p.s);
          },
        ],
        ["buy-and-stake with ETH", () => buyAndStake(alice, 100n)],
        ["buy-and-stake with USDC", () => d.presale.connect(alice).buyWithUSDC(100n, usdcCost, true)],
      ];
      for (const [what, action] of own) {
        await advanceTo(d, (await now(d.conn)) + 3n * DAY);
        await action();
        expect(await unlockOf(alice), what).to.equal((await now(d.conn)) + LOCK);
      }
      await openClaim(d);
      await advanceTo(d, (await now(d.conn)) + 3n * DAY);
      const t = await minedAt(d, d.presale.connect(alice).claimAndStake());
      expect(await unlockOf(alice), "claimAndStake").to.equal(t + LOCK);
    });

    it("the reported case: an unlocked 1,000,000 stake and an own buy-and-stake of 10,000 get a full lock, not hours", async function () {
      await giveStakeTokens(d, alice, 1_000_000n * TOKEN);
      const t0 = await minedAt(d, s.connect(alice).deposit(1_000_000n * TOKEN));
      await advanceTo(d, t0 + LOCK + DAY);
      const t1 = await minedAt(d, buyAndStake(alice, 10_000n));
      expect(await unlockOf(alice)).to.equal(t1 + LOCK);
      await d.helpers.time.setNextBlockTimestamp(t1 + LOCK - 1n);
      await expect(s.connect(alice).withdraw())
        .to.be.revertedWithCustomError(s, "StillLocked")
        .withArgs(t1 + LOCK);
      // At the unlock the staker's own 1,000,000 leave; the 10,000 bought during the sale wait for the claim.
      await d.helpers.time.setNextBlockTimestamp(t1 + LOCK);
      await expect(s.connect(alice).withdraw())
        .to.emit(s, "Withdrawn")
        .withArgs(alice.address, 1_000_000n * TOKEN);
      await expect(s.connect(alice).withdraw())
        .to.be.revertedWithCustomError(s, "HeldUntilClaim")
        .withArgs(10_000n * TOKEN);
    });
  });
});
