/**
 * EIP-2612 permits: a USDC purchase with a permit on both chains' presales, a stake with a permit of the sale token,
 * and the USDC stand-in's permit itself (domain and failures as Circle's FiatToken v2.2). Written as attacks: whatever
 * a third party does with a buyer's signature, and whatever the buyer signed, a call takes at most what the signature
 * (or an existing allowance) approved, and a failed permit never blocks a call the allowance covers.
 */
import { expect } from "chai";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/types";
import type { Time } from "@nomicfoundation/hardhat-network-helpers/types";
import { TypedDataEncoder, type TypedDataDomain } from "ethers";
import type { MockUSDC, SaleToken, Staking } from "../../typechain-types/index.js";
import { CHAINS, LOCK, TOKEN, USD6, buyUsdc, load, now, type ChainName, type Deployment } from "./helpers/fixtures.js";
import { ladderLibrary, smallParams } from "./helpers/params.js";
import { USDC_NAME, chainIdOf, saleTokenDomain, signPermit, usdcDomain, type SignedPermit } from "./helpers/permit.js";
import { base, boughtBy, buyUsdcWithPermit, ethereum } from "./helpers/purchases.js";

const AMOUNT = 10_000n; // whole tokens, inside round 1
const HOUR = 3_600n;

/** A deployment and the accounts the permit tests play. */
interface World {
  d: Deployment;
  presale: Deployment["presale"];
  usdc: MockUSDC;
  chainId: bigint;
  presaleAddr: string;
  /** A buyer who holds USDC and never approved the presale. */
  alice: HardhatEthersSigner;
  mallory: HardhatEthersSigner;
  /** A buyer with the fixture's unlimited approval. */
  whale: HardhatEthersSigner;
  paymentWallet: HardhatEthersSigner;
}

async function world(name: ChainName): Promise<World> {
  const d = await load(name);
  const signers = d.signers;
  const w: World = {
    d,
    presale: d.presale,
    usdc: d.usdc,
    chainId: await chainIdOf(d.owner),
    presaleAddr: await d.presale.getAddress(),
    alice: signers[14],
    mallory: signers[15],
    whale: signers[3],
    paymentWallet: signers[9],
  };
  await w.usdc.mint(w.alice.address, 1_000_000n * USD6);
  await w.usdc.mint(w.mallory.address, 1_000_000n * USD6);
  return w;
}

/** Everything a purchase by `who` could change: the buyer's money, approval, nonce and deposit, and the sale. */
async function purchaseState(w: World, who: HardhatEthersSigner) {
  return {
    balance: await w.usdc.balanceOf(who.address),
    allowance: await w.usdc.allowance(who.address, w.presaleAddr),
    nonce: await w.usdc.nonces(who.address),
    bought: await boughtBy(w.d, who.address),
    sold: await w.presale.localTokensSold(),
    wallet: await w.usdc.balanceOf(w.paymentWallet.address),
  };
}

for (const name of CHAINS) {
  describe(`buyWithUSDCPermit (${name})`, function () {
    let w: World;
    let deadline: bigint;
    beforeEach(async function () {
      w = await world(name);
      deadline = (await now(w.d.conn)) + HOUR;
    });

    const permitFor = async (owner: HardhatEthersSigner, value: bigint, dl = deadline) =>
      signPermit(owner, w.usdc, await usdcDomain(w.usdc, w.chainId), w.presaleAddr, value, dl);
    const buy = (who: HardhatEthersSigner, maxCost: bigint, p: SignedPermit) =>
      buyUsdcWithPermit(w.d, who, AMOUNT, maxCost, p);

    it("a buyer who never approved buys with one signature and one transaction, paying the quote", async function () {
      const cost = await w.presale.usdcBuyHelper(AMOUNT);
      const maxCost = cost + cost / 100n; // 1 % slippage
      const p = await permitFor(w.alice, maxCost);
      const before = await purchaseState(w, w.alice);
      expect(before.allowance).to.equal(0n);
      await expect(buy(w.alice, maxCost, p))
        .to.emit(w.presale, "TokensBought")
        .withArgs(w.alice.address, w.alice.address, await w.usdc.getAddress(), AMOUNT, cost, cost * 10n ** 12n, false);
      const after = await purchaseState(w, w.alice);
      expect(before.balance - after.balance).to.equal(cost);
      expect(after.wallet - before.wallet).to.equal(cost);
      expect(after.bought).to.equal(AMOUNT);
      expect(after.nonce).to.equal(before.nonce + 1n);
      // The permit approved maxCost; what the purchase did not use is all that stays approved.
      expect(after.allowance).to.equal(maxCost - cost);
    });

    it("a permit front-run by a third party does not make the purchase fail", async function () {
      const maxCost = await w.presale.usdcBuyHelper(AMOUNT);
      const p = await permitFor(w.alice, maxCost);
      // Mallory copies the signature from the mempool and submits it to USDC first.
      await w.usdc.connect(w.mallory).permit(w.alice.address, w.presaleAddr, maxCost, p.deadline, p.v, p.r, p.s);
      const before = await purchaseState(w, w.alice);
      await buy(w.alice, maxCost, p);
      const after = await purchaseState(w, w.alice);
      expect(after.bought).to.equal(AMOUNT);
      expect(before.balance - after.balance).to.equal(maxCost);
      expect(after.nonce).to.equal(before.nonce); // the buyer's own permit failed, quietly
    });

    it("a third party cannot use a buyer's signature to pay with the buyer's USDC", async function () {
      const maxCost = await w.presale.usdcBuyHelper(AMOUNT);
      const p = await permitFor(w.alice, maxCost);
      const alice = await purchaseState(w, w.alice);
      const mallory = await purchaseState(w, w.mallory);
      // The permit is checked for the caller (owner = msg.sender), so Mallory's call pulls from Mallory only.
      await expect(buy(w.mallory, maxCost, p)).to.be.revertedWithCustomError(w.usdc, "InsufficientAllowance");
      expect(await purchaseState(w, w.alice)).to.deep.equal(alice);
      expect(await purchaseState(w, w.mallory)).to.deep.equal(mallory);
    });

    it("a permit by another key, an expired one, or one for less than the cost moves nothing", async function () {
      const cost = await w.presale.usdcBuyHelper(AMOUNT);
      const domain = await usdcDomain(w.usdc, w.chainId);
      const forged = await signPermit(w.mallory, w.usdc, domain, w.presaleAddr, cost, deadline);
      const expiredAt = (await now(w.d.conn)) - 1n;
      const expired = await permitFor(w.alice, cost, expiredAt);
      const short = await permitFor(w.alice, cost - 1n); // signed for one unit less than the purchase costs
      const wrongDomain = await signPermit(
        w.alice,
        w.usdc,
        { ...(await usdcDomain(w.usdc, w.chainId)), version: "1" },
        w.presaleAddr,
        cost,
        deadline,
      );
      const before = await purchaseState(w, w.alice);
      for (const p of [forged, expired, short, wrongDomain]) {
        await expect(buy(w.alice, cost, p)).to.be.revertedWithCustomError(w.usdc, "InsufficientAllowance");
      }
      // Passing the signed (short) value as maxCost stops at the price check instead.
      await expect(buy(w.alice, cost - 1n, short))
        .to.be.revertedWithCustomError(w.presale, "MaxCostExceeded")
        .withArgs(cost, cost - 1n);
      expect(await purchaseState(w, w.alice)).to.deep.equal(before);
    });

    it("a replayed signature buys nothing more", async function () {
      const maxCost = await w.presale.usdcBuyHelper(AMOUNT);
      const p = await permitFor(w.alice, maxCost);
      await buy(w.alice, maxCost, p);
      const before = await purchaseState(w, w.alice);
      expect(before.allowance).to.equal(0n);
      await expect(buy(w.alice, maxCost, p)).to.be.revertedWithCustomError(w.usdc, "InsufficientAllowance");
      // Submitting it to USDC directly fails too: the nonce moved on.
      await expect(
        w.usdc.permit(w.alice.address, w.presaleAddr, maxCost, p.deadline, p.v, p.r, p.s),
      ).to.be.revertedWithCustomError(w.usdc, "InvalidSignature");
      expect(await purchaseState(w, w.alice)).to.deep.equal(before);
    });

    it("a ladder move before the purchase cannot charge more than the buyer signed for", async function () {
      const quote = await w.presale.usdcBuyHelper(AMOUNT);
      const p = await permitFor(w.alice, quote);
      // Another buyer's purchase lands first and leaves only 5,000 tokens in round 1: the next 10,000 cost more.
      const cap0 = (await w.presale.roundDetails(0))[0];
      const fill = cap0 - (await w.presale.checkPoint()) - 5_000n;
      await buyUsdc(w.d, w.whale, fill);
      const cost = await w.presale.usdcBuyHelper(AMOUNT);
      expect(cost).to.be.greaterThan(quote);
      const before = await purchaseState(w, w.alice);
      await expect(buy(w.alice, quote, p))
        .to.be.revertedWithCustomError(w.presale, "MaxCostExceeded")
        .withArgs(cost, quote);
      expect(await purchaseState(w, w.alice)).to.deep.equal(before);
      // Claiming a higher maxCost with the same signature does not help: the permit was for the quote only.
      await expect(buy(w.alice, cost, p)).to.be.revertedWithCustomError(w.usdc, "InsufficientAllowance");
      expect(await purchaseState(w, w.alice)).to.deep.equal(before);
    });

    it("the purchase pays at most the signed value, whatever the ladder did within it", async function () {
      const quote = await w.presale.usdcBuyHelper(AMOUNT);
      const maxCost = quote * 2n;
      const p = await permitFor(w.alice, maxCost);
      const cap0 = (await w.presale.roundDetails(0))[0];
      const fill = cap0 - (await w.presale.checkPoint()) - 5_000n;
      await buyUsdc(w.d, w.whale, fill);
      const cost = await w.presale.usdcBuyHelper(AMOUNT);
      const before = await purchaseState(w, w.alice);
      await buy(w.alice, maxCost, p);
      const after = await purchaseState(w, w.alice);
      expect(before.balance - after.balance).to.equal(cost);
      expect(cost).to.be.at.most(maxCost);
      expect(after.allowance).to.equal(maxCost - cost);
    });

    if (name === "hardhatBase") {
      it("stake = true: the tokens go straight into staking, held there until the claim", async function () {
        const staking = w.d.staking as Staking;
        await (w.d.token as SaleToken).transfer(w.presaleAddr, AMOUNT * TOKEN); // tokens staked during the sale
        const maxCost = await w.presale.usdcBuyHelper(AMOUNT);
        const p = await permitFor(w.alice, maxCost);
        await base(w.d).connect(w.alice).buyWithUSDCPermit(AMOUNT, maxCost, true, p.deadline, p.v, p.r, p.s);
        const info = await staking.poolStakers(w.alice.address);
        expect(info.amount).to.equal(AMOUNT * TOKEN);
        expect(info.heldUntilClaim).to.equal(AMOUNT * TOKEN);
        expect(await boughtBy(w.d, w.alice.address)).to.equal(0n);
        expect(await w.usdc.allowance(w.alice.address, w.presaleAddr)).to.equal(0n);
      });
    } else {
      it("a refused recipient (zero) reverts as buyWithUSDC does, and the permit is not spent", async function () {
        const maxCost = await w.presale.usdcBuyHelper(AMOUNT);
        const p = await permitFor(w.alice, maxCost);
        const before = await purchaseState(w, w.alice);
        const zero = w.d.ethers.ZeroAddress;
        await expect(
          ethereum(w.d).connect(w.alice).buyWithUSDCPermit(AMOUNT, maxCost, zero, p.deadline, p.v, p.r, p.s),
        ).to.be.revertedWithCustomError(w.presale, "ZeroAddress");
        expect(await purchaseState(w, w.alice)).to.deep.equal(before);
      });

      it("the permit buys for the Base address the buyer names", async function () {
        const maxCost = await w.presale.usdcBuyHelper(AMOUNT);
        const p = await permitFor(w.alice, maxCost);
        const to = w.d.signers[16].address;
        await expect(ethereum(w.d).connect(w.alice).buyWithUSDCPermit(AMOUNT, maxCost, to, p.deadline, p.v, p.r, p.s))
          .to.emit(w.presale, "TokensBought")
          .withArgs(w.alice.address, to, await w.usdc.getAddress(), AMOUNT, maxCost, maxCost * 10n ** 12n, false);
        const record = await ethereum(w.d).buyerInfo(w.alice.address);
        expect([record.recipient, record.tokens, record.relayed]).to.deep.equal([to, AMOUNT, 0n]);
      });
    }

    it("a paused sale refuses the purchase and leaves the signature unused", async function () {
      const maxCost = await w.presale.usdcBuyHelper(AMOUNT);
      const p = await permitFor(w.alice, maxCost);
      await w.presale.pause();
      const before = await purchaseState(w, w.alice);
      await expect(buy(w.alice, maxCost, p)).to.be.revertedWithCustomError(w.presale, "SalePaused");
      expect(await purchaseState(w, w.alice)).to.deep.equal(before);
    });
  });
}

describe("buyWithUSDCPermit on a presale deployed without USDC", function () {
  for (const name of CHAINS) {
    it(`reverts UnsupportedPaymentToken on ${name}, as buyWithUSDC does, before calling anything`, async function () {
      const d = await load(name);
      const params = { ...(await smallParams(d)), usdc: d.ethers.ZeroAddress };
      const { ZeroHash } = d.ethers;
      const buyer = d.signers[14];
      const deadline = (await now(d.conn)) + HOUR;
      if (name === "hardhatBase") {
        const saleToken = await d.token!.getAddress();
        const presale = await d.ethers.deployContract("BasePresale", [params, saleToken], await ladderLibrary(d));
        await expect(
          presale.connect(buyer).buyWithUSDCPermit(10n, USD6, false, deadline, 27, ZeroHash, ZeroHash),
        ).to.be.revertedWithCustomError(presale, "UnsupportedPaymentToken");
        await expect(presale.connect(buyer).buyWithUSDC(10n, USD6, false)).to.be.revertedWithCustomError(
          presale,
          "UnsupportedPaymentToken",
        );
      } else {
        const presale = await d.ethers.deployContract("EthereumPresale", [params], await ladderLibrary(d));
        await expect(
          presale.connect(buyer).buyWithUSDCPermit(10n, USD6, buyer.address, deadline, 27, ZeroHash, ZeroHash),
        ).to.be.revertedWithCustomError(presale, "UnsupportedPaymentToken");
        await expect(presale.connect(buyer).buyWithUSDC(10n, USD6, buyer.address)).to.be.revertedWithCustomError(
          presale,
          "UnsupportedPaymentToken",
        );
      }
    });
  }
});

describe("depositWithPermit (hardhatBase)", function () {
  let d: Deployment;
  let staking: Staking;
  let token: SaleToken;
  let stakingAddr: string;
  let domain: TypedDataDomain;
  let alice: HardhatEthersSigner;
  let mallory: HardhatEthersSigner;
  let deadline: bigint;
  const STAKE = 50_000n * TOKEN;

  beforeEach(async function () {
    d = await load("hardhatBase");
    staking = d.staking as Staking;
    token = d.token as SaleToken;
    stakingAddr = await staking.getAddress();
    const signers = d.signers;
    [alice, mallory] = [signers[14], signers[15]];
    await token.transfer(alice.address, 1_000_000n * TOKEN);
    await token.transfer(mallory.address, 1_000_000n * TOKEN);
    domain = await saleTokenDomain(token);
    expect(domain.version).to.equal("1");
    deadline = (await now(d.conn)) + HOUR;
  });

  async function stakeState(who: HardhatEthersSigner) {
    return {
      balance: await token.balanceOf(who.address),
      allowance: await token.allowance(who.address, stakingAddr),
      nonce: await token.nonces(who.address),
      staked: (await staking.poolStakers(who.address)).amount,
      total: await staking.totalStaked(),
    };
  }

  it("a staker who never approved stakes with one signature and one transaction", async function () {
    const p = await signPermit(alice, token, domain, stakingAddr, STAKE, deadline);
    const before = await stakeState(alice);
    expect(before.allowance).to.equal(0n);
    await expect(staking.connect(alice).depositWithPermit(STAKE, p.deadline, p.v, p.r, p.s)).to.emit(
      staking,
      "Deposited",
    );
    const after = await stakeState(alice);
    expect(after.staked).to.equal(STAKE);
    expect(before.balance - after.balance).to.equal(STAKE);
    expect(after.total - before.total).to.equal(STAKE);
    expect(after.allowance).to.equal(0n);
    expect(after.nonce).to.equal(before.nonce + 1n);
    expect((await staking.poolStakers(alice.address)).unlockTime).to.equal((await now(d.conn)) + LOCK);
  });

  it("a permit front-run by a third party does not make the stake fail", async function () {
    const p = await signPermit(alice, token, domain, stakingAddr, STAKE, deadline);
    await token.connect(mallory).permit(alice.address, stakingAddr, STAKE, p.deadline, p.v, p.r, p.s);
    await staking.connect(alice).depositWithPermit(STAKE, p.deadline, p.v, p.r, p.s);
    expect((await stakeState(alice)).staked).to.equal(STAKE);
  });

  it("a third party cannot stake a staker's tokens with the staker's signature", async function () {
    const p = await signPermit(alice, token, domain, stakingAddr, STAKE, deadline);
    const before = await stakeState(alice);
    await expect(
      staking.connect(mallory).depositWithPermit(STAKE, p.deadline, p.v, p.r, p.s),
    ).to.be.revertedWithCustomError(token, "ERC20InsufficientAllowance");
    expect(await stakeState(alice)).to.deep.equal(before);
    expect((await stakeState(mallory)).staked).to.equal(0n);
  });

  it("a permit by another key, an expired one, one for less, or a replayed one moves nothing", async function () {
    const aliceNonce = await token.nonces(alice.address);
    const forged = await signPermit(mallory, token, domain, stakingAddr, STAKE, deadline, aliceNonce);
    const expired = await signPermit(alice, token, domain, stakingAddr, STAKE, (await now(d.conn)) - 1n);
    const short = await signPermit(alice, token, domain, stakingAddr, STAKE - 1n, deadline);
    const before = await stakeState(alice);
    for (const p of [forged, expired, short]) {
      await expect(
        staking.connect(alice).depositWithPermit(STAKE, p.deadline, p.v, p.r, p.s),
      ).to.be.revertedWithCustomError(token, "ERC20InsufficientAllowance");
    }
    expect(await stakeState(alice)).to.deep.equal(before);

    const good = await signPermit(alice, token, domain, stakingAddr, STAKE, deadline);
    await staking.connect(alice).depositWithPermit(STAKE, good.deadline, good.v, good.r, good.s);
    const staked = await stakeState(alice);
    await expect(
      staking.connect(alice).depositWithPermit(STAKE, good.deadline, good.v, good.r, good.s),
    ).to.be.revertedWithCustomError(token, "ERC20InsufficientAllowance");
    expect(await stakeState(alice)).to.deep.equal(staked);
  });

  it("a locked pool refuses the deposit and leaves the signature unused", async function () {
    const p = await signPermit(alice, token, domain, stakingAddr, STAKE, deadline);
    await staking.setLocks(true, false, false);
    const before = await stakeState(alice);
    await expect(
      staking.connect(alice).depositWithPermit(STAKE, p.deadline, p.v, p.r, p.s),
    ).to.be.revertedWithCustomError(staking, "DepositsLocked");
    expect(await stakeState(alice)).to.deep.equal(before);
  });
});

describe("MockUSDC permit (as FiatToken v2.2)", function () {
  let w: World;
  let spender: HardhatEthersSigner;
  beforeEach(async function () {
    w = await world("hardhatBase");
    spender = w.mallory;
  });

  it('has version 2 and the domain {name, "2", chain id, the token}', async function () {
    expect(await w.usdc.version()).to.equal("2");
    expect(await w.usdc.name()).to.equal(USDC_NAME);
    expect(await w.usdc.DOMAIN_SEPARATOR()).to.equal(TypedDataEncoder.hashDomain(await usdcDomain(w.usdc, w.chainId)));
  });

  it("a permit sets the allowance once; its replay, a forgery and an expired one revert", async function () {
    const domain = await usdcDomain(w.usdc, w.chainId);
    const dl = (await now(w.d.conn)) + HOUR;
    const p = await signPermit(w.alice, w.usdc, domain, spender.address, 123n, dl);
    await expect(w.usdc.permit(w.alice.address, spender.address, 123n, p.deadline, p.v, p.r, p.s))
      .to.emit(w.usdc, "Approval")
      .withArgs(w.alice.address, spender.address, 123n);
    expect(await w.usdc.allowance(w.alice.address, spender.address)).to.equal(123n);
    await expect(
      w.usdc.permit(w.alice.address, spender.address, 123n, p.deadline, p.v, p.r, p.s),
    ).to.be.revertedWithCustomError(w.usdc, "InvalidSignature");
    const forged = await signPermit(spender, w.usdc, domain, spender.address, 5n, dl, 1n);
    await expect(
      w.usdc.permit(w.alice.address, spender.address, 5n, forged.deadline, forged.v, forged.r, forged.s),
    ).to.be.revertedWithCustomError(w.usdc, "InvalidSignature");
    const past = (await now(w.d.conn)) - 1n;
    const expired = await signPermit(w.alice, w.usdc, domain, spender.address, 5n, past);
    await expect(w.usdc.permit(w.alice.address, spender.address, 5n, past, expired.v, expired.r, expired.s))
      .to.be.revertedWithCustomError(w.usdc, "PermitExpired")
      .withArgs(past);
    expect(await w.usdc.allowance(w.alice.address, spender.address)).to.equal(123n);
  });

  it("is valid through its deadline second, and a deadline of 2^256-1 never expires", async function () {
    const domain = await usdcDomain(w.usdc, w.chainId);
    const at = (await now(w.d.conn)) + 100n;
    const p = await signPermit(w.alice, w.usdc, domain, spender.address, 7n, at);
    const time = (w.d.helpers as { time: Time }).time;
    await time.setNextBlockTimestamp(at);
    await w.usdc.permit(w.alice.address, spender.address, 7n, at, p.v, p.r, p.s);
    const forever = 2n ** 256n - 1n;
    const q = await signPermit(w.alice, w.usdc, domain, spender.address, 8n, forever);
    await time.increase(10n * 365n * 86_400n);
    await w.usdc.permit(w.alice.address, spender.address, 8n, forever, q.v, q.r, q.s);
    expect(await w.usdc.allowance(w.alice.address, spender.address)).to.equal(8n);
  });

  it("refuses a blacklisted owner or spender", async function () {
    const domain = await usdcDomain(w.usdc, w.chainId);
    const dl = (await now(w.d.conn)) + HOUR;
    const p = await signPermit(w.alice, w.usdc, domain, spender.address, 9n, dl);
    await w.usdc.setBlacklisted(spender.address, true);
    await expect(w.usdc.permit(w.alice.address, spender.address, 9n, dl, p.v, p.r, p.s))
      .to.be.revertedWithCustomError(w.usdc, "AccountBlacklisted")
      .withArgs(spender.address);
    await w.usdc.setBlacklisted(spender.address, false);
    await w.usdc.setBlacklisted(w.alice.address, true);
    await expect(w.usdc.permit(w.alice.address, spender.address, 9n, dl, p.v, p.r, p.s))
      .to.be.revertedWithCustomError(w.usdc, "AccountBlacklisted")
      .withArgs(w.alice.address);
  });
});
