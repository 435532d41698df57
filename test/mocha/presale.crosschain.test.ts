import { expect } from "chai";
import { CAPS, CHAINS, PRICES, TOKEN, buyEth, load, type Deployment } from "./helpers/fixtures.js";

for (const chainName of CHAINS) {
  describe(`Presale cross-chain sync on ${chainName}`, function () {
    let d: Deployment;
    beforeEach(async function () {
      d = await load(chainName);
    });

    describe("syncRemoteSales", function () {
      it("adds the other chain's sold total and USD to the ladder (RemoteSalesSynced)", async function () {
        await buyEth(d, d.buyers[0], 1_000n);
        const usdBefore: bigint = await d.presale.usdRaised();
        await expect(d.presale.connect(d.keeper).syncRemoteSales(5_000n, 30_000_000n))
          .to.emit(d.presale, "RemoteSalesSynced")
          .withArgs(5_000n, 30_000_000n);
        expect(await d.presale.remoteTokensSold()).to.equal(5_000n);
        expect(await d.presale.localTokensSold()).to.equal(1_000n);
        expect(await d.presale.totalTokensSold()).to.equal(6_000n);
        expect(await d.presale.checkPoint()).to.equal(6_000n);
        expect(await d.presale.usdRaised()).to.equal(usdBefore + 30_000_000n);
        // Only the delta is added on the next sync.
        await d.presale.connect(d.keeper).syncRemoteSales(8_000n, 48_000_000n);
        expect(await d.presale.totalTokensSold()).to.equal(9_000n);
        expect(await d.presale.checkPoint()).to.equal(9_000n);
        expect(await d.presale.usdRaised()).to.equal(usdBefore + 48_000_000n);
      });

      it("a replayed or older (reordered) total is a no-op", async function () {
        await d.presale.connect(d.keeper).syncRemoteSales(5_000n, 30_000_000n);
        await d.presale.connect(d.keeper).syncRemoteSales(5_000n, 30_000_000n);
        await expect(d.presale.connect(d.keeper).syncRemoteSales(3_000n, 18_000_000n)).not.to.emit(d.presale, "RemoteSalesSynced");
        expect(await d.presale.remoteTokensSold()).to.equal(5_000n);
        expect(await d.presale.totalTokensSold()).to.equal(5_000n);
        expect(await d.presale.checkPoint()).to.equal(5_000n);
        expect(await d.presale.usdRaised()).to.equal(30_000_000n);
      });

      it("a higher USD total alone (same tokens) is recorded", async function () {
        await d.presale.connect(d.keeper).syncRemoteSales(5_000n, 30_000_000n);
        await expect(d.presale.connect(d.keeper).syncRemoteSales(5_000n, 31_000_000n))
          .to.emit(d.presale, "RemoteSalesSynced")
          .withArgs(5_000n, 31_000_000n);
        expect(await d.presale.remoteUsdRaised()).to.equal(31_000_000n);
        expect(await d.presale.remoteTokensSold()).to.equal(5_000n);
        expect(await d.presale.checkPoint()).to.equal(5_000n);
      });

      it("a remote total crossing a cap advances the local round", async function () {
        await d.presale.connect(d.keeper).syncRemoteSales(CAPS[0] + 10n, 27_000_000_000n);
        expect(await d.presale.currentStep()).to.equal(1n);
        expect(await d.presale.checkPoint()).to.equal(CAPS[0] + 10n);
        expect(await d.presale.usdQuote(1n)).to.equal(PRICES[1]);
      });

      it("is keeper-only", async function () {
        await expect(d.presale.connect(d.buyers[0]).syncRemoteSales(1n, 1n)).to.be.revertedWithCustomError(
          d.presale,
          "AccessControlUnauthorizedAccount",
        );
      });
    });
  });
}

describe("Presale importRemoteDeposits (hardhatBase)", function () {
  let d: Deployment;
  beforeEach(async function () {
    d = await load("hardhatBase");
  });

  it("credits the cumulative delta per user (RemoteDepositImported) and ignores replays", async function () {
    const [a, b] = d.buyers;
    await d.presale.connect(d.keeper).syncRemoteSales(3_000n, 18_000_000n);
    await expect(d.presale.connect(d.keeper).importRemoteDeposits([a.address, b.address], [1_000n * TOKEN, 500n * TOKEN]))
      .to.emit(d.presale, "RemoteDepositImported")
      .withArgs(a.address, 1_000n * TOKEN, 1_000n * TOKEN);
    expect(await d.presale.userDeposits(a.address)).to.equal(1_000n * TOKEN);
    expect(await d.presale.userDeposits(b.address)).to.equal(500n * TOKEN);
    expect(await d.presale.remoteDepositsImported(a.address)).to.equal(1_000n * TOKEN);
    expect(await d.presale.totalRemoteDepositsImported()).to.equal(1_500n * TOKEN);
    // Replay: nothing more.
    await expect(d.presale.connect(d.keeper).importRemoteDeposits([a.address, b.address], [1_000n * TOKEN, 500n * TOKEN])).not.to.emit(
      d.presale,
      "RemoteDepositImported",
    );
    expect(await d.presale.userDeposits(a.address)).to.equal(1_000n * TOKEN);
    expect(await d.presale.totalRemoteDepositsImported()).to.equal(1_500n * TOKEN);
    // A later cumulative credits only the difference.
    await expect(d.presale.connect(d.keeper).importRemoteDeposits([a.address], [2_500n * TOKEN]))
      .to.emit(d.presale, "RemoteDepositImported")
      .withArgs(a.address, 2_500n * TOKEN, 1_500n * TOKEN);
    expect(await d.presale.userDeposits(a.address)).to.equal(2_500n * TOKEN);
    expect(await d.presale.totalRemoteDepositsImported()).to.equal(3_000n * TOKEN);
  });

  it("an older cumulative arriving late (reordered batch) is ignored", async function () {
    const [a] = d.buyers;
    await d.presale.connect(d.keeper).syncRemoteSales(3_000n, 18_000_000n);
    await d.presale.connect(d.keeper).importRemoteDeposits([a.address], [2_000n * TOKEN]);
    await d.presale.connect(d.keeper).importRemoteDeposits([a.address], [1_000n * TOKEN]);
    expect(await d.presale.userDeposits(a.address)).to.equal(2_000n * TOKEN);
    expect(await d.presale.remoteDepositsImported(a.address)).to.equal(2_000n * TOKEN);
  });

  it("adds to a local buyer's own deposits", async function () {
    const [a] = d.buyers;
    await buyEth(d, a, 100n);
    await d.presale.connect(d.keeper).syncRemoteSales(50n, 300_000n);
    await d.presale.connect(d.keeper).importRemoteDeposits([a.address], [50n * TOKEN]);
    expect(await d.presale.userDeposits(a.address)).to.equal(150n * TOKEN);
  });

  it("never imports more than the remote chain sold (ImportExceedsRemoteSold)", async function () {
    const [a, b] = d.buyers;
    await d.presale.connect(d.keeper).syncRemoteSales(1_000n, 6_000_000n);
    await expect(d.presale.connect(d.keeper).importRemoteDeposits([a.address, b.address], [600n * TOKEN, 401n * TOKEN]))
      .to.be.revertedWithCustomError(d.presale, "ImportExceedsRemoteSold")
      .withArgs(1_000n * TOKEN, 1_001n * TOKEN);
    await d.presale.connect(d.keeper).importRemoteDeposits([a.address, b.address], [600n * TOKEN, 400n * TOKEN]);
    expect(await d.presale.totalRemoteDepositsImported()).to.equal(1_000n * TOKEN);
  });

  it("reverts LengthMismatch and is keeper-only", async function () {
    await expect(d.presale.connect(d.keeper).importRemoteDeposits([d.buyers[0].address], [])).to.be.revertedWithCustomError(
      d.presale,
      "LengthMismatch",
    );
    await expect(d.presale.connect(d.buyers[0]).importRemoteDeposits([], [])).to.be.revertedWithCustomError(
      d.presale,
      "AccessControlUnauthorizedAccount",
    );
  });
});

describe("Presale importRemoteDeposits on Ethereum", function () {
  it("reverts ClaimNotSupported: deposits are imported on the claim chain only", async function () {
    const d = await load("hardhatEth");
    await expect(d.presale.connect(d.keeper).importRemoteDeposits([d.buyers[0].address], [TOKEN])).to.be.revertedWithCustomError(
      d.presale,
      "ClaimNotSupported",
    );
  });
});
