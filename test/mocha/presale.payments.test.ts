import { expect } from "chai";
import { CHAINS, buyEth, buyUsdc, load, type Deployment } from "./helpers/fixtures.js";
import { boughtBy, buyEthCalldata, buyEthPaying } from "./helpers/purchases.js";

async function rejecter(d: Deployment) {
  return d.ethers.deployContract("EthRejecter");
}

for (const chainName of CHAINS) {
  describe(`Presale payments on ${chainName}`, function () {
    let d: Deployment;
    beforeEach(async function () {
      d = await load(chainName);
    });

    it("splits ETH by basis points, the payment wallet takes the remainder, nothing is stranded", async function () {
      const [alice] = d.buyers;
      const other = d.signers[10];
      await expect(d.presale.setSplits([d.splitWallet.address, other.address], [2_000n, 333n]))
        .to.emit(d.presale, "SplitsUpdated")
        .withArgs([d.splitWallet.address, other.address], [2_000n, 333n]);
      const splits = await d.presale.splits();
      expect(splits.length).to.equal(2);
      expect(splits[0].wallet).to.equal(d.splitWallet.address);
      expect(splits[1].bps).to.equal(333n);
      const amount = 777n; // an odd cost so that bps shares round down
      const cost: bigint = await d.presale.ethBuyHelper(amount);
      const s1 = (cost * 2_000n) / 10_000n;
      const s2 = (cost * 333n) / 10_000n;
      const tx = buyEthPaying(d, alice, amount, cost + 999n);
      await expect(tx).to.changeEtherBalances(
        d.ethers,
        [alice, d.splitWallet, other, d.paymentWallet, d.presale],
        [-cost, s1, s2, cost - s1 - s2, 0n],
      );
    });

    it("splits adding up to 100 % leave the payment wallet nothing, in ETH and in USDC", async function () {
      const other = d.signers[10];
      await d.presale.setSplits([d.splitWallet.address, other.address], [7_000n, 3_000n]);
      const cost: bigint = await d.presale.ethBuyHelper(1_000n);
      const s1 = (cost * 7_000n) / 10_000n;
      await expect(buyEth(d, d.buyers[0], 1_000n)).to.changeEtherBalances(
        d.ethers,
        [d.splitWallet, other, d.paymentWallet, d.presale],
        [s1, cost - s1, 0n, 0n],
      );
      const usdcCost: bigint = await d.presale.usdcBuyHelper(1_000n);
      const u1 = (usdcCost * 7_000n) / 10_000n;
      await expect(buyUsdc(d, d.buyers[0], 1_000n, usdcCost)).to.changeTokenBalances(
        d.ethers,
        d.usdc,
        [d.splitWallet, other, d.paymentWallet, d.presale],
        [u1, usdcCost - u1, 0n, 0n],
      );
    });

    it("splits USDC the same way, pulling straight from the buyer", async function () {
      const [alice] = d.buyers;
      await d.presale.setSplits([d.splitWallet.address], [2_500n]);
      const cost: bigint = await d.presale.usdcBuyHelper(1_001n);
      const share = (cost * 2_500n) / 10_000n;
      await expect(buyUsdc(d, alice, 1_001n, cost)).to.changeTokenBalances(
        d.ethers,
        d.usdc,
        [alice, d.splitWallet, d.paymentWallet, d.presale],
        [-cost, share, cost - share, 0n],
      );
    });

    it("setSplits validates (InvalidSplits: over 100 %, length mismatch, zero wallet, zero share, more than 15) and can be cleared", async function () {
      await expect(d.presale.setSplits([d.splitWallet.address], [10_001n])).to.be.revertedWithCustomError(
        d.presale,
        "InvalidSplits",
      );
      await expect(
        d.presale.setSplits([d.splitWallet.address, d.signers[10].address], [6_000n, 5_000n]),
      ).to.be.revertedWithCustomError(d.presale, "InvalidSplits");
      await expect(d.presale.setSplits([d.splitWallet.address], [1n, 2n])).to.be.revertedWithCustomError(
        d.presale,
        "InvalidSplits",
      );
      await expect(d.presale.setSplits([d.ethers.ZeroAddress], [1_000n])).to.be.revertedWithCustomError(
        d.presale,
        "InvalidSplits",
      );
      await expect(d.presale.setSplits([d.splitWallet.address], [0n])).to.be.revertedWithCustomError(
        d.presale,
        "InvalidSplits",
      );
      const sixteen = d.signers.slice(0, 16).map((s) => s.address);
      await expect(
        d.presale.setSplits(
          sixteen,
          sixteen.map(() => 1n),
        ),
      ).to.be.revertedWithCustomError(d.presale, "InvalidSplits");
      await d.presale.setSplits(
        sixteen.slice(0, 15),
        sixteen.slice(0, 15).map(() => 1n),
      ); // 15 is the maximum
      await d.presale.setSplits([d.splitWallet.address], [1_000n]);
      await d.presale.setSplits([], []);
      expect((await d.presale.splits()).length).to.equal(0);
      const cost: bigint = await d.presale.ethBuyHelper(10n);
      await expect(buyEth(d, d.buyers[0], 10n)).to.changeEtherBalance(d.ethers, d.paymentWallet, cost);
    });

    it("a split recipient that rejects ETH is credited in owed and pulls later (PaymentDeferred, OwedWithdrawn)", async function () {
      const r = await rejecter(d);
      const rAddr = await r.getAddress();
      await d.presale.setSplits([rAddr], [4_000n]);
      const cost: bigint = await d.presale.ethBuyHelper(1_000n);
      const share = (cost * 4_000n) / 10_000n;
      const tx = buyEth(d, d.buyers[0], 1_000n);
      await expect(tx).to.emit(d.presale, "PaymentDeferred").withArgs(rAddr, d.ethers.ZeroAddress, share);
      await expect(tx).to.changeEtherBalances(d.ethers, [d.paymentWallet, d.presale], [cost - share, share]);
      expect(await d.presale.owed(rAddr, d.ethers.ZeroAddress)).to.equal(share);
      expect(await d.presale.owedTotal(d.ethers.ZeroAddress)).to.equal(share);
      // Still rejecting: the pull fails and nothing is lost.
      const call = d.presale.interface.encodeFunctionData("withdrawOwed", [d.ethers.ZeroAddress]);
      await expect(r.exec(await d.presale.getAddress(), call))
        .to.be.revertedWithCustomError(d.presale, "EthTransferFailed")
        .withArgs(rAddr);
      await r.setAccepting(true);
      const w = r.exec(await d.presale.getAddress(), call);
      await expect(w).to.emit(d.presale, "OwedWithdrawn").withArgs(rAddr, d.ethers.ZeroAddress, share);
      await expect(w).to.changeEtherBalances(d.ethers, [r, d.presale], [share, -share]);
      expect(await d.presale.owed(rAddr, d.ethers.ZeroAddress)).to.equal(0n);
      await expect(r.exec(await d.presale.getAddress(), call))
        .to.be.revertedWithCustomError(d.presale, "NothingOwed")
        .withArgs(rAddr);
    });

    it("a payment wallet that rejects ETH does not block buys: its remainder is deferred", async function () {
      const r = await rejecter(d);
      const rAddr = await r.getAddress();
      await expect(d.presale.setPaymentWallet(rAddr)).to.emit(d.presale, "PaymentWalletUpdated").withArgs(rAddr);
      const cost: bigint = await d.presale.ethBuyHelper(100n);
      await expect(buyEth(d, d.buyers[0], 100n))
        .to.emit(d.presale, "PaymentDeferred")
        .withArgs(rAddr, d.ethers.ZeroAddress, cost);
      expect(await d.presale.owed(rAddr, d.ethers.ZeroAddress)).to.equal(cost);
      expect(await d.ethers.provider.getBalance(await d.presale.getAddress())).to.equal(cost);
    });

    it("a USDC-blacklisted recipient's share is pulled into the presale and owed to it", async function () {
      const [alice] = d.buyers;
      await d.presale.setSplits([d.splitWallet.address], [3_000n]);
      await d.usdc.setBlacklisted(d.splitWallet.address, true);
      const cost: bigint = await d.presale.usdcBuyHelper(2_000n);
      const share = (cost * 3_000n) / 10_000n;
      const usdcAddr = await d.usdc.getAddress();
      const tx = buyUsdc(d, alice, 2_000n, cost);
      await expect(tx).to.emit(d.presale, "PaymentDeferred").withArgs(d.splitWallet.address, usdcAddr, share);
      await expect(tx).to.changeTokenBalances(
        d.ethers,
        d.usdc,
        [alice, d.paymentWallet, d.presale],
        [-cost, cost - share, share],
      );
      expect(await d.presale.owed(d.splitWallet.address, usdcAddr)).to.equal(share);
      await d.usdc.setBlacklisted(d.splitWallet.address, false);
      await expect(d.presale.connect(d.splitWallet).withdrawOwed(usdcAddr))
        .to.emit(d.presale, "OwedWithdrawn")
        .withArgs(d.splitWallet.address, usdcAddr, share);
      expect(await d.usdc.balanceOf(d.splitWallet.address)).to.equal(share);
      await expect(d.presale.connect(d.splitWallet).withdrawOwed(usdcAddr))
        .to.be.revertedWithCustomError(d.presale, "NothingOwed")
        .withArgs(d.splitWallet.address);
    });

    it("a buyer who cannot take the ETH refund makes the purchase revert EthTransferFailed (no silent loss)", async function () {
      const r = await rejecter(d);
      const cost: bigint = await d.presale.ethBuyHelper(10n);
      const call = buyEthCalldata(d, 10n, await r.getAddress());
      await expect(r.exec(await d.presale.getAddress(), call, { value: cost + 1n }))
        .to.be.revertedWithCustomError(d.presale, "EthTransferFailed")
        .withArgs(await r.getAddress());
      // An exact payment needs no refund and goes through.
      await r.exec(await d.presale.getAddress(), call, { value: cost });
      expect(await boughtBy(d, await r.getAddress())).to.equal(10n);
    });
  });
}

describe("Presale payments: USDT quirks (hardhatEth)", function () {
  it("fee-on-transfer USDT: a shortfall reverts PaymentShortfall instead of crediting what was not received", async function () {
    const d = await load("hardhatEth");
    await d.usdt!.setParams(10n, 1_000_000n); // 0.1 % fee, max 1 USDT
    const cost: bigint = await d.presale.usdtBuyHelper(100_000n);
    const fee = (cost * 10n) / 10_000n;
    await expect(d.presale.connect(d.buyers[0]).buyWithUSDT(100_000n, cost, d.buyers[0].address))
      .to.be.revertedWithCustomError(d.presale, "PaymentShortfall")
      .withArgs(cost, cost - fee);
    expect(await boughtBy(d, d.buyers[0].address)).to.equal(0n);
    expect(await d.presale.localTokensSold()).to.equal(0n);
  });

  it("the USDT split path (blacklist-free) also pays every recipient exactly", async function () {
    const d = await load("hardhatEth");
    await d.presale.setSplits([d.splitWallet.address], [1_500n]);
    const cost: bigint = await d.presale.usdtBuyHelper(3_333n);
    const share = (cost * 1_500n) / 10_000n;
    await d.presale.connect(d.buyers[0]).buyWithUSDT(3_333n, cost, d.buyers[0].address);
    expect(await d.usdt!.balanceOf(d.splitWallet.address)).to.equal(share);
    expect(await d.usdt!.balanceOf(d.paymentWallet.address)).to.equal(cost - share);
    expect(await d.usdt!.balanceOf(await d.presale.getAddress())).to.equal(0n);
  });

  it("withdrawOwed with nothing owed reverts NothingOwed", async function () {
    const d = await load("hardhatEth");
    await expect(d.presale.connect(d.buyers[0]).withdrawOwed(d.ethers.ZeroAddress))
      .to.be.revertedWithCustomError(d.presale, "NothingOwed")
      .withArgs(d.buyers[0].address);
  });
});
