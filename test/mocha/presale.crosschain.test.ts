/**
 * The two chains kept in step: Ethereum's deposits, per-round sales and close reach Base only through the canonical
 * messenger (stand-ins that behave like OP's), the keeper's mirror of Base into Ethereum is bounded, the owner can
 * correct it until Ethereum closes, and both ladders stay one ladder.
 */
import { expect } from "chai";
import { AbiCoder, id, keccak256 } from "ethers";
import {
  CAPS,
  DAY,
  L2_MESSENGER,
  MAX_MIRROR_STEP,
  PRICES,
  TOKEN,
  aliased,
  buyEth,
  deployPair,
  impersonate,
  load,
  now,
  receiptOf,
  type Deployment,
  type Pair,
} from "./helpers/fixtures.js";

const VERSION_1 = 1n << 240n;

describe("OP messenger stand-ins behave like the real ones", function () {
  it("L1: sendMessage emits SentMessage with a versioned nonce that grows by one, and SentMessageExtension1", async function () {
    const d = await load("hardhatEth");
    const target = d.buyers[1].address;
    await expect(d.messenger.connect(d.buyers[0]).sendMessage(target, "0x1234", 100_000n))
      .to.emit(d.messenger, "SentMessage")
      .withArgs(target, d.buyers[0].address, "0x1234", VERSION_1, 100_000n)
      .and.to.emit(d.messenger, "SentMessageExtension1")
      .withArgs(d.buyers[0].address, 0n);
    expect(await d.messenger.messageNonce()).to.equal(VERSION_1 + 1n);
    await expect(d.messenger.xDomainMessageSender()).to.be.revertedWith("xDomainMessageSender is not set");
  });

  describe("L2 (installed at the predeploy address)", function () {
    let d: Deployment<"hardhatBase">;
    beforeEach(async function () {
      d = await load("hardhatBase");
    });

    it("lives at 0x42…07, the address the Base presale uses", async function () {
      expect(await d.presale.messenger()).to.equal(L2_MESSENGER);
      expect(await d.messenger.getAddress()).to.equal(L2_MESSENGER);
    });

    it("xDomainMessageSender reverts outside a relay", async function () {
      await expect(d.messenger.xDomainMessageSender()).to.be.revertedWith("xDomainMessageSender is not set");
    });

    it("does not send L2 → L1 messages (the Base presale sends none)", async function () {
      await expect(d.messenger.sendMessage(d.buyers[0].address, "0x", 1n)).to.be.revertedWith(
        "L2 to L1 messages are not simulated",
      );
    });

    it("a first delivery is accepted only from the aliased L1 messenger; a delivered message cannot be replayed", async function () {
      const data = d.presale.interface.encodeFunctionData("receiveEthereumReport", [[], [], [5n], 5n, 30_000n, false]);
      const args = [
        VERSION_1,
        "0x000000000000000000000000000000000000e7e7",
        await d.presale.getAddress(),
        0n,
        300_000n,
        data,
      ] as const;
      await expect(d.messenger.connect(d.buyers[0]).relayMessage(...args)).to.be.revertedWith(
        "message cannot be replayed",
      );
      const relayer = await impersonate(d, aliased("0x00000000000000000000000000000000000011e1"));
      await expect(d.messenger.connect(relayer).relayMessage(...args, { gasLimit: 1_000_000n })).to.emit(
        d.messenger,
        "RelayedMessage",
      );
      expect(await d.presale.remoteTokensSold()).to.equal(5n);
      await expect(d.messenger.connect(relayer).relayMessage(...args, { gasLimit: 1_000_000n })).to.be.revertedWith(
        "message has already been relayed",
      );
      await expect(d.messenger.connect(d.buyers[0]).relayMessage(...args)).to.be.revertedWith(
        "message cannot be replayed",
      );
    });

    it("a message whose call fails, or that arrives short of gas, is recorded as failed and anyone can replay it", async function () {
      const relayer = await impersonate(d, aliased("0x00000000000000000000000000000000000011e1"));
      const target = await d.presale.getAddress();
      const sender = "0x000000000000000000000000000000000000e7e7";
      // Short of gas: asks for 3,000,000 and gets about 1,000,000.
      const short = d.presale.interface.encodeFunctionData("receiveEthereumReport", [[], [], [7n], 7n, 0n, false]);
      const shortArgs = [VERSION_1 + 101n, sender, target, 0n, 3_000_000n, short] as const;
      await expect(d.messenger.connect(relayer).relayMessage(...shortArgs, { gasLimit: 1_000_000n })).to.emit(
        d.messenger,
        "FailedRelayedMessage",
      );
      expect(
        await d.messenger.failedMessages(
          messageHash({ messageNonce: shortArgs[0], sender, target, gasLimit: 3_000_000n, message: short }),
        ),
      ).to.equal(true);
      expect(await d.presale.remoteTokensSold()).to.equal(0n);
      // Anyone replays it with enough gas.
      await expect(d.messenger.connect(d.buyers[2]).relayMessage(...shortArgs, { gasLimit: 4_000_000n })).to.emit(
        d.messenger,
        "RelayedMessage",
      );
      expect(await d.presale.remoteTokensSold()).to.equal(7n);
      // A call that reverts (here a malformed report): recorded, not reverted; a replay fails again, still harmlessly.
      const bad = d.presale.interface.encodeFunctionData("receiveEthereumReport", [[sender], [], [], 0n, 0n, false]);
      const badArgs = [VERSION_1 + 102n, sender, target, 0n, 300_000n, bad] as const;
      await expect(d.messenger.connect(relayer).relayMessage(...badArgs, { gasLimit: 1_000_000n })).to.emit(
        d.messenger,
        "FailedRelayedMessage",
      );
      await expect(d.messenger.connect(d.buyers[2]).relayMessage(...badArgs, { gasLimit: 1_000_000n })).to.emit(
        d.messenger,
        "FailedRelayedMessage",
      );
      expect(
        await d.messenger.successfulMessages(
          messageHash({ messageNonce: badArgs[0], sender, target, gasLimit: 300_000n, message: bad }),
        ),
      ).to.equal(false);
    });
  });
});

describe("Ethereum → Base through the messenger (two chains)", function () {
  let p: Pair;
  beforeEach(async function () {
    p = await deployPair();
  });

  it("anyone can relay: the report carries the buyers' deposits and Ethereum's own totals (Relayed, SentMessage)", async function () {
    const [alice, bob] = p.eth.buyers;
    await buyEth(p.eth, alice, 1_000n);
    await p.eth.presale.connect(bob).buyWithUSDT(500n, 10n ** 12n, false);
    const stranger = p.eth.signers[15];
    const users = [alice.address, bob.address];
    const tx = p.eth.presale.connect(stranger).relay(users);
    await expect(tx).to.emit(p.eth.presale, "Relayed").withArgs(2n, 1_500n, 9_000_000n, false);
    const expected = p.base.presale.interface.encodeFunctionData("receiveEthereumReport", [
      users,
      [1_000n * TOKEN, 500n * TOKEN],
      [1_500n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n],
      1_500n,
      9_000_000n,
      false,
    ]);
    await expect(tx)
      .to.emit(p.eth.messenger, "SentMessage")
      .withArgs(
        await p.base.presale.getAddress(),
        await p.eth.presale.getAddress(),
        expected,
        VERSION_1,
        await p.eth.presale.relayGasLimit(2),
      );
    const [receipt] = await p.deliverAll();
    expect(receipt.status).to.equal(1);
    expect(await p.base.presale.userDeposits(alice.address)).to.equal(1_000n * TOKEN);
    expect(await p.base.presale.remoteDepositsImported(bob.address)).to.equal(500n * TOKEN);
    expect(await p.base.presale.totalRemoteDepositsImported()).to.equal(1_500n * TOKEN);
    expect(await p.base.presale.remoteTokensSold()).to.equal(1_500n);
    expect(await p.base.presale.remoteUsdRaised()).to.equal(9_000_000n);
    expect(await p.base.presale.checkPoint()).to.equal(await p.eth.presale.checkPoint());
    const [, remote] = await p.base.presale.roundSales();
    expect(remote[0]).to.equal(1_500n);
  });

  it("the relay's gas limit covers a report of 100 first-time buyers on Base", async function () {
    const users = Array.from({ length: 100 }, (_, i) => "0x" + (0xb0b000n + BigInt(i)).toString(16).padStart(40, "0"));
    // Each has a deposit on Ethereum (bought by card for them), so each report entry writes a new slot on Base.
    const card = p.eth.presale.connect(p.eth.provider);
    const cost: bigint = await p.eth.presale.ethBuyHelper(1n);
    for (const u of users) await card.buyWithETHWert(u, 1n, false, { value: cost });
    await p.eth.presale.relay(users);
    const [m] = await p.pending();
    expect(m.gasLimit).to.equal(BigInt(await p.eth.presale.relayGasLimit(100)));
    await expect(deliverAtMinimumGas(p, m)).to.emit(p.base.messenger, "RelayedMessage");
    expect(await p.base.presale.totalRemoteDepositsImported()).to.equal(100n * TOKEN);
  });

  it("the relay's gas limit grows with the round table: a report over 255 rounds is delivered", async function () {
    const caps = Array.from({ length: 255 }, (_, i) => 1_000n * BigInt(i + 1));
    const big = await deployPair();
    // Set after deployment: 255 rounds as constructor arguments exceed the init code size limit.
    const t = await now(big.eth.conn);
    for (const c of [big.eth, big.base])
      await c.presale.setRounds(
        caps,
        caps.map(() => 10n ** 15n),
        caps.map((_, i) => t + DAY + BigInt(i)),
      );
    await big.eth.presale.relay([]);
    const [m] = await big.pending();
    expect(m.gasLimit).to.equal(BigInt(await big.eth.presale.relayGasLimit(0)));
    await expect(deliverAtMinimumGas(big, m)).to.emit(big.base.messenger, "RelayedMessage");
  });

  it("relay needs the remote presale set (RemotePresaleNotSet) and runs on Ethereum only (WrongChain)", async function () {
    const e = await load("hardhatEth");
    await expect(e.presale.relay([])).to.be.revertedWithCustomError(e.presale, "RemotePresaleNotSet");
    await expect(p.base.presale.relay([])).to.be.revertedWithCustomError(p.base.presale, "WrongChain");
  });

  it("setRemotePresale: once (RemotePresaleAlreadySet), never zero (ZeroAddress), owner only, RemotePresaleSet", async function () {
    const e = await load("hardhatEth");
    await expect(e.presale.setRemotePresale(e.ethers.ZeroAddress)).to.be.revertedWithCustomError(
      e.presale,
      "ZeroAddress",
    );
    await expect(e.presale.setRemotePresale(e.buyers[0].address))
      .to.emit(e.presale, "RemotePresaleSet")
      .withArgs(e.buyers[0].address);
    expect(await e.presale.remotePresale()).to.equal(e.buyers[0].address);
    await expect(e.presale.setRemotePresale(e.buyers[1].address)).to.be.revertedWithCustomError(
      e.presale,
      "RemotePresaleAlreadySet",
    );
  });

  it("a report forged by any account other than the messenger is refused (NotRemotePresale)", async function () {
    const attacker = p.base.signers[15];
    await expect(
      p.base.presale.connect(attacker).receiveEthereumReport([attacker.address], [10n ** 24n], [], 10n ** 6n, 0n, true),
    )
      .to.be.revertedWithCustomError(p.base.presale, "NotRemotePresale")
      .withArgs(attacker.address);
    // Even the keeper: it has no role in the money path on Base.
    await expect(
      p.base.presale.connect(p.base.keeper).receiveEthereumReport([], [], [], 0n, 0n, true),
    ).to.be.revertedWithCustomError(p.base.presale, "NotRemotePresale");
  });

  it("a message from anyone but the Ethereum presale (wrong xDomainMessageSender) credits nothing", async function () {
    const attacker = p.eth.signers[15];
    const forged = p.base.presale.interface.encodeFunctionData("receiveEthereumReport", [
      [attacker.address],
      [10n ** 24n],
      [10n ** 6n],
      10n ** 6n,
      0n,
      true,
    ]);
    // The attacker sends it through the real L1 messenger: the message is genuine, its sender is not the presale.
    await p.eth.messenger.connect(attacker).sendMessage(await p.base.presale.getAddress(), forged, 1_000_000n);
    const [m] = await p.pending();
    expect(m.sender).to.equal(attacker.address);
    const receipt = await p.deliver(m);
    expect(receipt.status).to.equal(1);
    expect(await p.base.presale.userDeposits(attacker.address)).to.equal(0n);
    expect(await p.base.presale.remoteTokensSold()).to.equal(0n);
    expect(await p.base.presale.remoteSaleClosed()).to.equal(false);
    expect(await p.base.messenger.failedMessages(messageHash(m))).to.equal(true);
  });

  it("replayed, duplicated and reordered reports change nothing", async function () {
    const [alice] = p.eth.buyers;
    await buyEth(p.eth, alice, 1_000n);
    await p.eth.presale.relay([alice.address]); // report #0
    await buyEth(p.eth, alice, 2_000n);
    await p.eth.presale.relay([alice.address]); // report #1
    await p.eth.presale.relay([alice.address]); // report #2 (a duplicate of #1's values)
    const [r0, r1, r2] = await p.pending();
    await p.deliver(r1);
    await p.deliver(r2);
    await p.deliver(r0); // the oldest arrives last
    expect(await p.base.presale.userDeposits(alice.address)).to.equal(3_000n * TOKEN);
    expect(await p.base.presale.totalRemoteDepositsImported()).to.equal(3_000n * TOKEN);
    expect(await p.base.presale.remoteTokensSold()).to.equal(3_000n);
    expect(await p.base.presale.remoteUsdRaised()).to.equal(await p.eth.presale.localUsdRaised());
    expect(await p.base.presale.checkPoint()).to.equal(3_000n);
    // Only the report that raised the cumulative credited (and announced) anything: the duplicate and the older one
    // are silent.
    const credits = await p.base.presale.queryFilter(p.base.presale.filters.RemoteDepositImported());
    expect(credits.map((e) => [e.args.cumulative, e.args.credited])).to.deep.equal([[3_000n * TOKEN, 3_000n * TOKEN]]);
    // The bridge itself refuses to deliver a message twice.
    const relayer = await impersonate(p.base, aliased(await p.eth.messenger.getAddress()));
    await expect(
      p.base.messenger
        .connect(relayer)
        .relayMessage(r1.messageNonce, r1.sender, r1.target, 0n, r1.gasLimit, r1.message, { gasLimit: 3_000_000n }),
    ).to.be.revertedWith("message has already been relayed");
  });

  it("a report whose buyers and deposits differ in length is refused (LengthMismatch): the message fails, nothing is booked", async function () {
    const [alice] = p.eth.buyers;
    const data = p.base.presale.interface.encodeFunctionData("receiveEthereumReport", [
      [alice.address],
      [1_000n * TOKEN, 1_000n * TOKEN],
      [1_000n],
      1_000n,
      0n,
      false,
    ]);
    const relayer = await impersonate(p.base, aliased(await p.eth.messenger.getAddress()));
    const tx = p.base.messenger
      .connect(relayer)
      .relayMessage(
        VERSION_1 + 7n,
        await p.eth.presale.getAddress(),
        await p.base.presale.getAddress(),
        0n,
        1_000_000n,
        data,
        { gasLimit: 3_000_000n },
      );
    await expect(tx).to.emit(p.base.messenger, "FailedRelayedMessage");
    expect(await p.base.presale.userDeposits(alice.address)).to.equal(0n);
    expect(await p.base.presale.remoteTokensSold()).to.equal(0n);
  });

  it("relaying an address credits that address with its own Ethereum deposit only", async function () {
    const [alice] = p.eth.buyers;
    await buyEth(p.eth, alice, 1_000n);
    // The keeper (or anyone) relays itself and the buyer: only the buyer's real deposit arrives, at the buyer.
    await p.eth.presale.connect(p.eth.keeper).relay([p.eth.keeper.address, alice.address]);
    await p.deliverAll();
    expect(await p.base.presale.userDeposits(p.eth.keeper.address)).to.equal(0n);
    expect(await p.base.presale.userDeposits(alice.address)).to.equal(1_000n * TOKEN);
  });
});

describe("closeSale on Ethereum", function () {
  let p: Pair;
  beforeEach(async function () {
    p = await deployPair();
  });

  it("before the end time only the owner may close (SaleNotEnded); the close is final and relayed (SaleFinalized)", async function () {
    const [alice] = p.eth.buyers;
    await buyEth(p.eth, alice, 700n);
    const end = await p.eth.presale.endTime();
    await expect(p.eth.presale.connect(alice).closeSale())
      .to.be.revertedWithCustomError(p.eth.presale, "SaleNotEnded")
      .withArgs(end);
    const tx = p.eth.presale.closeSale();
    await expect(tx).to.emit(p.eth.presale, "SaleFinalized").withArgs(700n, 4_200_000n);
    await expect(tx).to.emit(p.eth.presale, "Relayed").withArgs(0n, 700n, 4_200_000n, true);
    expect(await p.eth.presale.saleClosed()).to.equal(true);
    await expect(buyEth(p.eth, alice, 1n)).to.be.revertedWithCustomError(p.eth.presale, "SaleClosed");
    await expect(p.eth.presale.connect(alice).buyWithUSDC(1n, 10n ** 12n, false)).to.be.revertedWithCustomError(
      p.eth.presale,
      "SaleClosed",
    );
    await expect(p.eth.presale.closeSale()).to.be.revertedWithCustomError(p.eth.presale, "SaleClosed");
    // Unpausing or moving the sale times does not reopen it.
    await p.eth.presale.setSaleTimes(await now(p.eth.conn), end + DAY);
    await expect(buyEth(p.eth, alice, 1n)).to.be.revertedWithCustomError(p.eth.presale, "SaleClosed");
    // Base learns of the close; the deposits follow with any relay.
    await p.deliverAll();
    expect(await p.base.presale.remoteSaleClosed()).to.equal(true);
    expect(await p.base.presale.remoteTokensSold()).to.equal(700n);
    await expect(p.base.presale.startClaim((await now(p.base.conn)) + 10n))
      .to.be.revertedWithCustomError(p.base.presale, "RemoteImportIncomplete")
      .withArgs(700n * TOKEN, 0n);
    await expect(p.eth.presale.connect(p.eth.signers[15]).relay([alice.address]))
      .to.emit(p.eth.presale, "Relayed")
      .withArgs(1n, 700n, 4_200_000n, true);
    await p.deliverAll();
    await p.base.token!.transfer(await p.base.presale.getAddress(), 700n * TOKEN);
    const ts = (await now(p.base.conn)) + 600n;
    await expect(p.base.presale.startClaim(ts)).to.emit(p.base.presale, "ClaimStartSet").withArgs(ts);
    await p.base.helpers.time.increaseTo(ts);
    // Same address on Base (same keys); a signer of the Base connection.
    await expect(p.base.presale.connect(p.base.buyers[0]).claim())
      .to.emit(p.base.presale, "TokensClaimed")
      .withArgs(alice.address, 700n * TOKEN, false);
  });

  it("anyone may close from the end time itself on", async function () {
    const end = await p.eth.presale.endTime();
    // Mined at exactly the end time (an explicit gas limit: no estimate in a block before it).
    await p.eth.helpers.time.setNextBlockTimestamp(end);
    await expect(p.eth.presale.connect(p.eth.signers[15]).closeSale({ gasLimit: 1_000_000n })).to.emit(
      p.eth.presale,
      "SaleFinalized",
    );
    expect(await p.eth.presale.saleClosed()).to.equal(true);
  });

  it("runs on Ethereum only (WrongChain) and needs the remote presale (RemotePresaleNotSet)", async function () {
    await expect(p.base.presale.closeSale()).to.be.revertedWithCustomError(p.base.presale, "WrongChain");
    const e = await load("hardhatEth");
    await expect(e.presale.closeSale()).to.be.revertedWithCustomError(e.presale, "RemotePresaleNotSet");
  });

  it("after the close the keeper cannot mirror and the owner cannot correct (SaleClosed)", async function () {
    await p.eth.presale.closeSale();
    await expect(p.eth.presale.connect(p.eth.keeper).mirrorRemoteSales([1n], 0n)).to.be.revertedWithCustomError(
      p.eth.presale,
      "SaleClosed",
    );
    await expect(
      p.eth.presale.correctRemoteSales(
        CAPS.map(() => 0n),
        0n,
      ),
    ).to.be.revertedWithCustomError(p.eth.presale, "SaleClosed");
  });
});

describe("Base → Ethereum: the keeper's bounded mirror and the owner's correction", function () {
  let p: Pair;
  beforeEach(async function () {
    p = await deployPair();
  });

  it("books Base's per-round sales into Ethereum's ladder (RemoteSalesMirrored); a replay changes nothing", async function () {
    await buyEth(p.base, p.base.buyers[0], 3_000n);
    await expect(p.mirror()).to.emit(p.eth.presale, "RemoteSalesMirrored").withArgs(3_000n, 18_000_000n);
    expect(await p.eth.presale.remoteTokensSold()).to.equal(3_000n);
    expect(await p.eth.presale.checkPoint()).to.equal(3_000n);
    expect(await p.eth.presale.usdQuote(1n)).to.equal(PRICES[0]);
    await p.mirror();
    await p.eth.presale.connect(p.eth.keeper).mirrorRemoteSales([1_000n], 1n); // older values: nothing
    expect(await p.eth.presale.remoteTokensSold()).to.equal(3_000n);
    expect(await p.eth.presale.remoteUsdRaised()).to.equal(18_000_000n);
    expect(await p.eth.presale.checkPoint()).to.equal(3_000n);
  });

  it("a mirror landing exactly on a round's cap closes the round (StepAdvanced) on both chains alike", async function () {
    await p.base.presale.setDynamicTime(true, DAY);
    await p.eth.presale.setDynamicTime(true, DAY);
    await p.eth.presale.setMaxMirrorStep(CAPS[0]);
    await buyEth(p.base, p.base.buyers[0], CAPS[0]);
    expect(await p.base.presale.currentStep()).to.equal(1n);
    await expect(p.mirror()).to.emit(p.eth.presale, "StepAdvanced").withArgs(1n, CAPS[0]);
    expect(await p.eth.presale.currentStep()).to.equal(1n);
    expect(await p.eth.presale.checkPoint()).to.equal(CAPS[0]);
    expect(await p.eth.presale.usdQuote(1n)).to.equal(PRICES[1]);
    // A sell-out: dynamic time re-spaces the later rounds on Ethereum too.
    const ts = await now(p.eth.conn);
    expect((await p.eth.presale.roundDetails(2))[1]).to.equal(ts + DAY);
  });

  it("a report landing exactly on a round's cap closes the round on Base", async function () {
    await p.base.presale.setDynamicTime(true, DAY);
    await buyEth(p.eth, p.eth.buyers[0], CAPS[0]);
    await p.eth.presale.relay([p.eth.buyers[0].address]);
    const [receipt] = await p.deliverAll();
    expect(receipt.status).to.equal(1);
    expect(await p.base.presale.currentStep()).to.equal(1n);
    expect(await p.base.presale.checkPoint()).to.equal(CAPS[0]);
    expect((await p.base.presale.roundDetails(2))[1]).to.equal((await now(p.base.conn)) + DAY);
  });

  it("cannot add more than maxMirrorStep per call (MirrorStepExceeded) nor more than a round holds (MirrorExceedsRound)", async function () {
    await expect(p.eth.presale.connect(p.eth.keeper).mirrorRemoteSales([MAX_MIRROR_STEP + 1n], 0n))
      .to.be.revertedWithCustomError(p.eth.presale, "MirrorStepExceeded")
      .withArgs(MAX_MIRROR_STEP + 1n, MAX_MIRROR_STEP);
    await expect(p.eth.presale.connect(p.eth.keeper).mirrorRemoteSales([600_000n, 500_000n], 0n))
      .to.be.revertedWithCustomError(p.eth.presale, "MirrorStepExceeded")
      .withArgs(1_100_000n, MAX_MIRROR_STEP);
    await p.eth.presale.setMaxMirrorStep(10n ** 9n);
    await expect(p.eth.presale.connect(p.eth.keeper).mirrorRemoteSales([CAPS[0] + 1n], 0n))
      .to.be.revertedWithCustomError(p.eth.presale, "MirrorExceedsRound")
      .withArgs(0n, CAPS[0] + 1n, CAPS[0]);
  });

  it("setMaxMirrorStep: owner only, MaxMirrorStepUpdated; zero stops the mirror", async function () {
    await expect(p.eth.presale.setMaxMirrorStep(0n)).to.emit(p.eth.presale, "MaxMirrorStepUpdated").withArgs(0n);
    expect(await p.eth.presale.maxMirrorStep()).to.equal(0n);
    await expect(p.eth.presale.connect(p.eth.keeper).mirrorRemoteSales([1n], 0n)).to.be.revertedWithCustomError(
      p.eth.presale,
      "MirrorStepExceeded",
    );
    await expect(p.eth.presale.connect(p.eth.keeper).setMaxMirrorStep(1n)).to.be.revertedWithCustomError(
      p.eth.presale,
      "AccessControlUnauthorizedAccount",
    );
  });

  it("mirrorRemoteSales: keeper only, and not on Base (WrongChain)", async function () {
    await expect(p.eth.presale.connect(p.eth.buyers[0]).mirrorRemoteSales([1n], 0n)).to.be.revertedWithCustomError(
      p.eth.presale,
      "AccessControlUnauthorizedAccount",
    );
    await expect(p.base.presale.connect(p.base.keeper).mirrorRemoteSales([1n], 0n)).to.be.revertedWithCustomError(
      p.base.presale,
      "WrongChain",
    );
  });

  it("the owner corrects a wrong mirror, lower too (RemoteSalesCorrected): the position moves back and rounds reopen", async function () {
    const k = p.eth.presale.connect(p.eth.keeper);
    await p.eth.presale.setMaxMirrorStep(CAPS[1]);
    await buyEth(p.eth, p.eth.buyers[0], 1_000n);
    // A bad mirror fills rounds 1 and 2; Ethereum then sells in round 3 at its price.
    await k.mirrorRemoteSales([CAPS[0] - 1_000n, CAPS[1] - CAPS[0]], 1n);
    expect(await p.eth.presale.currentStep()).to.equal(2n);
    await buyEth(p.eth, p.eth.buyers[1], 10n);
    const truth = CAPS.map(() => 0n);
    truth[0] = 2_000n;
    const correction = p.eth.presale.correctRemoteSales(truth, 12_000_000n);
    await expect(correction).to.emit(p.eth.presale, "RemoteSalesCorrected").withArgs(2_000n, 12_000_000n);
    // The move back is announced like an admin move.
    await expect(correction).to.emit(p.eth.presale, "StepSet").withArgs(0n, 3_000n);
    expect(await p.eth.presale.currentStep()).to.equal(0n);
    expect(await p.eth.presale.checkPoint()).to.equal(3_000n);
    expect(await p.eth.presale.remoteTokensSold()).to.equal(2_000n);
    expect(await p.eth.presale.remoteUsdRaised()).to.equal(12_000_000n);
    expect(await p.eth.presale.usdQuote(1n)).to.equal(PRICES[0]);
    // The 10 tokens really sold in round 3 stay booked there.
    const [local] = await p.eth.presale.roundSales();
    expect(local[2]).to.equal(10n);
    await expect(p.eth.presale.correctRemoteSales([1n], 0n)).to.be.revertedWithCustomError(
      p.eth.presale,
      "LengthMismatch",
    );
    await expect(p.eth.presale.connect(p.eth.keeper).correctRemoteSales(truth, 0n)).to.be.revertedWithCustomError(
      p.eth.presale,
      "AccessControlUnauthorizedAccount",
    );
  });
});

describe("One ladder at every round boundary (two chains)", function () {
  it("a keeper filling every round moves Ethereum to the last cap, never past it; the owner's correction reopens the sale", async function () {
    const p = await deployPair();
    await p.eth.presale.setMaxMirrorStep(10n ** 12n);
    const sizes = CAPS.map((c, i) => c - (i === 0 ? 0n : CAPS[i - 1]));
    await p.eth.presale.connect(p.eth.keeper).mirrorRemoteSales(sizes, 0n);
    expect(await p.eth.presale.currentStep()).to.equal(BigInt(CAPS.length));
    expect(await p.eth.presale.checkPoint()).to.equal(CAPS[CAPS.length - 1]);
    await expect(buyEth(p.eth, p.eth.buyers[0], 1n)).to.be.revertedWithCustomError(p.eth.presale, "SoldOut");
    await p.eth.presale.correctRemoteSales(
      CAPS.map(() => 0n),
      0n,
    );
    expect(await p.eth.presale.currentStep()).to.equal(0n);
    expect(await p.eth.presale.checkPoint()).to.equal(0n);
    await buyEth(p.eth, p.eth.buyers[0], 1n);
  });

  it("a purchase entering a round already full (booked while the position was behind) skips it: not a sell-out", async function () {
    const p = await deployPair();
    await p.eth.presale.setMaxMirrorStep(10n ** 12n);
    await p.eth.presale.setDynamicTime(true, DAY);
    const k = p.eth.presale.connect(p.eth.keeper);
    await k.mirrorRemoteSales([CAPS[0], CAPS[1] - CAPS[0]], 0n);
    const truth = CAPS.map(() => 0n);
    truth[0] = CAPS[0] - 100n;
    truth[1] = CAPS[1] - CAPS[0];
    await p.eth.presale.correctRemoteSales(truth, 0n);
    expect(await p.eth.presale.currentStep()).to.equal(0n);
    const ends: bigint[] = [...(await p.eth.presale.roundDetails(2))];
    const usd = 100n * PRICES[0] + 100n * PRICES[2];
    expect(await p.eth.presale.usdQuote(200n)).to.equal(usd);
    await buyEth(p.eth, p.eth.buyers[0], 200n);
    expect(await p.eth.presale.currentStep()).to.equal(2n);
    expect(await p.eth.presale.checkPoint()).to.equal(CAPS[1] + 100n);
    // The purchase sold the first round out (dynamic time re-spaces from the new current round); the full second
    // round it skipped was not a sell-out of its own.
    const after: bigint[] = [...(await p.eth.presale.roundDetails(2))];
    expect(after[0]).to.equal(ends[0]);
    expect(after[2]).to.equal((await now(p.eth.conn)) + DAY);
  });

  it("a purchase after an expiry entering a round filled exactly by the other chain skips it: no sell-out, no re-spacing", async function () {
    const p = await deployPair();
    await p.eth.presale.setMaxMirrorStep(10n ** 12n);
    await p.eth.presale.setDynamicTime(true, DAY);
    await p.eth.presale.connect(p.eth.keeper).mirrorRemoteSales([0n, CAPS[1] - CAPS[0]], 0n);
    expect(await p.eth.presale.currentStep()).to.equal(0n);
    const ends: bigint[] = [...(await p.eth.presale.roundDetails(2))];
    await p.advanceBothTo(ends[0]);
    await buyEth(p.eth, p.eth.buyers[0], 10n);
    expect(await p.eth.presale.currentStep()).to.equal(2n);
    expect(await p.eth.presale.checkPoint()).to.equal(CAPS[1] + 10n);
    // Round 1 closed by time, round 2 by the other chain: neither is a sell-out of this purchase.
    expect([...(await p.eth.presale.roundDetails(2))]).to.deep.equal(ends);
  });

  it("neither an admin move nor a new table puts the position below what the other chain sold in its round", async function () {
    const p = await deployPair();
    await deliverFromEthPresale(p, [0n, 500n], false); // Ethereum sold 500 in round 2 (Base is still in round 1)
    expect(await p.base.presale.currentStep()).to.equal(0n);
    await expect(p.base.presale.setCurrentStep(1n, CAPS[0] + 499n)).to.be.revertedWithCustomError(
      p.base.presale,
      "InvalidStep",
    );
    await expect(p.base.presale.setCurrentStep(1n, CAPS[0] + 500n))
      .to.emit(p.base.presale, "StepSet")
      .withArgs(1n, CAPS[0] + 500n);
    // A table starting round 2 one token later would leave only 499 below the position for Ethereum's 500.
    const ends: bigint[] = [...(await p.base.presale.roundDetails(2))];
    const caps = [...CAPS];
    caps[0] = CAPS[0] + 1n;
    await expect(p.base.presale.setRounds(caps, PRICES, ends)).to.be.revertedWithCustomError(
      p.base.presale,
      "InvalidRounds",
    );
    caps[0] = CAPS[0];
    await expect(p.base.presale.setRounds(caps, PRICES, ends)).to.emit(p.base.presale, "RoundsUpdated");
  });

  it("an admin move inside a round counts on the ladder of both chains (not as deposits)", async function () {
    const p = await deployPair();
    await p.eth.presale.setCurrentStep(0n, 2_000n);
    await p.eth.presale.relay([]);
    await p.deliverAll();
    expect(await p.base.presale.checkPoint()).to.equal(2_000n);
    expect(await p.base.presale.remoteTokensSold()).to.equal(0n);
    const [, remote] = await p.base.presale.roundSales();
    expect(remote[0]).to.equal(2_000n);
  });

  it("counts for rounds beyond the receiving table are ignored; Ethereum's close is sticky", async function () {
    const p = await deployPair();
    const d = p.base;
    const counts = [...CAPS.map(() => 0n), 5n, 6n];
    counts[0] = 7n;
    const data = d.presale.interface.encodeFunctionData("receiveEthereumReport", [[], [], counts, 7n, 0n, true]);
    await p.eth.messenger.connect(p.eth.buyers[0]).sendMessage(await d.presale.getAddress(), data, 1_000_000n);
    // Sent by an account, not the presale: refused. The same counts from the presale itself come with a relay.
    await p.deliverAll();
    expect(await d.presale.remoteSaleClosed()).to.equal(false);
    const local = await deliverFromEthPresale(p, counts, true);
    expect(local.status).to.equal(1);
    expect(await d.presale.checkPoint()).to.equal(7n);
    expect(await d.presale.remoteSaleClosed()).to.equal(true);
    await deliverFromEthPresale(p, [8n], false);
    expect(await d.presale.remoteSaleClosed()).to.equal(true);
    expect(await d.presale.checkPoint()).to.equal(8n);
  });

  it("a report crossing a cap by expiry is not a sell-out: no re-spacing with dynamic time", async function () {
    const p = await deployPair();
    await p.base.presale.setDynamicTime(true, DAY);
    await buyEth(p.eth, p.eth.buyers[0], 1_000n);
    await p.eth.presale.relay([p.eth.buyers[0].address]);
    const ends: bigint[] = [...(await p.base.presale.roundDetails(2))];
    await p.advanceBothTo(ends[0]);
    const [receipt] = await p.deliverAll();
    expect(receipt.status).to.equal(1);
    expect(await p.base.presale.currentStep()).to.equal(1n);
    expect(await p.base.presale.checkPoint()).to.equal(CAPS[0]);
    expect([...(await p.base.presale.roundDetails(2))]).to.deep.equal(ends);
    expect((await p.base.presale.trackRemainingTokens())[0]).to.equal(CAPS[0] - 1_000n);
  });

  it("the remote position counts in the walk: a purchase entering a round starts after what the other chain sold in it", async function () {
    const p = await deployPair();
    await p.eth.presale.setMaxMirrorStep(CAPS[1]);
    // Base sells round 1 out and 500 into round 2; Ethereum sold 1,000 in round 1 meanwhile (in flight).
    await buyEth(p.base, p.base.buyers[0], CAPS[0] + 500n);
    await buyEth(p.eth, p.eth.buyers[0], 1_000n);
    await p.mirror();
    expect(await p.eth.presale.currentStep()).to.equal(1n);
    expect(await p.eth.presale.checkPoint()).to.equal(CAPS[0] + 500n);
    await p.eth.presale.relay([p.eth.buyers[0].address]);
    await p.deliverAll();
    expect(await p.base.presale.checkPoint()).to.equal(CAPS[0] + 500n);
    const [, remote] = await p.base.presale.roundSales();
    expect(remote[0]).to.equal(1_000n); // booked in round 1, where it was sold (round 1 oversold by the in-flight 1,000)
    expect(await p.base.presale.usdQuote(1n)).to.equal(await p.eth.presale.usdQuote(1n));
  });

  it("a report arriving at a round's end time itself closes that round by time first", async function () {
    const p = await deployPair();
    const end0: bigint = (await p.base.presale.roundDetails(2))[0];
    await p.base.helpers.time.setNextBlockTimestamp(end0);
    const receipt = await deliverFromEthPresale(p, [500n], false);
    expect(receipt.status).to.equal(1);
    expect(await p.base.presale.currentStep()).to.equal(1n);
    expect(await p.base.presale.checkPoint()).to.equal(CAPS[0]);
    expect((await p.base.presale.roundSales())[1][0]).to.equal(500n);
  });

  it("a report is booked even where it exceeds the receiving round (tables changed on one side): deposits are never held back", async function () {
    const p = await deployPair();
    const [alice] = p.eth.buyers;
    await buyEth(p.eth, alice, 2_000n);
    // The owner shrinks Base's first round below what Ethereum already sold in it.
    const caps = [...CAPS];
    caps[0] = 1_000n;
    await p.base.presale.setRounds(caps, PRICES, [...(await p.base.presale.roundDetails(2))]);
    await p.eth.presale.relay([alice.address]);
    const [receipt] = await p.deliverAll();
    expect(receipt.status).to.equal(1);
    expect(await p.base.presale.userDeposits(alice.address)).to.equal(2_000n * TOKEN);
    expect((await p.base.presale.roundSales())[1][0]).to.equal(2_000n);
    expect(await p.base.presale.currentStep()).to.equal(1n);
  });
});

/** Delivers `m` on Base with just what OP's messenger guarantees the call: its minimum gas limit (plus overhead). */
async function deliverAtMinimumGas(
  pair: Pair,
  m: { messageNonce: bigint; sender: string; target: string; gasLimit: bigint; message: string },
) {
  const relayer = await impersonate(pair.base, aliased(await pair.eth.messenger.getAddress()));
  return pair.base.messenger
    .connect(relayer)
    .relayMessage(m.messageNonce, m.sender, m.target, 0n, m.gasLimit, m.message, {
      gasLimit: (m.gasLimit * 64n) / 63n + 200_000n,
    });
}

function messageHash(m: {
  messageNonce: bigint;
  sender: string;
  target: string;
  gasLimit: bigint;
  message: string;
}): string {
  const selector = id("relayMessage(uint256,address,address,uint256,uint256,bytes)").slice(0, 10);
  const body = AbiCoder.defaultAbiCoder().encode(
    ["uint256", "address", "address", "uint256", "uint256", "bytes"],
    [m.messageNonce, m.sender, m.target, 0n, m.gasLimit, m.message],
  );
  return keccak256(selector + body.slice(2));
}

/** Delivers a report as if the Ethereum presale had sent it (the aliased L1 messenger relays it with that sender). */
async function deliverFromEthPresale(p: Pair, roundSold: bigint[], closed: boolean) {
  const sold = roundSold.slice(0, CAPS.length).reduce((a, b) => a + b, 0n);
  const data = p.base.presale.interface.encodeFunctionData("receiveEthereumReport", [
    [],
    [],
    roundSold,
    sold,
    0n,
    closed,
  ]);
  const relayer = await impersonate(p.base, aliased(await p.eth.messenger.getAddress()));
  const nonce = VERSION_1 + 1_000n + sold;
  return receiptOf(
    p.base.messenger
      .connect(relayer)
      .relayMessage(nonce, await p.eth.presale.getAddress(), await p.base.presale.getAddress(), 0n, 1_000_000n, data, {
        gasLimit: 3_000_000n,
      }),
  );
}
