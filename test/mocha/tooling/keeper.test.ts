import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import type { BlockTag } from "ethers";
import { network } from "hardhat";
import { ChainDownError } from "../../../scripts/lib/cli.js";
import type { Connection } from "../../../scripts/lib/deploy.js";
import { ROOT } from "../../../scripts/lib/networks.js";
import { Keeper, mirrorSteps, runLoop, type KeeperOptions, type KeeperState } from "../../../scripts/keeper/keeper.js";
import { buyEth, contract, deployPair, makeRelayer, tmpDir, type Pair } from "./helpers.js";

const KEEPER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BUYERS = [3, 4, 5, 6, 7];

describe("tooling: the keeper (relay bot and bounded price mirror)", function () {
  let pair: Pair;
  let work: string;
  const make = (opts: Partial<KeeperOptions> = {}, eth?: Connection) =>
    new Keeper(
      { name: "hardhatEth", conn: eth ?? pair.eth, record: pair.ethDep, signer: KEEPER },
      { name: "hardhatBase", conn: pair.base, record: pair.baseDep },
      { stateFile: path.join(work, "keeper-state.json"), ...opts },
    );
  const bridge = () => makeRelayer(pair, path.join(work, "relayer-state.json"));

  before(async function () {
    pair = await deployPair();
    work = tmpDir("keeper");
  });

  it("Ethereum deposits reach Base through the bridge (keeper relays, relayer delivers) and Base's sales reach Ethereum's ladder", async function () {
    const ethP = await contract(pair.eth, pair.ethDep, "Presale");
    const baseP = await contract(pair.base, pair.baseDep, "Presale");
    await buyEth(pair.eth, pair.ethDep, 3, 1_000_000n);
    await buyEth(pair.eth, pair.ethDep, 4, 2_000_000n);
    await buyEth(pair.base, pair.baseDep, 5, 3_000_000n);
    const log: string[] = [];
    const r = await make({ log: (m) => log.push(m) }).tick();
    expect(r).to.deep.include({ relayed: 2, batches: 1, inFlight: 2, pending: 2 });
    expect(r.mirrors).to.be.greaterThan(0);
    expect(log.join("\n")).to.match(/relay → hardhatBase via the bridge: 2 buyer\(s\), 3000000.0 tokens in deposits/);
    expect(log.join("\n")).to.match(/mirror → hardhatEth: Base sold 3000000 tokens/);
    // Nothing reaches Base before the bridge delivers.
    const signers = await pair.eth.ethers.getSigners();
    expect(await baseP.remoteDepositsImported(signers[3].address)).to.equal(0n);
    const delivered = await bridge().tick();
    expect(delivered).to.deep.include({ delivered: 1, failed: 0 });
    for (const i of [3, 4]) {
      const a = signers[i].address;
      expect(await baseP.remoteDepositsImported(a)).to.equal(await ethP.userDeposits(a));
      expect(await baseP.userDeposits(a)).to.equal(await ethP.userDeposits(a));
    }
    // One ladder: 6M sold in total crosses round 1's 4.5M cap on both chains.
    for (const p of [ethP, baseP]) {
      expect(await p.totalTokensSold()).to.equal(6_000_000n);
      expect(await p.currentStep()).to.equal(1n);
    }
    const [ethLocal, ethRemote] = await ethP.roundSales();
    const [baseLocal, baseRemote] = await baseP.roundSales();
    expect([...ethRemote]).to.deep.equal([...baseLocal]);
    expect([...baseRemote]).to.deep.equal([...ethLocal]);
    // A second tick has nothing to do.
    const again = await make().tick();
    expect(again).to.deep.include({ mirrors: 0, relayed: 0, batches: 0, pending: 0, inFlight: 0 });
  });

  it("a relayed buyer is not relayed again while in flight, and a duplicate relay credits once", async function () {
    const baseP = await contract(pair.base, pair.baseDep, "Presale");
    const ethP = await contract(pair.eth, pair.ethDep, "Presale");
    const a = (await pair.eth.ethers.getSigners())[6].address;
    await buyEth(pair.eth, pair.ethDep, 6, 40_000n);
    expect((await make().tick()).relayed).to.equal(1);
    expect(await make().tick()).to.deep.include({ relayed: 0, inFlight: 1 });
    // Past the resend delay (0 here) the keeper relays again; both messages are delivered, the second changes nothing.
    expect((await make({ resendAfterMs: 0 }).tick()).relayed).to.equal(1);
    const d = await bridge().tick();
    expect(d.delivered).to.equal(2);
    expect(await baseP.remoteDepositsImported(a)).to.equal(await ethP.userDeposits(a));
    expect(await baseP.userDeposits(a)).to.equal(await ethP.userDeposits(a));
    expect(await make().tick()).to.deep.include({ relayed: 0, inFlight: 0, pending: 0 });
  });

  it("a crash after a relay is mined, before it is recorded, and a restart credit every buyer exactly once", async function () {
    const ethP = await contract(pair.eth, pair.ethDep, "Presale");
    const baseP = await contract(pair.base, pair.baseDep, "Presale");
    const signers = await pair.eth.ethers.getSigners();
    const before = new Map<number, bigint>();
    for (const i of BUYERS) before.set(i, await baseP.userDeposits(signers[i].address));
    for (const i of BUYERS) await buyEth(pair.eth, pair.ethDep, i, 10_000n);
    let batches = 0;
    const crashing = make({
      batchSize: 1,
      hooks: {
        afterRelayBatch: () => {
          if (++batches === 2) throw new Error("killed mid-batch");
        },
      },
    });
    try {
      await crashing.tick();
      expect.fail("no crash");
    } catch (e) {
      expect((e as Error).message).to.equal("killed mid-batch");
    }
    const state = JSON.parse(fs.readFileSync(path.join(work, "keeper-state.json"), "utf8")) as KeeperState;
    expect(Object.keys(state.inFlight)).to.have.length(1); // the first relay was recorded, the second (mined) was not
    const r = await make({ batchSize: 2 }).tick();
    expect(r.relayed).to.equal(4); // the unrecorded one is relayed again
    await bridge().tick();
    for (const i of BUYERS) {
      const a = signers[i].address;
      const owed: bigint = await ethP.userDeposits(a);
      expect(await baseP.remoteDepositsImported(a)).to.equal(owed, `buyer #${i}`);
      // Base credit grew by exactly the new Ethereum purchase (buyer #5 also bought on Base itself).
      expect((await baseP.userDeposits(a)) - before.get(i)!).to.equal(
        10_000n * 10n ** 18n,
        `buyer #${i} credited once`,
      );
    }
    expect(await baseP.totalRemoteDepositsImported()).to.equal((await ethP.localTokensSold()) * 10n ** 18n);
    expect(await make().tick()).to.deep.include({ relayed: 0, pending: 0, inFlight: 0 });
  });

  it("the mirror never moves Ethereum's ladder by more than maxMirrorStep per call: a large Base sale takes several calls", async function () {
    const ethOwner = await contract(pair.eth, pair.ethDep, "Presale");
    const baseP = await contract(pair.base, pair.baseDep, "Presale");
    await (await ethOwner.setMaxMirrorStep(100_000n)).wait();
    try {
      await buyEth(pair.base, pair.baseDep, 7, 250_000n);
      const log: string[] = [];
      const r = await make({ log: (m) => log.push(m) }).tick();
      expect(r.mirrors).to.equal(3);
      expect(log.filter((l) => /mirror → hardhatEth: .* \(step \d\/3/.test(l))).to.have.length(3);
      expect([...(await ethOwner.roundSales())[1]]).to.deep.equal([...(await baseP.roundSales())[0]]);
      expect(await ethOwner.totalTokensSold()).to.equal(await baseP.totalTokensSold());
    } finally {
      await (await ethOwner.setMaxMirrorStep(1_000_000n)).wait();
    }
  });

  it("mirrorSteps: every step within the bound, rounds filled in order, never lowered, USD lands on the target", function () {
    const steps = mirrorSteps([100n, 0n, 0n], [400n, 300n, 0n], 10n, 70n, 250n);
    expect(steps.map((s) => s.roundSold)).to.deep.equal([
      [350n, 0n, 0n],
      [400n, 200n, 0n],
      [400n, 300n, 0n],
    ]);
    let prev = [100n, 0n, 0n];
    for (const s of steps) {
      expect(s.roundSold.reduce((a, b) => a + b, 0n) - prev.reduce((a, b) => a + b, 0n)).to.be.at.most(250n);
      prev = s.roundSold;
    }
    expect(steps.map((s) => s.usdRaised)).to.deep.equal([35n, 60n, 70n]); // 10 + 60 × (250, 500, 600) / 600
    // A round already above Base's count (an owner correction) is never lowered; nothing to do gives no call.
    expect(mirrorSteps([500n, 0n], [400n, 10n], 5n, 5n, 100n)).to.deep.equal([
      { roundSold: [500n, 10n], usdRaised: 5n },
    ]);
    expect(mirrorSteps([1n, 2n], [1n, 2n], 3n, 3n, 100n)).to.deep.equal([]);
  });

  it("reads Ethereum at the finalized block; a local node without that tag is read at latest (logged once)", async function () {
    const r = await make().tick();
    expect(r.ethBlock).to.equal((await pair.eth.ethers.provider.getBlock("finalized"))!.number);
    const provider = pair.eth.ethers.provider;
    const noFinality = new Proxy(provider, {
      get(target, key) {
        if (key === "getBlock") {
          return async (tag: unknown) => {
            if (tag === "finalized") throw new Error("unknown block tag finalized");
            return target.getBlock(tag as BlockTag);
          };
        }
        const v: unknown = Reflect.get(target, key, target);
        return typeof v === "function" ? (v as (...args: unknown[]) => unknown).bind(target) : v;
      },
    });
    const ethers = { provider: noFinality, getSigner: (a: string) => pair.eth.ethers.getSigner(a) };
    const conn = new Proxy(pair.eth, {
      get: (target, key): unknown => (key === "ethers" ? ethers : Reflect.get(target, key, target)),
    });
    const log: string[] = [];
    const k = make({ log: (m) => log.push(m) }, conn);
    expect((await k.tick()).ethBlock).to.equal(await provider.getBlockNumber());
    await k.tick();
    expect(log.filter((l) => /has no finalized block .* reading at latest/.test(l))).to.have.length(1);
  });

  it("refuses to run without KEEPER_ROLE on Ethereum and holds no role on Base", async function () {
    const baseP = await contract(pair.base, pair.baseDep, "Presale");
    expect(await baseP.hasRole(await baseP.KEEPER_ROLE(), KEEPER)).to.equal(false);
    const stranger = new Keeper(
      { name: "hardhatEth", conn: pair.eth, record: pair.ethDep, signer: "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc" },
      { name: "hardhatBase", conn: pair.base, record: pair.baseDep },
      { stateFile: path.join(work, "other.json") },
    );
    try {
      await stranger.tick();
      expect.fail("not refused");
    } catch (e) {
      expect((e as Error).message).to.match(/does not hold KEEPER_ROLE on hardhatEth/);
    }
  });

  it("one chain down: tick fails with a clear ChainDownError; the loop retries with backoff and logs", async function () {
    const dead: Connection = await network.create({ network: "localEth", override: { url: "http://127.0.0.1:9" } });
    try {
      await make({}, dead).tick();
      expect.fail("no error");
    } catch (e) {
      expect(e).to.be.instanceOf(ChainDownError);
      expect((e as Error).message).to.match(/cannot reach localEth \(http:\/\/127.0.0.1:9\)/);
    }
    const log: string[] = [];
    const loop = runLoop(make({}, dead), 20, (m) => log.push(m));
    await new Promise((r) => setTimeout(r, 300));
    await loop.stop();
    expect(log[0]).to.match(/chain down: cannot reach localEth .* retry 1 in/);
  });

  it("CLI --once exits 2 with a clear message when a chain is unreachable", function () {
    this.timeout(60_000);
    const dep = tmpDir("keeper-cli");
    const res = spawnSync(
      process.execPath,
      [
        path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
        "scripts/keeper/index.ts",
        "--once",
        "--eth-url",
        "http://127.0.0.1:9",
        "--base-url",
        "http://127.0.0.1:10",
        "--state",
        path.join(dep, "s.json"),
      ],
      { cwd: ROOT, encoding: "utf8", env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" } },
    );
    expect(res.status).to.equal(2, res.stderr + res.stdout);
    expect(res.stderr).to.match(/chain unreachable: cannot reach localEth \(http:\/\/127.0.0.1:9\)/);
  });
});
