/**
 * The local bridge relayer on the official OP Stack contracts: it derives each L2 call from the portal's
 * TransactionDeposited events and executes it as the deposit transaction, exactly once, across crashes and SIGKILL.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect } from "chai";
import { network } from "hardhat";
import { underCoverage } from "../../support/coverage.js";
import { L1CrossDomainMessenger__factory, OptimismPortal__factory } from "../../../typechain-types/opstack/index.js";
import { ROOT } from "../../../scripts/lib/networks.js";
import { messageHash, messageOf, PREDEPLOYS, relayMessageCalldata } from "../../../scripts/lib/opstack.js";
import type { LocalStack } from "../../../scripts/local/stack.js";
import { Relayer, type RelayerOptions } from "../../../scripts/relayer/relayer.js";
import { readDeployment } from "../../../scripts/lib/deployments.js";
import { bridgeWithReceiver, receiverOn } from "../helpers/opstack.js";
import {
  CRASH_AFTER_DELIVERY,
  expectCrashAfterDelivery,
  killWhen,
  startChainsOnly,
  tmpDir,
  wakeConnections,
} from "./helpers.js";

type Bridged = Awaited<ReturnType<typeof receiverOn>>;

/** The relayer between the bridged chains, delivering at once unless told otherwise. */
const relayerFor = (t: Bridged, stateFile: string, opts: Partial<RelayerOptions> = {}) =>
  new Relayer(
    { name: "hardhatEth", conn: t.eth, messenger: t.bridge.l1Messenger },
    { name: "hardhatBase", conn: t.base, messenger: PREDEPLOYS.L2CrossDomainMessenger },
    { stateFile, fromBlock: t.bridge.deployBlock, delayBlocks: 0, delayMs: 0, ...opts },
  );

describe("tooling: the local bridge relayer on the official OP Stack contracts", function () {
  let t: Bridged;
  let work: string;

  before(async function () {
    t = await bridgeWithReceiver(await network.create("hardhatEth"), await network.create("hardhatBase"));
    work = tmpDir("opstack-relayer");
  });

  it("delivers a message only after a few L1 blocks, then exactly once, even across a crash between delivery and record", async function () {
    const d = await t.send(5n, 100_000n);
    const state = path.join(work, "a.json");
    const waiting = relayerFor(t, state, { delayBlocks: 2, delayMs: 3_600_000 });
    expect(await waiting.tick()).to.deep.include({ seen: 1, delivered: 0, queued: 1 });
    expect(await t.receiver.total()).to.equal(0n);
    await t.eth.provider.request({ method: "hardhat_mine", params: ["0x2"] });
    await expectCrashAfterDelivery(
      relayerFor(t, state, { delayBlocks: 2, delayMs: 3_600_000, hooks: CRASH_AFTER_DELIVERY }),
    );
    expect(await t.receiver.total()).to.equal(5n);
    expect(await t.l2Messenger.successfulMessages(messageHash(messageOf(d)!))).to.equal(true);
    // Restart: the deposit is still queued; the relayer reads it as delivered on L2 and does not send it again.
    const log: string[] = [];
    expect(await relayerFor(t, state, { log: (m) => log.push(m) }).tick()).to.deep.include({
      seen: 0,
      delivered: 0,
      skipped: 1,
      queued: 0,
    });
    expect(log.join("\n")).to.match(/already delivered on hardhatBase: not sent again/);
    expect([await t.receiver.total(), await t.receiver.deliveries()]).to.deep.equal([5n, 1n]);
  });

  it("a message that fails on L2 is reported, recorded in failedMessages and not retried; the queue moves on", async function () {
    const state = path.join(work, "a.json");
    await (await t.receiver.setClosed(true)).wait();
    const failing = messageOf(await t.send(7n, 100_000n))!;
    const log: string[] = [];
    expect(await relayerFor(t, state, { log: (m) => log.push(m) }).tick()).to.deep.include({
      seen: 1,
      delivered: 0,
      failed: 1,
      queued: 0,
    });
    expect(log.join("\n")).to.match(/FAILED on hardhatBase: .*recorded in failedMessages, anyone can replay it/);
    expect(await t.l2Messenger.failedMessages(messageHash(failing))).to.equal(true);
    await (await t.receiver.setClosed(false)).wait();
    await t.send(9n, 100_000n);
    expect(await relayerFor(t, state).tick()).to.deep.include({ seen: 1, delivered: 1, failed: 0, skipped: 0 });
    expect(await t.receiver.total()).to.equal(5n + 9n);
  });

  it("a deposit that reverts on L2 (a relayMessage forged through the portal) is reported and does not stop the relayer", async function () {
    const forged = {
      nonce: (1n << 240n) + 12_345n,
      sender: await t.sender.getAddress(),
      target: await t.receiver.getAddress(),
      value: 0n,
      minGasLimit: 100_000n,
      message: t.credit(1_000_000n),
    };
    const portal = OptimismPortal__factory.connect(t.bridge.portal, t.l1Signers[9]);
    await t.depositOf(
      portal.depositTransaction(PREDEPLOYS.L2CrossDomainMessenger, 0n, 1_000_000n, false, relayMessageCalldata(forged)),
    );
    await t.send(3n, 100_000n);
    const log: string[] = [];
    const r = await relayerFor(t, path.join(work, "a.json"), { log: (m) => log.push(m) }).tick();
    expect(r).to.deep.include({ seen: 2, failed: 1, delivered: 1, queued: 0 });
    expect(log.join("\n")).to.match(/FAILED on hardhatBase: .*reverted/);
    expect(await t.receiver.total()).to.equal(5n + 9n + 3n);
  });

  it("an ETH deposit through the portal arrives on L2 with its value, as the OP Stack mints it", async function () {
    const [, , , , alice] = t.l1Signers;
    const bob = t.l2Signers[6].address;
    const before = await t.base.ethers.provider.getBalance(bob);
    const portal = OptimismPortal__factory.connect(t.bridge.portal, alice);
    const d = await t.depositOf(
      portal.depositTransaction(bob, 3n * 10n ** 17n, 100_000n, false, "0x", { value: 10n ** 18n }),
    );
    expect([d.from, d.mint, d.value]).to.deep.equal([alice.address, 10n ** 18n, 3n * 10n ** 17n]);
    expect(await relayerFor(t, path.join(work, "a.json")).tick()).to.deep.include({ seen: 1, delivered: 1 });
    expect(await t.base.ethers.provider.getBalance(bob)).to.equal(before + 3n * 10n ** 17n);
  });
});

describe("tooling: the relayer process killed (SIGKILL) right after a delivery, on the official contracts", function () {
  this.timeout(180_000);
  let stack: LocalStack;
  let t: Bridged;
  const dir = tmpDir("opstack-relayer-proc");

  before(async function () {
    if (underCoverage()) this.skip(); // see stack.test.ts
    stack = await startChainsOnly(dir);
    // The stack's own bridge (OP's L1 messenger and portal, the L2 messenger at its predeploy), with a receiver that
    // counts deliveries.
    const messenger = readDeployment(31337, dir)!.contracts.Messenger;
    const l1 = L1CrossDomainMessenger__factory.connect(messenger.address, stack.connections.eth.ethers.provider);
    t = await receiverOn(stack.connections.eth, stack.connections.base, {
      l1Messenger: messenger.address,
      portal: await l1.portal(),
      deployBlock: messenger.deployBlock,
    });
  });
  after(async function () {
    await stack?.stop();
  });

  it("delivers every message exactly once: the restarted process skips the one delivered before the kill", async function () {
    for (const amount of [1n, 2n, 4n]) await t.send(amount, 100_000n);
    const tsx = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
    const args = [
      tsx,
      "scripts/relayer/index.ts",
      "--once",
      "--delay-ms",
      "0",
      "--l1-messenger",
      t.bridge.l1Messenger,
      "--from-block",
      String(t.bridge.deployBlock),
      "--state",
      path.join(dir, "relayer.json"),
      "--eth-url",
      stack.urls.eth,
      "--base-url",
      stack.urls.base,
    ];
    await killWhen(args, { RELAYER_TEST_PAUSE_AFTER_DELIVERY_MS: "60000" }, /test pause: delivered the deposit/);
    const wake = () => wakeConnections(stack.connections.eth, stack.connections.base);
    await wake();
    expect([await t.receiver.total(), await t.receiver.deliveries()]).to.deep.equal([1n, 1n]);
    const again = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
    expect(again.status).to.equal(0, again.stderr + again.stdout);
    expect(again.stdout).to.match(
      /once: 0 new message\(s\), 2 delivered, 0 failed on Base, 1 already delivered, 0 waiting/,
    );
    await wake();
    expect([await t.receiver.total(), await t.receiver.deliveries()]).to.deep.equal([7n, 3n]);
    const third = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
    expect(third.stdout).to.match(
      /once: 0 new message\(s\), 0 delivered, 0 failed on Base, 0 already delivered, 0 waiting/,
    );
  });
});
