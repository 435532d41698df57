import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { network } from "hardhat";
import { ChainDownError } from "../../../scripts/lib/cli.js";
import type { Connection } from "../../../scripts/lib/deploy.js";
import { ROOT } from "../../../scripts/lib/networks.js";
import { Keeper, runLoop, type KeeperOptions } from "../../../scripts/keeper/keeper.js";
import { buyEth, contract, deployPair, tmpDir, type Pair } from "./helpers.js";

const KEEPER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BUYERS = [3, 4, 5, 6, 7];

describe("tooling: the keeper across two chains", function () {
  let pair: Pair;
  let work: string;
  const make = (opts: Partial<KeeperOptions> = {}, eth?: Connection) =>
    new Keeper(
      { name: "hardhatEth", conn: eth ?? pair.eth, record: pair.ethDep, signer: KEEPER },
      { name: "hardhatBase", conn: pair.base, record: pair.baseDep, signer: KEEPER },
      { stateFile: path.join(work, "keeper-state.json"), ...opts },
    );

  before(async function () {
    pair = await deployPair();
    work = tmpDir("keeper");
  });

  it("purchases on both chains end up on one ladder and Ethereum buyers become claimable on Base", async function () {
    const ethP = await contract(pair.eth, pair.ethDep, "Presale");
    const baseP = await contract(pair.base, pair.baseDep, "Presale");
    await buyEth(pair.eth, pair.ethDep, 3, 1_000_000n);
    await buyEth(pair.eth, pair.ethDep, 4, 2_000_000n);
    await buyEth(pair.base, pair.baseDep, 5, 3_000_000n);
    const log: string[] = [];
    const r = await make({ log: (m) => log.push(m) }).tick();
    expect(r.synced).to.deep.equal({ toBase: true, toEth: true });
    expect(r.imported).to.equal(2);
    // One ladder: 6M sold in total crosses round 1's 4.5M cap on both chains.
    for (const p of [ethP, baseP]) {
      expect(await p.totalTokensSold()).to.equal(6_000_000n);
      expect(await p.currentStep()).to.equal(1n);
    }
    expect(await ethP.usdRaised()).to.equal(await baseP.usdRaised());
    // Ethereum deposits are claimable on Base.
    const signers = await pair.eth.ethers.getSigners();
    for (const i of [3, 4]) {
      const a = signers[i].address;
      expect(await baseP.userDeposits(a)).to.equal(await ethP.userDeposits(a));
      expect(await baseP.remoteDepositsImported(a)).to.equal(await ethP.userDeposits(a));
    }
    expect(log.join("\n")).to.match(/import → hardhatBase: 2 buyer\(s\)/);
    // A second tick has nothing to do.
    const again = await make().tick();
    expect(again).to.deep.include({ imported: 0, batches: 0, pending: 0 });
    expect(again.synced).to.deep.equal({ toBase: false, toEth: false });
  });

  it("a crash mid-batch and a restart never double-credit", async function () {
    const ethP = await contract(pair.eth, pair.ethDep, "Presale");
    const baseP = await contract(pair.base, pair.baseDep, "Presale");
    const signers = await pair.eth.ethers.getSigners();
    const everyone = [...new Set([3, 4, ...BUYERS])];
    const before = new Map<number, { deposits: bigint; imported: bigint }>();
    for (const i of everyone) {
      const a = signers[i].address;
      before.set(i, { deposits: await baseP.userDeposits(a), imported: await baseP.remoteDepositsImported(a) });
    }
    for (const i of BUYERS) await buyEth(pair.eth, pair.ethDep, i, 10_000n);
    // Batches of one; the process "dies" right after the second import batch is mined, before its state is saved.
    let batches = 0;
    const crashing = make({
      batchSize: 1,
      hooks: {
        afterImportBatch: () => {
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
    const state = JSON.parse(fs.readFileSync(path.join(work, "keeper-state.json"), "utf8"));
    expect(state.pending.length).to.equal(4); // the first batch was recorded, the second (mined) was not
    // Restart: the replayed batch is a no-op on chain, every buyer ends up credited exactly once.
    const r = await make({ batchSize: 2 }).tick();
    expect(r.pending).to.equal(0);
    let sum = 0n;
    for (const i of everyone) {
      const a = signers[i].address;
      const owed: bigint = await ethP.userDeposits(a);
      sum += owed;
      const b = before.get(i)!;
      expect(await baseP.remoteDepositsImported(a)).to.equal(owed, `buyer #${i}`);
      // Base credit grew by exactly the newly imported Ethereum deposits (buyer #5 also bought on Base itself).
      expect((await baseP.userDeposits(a)) - b.deposits).to.equal(owed - b.imported, `buyer #${i} credited once`);
    }
    expect(await baseP.totalRemoteDepositsImported()).to.equal(sum);
    expect(sum).to.equal((await ethP.localTokensSold()) * 10n ** 18n);
  });

  it("imports are claimable on Base after the claim starts", async function () {
    const baseOwner = await contract(pair.base, pair.baseDep, "Presale");
    await (await baseOwner.startClaim(BigInt((await pair.base.ethers.provider.getBlock("latest"))!.timestamp))).wait();
    const signers = await pair.base.ethers.getSigners();
    const buyer = await contract(pair.base, pair.baseDep, "Presale", 3);
    const token = await contract(pair.base, pair.baseDep, "SaleToken");
    const owed: bigint = await buyer.userDeposits(signers[3].address);
    await (await buyer.claim()).wait();
    expect(await token.balanceOf(signers[3].address)).to.equal(owed);
  });

  it("one chain down: tick fails with a clear ChainDownError; the loop retries with backoff and logs", async function () {
    const dead = (await network.create({ network: "localEth", override: { url: "http://127.0.0.1:9" } } as any)) as unknown as Connection;
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
      [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/keeper/index.ts", "--once", "--eth-url", "http://127.0.0.1:9", "--base-url", "http://127.0.0.1:10", "--state", path.join(dep, "s.json")],
      { cwd: ROOT, encoding: "utf8", env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" } },
    );
    expect(res.status).to.equal(2, res.stderr + res.stdout);
    expect(res.stderr).to.match(/chain unreachable: cannot reach localEth \(http:\/\/127.0.0.1:9\)/);
  });
});
