import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect } from "chai";
import type { BlockTag } from "ethers";
import { network } from "hardhat";
import { ChainDownError, exitCodeFor } from "../../../scripts/lib/cli.js";
import type { Connection } from "../../../scripts/lib/deploy.js";
import { ROOT } from "../../../scripts/lib/networks.js";
import { Keeper, runLoop, type KeeperOptions } from "../../../scripts/keeper/keeper.js";
import { basePresale, buyEth, deployPair, ethPresale, makeRelayer, tmpDir, type Pair } from "./helpers.js";

const KEEPER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const TOKEN = 10n ** 18n;
const BUYERS = [3, 4, 5, 6, 7];

describe("tooling: the keeper (relays only, no role)", function () {
  let pair: Pair;
  let work: string;
  let addr: string[];
  const make = (opts: Partial<KeeperOptions> = {}, eth?: Connection, signer = KEEPER) =>
    new Keeper(
      { name: "hardhatEth", conn: eth ?? pair.eth, record: pair.ethDep, signer },
      { name: "hardhatBase", conn: pair.base, record: pair.baseDep },
      { stateFile: path.join(work, "keeper-state.json"), ...opts },
    );
  const bridge = () => makeRelayer(pair, path.join(work, "relayer-state.json"));

  before(async function () {
    pair = await deployPair();
    work = tmpDir("keeper");
    addr = (await pair.eth.ethers.getSigners()).map((s) => s.address);
  });

  it("relays Ethereum buyers' tokens to the Base address each named; the bridge delivers; nothing is relayed twice", async function () {
    const ethP = await ethPresale(pair.eth, pair.ethDep);
    const baseP = await basePresale(pair.base, pair.baseDep);
    await buyEth(pair.eth, pair.ethDep, 3, 1_000_000n); // for its own address
    await buyEth(pair.eth, pair.ethDep, 4, 200_000n, addr[9]); // for another Base address
    const log: string[] = [];
    const r = await make({ log: (m) => log.push(m) }).tick();
    expect(r).to.deep.include({ relayed: 2, batches: 1, reported: false, inFlight: 1, pending: 2 });
    expect(log.join("\n")).to.match(
      /relay → hardhatBase via the bridge: 2 buyer\(s\), 1200000 tokens unrelayed, batch 1\/1/,
    );
    // Nothing reaches Base before the bridge delivers; the Ethereum records say relayed at once.
    expect(await baseP.userDeposits(addr[3])).to.equal(0n);
    expect((await ethP.buyerInfo(addr[4])).relayed).to.equal(200_000n);
    expect(await make().tick()).to.deep.include({ relayed: 0, batches: 0, reported: false, inFlight: 1, pending: 0 });
    expect(await bridge().tick()).to.deep.include({ delivered: 1, failed: 0 });
    expect(await baseP.userDeposits(addr[3])).to.equal(1_000_000n * TOKEN);
    expect(await baseP.userDeposits(addr[9])).to.equal(200_000n * TOKEN);
    expect(await baseP.userDeposits(addr[4])).to.equal(0n, "the buyer's own Base address gets nothing it did not name");
    expect(await make().tick()).to.deep.include({ relayed: 0, inFlight: 0, pending: 0 });
  });

  it("finds re-pointed tokens (RecipientChanged) and a later leg: each recipient gets exactly its leg", async function () {
    const baseP = await basePresale(pair.base, pair.baseDep);
    const buyer = await ethPresale(pair.eth, pair.ethDep, 6);
    await buyEth(pair.eth, pair.ethDep, 6, 3_000n, addr[10]);
    await (await buyer.setRecipient(addr[11])).wait(); // not relayed yet: the whole leg now goes to #11
    expect((await make().tick()).relayed).to.equal(1);
    await buyEth(pair.eth, pair.ethDep, 6, 4_000n, addr[12]); // the relayed leg stays #11's; a new leg for #12
    expect((await make().tick()).relayed).to.equal(1);
    await bridge().tick();
    expect(await baseP.userDeposits(addr[10])).to.equal(0n);
    expect(await baseP.userDeposits(addr[11])).to.equal(3_000n * TOKEN);
    expect(await baseP.userDeposits(addr[12])).to.equal(4_000n * TOKEN);
    expect([
      await baseP.remoteDepositsImported(addr[6], 0n),
      await baseP.remoteDepositsImported(addr[6], 1n),
    ]).to.deep.equal([3_000n, 4_000n]);
  });

  it("a crash after a relay is mined, before anything is recorded, and a restart credit every buyer exactly once", async function () {
    const ethP = await ethPresale(pair.eth, pair.ethDep);
    const baseP = await basePresale(pair.base, pair.baseDep);
    const before = new Map<number, bigint>();
    for (const i of BUYERS) before.set(i, await baseP.userDeposits(addr[i]));
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
    // Two relays were mined; the contract marked them, so the restart relays the three others only.
    const r = await make({ batchSize: 2 }).tick();
    expect(r).to.deep.include({ relayed: 3, batches: 2 });
    await bridge().tick();
    for (const i of BUYERS) {
      const info = await ethP.buyerInfo(addr[i]);
      expect(info.relayed).to.equal(info.tokens, `buyer #${i}`);
      expect((await baseP.userDeposits(addr[i])) - before.get(i)!).to.equal(
        10_000n * TOKEN,
        `buyer #${i} credited once`,
      );
    }
    expect(await baseP.totalRemoteDepositsImported()).to.equal(await ethP.localTokensSold());
    expect(await make().tick()).to.deep.include({ relayed: 0, pending: 0, inFlight: 0 });
  });

  it("relays at most MAX_RELAY_BUYERS per call: the contract's constant is the default batch size and the bound", async function () {
    const ethP = await ethPresale(pair.eth, pair.ethDep);
    const max = Number(await ethP.MAX_RELAY_BUYERS());
    expect(await make().batchSize()).to.equal(max);
    expect(await make({ batchSize: 7 }).batchSize()).to.equal(7);
    for (const bad of [max + 1, 0]) {
      try {
        await make({ batchSize: bad }).tick();
        expect.fail("not refused");
      } catch (e) {
        expect(exitCodeFor(e)).to.equal(1);
        expect((e as Error).message).to.match(
          new RegExp(`batch size ${bad}: the Ethereum presale relays 1\\.\\.${max} buyers per call`),
        );
      }
    }
  });

  it("after an owner quota release, relays one empty report (not again while it is on its way); Base's share grows once delivered", async function () {
    const ethP = await ethPresale(pair.eth, pair.ethDep);
    const baseP = await basePresale(pair.base, pair.baseDep);
    const shareBefore = (await baseP.rounds())[3].baseQuota;
    await (await ethP.releaseQuota(3n, 500_000n)).wait();
    const log: string[] = [];
    const r = await make({ log: (m) => log.push(m) }).tick();
    expect(r).to.deep.include({ relayed: 0, reported: true, inFlight: 1 });
    expect(log.join("\n")).to.match(
      /report → hardhatBase: Base has not booked Ethereum's released quota \(round 4: 500000\); empty report sent/,
    );
    expect(await make().tick()).to.deep.include({ reported: false, inFlight: 1 });
    await bridge().tick();
    expect((await baseP.rounds())[3].baseQuota).to.equal(shareBefore + 500_000n);
    expect(await make().tick()).to.deep.include({ reported: false, inFlight: 0 });
  });

  it("a report that never arrives (lost, or failed on Base) is not waited for past --resend-after: the keeper reports again", async function () {
    const ethP = await ethPresale(pair.eth, pair.ethDep);
    await (await ethP.releaseQuota(4n, 1_000n)).wait();
    expect((await make().tick()).reported).to.equal(true);
    expect((await make().tick()).reported).to.equal(false);
    expect((await make({ resendAfterMs: 0 }).tick()).reported).to.equal(true);
    await bridge().tick(); // both delivered; the second changes nothing
    expect((await make().tick()).reported).to.equal(false);
  });

  it("reads Ethereum's events at the finalized block; a local node without that tag is read at latest (logged once)", async function () {
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

  it("holds no role on either chain: any funded account keeps Base up to date, and the roles do not exist", async function () {
    const ethP = await ethPresale(pair.eth, pair.ethDep);
    const baseP = await basePresale(pair.base, pair.baseDep);
    for (const p of [ethP, baseP]) {
      expect(p.interface.hasFunction("KEEPER_ROLE")).to.equal(false);
      expect(await p.hasRole(await p.ADMIN_ROLE(), KEEPER)).to.equal(false);
    }
    await buyEth(pair.eth, pair.ethDep, 8, 1_234n);
    const stranger = make({}, undefined, addr[14]);
    expect((await stranger.tick()).relayed).to.equal(1);
    await bridge().tick();
    expect(await baseP.userDeposits(addr[8])).to.equal(1_234n * TOKEN);
  });

  it("after the close: buyers still unrelayed are relayed, the close's own report is not sent twice, Base learns both", async function () {
    const ethP = await ethPresale(pair.eth, pair.ethDep);
    const baseP = await basePresale(pair.base, pair.baseDep);
    await buyEth(pair.eth, pair.ethDep, 13, 2_000n);
    await (await ethP.closeSale()).wait(); // the owner, before the end time; it sends its own report
    const r = await make().tick();
    expect(r).to.deep.include({ relayed: 1, reported: false, inFlight: 2 });
    await bridge().tick();
    expect(await baseP.remoteSaleClosed()).to.equal(true);
    expect(await baseP.userDeposits(addr[13])).to.equal(2_000n * TOKEN);
    // Every unused quota went to Base with the close: Base's share of each round is what Ethereum did not use.
    const [e, b] = [await ethP.rounds(), await baseP.rounds()];
    for (let i = 0; i < e.length; i++) expect(b[i].ethereumQuota).to.equal(e[i].used, `round ${i + 1}`);
    expect(await make().tick()).to.deep.include({ relayed: 0, reported: false, inFlight: 0 });
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
