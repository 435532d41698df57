/**
 * The two chains kept in step: Ethereum's relayed legs, its quota and use of every round, its totals and its close
 * reach Base only through the canonical messenger (OP's own contracts); nothing travels from Base to
 * Ethereum, and each chain sells only its own share of each round (docs/PRODUCT.md §9).
 */
import { expect } from "chai";
import { anyUint } from "@nomicfoundation/hardhat-ethers-chai-matchers/withArgs";
import { getAddress } from "ethers";
import { baseGas, messageHash } from "../../scripts/lib/opstack.js";
import {
  CAPS,
  DAY,
  ETH_PRESALE_STANDIN,
  L1_MESSENGER_STANDIN,
  L2_MESSENGER,
  PRICES,
  TOKEN,
  aliased,
  buyEth,
  deployPair,
  impersonate,
  leg,
  load,
  now,
  receiptOf,
  sentThrough,
  withNonce,
  type Deployment,
  type Pair,
  type RelayedDeposit,
  type SentMessage,
  type Signer,
} from "./helpers/fixtures.js";
import { BASE_SHARES, ETH_QUOTAS, expectSupplyBound, lastMessage, relayed } from "./helpers/attack.js";

const VERSION_1 = 1n << 240n;
const ALREADY_RELAYED = "CrossDomainMessenger: message has already been relayed";
const CANNOT_REPLAY = "CrossDomainMessenger: message cannot be replayed";

describe("OP's messengers as the presales meet them (contracts-bedrock 0.17.3)", function () {
  it("L1: sendMessage emits SentMessage with a versioned nonce that grows by one, and the portal logs its deposit", async function () {
    const d = await load("hardhatEth");
    const target = d.buyers[1].address;
    await expect(d.messenger.connect(d.buyers[0]).sendMessage(target, "0x1234", 100_000n))
      .to.emit(d.messenger, "SentMessage")
      .withArgs(target, d.buyers[0].address, "0x1234", VERSION_1, 100_000n)
      .and.to.emit(d.messenger, "SentMessageExtension1")
      .withArgs(d.buyers[0].address, 0n);
    expect(await d.messenger.messageNonce()).to.equal(VERSION_1 + 1n);
    await expect(d.messenger.xDomainMessageSender()).to.be.revertedWith(
      "CrossDomainMessenger: xDomainMessageSender is not set",
    );
    // The deposit the OP node derives: from the aliased L1 messenger to the L2 messenger, with the messenger's baseGas.
    const [m] = await sentThrough(d);
    expect(m).to.deep.include({ target, sender: d.buyers[0].address, message: "0x1234", gasLimit: 100_000n });
    expect(m.deposit.from).to.equal(aliased(await d.messenger.getAddress()));
    expect(m.deposit.to).to.equal(L2_MESSENGER);
    expect(m.deposit.gasLimit).to.equal(await d.messenger.baseGas("0x1234", 100_000n));
    expect(m.deposit.gasLimit).to.equal(baseGas("0x1234", 100_000n));
  });

  describe("L2 (at the predeploy address)", function () {
    let d: Deployment<"hardhatBase">;
    beforeEach(async function () {
      d = await load("hardhatBase");
    });

    it("lives at 0x42…07, the address the Base presale uses, and trusts only its L1 messenger", async function () {
      expect(await d.presale.messenger()).to.equal(L2_MESSENGER);
      expect(await d.messenger.getAddress()).to.equal(L2_MESSENGER);
      expect(await d.messenger.otherMessenger()).to.equal(getAddress(L1_MESSENGER_STANDIN));
    });

    it("xDomainMessageSender reverts outside a relay", async function () {
      await expect(d.messenger.xDomainMessageSender()).to.be.revertedWith(
        "CrossDomainMessenger: xDomainMessageSender is not set",
      );
    });

    it("a first delivery is accepted only from the aliased L1 messenger; a delivered message cannot be replayed", async function () {
      const data = d.presale.interface.encodeFunctionData("receiveEthereumReport", [[], [], [5n], 5n, 30_000n, false]);
      const args = [VERSION_1, ETH_PRESALE_STANDIN, await d.presale.getAddress(), 0n, 300_000n, data] as const;
      await expect(d.messenger.connect(d.buyers[0]).relayMessage(...args)).to.be.revertedWith(CANNOT_REPLAY);
      const relayer = await impersonate(d, aliased(L1_MESSENGER_STANDIN));
      await expect(d.messenger.connect(relayer).relayMessage(...args, { gasLimit: 1_000_000n })).to.emit(
        d.messenger,
        "RelayedMessage",
      );
      expect(await d.presale.remoteTokensSold()).to.equal(5n);
      await expect(d.messenger.connect(relayer).relayMessage(...args, { gasLimit: 1_000_000n })).to.be.revertedWith(
        ALREADY_RELAYED,
      );
      await expect(d.messenger.connect(d.buyers[0]).relayMessage(...args)).to.be.revertedWith(CANNOT_REPLAY);
    });

    it("a message whose call fails, or that arrives short of gas, is recorded as failed and anyone can replay it", async function () {
      const relayer = await impersonate(d, aliased(L1_MESSENGER_STANDIN));
      const target = await d.presale.getAddress();
      const sender = ETH_PRESALE_STANDIN;
      // Short of gas: asks for 3,000,000 and gets about 1,000,000.
      const short = d.presale.interface.encodeFunctionData("receiveEthereumReport", [[], [], [7n], 7n, 0n, false]);
      const shortArgs = [VERSION_1 + 101n, sender, target, 0n, 3_000_000n, short] as const;
      await expect(d.messenger.connect(relayer).relayMessage(...shortArgs, { gasLimit: 1_000_000n })).to.emit(
        d.messenger,
        "FailedRelayedMessage",
      );
      expect(await d.messenger.failedMessages(hashOf(...shortArgs))).to.equal(true);
      expect(await d.presale.remoteTokensSold()).to.equal(0n);
      // Anyone replays it with enough gas.
      await expect(d.messenger.connect(d.buyers[2]).relayMessage(...shortArgs, { gasLimit: 4_000_000n })).to.emit(
        d.messenger,
        "RelayedMessage",
      );
      expect(await d.presale.remoteTokensSold()).to.equal(7n);
      // A call that reverts (here a report whose total does not fit its field): recorded, not reverted; a replay fails
      // again, still harmlessly.
      const bad = d.presale.interface.encodeFunctionData("receiveEthereumReport", [[], [], [], 2n ** 40n, 0n, false]);
      const badArgs = [VERSION_1 + 102n, sender, target, 0n, 300_000n, bad] as const;
      await expect(d.messenger.connect(relayer).relayMessage(...badArgs, { gasLimit: 1_000_000n })).to.emit(
        d.messenger,
        "FailedRelayedMessage",
      );
      await expect(d.messenger.connect(d.buyers[2]).relayMessage(...badArgs, { gasLimit: 1_000_000n })).to.emit(
        d.messenger,
        "FailedRelayedMessage",
      );
      expect(await d.messenger.successfulMessages(hashOf(...badArgs))).to.equal(false);
    });
  });
});

describe("Ethereum → Base through the messenger (two chains)", function () {
  let p: Pair;
  beforeEach(async function () {
    p = await deployPair();
  });

  it("anyone can relay: the report carries the buyers' legs for their recipients, Ethereum's quota and use of every round and its totals (Relayed, SentMessage)", async function () {
    const [alice, bob, carol] = p.eth.buyers;
    await buyEth(p.eth, alice, 1_000n);
    await p.eth.presale.connect(bob).buyWithUSDT(500n, 10n ** 12n, carol.address);
    const stranger = p.eth.signers[15];
    const buyers = [alice.address, bob.address];
    const tx = p.eth.presale.connect(stranger).relay(buyers);
    await expect(tx).to.emit(p.eth.presale, "Relayed").withArgs(buyers, 1_500n, 9_000_000n, false);
    const used = CAPS.map((_, i) => (i === 0 ? 1_500n : 0n));
    const expected = p.base.presale.interface.encodeFunctionData("receiveEthereumReport", [
      [leg(alice.address, 1_000n), leg(bob.address, 500n, carol.address)],
      ETH_QUOTAS,
      used,
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
    expect(await p.eth.presale.buyerInfo(bob.address)).to.deep.equal([carol.address, 0n, 500n, 500n]);
    const [receipt] = await p.deliverAll();
    await expect(receipt.hash)
      .to.emit(p.base.presale, "RemoteDepositImported")
      .withArgs(carol.address, bob.address, 0n, 500n, 500n);
    await expect(receipt.hash)
      .to.emit(p.base.presale, "EthereumReportReceived")
      .withArgs(2n, 1_500n, 9_000_000n, false);
    expect(await p.base.presale.userDeposits(alice.address)).to.equal(1_000n * TOKEN);
    expect(await p.base.presale.userDeposits(carol.address)).to.equal(500n * TOKEN);
    expect(await p.base.presale.userDeposits(bob.address)).to.equal(0n);
    expect(await p.base.presale.remoteDepositsImported(bob.address, 0n)).to.equal(500n);
    expect(await p.base.presale.totalRemoteDepositsImported()).to.equal(1_500n);
    expect(await p.base.presale.remoteTokensSold()).to.equal(1_500n);
    expect(await p.base.presale.remoteUsdRaised()).to.equal(9_000_000n);
    expect(await p.base.presale.totalTokensSold()).to.equal(1_500n);
    // Both chains' positions in round 1: Ethereum's use as each chain knows it (Ethereum never hears of Base).
    expect(await p.base.presale.checkPoint()).to.equal(1_500n);
    expect(await p.eth.presale.checkPoint()).to.equal(1_500n);
    const [, remote] = await p.base.presale.roundSales();
    expect(remote[0]).to.equal(1_500n);
  });

  it("the relay's gas limit grows with the round table: reports over the largest table a deployment takes arrive with the gas OP's messenger buys", async function () {
    // 190 rounds: Base's init code with four 190-entry arrays stays under the 49,152-byte limit.
    const n = 190;
    const caps = Array.from({ length: n }, (_, i) => 1_000n * BigInt(i + 1));
    const big = await deployPair({
      caps,
      prices: caps.map(() => 10n ** 15n),
      roundEnds: caps.map((_, i) => (1n << 32n) - 1n - BigInt(n - i)),
    });
    expect(await big.base.presale.roundDetails(0)).to.have.length(n);
    await big.eth.presale.relay([]);
    const m = await lastMessage(big);
    expect(m.gasLimit).to.equal(BigInt(await big.eth.presale.relayGasLimit(0)));
    expect(relayed(big, await big.deliver(m))).to.equal(true);
    // The close lowers every round's quota on Base in one report.
    await big.eth.presale.closeSale();
    expect(relayed(big, await big.deliver(await lastMessage(big)))).to.equal(true);
    expect((await big.base.presale.rounds())[n - 1].baseQuota).to.equal(1_000n);
  });

  it("relay needs the remote presale set (RemotePresaleNotSet)", async function () {
    const e = await load("hardhatEth");
    await expect(e.presale.relay([])).to.be.revertedWithCustomError(e.presale, "RemotePresaleNotSet");
  });

  it("setRemotePresale: once (RemotePresaleAlreadySet), never zero (ZeroAddress), owner only, RemotePresaleSet", async function () {
    const e = await load("hardhatEth");
    await expect(e.presale.setRemotePresale(e.ethers.ZeroAddress)).to.be.revertedWithCustomError(
      e.presale,
      "ZeroAddress",
    );
    await expect(e.presale.connect(e.buyers[0]).setRemotePresale(e.buyers[0].address)).to.be.revertedWithCustomError(
      e.presale,
      "AccessControlUnauthorizedAccount",
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
    const forged: RelayedDeposit[] = [leg(attacker.address, 10n ** 6n)];
    await expect(p.base.presale.connect(attacker).receiveEthereumReport(forged, [0n], [], 10n ** 6n, 0n, true))
      .to.be.revertedWithCustomError(p.base.presale, "NotRemotePresale")
      .withArgs(attacker.address);
    // Even the keeper: it has no role in the money path on Base.
    await expect(
      p.base.presale.connect(p.base.keeper).receiveEthereumReport([], [], [], 0n, 0n, true),
    ).to.be.revertedWithCustomError(p.base.presale, "NotRemotePresale");
  });

  it("a message from anyone but the Ethereum presale (wrong xDomainMessageSender) credits and books nothing", async function () {
    const attacker = p.eth.signers[15];
    const forged = p.base.presale.interface.encodeFunctionData("receiveEthereumReport", [
      [leg(attacker.address, 10n ** 6n)],
      CAPS.map(() => 0n),
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
    expect((await p.base.presale.rounds())[0].baseQuota).to.equal(BASE_SHARES[0]);
    expect(await p.base.messenger.failedMessages(m.hash)).to.equal(true);
    // Replayed by anyone: it fails again, harmlessly. Nobody but the aliased L1 messenger delivers a new message.
    await expect(replayBy(p, p.base.signers[15], m)).to.emit(p.base.messenger, "FailedRelayedMessage");
    const unsent = withNonce(m, m.messageNonce + 1_000n);
    await expect(replayBy(p, p.base.signers[15], unsent)).to.be.revertedWith(CANNOT_REPLAY);
    expect(await p.base.presale.remoteTokensSold()).to.equal(0n);
  });

  it("replayed, duplicated and reordered reports change nothing", async function () {
    const [alice] = p.eth.buyers;
    await buyEth(p.eth, alice, 1_000n);
    await p.eth.presale.relay([alice.address]); // report #0: leg 0, 1,000
    await buyEth(p.eth, alice, 2_000n);
    await p.eth.presale.relay([alice.address]); // report #1: leg 0, 3,000
    await expect(p.eth.presale.relay([alice.address])) // report #2: nothing new for alice, the same totals
      .to.emit(p.eth.presale, "Relayed")
      .withArgs([], 3_000n, await p.eth.presale.localUsdRaised(), false);
    const [r0, r1, r2] = await p.pending();
    await p.deliver(r1);
    await p.deliver(r2);
    await p.deliver(r0); // the oldest arrives last
    expect(await p.base.presale.userDeposits(alice.address)).to.equal(3_000n * TOKEN);
    expect(await p.base.presale.totalRemoteDepositsImported()).to.equal(3_000n);
    expect(await p.base.presale.remoteTokensSold()).to.equal(3_000n);
    expect(await p.base.presale.remoteUsdRaised()).to.equal(await p.eth.presale.localUsdRaised());
    expect(await p.base.presale.checkPoint()).to.equal(3_000n);
    // Only the report that raised the leg's total credited (and announced) anything: the others are silent.
    const credits = await p.base.presale.queryFilter(p.base.presale.filters.RemoteDepositImported());
    expect(credits.map((e) => [e.args.tokens, e.args.credited])).to.deep.equal([[3_000n, 3_000n]]);
    // The bridge itself refuses to deliver a message twice.
    await expect(p.deliver(r1)).to.be.revertedWith(ALREADY_RELAYED);
  });

  it("relaying an address credits only that buyer's own legs, to their recipients; buyers with nothing new are skipped", async function () {
    const [alice] = p.eth.buyers;
    await buyEth(p.eth, alice, 1_000n);
    // The keeper (or anyone) relays itself and the buyer: only the buyer's real leg arrives, at its recipient.
    await expect(p.eth.presale.connect(p.eth.keeper).relay([p.eth.keeper.address, alice.address, alice.address]))
      .to.emit(p.eth.presale, "Relayed")
      .withArgs([alice.address], 1_000n, anyUint, false);
    await p.deliverAll();
    expect(await p.base.presale.userDeposits(p.eth.keeper.address)).to.equal(0n);
    expect(await p.base.presale.userDeposits(alice.address)).to.equal(1_000n * TOKEN);
  });
});

describe("Failure modes on OP's L2 messenger, with the presales (two chains)", function () {
  it("a genuine report delivered short of gas is recorded as failed and credits nothing; anyone replays it, once; its deposit never runs again", async function () {
    const p = await deployPair();
    const [alice] = p.eth.buyers;
    await buyEth(p.eth, alice, 1_000n);
    await p.eth.presale.relay([alice.address]);
    const [m] = await p.pending();
    expect(relayed(p, await p.deliver(m, m.gasLimit / 2n))).to.equal(false);
    expect(await p.base.messenger.failedMessages(m.hash)).to.equal(true);
    expect(await p.base.presale.userDeposits(alice.address)).to.equal(0n);
    expect(await p.base.presale.remoteTokensSold()).to.equal(0n);
    expect(await p.pending()).to.deep.equal([]);
    // The OP node never runs a deposit twice; a relayer that tried would be refused (OP's messenger asserts).
    await expect(p.deliver(m)).to.be.revertedWithPanic(1);
    const stranger = p.base.signers[15];
    await expect(replayBy(p, stranger, m))
      .to.emit(p.base.presale, "RemoteDepositImported")
      .withArgs(alice.address, alice.address, 0n, 1_000n, 1_000n);
    expect(await p.base.messenger.successfulMessages(m.hash)).to.equal(true);
    await expect(replayBy(p, stranger, m)).to.be.revertedWith(ALREADY_RELAYED);
    await expect(p.deliver(m)).to.be.revertedWithPanic(1);
    expect(await p.base.presale.userDeposits(alice.address)).to.equal(1_000n * TOKEN);
    expect(await p.base.presale.remoteTokensSold()).to.equal(1_000n);
  });

  it("a report that reverts on Base (the Base presale not yet linked to Ethereum's) is recorded as failed; once the owner links it, anyone replays it", async function () {
    const p = await deployPair({}, { linkBase: false });
    const [alice] = p.eth.buyers;
    await buyEth(p.eth, alice, 700n);
    await p.eth.presale.closeSale();
    await p.eth.presale.relay([alice.address]);
    const [close, report] = await p.pending();
    for (const m of [close, report]) expect(relayed(p, await p.deliver(m))).to.equal(false);
    expect(await p.base.presale.remoteSaleClosed()).to.equal(false);
    // A replay before the link fails again and changes nothing.
    await expect(replayBy(p, p.base.signers[15], report)).to.emit(p.base.messenger, "FailedRelayedMessage");
    expect(await p.base.presale.userDeposits(alice.address)).to.equal(0n);
    await p.base.presale.setRemotePresale(await p.eth.presale.getAddress());
    for (const m of [report, close]) {
      await expect(replayBy(p, p.base.signers[16], m)).to.emit(p.base.messenger, "RelayedMessage");
    }
    expect(await p.base.presale.userDeposits(alice.address)).to.equal(700n * TOKEN);
    expect(await p.base.presale.remoteSaleClosed()).to.equal(true);
    expect(await p.base.presale.remoteTokensSold()).to.equal(700n);
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
    await expect(tx).to.emit(p.eth.presale, "Relayed").withArgs([], 700n, 4_200_000n, true);
    expect(await p.eth.presale.saleClosed()).to.equal(true);
    await expect(buyEth(p.eth, alice, 1n)).to.be.revertedWithCustomError(p.eth.presale, "SaleClosed");
    await expect(p.eth.presale.connect(alice).buyWithUSDC(1n, 10n ** 12n, alice.address)).to.be.revertedWithCustomError(
      p.eth.presale,
      "SaleClosed",
    );
    await expect(p.eth.presale.closeSale()).to.be.revertedWithCustomError(p.eth.presale, "SaleClosed");
    // Neither new sale times nor a quota release reopen or change it.
    await expect(p.eth.presale.setSaleTimes(await now(p.eth.conn), end + DAY)).to.be.revertedWithCustomError(
      p.eth.presale,
      "SaleClosed",
    );
    await expect(p.eth.presale.releaseQuota(1, 1n)).to.be.revertedWithCustomError(p.eth.presale, "SaleClosed");
    // Base learns of the close and of every unused quota; the claim may open before the legs arrive.
    await p.deliverAll();
    expect(await p.base.presale.remoteSaleClosed()).to.equal(true);
    expect(await p.base.presale.remoteTokensSold()).to.equal(700n);
    expect((await p.base.presale.rounds()).map((r) => r.ethereumQuota)).to.deep.equal(
      CAPS.map((_, i) => (i === 0 ? 700n : 0n)),
    );
    await p.base.token!.transfer(await p.base.presale.getAddress(), 700n * TOKEN);
    const ts = (await now(p.base.conn)) + 600n;
    await expect(p.base.presale.startClaim(ts))
      .to.emit(p.base.presale, "ClaimStartSet")
      .withArgs(ts, p.base.owner.address);
    // The leg follows with any relay, after the close (anyone may relay).
    await expect(p.eth.presale.connect(p.eth.signers[15]).relay([alice.address]))
      .to.emit(p.eth.presale, "Relayed")
      .withArgs([alice.address], 700n, 4_200_000n, true);
    await p.deliverAll();
    await p.base.helpers.time.increaseTo(ts);
    // Same address on Base (same keys); a signer of the Base connection.
    await expect(p.base.presale.connect(p.base.buyers[0]).claim())
      .to.emit(p.base.presale, "TokensClaimed")
      .withArgs(alice.address, 700n * TOKEN);
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

  it("needs the remote presale (RemotePresaleNotSet)", async function () {
    const e = await load("hardhatEth");
    await expect(e.presale.closeSale()).to.be.revertedWithCustomError(e.presale, "RemotePresaleNotSet");
  });
});

describe("One ladder split by per-round quotas (two chains)", function () {
  let p: Pair;
  beforeEach(async function () {
    p = await deployPair();
  });

  it("both chains start from the same table split 40/60; each sells only its share of a round, then the next round at its price while the other still sells the earlier one", async function () {
    const [ethRounds, baseRounds] = [await p.eth.presale.rounds(), await p.base.presale.rounds()];
    expect(ethRounds.map((r) => [r.cap, r.price, r.endTime, r.ethereumQuota, r.baseQuota])).to.deep.equal(
      baseRounds.map((r) => [r.cap, r.price, r.endTime, r.ethereumQuota, r.baseQuota]),
    );
    expect(baseRounds.map((r) => r.baseQuota)).to.deep.equal(BASE_SHARES);
    await buyEth(p.base, p.base.buyers[0], BASE_SHARES[0]);
    expect(await p.base.presale.currentStep()).to.equal(1n);
    expect(await p.base.presale.usdQuote(1n)).to.equal(PRICES[1]);
    // Ethereum still sells round 1 at its price: the buyers on each chain see their own chain's round.
    expect(await p.eth.presale.currentStep()).to.equal(0n);
    expect(await p.eth.presale.usdQuote(ETH_QUOTAS[0])).to.equal(ETH_QUOTAS[0] * PRICES[0]);
    expect(await p.eth.presale.usdQuote(ETH_QUOTAS[0] + 1n)).to.equal(ETH_QUOTAS[0] * PRICES[0] + PRICES[1]);
    await buyEth(p.eth, p.eth.buyers[0], ETH_QUOTAS[0]);
    await p.eth.presale.relay([p.eth.buyers[0].address]);
    await p.deliverAll();
    const [baseUsed, ethUsedOnBase] = await p.base.presale.roundSales();
    expect(baseUsed[0] + ethUsedOnBase[0]).to.equal(CAPS[0]);
    await expectSupplyBound(p);
  });

  it("a report books Ethereum's use on Base (roundSales, checkPoint) without taking anything from Base's share", async function () {
    await buyEth(p.eth, p.eth.buyers[0], 1_000n);
    await p.eth.presale.relay([p.eth.buyers[0].address]);
    await p.deliverAll();
    expect(await p.base.presale.currentStep()).to.equal(0n);
    expect(await p.base.presale.checkPoint()).to.equal(1_000n);
    expect((await p.base.presale.roundSales())[1][0]).to.equal(1_000n);
    expect(await p.base.presale.usdQuote(BASE_SHARES[0])).to.equal(BASE_SHARES[0] * PRICES[0]);
  });

  it("a report arriving at a round's end time: Base's views show the next round, its own sales stay in their rounds", async function () {
    await buyEth(p.base, p.base.buyers[0], 2_000n);
    await buyEth(p.eth, p.eth.buyers[0], 500n);
    await p.eth.presale.relay([p.eth.buyers[0].address]);
    const end0: bigint = (await p.base.presale.roundDetails(2))[0];
    await p.base.helpers.time.setNextBlockTimestamp(end0);
    const [m] = await p.pending();
    expect(relayed(p, await p.deliver(m))).to.equal(true);
    expect(await p.base.presale.currentStep()).to.equal(1n);
    expect(await p.base.presale.checkPoint()).to.equal(CAPS[0]);
    const [local, remote] = await p.base.presale.roundSales();
    expect([local[0], remote[0]]).to.deep.equal([2_000n, 500n]);
    expect((await p.base.presale.trackRemainingTokens())[0]).to.equal(CAPS[0] - 2_500n);
  });

  it("quotas and uses for rounds beyond the receiving table are ignored; Ethereum's close is sticky", async function () {
    const d = p.base;
    const used = [...CAPS.map(() => 0n), 5n, 6n];
    used[0] = 7n;
    const quotas = [...ETH_QUOTAS, 0n, 0n];
    // Sent by an account, not the presale: refused.
    const data = d.presale.interface.encodeFunctionData("receiveEthereumReport", [[], quotas, used, 7n, 0n, true]);
    await p.eth.messenger.connect(p.eth.buyers[0]).sendMessage(await d.presale.getAddress(), data, 1_000_000n);
    await p.deliverAll();
    expect(await d.presale.remoteSaleClosed()).to.equal(false);
    // The same from the presale's address: booked within the table.
    expect(relayed(p, await deliverFromEthPresale(p, quotas, used, true))).to.equal(true);
    expect(await d.presale.checkPoint()).to.equal(7n);
    expect(await d.presale.remoteSaleClosed()).to.equal(true);
    expect((await d.presale.roundSales())[1]).to.have.length(CAPS.length);
    expect(relayed(p, await deliverFromEthPresale(p, ETH_QUOTAS, [8n], false))).to.equal(true);
    expect(await d.presale.remoteSaleClosed()).to.equal(true);
    expect(await d.presale.checkPoint()).to.equal(8n);
  });

  it("dynamic time re-spaces only the chain that filled its share; a report never re-spaces Base", async function () {
    for (const c of [p.eth, p.base]) await c.presale.setDynamicTime(true, DAY);
    const ends: bigint[] = [...(await p.base.presale.roundDetails(2))];
    await expect(buyEth(p.eth, p.eth.buyers[0], ETH_QUOTAS[0])).to.emit(p.eth.presale, "RoundsRespaced");
    expect((await p.eth.presale.roundDetails(2))[1]).to.equal((await now(p.eth.conn)) + DAY);
    await p.eth.presale.relay([p.eth.buyers[0].address]);
    await p.deliverAll();
    expect([...(await p.base.presale.roundDetails(2))]).to.deep.equal(ends);
    expect(await p.base.presale.currentStep()).to.equal(0n);
    // Base's own fill re-spaces Base.
    await expect(buyEth(p.base, p.base.buyers[0], BASE_SHARES[0])).to.emit(p.base.presale, "RoundsRespaced");
    expect((await p.base.presale.roundDetails(2))[1]).to.equal((await now(p.base.conn)) + DAY);
  });

  it("sales on both sides of an expiry are booked in their own rounds; after the relay Base knows both chains' use", async function () {
    const ends: bigint[] = [...(await p.eth.presale.roundDetails(2))];
    await buyEth(p.eth, p.eth.buyers[0], 1_000n); // round 1, Ethereum
    await buyEth(p.base, p.base.buyers[1], 2_000n); // round 1, Base
    await p.advanceBothTo(ends[0]); // round 1 expires on both chains; no report has arrived yet
    await buyEth(p.eth, p.eth.buyers[0], 300n); // round 2, Ethereum
    await buyEth(p.base, p.base.buyers[1], 400n); // round 2, Base
    await p.eth.presale.relay([p.eth.buyers[0].address]);
    await p.deliverAll();
    for (const c of [p.eth, p.base]) expect(await c.presale.currentStep()).to.equal(1n);
    expect(await p.base.presale.checkPoint()).to.equal(CAPS[0] + 700n);
    expect(await p.eth.presale.checkPoint()).to.equal(CAPS[0] + 300n);
    expect(await p.base.presale.totalTokensSold()).to.equal(3_700n);
    expect(await p.eth.presale.totalTokensSold()).to.equal(1_300n);
    expect((await p.base.presale.trackRemainingTokens())[0]).to.equal(CAPS[0] - 3_000n);
    const [ethLocal, ethRemote] = await p.eth.presale.roundSales();
    const [baseLocal, baseRemote] = await p.base.presale.roundSales();
    expect([ethLocal[0], ethLocal[1], ethRemote[0], ethRemote[1]]).to.deep.equal([1_000n, 300n, 0n, 0n]);
    expect([baseLocal[0], baseLocal[1], baseRemote[0], baseRemote[1]]).to.deep.equal([2_000n, 400n, 1_000n, 300n]);
    // Both still sell round 2 at its price.
    expect(await p.eth.presale.usdQuote(10n)).to.equal(await p.base.presale.usdQuote(10n));
    expect(await p.base.presale.usdQuote(10n)).to.equal(10n * PRICES[1]);
  });
});

/** The hash OP's messenger records a message under (successfulMessages, failedMessages), from relayMessage's arguments. */
function hashOf(...[nonce, sender, target, value, minGasLimit, message]: RelayArgs): string {
  return messageHash({ nonce, sender, target, value, minGasLimit, message });
}
type RelayArgs = readonly [bigint, string, string, bigint, bigint, string];

/** Anyone replays a failed message on the L2 messenger, with the gas its deposit had. */
function replayBy(p: Pair, who: Signer, m: SentMessage) {
  return p.base.messenger
    .connect(who)
    .relayMessage(m.messageNonce, m.sender, m.target, 0n, m.gasLimit, m.message, { gasLimit: m.deposit.gasLimit });
}

let forgedNonce = 1_000n;

/** Delivers a report as if the Ethereum presale had sent it (the aliased L1 messenger relays it with that sender). */
async function deliverFromEthPresale(p: Pair, quotas: bigint[], used: bigint[], closed: boolean) {
  const sold = used.slice(0, CAPS.length).reduce((a, b) => a + b, 0n);
  const data = p.base.presale.interface.encodeFunctionData("receiveEthereumReport", [
    [],
    quotas,
    used,
    sold,
    0n,
    closed,
  ]);
  const relayer = await impersonate(p.base, aliased(await p.eth.messenger.getAddress()));
  return receiptOf(
    p.base.messenger
      .connect(relayer)
      .relayMessage(
        VERSION_1 + forgedNonce++,
        await p.eth.presale.getAddress(),
        await p.base.presale.getAddress(),
        0n,
        1_000_000n,
        data,
        { gasLimit: 3_000_000n },
      ),
  );
}
