/**
 * The official OP Stack bridge contracts (@eth-optimism/contracts-bedrock 0.17.3, deployed from the package's
 * artifacts by scripts/lib/opstack.ts) between an in-process Ethereum and an in-process OP chain, and side by side on
 * one chain. A test-only receiver that trusts one L1 sender stands for the Base presale; the tests play the relayer
 * with the same deposit derivation the local relayer uses.
 */
import { expect } from "chai";
import { toBeHex } from "ethers";
import { network } from "hardhat";
import { MessageSender__factory, type CrossDomainReceiver } from "../../typechain-types/index.js";
import {
  L1CrossDomainMessenger__factory,
  OptimismPortal__factory,
  Proxy__factory,
  SystemConfig__factory,
} from "../../typechain-types/opstack/index.js";
import { opStackBytecode } from "../../scripts/lib/opstack-artifacts.js";
import { largestMinGasLimit, measureSendMessageGas } from "../../scripts/lib/opstack-gas.js";
import {
  applyL1ToL2Alias,
  BASE_RESOURCE_CONFIG,
  baseGas,
  deployL1Bridge,
  deployOpStack,
  installL2Messenger,
  depositsIn,
  messageFailed,
  messageHash,
  messageOf,
  PREDEPLOYS,
  predeployImplementation,
  relayMessageCalldata,
  type CrossDomainMessage,
} from "../../scripts/lib/opstack.js";
import type { Connection } from "../../scripts/lib/deploy.js";
import { bridgeWithReceiver, replay } from "./helpers/opstack.js";

const IMPLEMENTATION_SLOT = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
const ADMIN_SLOT = "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103";
const GWEI = 10n ** 9n;
type Bridged = Awaited<ReturnType<typeof bridgeWithReceiver>>;

describe("OP Stack bridge: the official contracts (contracts-bedrock 0.17.3) between Ethereum and an OP chain", function () {
  let t: Bridged;
  let receiver: CrossDomainReceiver;

  before(async function () {
    t = await bridgeWithReceiver(await network.create("hardhatEth"), await network.create("hardhatBase"));
    receiver = t.receiver;
  });

  it("runs the package's bytecode behind OP's proxies, with Base's ResourceConfig, each messenger trusting the other", async function () {
    const codeAt = (c: Connection, a: string) => c.provider.request({ method: "eth_getCode", params: [a, "latest"] });
    const slot = (c: Connection, a: string, s: string) =>
      c.provider.request({ method: "eth_getStorageAt", params: [a, s, "latest"] }) as Promise<string>;
    const { bridge, eth, base } = t;
    const proxies = {
      SuperchainConfig: bridge.superchainConfig,
      SystemConfig: bridge.systemConfig,
      OptimismPortal: bridge.portal,
      L1CrossDomainMessenger: bridge.l1Messenger,
    } as const;
    for (const [name, proxy] of Object.entries(proxies) as [keyof typeof proxies, string][]) {
      expect(await codeAt(eth, proxy), `${name} proxy`).to.equal(opStackBytecode("Proxy").runtime);
      expect(BigInt(await slot(eth, proxy, IMPLEMENTATION_SLOT))).to.equal(BigInt(bridge.implementations[name]));
      expect(await codeAt(eth, bridge.implementations[name]), name).to.equal(opStackBytecode(name).runtime);
    }
    const config = await SystemConfig__factory.connect(bridge.systemConfig, eth.ethers.provider).resourceConfig();
    expect([...config]).to.deep.equal(Object.values(BASE_RESOURCE_CONFIG).map(BigInt));
    const l1 = L1CrossDomainMessenger__factory.connect(bridge.l1Messenger, eth.ethers.provider);
    expect([await l1.portal(), await l1.systemConfig(), await l1.superchainConfig()]).to.deep.equal([
      bridge.portal,
      bridge.systemConfig,
      bridge.superchainConfig,
    ]);
    expect(await l1.otherMessenger()).to.equal(PREDEPLOYS.L2CrossDomainMessenger);
    expect(await OptimismPortal__factory.connect(bridge.portal, eth.ethers.provider).systemConfig()).to.equal(
      bridge.systemConfig,
    );
    // L2: OP's Proxy at the predeploy, administered by the ProxyAdmin predeploy, the implementation at 0xc0d3…0007.
    const l2At = PREDEPLOYS.L2CrossDomainMessenger;
    expect(await codeAt(base, l2At)).to.equal(opStackBytecode("Proxy").runtime);
    expect(BigInt(await slot(base, l2At, ADMIN_SLOT))).to.equal(BigInt(PREDEPLOYS.ProxyAdmin));
    expect(BigInt(await slot(base, l2At, IMPLEMENTATION_SLOT))).to.equal(BigInt(predeployImplementation(l2At)));
    expect(await codeAt(base, predeployImplementation(l2At))).to.equal(
      opStackBytecode("L2CrossDomainMessenger").runtime,
    );
    expect(await t.l2Messenger.otherMessenger()).to.equal(bridge.l1Messenger);
    expect([await l1.version(), await t.l2Messenger.version()]).to.deep.equal(["2.4.0", "2.1.0"]);
    await expect(t.l2Messenger.xDomainMessageSender()).to.be.revertedWith(
      "CrossDomainMessenger: xDomainMessageSender is not set",
    );
  });

  it("nobody can make either messenger trust another messenger: initialised once, upgradable only by the admin", async function () {
    const attacker = t.l2Signers[9];
    await expect(t.l2Messenger.connect(attacker).initialize(attacker.address)).to.be.revertedWith(
      "Initializable: contract is already initialized",
    );
    const l1 = L1CrossDomainMessenger__factory.connect(t.bridge.l1Messenger, t.l1Signers[9]);
    await expect(l1.initialize(attacker.address, attacker.address, attacker.address)).to.be.revertedWith(
      "Initializable: contract is already initialized",
    );
    // A call from anyone but the proxy's admin goes to the implementation, which has no upgradeTo.
    await expect(
      Proxy__factory.connect(PREDEPLOYS.L2CrossDomainMessenger, attacker).upgradeTo(attacker.address),
    ).to.be.revert(t.base.ethers);
    expect(await t.l2Messenger.otherMessenger()).to.equal(t.bridge.l1Messenger);
  });

  it("a message becomes the deposit the OP node derives: from the aliased L1 messenger, relayMessage on the predeploy, the messenger's baseGas", async function () {
    const d = await t.send(7n, 100_000n);
    const l1 = L1CrossDomainMessenger__factory.connect(t.bridge.l1Messenger, t.eth.ethers.provider);
    expect(d.from).to.equal(applyL1ToL2Alias(t.bridge.l1Messenger));
    expect(d.to).to.equal(PREDEPLOYS.L2CrossDomainMessenger);
    expect([d.mint, d.value, d.isCreation]).to.deep.equal([0n, 0n, false]);
    expect(d.gasLimit).to.equal(await l1.baseGas(t.credit(7n), 100_000n));
    const m = messageOf(d)!;
    expect(m).to.deep.include({ sender: await t.sender.getAddress(), target: await receiver.getAddress() });
    expect(m.message).to.equal(t.credit(7n));
    expect(relayMessageCalldata(m)).to.equal(d.data);
    const before = await receiver.total();
    const r = await t.deliver(d);
    expect([r.status, messageFailed(r)]).to.deep.equal([true, false]);
    expect(await receiver.total()).to.equal(before + 7n);
    expect(await t.l2Messenger.successfulMessages(messageHash(m))).to.equal(true);
    // The same deposit again (a relayer that delivered twice): the messenger refuses it, nothing changes.
    expect((await t.deliver(d)).status).to.equal(false);
    expect(await receiver.total()).to.equal(before + 7n);
  });

  it("a message that runs short of gas on L2 is recorded as failed; anyone can replay it with more gas, once", async function () {
    const d = await t.send(11n, 50_000n, { work: 5_000n });
    const m = messageOf(d)!;
    const before = await receiver.total();
    const r = await t.deliver(d);
    expect([r.status, messageFailed(r)]).to.deep.equal([true, true]);
    expect(await t.l2Messenger.failedMessages(messageHash(m))).to.equal(true);
    expect(await receiver.total()).to.equal(before);
    const stranger = t.l2Messenger.connect(t.l2Signers[7]);
    await expect(replay(stranger, m, 3_000_000n))
      .to.emit(receiver, "Credited")
      .withArgs(11n, before + 11n);
    expect(await t.l2Messenger.successfulMessages(messageHash(m))).to.equal(true);
    await expect(replay(stranger, m, 3_000_000n)).to.be.revertedWith(
      "CrossDomainMessenger: message has already been relayed",
    );
    expect(await receiver.total()).to.equal(before + 11n);
  });

  it("a message whose call reverts on L2 is recorded as failed; replays fail until the target accepts it, then succeed once", async function () {
    await (await receiver.setClosed(true)).wait();
    const d = await t.send(13n, 100_000n);
    const m = messageOf(d)!;
    const before = await receiver.total();
    expect(messageFailed(await t.deliver(d))).to.equal(true);
    const stranger = t.l2Messenger.connect(t.l2Signers[6]);
    await expect(replay(stranger, m, 1_000_000n))
      .to.emit(t.l2Messenger, "FailedRelayedMessage")
      .withArgs(messageHash(m));
    expect(await receiver.total()).to.equal(before);
    await (await receiver.setClosed(false)).wait();
    await expect(replay(stranger, m, 1_000_000n))
      .to.emit(receiver, "Credited")
      .withArgs(13n, before + 13n);
    await expect(replay(stranger, m, 1_000_000n)).to.be.revertedWith(
      "CrossDomainMessenger: message has already been relayed",
    );
  });

  it("a message from any other L1 sender is refused by the receiver (xDomainMessageSender), also when replayed", async function () {
    const other = await new MessageSender__factory(t.l1Signers[8]).deploy(t.bridge.l1Messenger);
    const before = await receiver.total();
    const fromContract = await t.send(1_000n, 100_000n, { from: other });
    const direct = await t.depositOf(
      L1CrossDomainMessenger__factory.connect(t.bridge.l1Messenger, t.l1Signers[8]).sendMessage(
        receiver,
        t.credit(1_000n),
        100_000n,
      ),
    );
    for (const d of [fromContract, direct]) {
      const m = messageOf(d)!;
      expect(m.sender).to.not.equal(await t.sender.getAddress());
      expect(messageFailed(await t.deliver(d))).to.equal(true);
      await expect(replay(t.l2Messenger.connect(t.l2Signers[5]), m, 1_000_000n)).to.emit(
        t.l2Messenger,
        "FailedRelayedMessage",
      );
    }
    expect(await receiver.total()).to.equal(before);
  });

  it("a direct call to the receiver is refused; only the aliased L1 messenger delivers a new message, not a forged deposit", async function () {
    const [, , , , , , , , , attacker] = t.l2Signers;
    await expect(receiver.connect(attacker).credit(1n, 0n))
      .to.be.revertedWithCustomError(receiver, "NotMessenger")
      .withArgs(attacker.address);
    // relayMessage of a message never sent, from anyone: not the other messenger, not a failed message.
    const forged: CrossDomainMessage = {
      nonce: (1n << 240n) + 999n,
      sender: await t.sender.getAddress(),
      target: await receiver.getAddress(),
      value: 0n,
      minGasLimit: 100_000n,
      message: t.credit(1_000_000n),
    };
    await expect(replay(t.l2Messenger.connect(attacker), forged, 1_000_000n)).to.be.revertedWith(
      "CrossDomainMessenger: message cannot be replayed",
    );
    // The same call deposited through the portal by an L1 account: it arrives from that account, not the messenger.
    const portal = OptimismPortal__factory.connect(t.bridge.portal, t.l1Signers[9]);
    const d = await t.depositOf(
      portal.depositTransaction(PREDEPLOYS.L2CrossDomainMessenger, 0n, 1_000_000n, false, relayMessageCalldata(forged)),
    );
    expect(d.from).to.equal(t.l1Signers[9].address);
    const before = await receiver.total();
    expect((await t.deliver(d)).status).to.equal(false);
    expect(await receiver.total()).to.equal(before);
  });

  describe("resource metering with Base's config", function () {
    let snapshot: unknown;
    beforeEach(async function () {
      snapshot = await t.eth.provider.request({ method: "evm_snapshot" });
    });
    afterEach(async function () {
      await t.eth.provider.request({ method: "evm_revert", params: [snapshot] });
    });
    const atBaseFee = (gwei: bigint) =>
      t.eth.provider.request({ method: "hardhat_setNextBlockBaseFeePerGas", params: [toBeHex(gwei * GWEI)] });

    it("a deposit may buy at most 20,000,000 L2 gas per L1 block: the largest message fits, one more gas unit is refused (OutOfGas)", async function () {
      const cap = BigInt(BASE_RESOURCE_CONFIG.maxResourceLimit);
      const size = 1_000;
      const largest = await largestMinGasLimit(t.eth, t.bridge, size, cap);
      const l1 = L1CrossDomainMessenger__factory.connect(t.bridge.l1Messenger, t.eth.ethers.provider);
      expect(await l1.baseGas(new Uint8Array(size), largest)).to.be.at.most(cap);
      expect(await l1.baseGas(new Uint8Array(size), largest + 1n)).to.be.greaterThan(cap);
      const portal = OptimismPortal__factory.connect(t.bridge.portal, t.eth.ethers.provider);
      const opts = { gasLimit: 16_000_000n, maxFeePerGas: 100n * GWEI };
      await atBaseFee(30n);
      await expect(t.sender.sendSized(receiver, size, largest + 1n, opts)).to.be.revertedWithCustomError(
        portal,
        "OutOfGas",
      );
      await atBaseFee(30n);
      await expect(t.sender.sendSized(receiver, size, largest, opts)).to.emit(portal, "TransactionDeposited");
      const [, boughtGas] = await portal.params();
      expect(boughtGas).to.equal(await l1.baseGas(new Uint8Array(size), largest));
    });

    it("deposits in one L1 block share the cap: the one that would pass 20M fails, the next block buys again", async function () {
      const l1 = L1CrossDomainMessenger__factory.connect(t.bridge.l1Messenger, t.eth.ethers.provider);
      const portal = OptimismPortal__factory.connect(t.bridge.portal, t.eth.ethers.provider);
      const minGas = 10_000_000n; // each deposit buys about 10.4M L2 gas
      expect(2n * (await l1.baseGas(t.credit(1n), minGas))).to.be.greaterThan(
        BigInt(BASE_RESOURCE_CONFIG.maxResourceLimit),
      );
      const opts = { gasLimit: 8_000_000n, maxFeePerGas: 100n * GWEI };
      await t.eth.provider.request({ method: "evm_setAutomine", params: [false] });
      try {
        await atBaseFee(30n);
        const first = await t.sender.send(receiver, t.credit(1n), minGas, opts);
        const second = await t.sender.send(receiver, t.credit(2n), minGas, opts);
        await t.eth.provider.request({ method: "evm_mine" });
        const receipts = await Promise.all(
          [first, second].map((tx) => t.eth.ethers.provider.getTransactionReceipt(tx.hash)),
        );
        expect(receipts.map((r) => r!.blockNumber)).to.deep.equal([receipts[0]!.blockNumber, receipts[0]!.blockNumber]);
        expect(receipts.map((r) => r!.status)).to.deep.equal([1, 0]);
      } finally {
        await t.eth.provider.request({ method: "evm_setAutomine", params: [true] });
      }
      await expect(t.sender.send(receiver, t.credit(2n), minGas, opts)).to.emit(portal, "TransactionDeposited");
    });

    it("the burn falls with the L1 base fee; at 1 gwei the largest deposit does not fit in one Ethereum transaction (EIP-7825)", async function () {
      const small = await measureSendMessageGas(t.eth, t.bridge, { messageBytes: 1_000, minGasLimit: 1_000_000 });
      const [at1, at10, at30] = small.byBaseFee;
      expect(small.byBaseFee.map((r) => r.baseFeeGwei)).to.deep.equal([1, 10, 30]);
      expect(at1.transactionGas!).to.be.greaterThan(at10.transactionGas!);
      expect(at10.transactionGas!).to.be.greaterThan(at30.transactionGas!);
      // At 1 gwei the metering charges the deposit's whole L2 gas in L1 gas: the transaction burns at least that.
      expect(at1.meteringCharge).to.equal(small.depositGasLimit);
      expect(at1.sendMessageGas!).to.be.greaterThanOrEqual(small.depositGasLimit);
      expect(at10.meteringCharge).to.equal(small.depositGasLimit / 10n);
      for (const r of small.byBaseFee) expect(r.sendMessageGas!).to.be.lessThan(r.transactionGas!);
      const largest = await largestMinGasLimit(t.eth, t.bridge, 1_000, BigInt(BASE_RESOURCE_CONFIG.maxResourceLimit));
      const big = await measureSendMessageGas(t.eth, t.bridge, { messageBytes: 1_000, minGasLimit: Number(largest) });
      expect(big.byBaseFee.map((r) => r.transactionGas === null)).to.deep.equal([true, false, false]);
    });

    it("measuring leaves the chain as it was", async function () {
      const block = await t.eth.ethers.provider.getBlockNumber();
      const nonce = await t.l1Signers[0].getNonce();
      await measureSendMessageGas(t.eth, t.bridge, { messageBytes: 100, minGasLimit: 200_000, baseFeesGwei: [10] });
      // The harness deploys its MessageSender (one block) before its snapshot; the measurement itself is reverted.
      expect(await t.eth.ethers.provider.getBlockNumber()).to.equal(block + 1);
      expect(await t.l1Signers[0].getNonce()).to.equal(nonce + 1);
    });
  });
});

describe("OP Stack bridge on one chain (L1 contracts and the L2 messenger side by side, a test helper relays)", function () {
  it("delivers a message sent through the L1 messenger to a receiver on the same chain, and refuses it twice", async function () {
    const t = await bridgeWithReceiver(await network.create("hardhat"));
    expect(t.base).to.equal(t.eth);
    expect(await t.eth.provider.request({ method: "eth_getCode", params: [PREDEPLOYS.L1Block, "latest"] })).to.equal(
      opStackBytecode("L1Block").runtime,
    );
    const d = await t.send(21n, 100_000n);
    expect(d.from).to.equal(applyL1ToL2Alias(t.bridge.l1Messenger));
    expect(messageFailed(await t.deliver(d))).to.equal(false);
    expect(await t.receiver.total()).to.equal(21n);
    expect((await t.deliver(d)).status).to.equal(false);
    expect(await t.receiver.total()).to.equal(21n);
  });

  it("a chain reused by another deployment: installing the L2 messenger for another L1 messenger is refused, or re-initialises it with `replace` (its records kept)", async function () {
    const t = await bridgeWithReceiver(await network.create("hardhat"));
    const d = await t.send(5n, 100_000n);
    expect(messageFailed(await t.deliver(d))).to.equal(false);
    const other = await deployL1Bridge(t.eth);
    const refused = await installL2Messenger(t.base, other.l1Messenger).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(refused).to.match(/already trusts .* restart the chain/);
    expect(await t.l2Messenger.otherMessenger()).to.equal(t.bridge.l1Messenger);
    await installL2Messenger(t.base, other.l1Messenger, { replace: true });
    expect(await t.l2Messenger.otherMessenger()).to.equal(other.l1Messenger);
    expect(await t.l2Messenger.successfulMessages(messageHash(messageOf(d)!))).to.equal(true);
    // Still initialised once: nobody else can re-point it.
    await expect(t.l2Messenger.connect(t.l2Signers[9]).initialize(t.l2Signers[9].address)).to.be.revertedWith(
      "Initializable: contract is already initialized",
    );
    // The old L1 messenger's deposits are no longer the messenger's own: a new one from it is refused.
    expect(
      (await t.deliver({ ...d, data: relayMessageCalldata({ ...messageOf(d)!, nonce: (1n << 240n) | 77n }) })).status,
    ).to.equal(false);
  });

  it("baseGas mirrors the L1 messenger's own (0.17.3)", async function () {
    const eth = await network.create("hardhat");
    const bridge = await deployL1Bridge(eth);
    const l1 = L1CrossDomainMessenger__factory.connect(bridge.l1Messenger, eth.ethers.provider);
    for (const [bytes, minGas] of [
      [0, 0n],
      [1_060, 453_000n],
      [25_252, 10_659_000n],
    ] as const) {
      const message = `0x${"ab".repeat(bytes)}`;
      expect(baseGas(message, minGas), `${bytes} bytes`).to.equal(await l1.baseGas(message, minGas));
    }
  });

  it("decodes a deposit's mint, value and data from TransactionDeposited as the OP node does", async function () {
    const eth = await network.create("hardhat");
    const bridge = await deployOpStack(eth);
    const [, alice, bob] = await eth.ethers.getSigners();
    const portal = OptimismPortal__factory.connect(bridge.portal, alice);
    const tx = await portal.depositTransaction(bob.address, 3n * 10n ** 17n, 100_000n, false, "0xabcdef", {
      value: 10n ** 18n,
    });
    const r = (await tx.wait())!;
    const [d] = await depositsIn(eth.provider, bridge.portal, r.blockNumber, r.blockNumber);
    expect(d).to.deep.include({
      from: alice.address, // an account, not a contract: not aliased
      to: bob.address,
      mint: 10n ** 18n,
      value: 3n * 10n ** 17n,
      gasLimit: 100_000n,
      isCreation: false,
      data: "0xabcdef",
      l1Tx: r.hash,
    });
  });
});
