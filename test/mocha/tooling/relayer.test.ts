import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { messageHash } from "../../../scripts/lib/opstack.js";
import { applyL1ToL2Alias, L2_MESSENGER_PREDEPLOY, type RelayerState } from "../../../scripts/relayer/relayer.js";
import {
  L1CrossDomainMessenger__factory,
  L2CrossDomainMessenger__factory,
} from "../../../typechain-types/opstack/index.js";
import {
  basePresale,
  buyEth,
  CRASH_AFTER_DELIVERY,
  deployPair,
  ethPresale,
  expectCrashAfterDelivery,
  makeRelayer,
  tmpDir,
  type Pair,
} from "./helpers.js";

describe("tooling: the local bridge relayer (the OP node's deposit derivation, on OP's own messengers)", function () {
  let pair: Pair;
  let work: string;
  const relayFrom = async (buyer: number) => {
    const p = await ethPresale(pair.eth, pair.ethDep, buyer);
    await (await p.relay([(await pair.eth.ethers.getSigners())[buyer].address])).wait();
  };

  before(async function () {
    pair = await deployPair();
    work = tmpDir("relayer");
  });

  it("the local Base messenger is OP's L2CrossDomainMessenger at the predeploy, trusting the local Ethereum's L1 messenger and its portal", async function () {
    const baseP = await basePresale(pair.base, pair.baseDep);
    const ethP = await ethPresale(pair.eth, pair.ethDep);
    expect(await baseP.messenger()).to.equal(L2_MESSENGER_PREDEPLOY);
    expect(await ethP.messenger()).to.equal(pair.ethDep.contracts.Messenger.address);
    const l1 = L1CrossDomainMessenger__factory.connect(
      pair.ethDep.contracts.Messenger.address,
      pair.eth.ethers.provider,
    );
    const l2 = L2CrossDomainMessenger__factory.connect(L2_MESSENGER_PREDEPLOY, pair.base.ethers.provider);
    expect(await l2.otherMessenger()).to.equal(pair.ethDep.contracts.Messenger.address);
    expect(await l1.otherMessenger()).to.equal(L2_MESSENGER_PREDEPLOY);
    expect(await pair.eth.ethers.provider.getCode(await l1.portal())).to.not.equal("0x");
    expect(applyL1ToL2Alias(pair.ethDep.contracts.Messenger.address)).to.not.equal(
      pair.ethDep.contracts.Messenger.address,
    );
    expect(await baseP.remotePresale()).to.equal(ethP.target);
    expect(await ethP.remotePresale()).to.equal(baseP.target);
  });

  it("delivers a message only after a few L1 blocks, then exactly once, even across a crash between delivery and record", async function () {
    const baseP = await basePresale(pair.base, pair.baseDep);
    const buyer = (await pair.eth.ethers.getSigners())[3].address;
    await buyEth(pair.eth, pair.ethDep, 3, 20_000n);
    await relayFrom(3); // the buyer relays their own deposit: no role needed
    const state = path.join(work, "a.json");
    const waiting = makeRelayer(pair, state, { delayBlocks: 2, delayMs: 3_600_000 });
    expect(await waiting.tick()).to.deep.include({ seen: 1, delivered: 0, queued: 1 });
    expect(await baseP.remoteDepositsImported(buyer, 0n)).to.equal(0n);
    await pair.eth.provider.request({ method: "hardhat_mine", params: ["0x2"] });
    await expectCrashAfterDelivery(
      makeRelayer(pair, state, { delayBlocks: 2, delayMs: 3_600_000, hooks: CRASH_AFTER_DELIVERY }),
    );
    expect(await baseP.remoteDepositsImported(buyer, 0n)).to.equal(20_000n);
    // Restart: the message is still queued, the relayer sees it delivered and does not send it again.
    const log: string[] = [];
    const restarted = makeRelayer(pair, state, { log: (m) => log.push(m) });
    expect(await restarted.tick()).to.deep.include({ seen: 0, delivered: 0, skipped: 1, queued: 0 });
    expect(log.join("\n")).to.match(/already delivered on hardhatBase: not sent again/);
    expect(await baseP.userDeposits(buyer)).to.equal(20_000n * 10n ** 18n);
  });

  it("a report sent by anything but the Ethereum presale fails on Base, is recorded as failed and credits nobody", async function () {
    const [, , , , , , , , attacker] = await pair.eth.ethers.getSigners();
    const baseP = await basePresale(pair.base, pair.baseDep);
    const l1 = L1CrossDomainMessenger__factory.connect(pair.ethDep.contracts.Messenger.address, attacker);
    const data = baseP.interface.encodeFunctionData("receiveEthereumReport", [
      [{ buyer: attacker.address, leg: 0n, recipient: attacker.address, tokens: 1_000_000n }],
      [0n],
      [1_000_000n],
      1_000_000n,
      6_000_000_000n,
      true,
    ]);
    const tx = (await (await l1.sendMessage(baseP.target, data, 1_000_000)).wait())!;
    const [sent] = await l1.queryFilter(l1.filters.SentMessage(), tx.blockNumber, tx.blockNumber);
    const log: string[] = [];
    const r = await makeRelayer(pair, path.join(work, "a.json"), { log: (m) => log.push(m) }).tick();
    expect(r).to.deep.include({ seen: 1, failed: 1, delivered: 0 });
    expect(log.join("\n")).to.match(
      /FAILED on hardhatBase: Ethereum report, 1 buyer\(s\), 1000000 tokens sold on Ethereum, sale CLOSED; recorded in failedMessages/,
    );
    const l2 = L2CrossDomainMessenger__factory.connect(L2_MESSENGER_PREDEPLOY, pair.base.ethers.provider);
    const hash = messageHash({
      nonce: sent.args.messageNonce,
      sender: sent.args.sender,
      target: sent.args.target,
      value: 0n,
      minGasLimit: sent.args.gasLimit,
      message: sent.args.message,
    });
    expect(await l2.failedMessages(hash)).to.equal(true);
    expect(await baseP.remoteDepositsImported(attacker.address, 0n)).to.equal(0n);
    expect(await baseP.userDeposits(attacker.address)).to.equal(0n);
    expect(await baseP.remoteSaleClosed()).to.equal(false);
  });

  it("a state file written on an earlier local chain (same addresses) is not reused: it rescans and skips what Base has", async function () {
    const file = path.join(work, "a.json");
    const state = JSON.parse(fs.readFileSync(file, "utf8")) as RelayerState;
    state.l1.origin = "0x" + "de".repeat(32); // as if the chain had been restarted since
    fs.writeFileSync(file, JSON.stringify(state));
    const log: string[] = [];
    const r = await makeRelayer(pair, file, { log: (m) => log.push(m) }).tick();
    expect(log[0]).to.match(/belongs to other chains, messengers or an earlier local chain: starting over/);
    expect(r).to.deep.include({ seen: 2, delivered: 0, failed: 0, skipped: 2 }); // one delivered, one failed: both recorded on Base
  });
});
