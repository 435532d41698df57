/**
 * Liveness on one chain (docs/AUDIT.md, property 3): a purchase that fills this chain's share of a round exactly
 * leaves every view the dapp reads readable and every later action working — more purchases, an owner move, and on
 * Ethereum relay and close, on Base the report, the claim's opening and the claim — before and after the end time,
 * whether the chain owns the whole round or shares it, with dynamic time on or off. (The two-chain case, with the
 * other chain already in the next round, is in the cross-chain suites.)
 */
import { expect } from "chai";
import { anyValue } from "@nomicfoundation/hardhat-ethers-chai-matchers/withArgs";
import {
  CAPS,
  CHAINS,
  DAY,
  PRICES,
  TOKEN,
  advanceTo,
  buyEth,
  closeEthereumStandIn,
  deploy,
  minedAt,
  quotasFor,
  type ChainName,
  type Deployment,
} from "./helpers/fixtures.js";
import { base, boughtBy, buyEthPaying, ethereum } from "./helpers/purchases.js";
import { reportsSent } from "./helpers/reports.js";

const SIZES = CAPS.map((c, i) => c - (i === 0 ? 0n : CAPS[i - 1]));

interface Setting {
  name: string;
  shareBps: bigint | null; // Ethereum's share of every round; null: the chain alone owns every round
  dynamicTime: boolean;
}
const SETTINGS: Setting[] = [
  { name: "alone", shareBps: null, dynamicTime: false },
  { name: "alone, dynamic time", shareBps: null, dynamicTime: true },
  { name: "40 % to Ethereum", shareBps: 4_000n, dynamicTime: false },
];

/** This chain's share of round `i`. */
function shareOf(d: Deployment, quotas: bigint[] | undefined, i: number): bigint {
  if (quotas === undefined) return SIZES[i];
  return d.chainName === "hardhatEth" ? quotas[i] : SIZES[i] - quotas[i];
}

/** Reads every view the dapp reads; none may revert. Returns the ladder figures for the assertions. */
async function readDappViews(d: Deployment) {
  const p = d.presale;
  for (const part of [0, 1, 2]) await p.roundDetails(part);
  await Promise.all([p.startTime(), p.endTime(), p.paused(), p.saleClosed(), p.maxTokensToBuy(), p.dynamicTime()]);
  await Promise.all([p.usdRaised(), p.localUsdRaised(), p.totalTokensSold(), p.localTokensSold()]);
  if (d.chainName === "hardhatEth") {
    await ethereum(d).buyerInfo(d.buyers[1].address);
    await ethereum(d).relayGasLimit(await ethereum(d).MAX_RELAY_BUYERS());
  } else {
    const b = base(d);
    await Promise.all([b.userDeposits(d.buyers[1].address), b.claimStart(), b.claimDeadline()]);
    await Promise.all([b.remoteSaleClosed(), b.remoteTokensSold(), b.stakedDuringSale(), b.flags()]);
    await b.remoteDepositsImported(d.buyers[1].address, 0);
  }
  return {
    step: await p.currentStep(),
    checkPoint: await p.checkPoint(),
    rounds: await p.rounds(),
    local: [...(await p.roundSales())[0]],
    remaining: [...(await p.trackRemainingTokens())],
  };
}

async function deployFor(chainName: ChainName, s: Setting) {
  const quotas = s.shareBps === null ? undefined : quotasFor(CAPS, s.shareBps);
  const d = await deploy(chainName, { ethereumQuotas: quotas });
  if (chainName === "hardhatEth") await d.presale.setRemotePresale(d.signers[19].address);
  if (s.dynamicTime) await d.presale.setDynamicTime(true, DAY);
  await d.presale.setMaxTokensToBuy(16_777_215n);
  return { d, quotas };
}

/** Fills this chain's share of round 0 exactly (all but one token, then the one); returns the share. */
async function fillRoundZero(d: Deployment, quotas: bigint[] | undefined, dynamicTime: boolean) {
  const [alice, bob] = d.buyers;
  const share = shareOf(d, quotas, 0);
  await buyEth(d, alice, share - 1n);
  const fill = buyEth(d, bob, 1n);
  const at = await minedAt(d, fill);
  await expect(fill).to.emit(d.presale, "StepAdvanced").withArgs(1n);
  // With dynamic time the fill re-spaces the rounds after it from now; without, the table stays.
  const ends = [...(await d.presale.roundDetails(2))];
  if (dynamicTime) expect([ends[0], ends[1], ends[9]]).to.deep.equal([d.roundEnds[0], at + DAY, at + 9n * DAY]);
  else expect(ends).to.deep.equal(d.roundEnds);
  return share;
}

for (const chainName of CHAINS) {
  for (const setting of SETTINGS) {
    describe(`Exact fill of a round on ${chainName} (${setting.name})`, function () {
      it("before the end: views, purchases, an owner move and the chain's own closing all still work", async function () {
        const { d, quotas } = await deployFor(chainName, setting);
        const share = await fillRoundZero(d, quotas, setting.dynamicTime);
        let v = await readDappViews(d);
        expect(v.step).to.equal(1n);
        expect(v.checkPoint).to.equal(CAPS[0]);
        expect(v.local[0]).to.equal(share);
        expect(v.rounds[0].used).to.equal(share);
        expect(v.remaining).to.deep.equal(CAPS.map(() => 0n));
        expect(await d.presale.usdQuote(1n)).to.equal(PRICES[1]);
        await Promise.all([d.presale.ethBuyHelper(1n), d.presale.usdcBuyHelper(1n), d.presale.usdtBuyHelper(1n)]);
        // The next purchase sells round 1; an owner move goes on from there.
        await buyEth(d, d.buyers[2], 10n);
        await d.presale.setCurrentStep(1, 20n);
        v = await readDappViews(d);
        expect([v.step, v.checkPoint, v.local[1]]).to.deep.equal([1n, CAPS[0] + 20n, 20n]);
        expect(await d.presale.localTokensSold()).to.equal(share + 10n);
        expect(await boughtBy(d, d.buyers[1].address)).to.equal(1n);
        if (chainName === "hardhatEth") {
          const eth = ethereum(d);
          await expect(eth.relay(d.buyers.slice(0, 3).map((b) => b.address))).to.emit(eth, "Relayed");
          await expect(eth.closeSale())
            .to.emit(eth, "SaleFinalized")
            .withArgs(share + 10n, await eth.localUsdRaised());
          // The close releases everything unused: each round's quota is what Ethereum used of it.
          const reports = await reportsSent(d as Deployment<"hardhatEth">);
          const close = reports[reports.length - 1];
          const used = SIZES.map((_, i) => (i === 0 ? share : i === 1 ? 20n : 0n));
          expect([close.closed, close.tokensSold, close.quotas, close.used]).to.deep.equal([
            true,
            share + 10n,
            used,
            used,
          ]);
        } else {
          const b = base(d);
          await closeEthereumStandIn(d);
          await d.token!.transfer(await b.getAddress(), (share + 10n) * TOKEN);
          await b.startClaim((await d.helpers.time.latest()) + 10);
          await advanceTo(d, await b.claimStart());
          await b.connect(d.buyers[1]).claim();
          expect(await d.token!.balanceOf(d.buyers[1].address)).to.equal(TOKEN);
        }
        await readDappViews(d);
      });

      it("after the end: views, an owner move and the closing by anyone still work", async function () {
        const { d, quotas } = await deployFor(chainName, setting);
        const share = await fillRoundZero(d, quotas, setting.dynamicTime);
        await advanceTo(d, (await d.presale.endTime()) + 1n);
        const v = await readDappViews(d);
        // Every round has ended: the position is past the table, the quote says sold out, the rest is unsold.
        expect(v.step).to.equal(10n);
        expect(v.checkPoint).to.equal(CAPS[9]);
        await expect(d.presale.usdQuote(1n)).to.be.revertedWithCustomError(d.presale, "SoldOut");
        // No other chain reported here: only this chain's own use is subtracted from each round.
        expect(v.remaining).to.deep.equal(SIZES.map((size, i) => size - (i === 0 ? share : 0n)));
        await expect(buyEthPaying(d, d.buyers[2], 1n, 10n ** 18n)).to.be.revertedWithCustomError(
          d.presale,
          "SaleNotActive",
        );
        await d.presale.setCurrentStep(1, 5n);
        expect((await readDappViews(d)).local[1]).to.equal(5n);
        if (chainName === "hardhatEth") {
          const eth = ethereum(d).connect(d.keeper);
          await expect(eth.relay([d.buyers[0].address, d.buyers[1].address])).to.emit(eth, "Relayed");
          await expect(eth.closeSale()).to.emit(eth, "SaleFinalized");
        } else {
          const b = base(d).connect(d.keeper);
          await closeEthereumStandIn(d);
          await d.token!.transfer(await b.getAddress(), share * TOKEN);
          await advanceTo(d, await b.claimDeadline());
          await expect(b.openClaim()).to.emit(b, "ClaimStartSet");
          await b.connect(d.buyers[0]).claim();
          expect(await d.token!.balanceOf(d.buyers[0].address)).to.equal((share - 1n) * TOKEN);
        }
        await readDappViews(d);
      });
    });
  }

  it(`an exact fill of the last round on ${chainName}: the chain is past the table, everything else still works`, async function () {
    const { d, quotas } = await deployFor(chainName, { name: "40 %", shareBps: 4_000n, dynamicTime: true });
    const share = shareOf(d, quotas, 9);
    await d.presale.setCurrentStep(9, share - 1n);
    await buyEth(d, d.buyers[1], 1n);
    const v = await readDappViews(d);
    expect([v.step, v.checkPoint, v.local[9]]).to.deep.equal([10n, CAPS[9], share]);
    await expect(d.presale.usdQuote(1n)).to.be.revertedWithCustomError(d.presale, "SoldOut");
    await expect(buyEthPaying(d, d.buyers[2], 1n, 10n ** 18n)).to.be.revertedWithCustomError(d.presale, "SoldOut");
    if (chainName === "hardhatEth") {
      await expect(ethereum(d).relay([d.buyers[1].address])).to.emit(d.presale, "Relayed");
      await expect(ethereum(d).closeSale()).to.emit(d.presale, "SaleFinalized").withArgs(1n, anyValue);
    } else {
      await closeEthereumStandIn(d);
      await d.token!.transfer(await d.presale.getAddress(), TOKEN);
      await base(d).startClaim((await d.helpers.time.latest()) + 10);
    }
    await readDappViews(d);
  });
}
