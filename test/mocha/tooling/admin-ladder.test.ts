/**
 * The owner commands on the ladder both chains run (set-rounds, set-step, release-quota, open-claim) and the
 * cross-chain check of `admin status`: lags exit 0, divergences made on the chains (one chain's table changed, Base's
 * storage rewritten with hardhat_setStorageAt) exit 1.
 */
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { AbiCoder, getAddress, keccak256, parseUnits, toBeHex, zeroPadValue } from "ethers";
import type { AdminEnv } from "../../../scripts/admin/context.js";
import { compareChains, type BaseState, type EthereumState } from "../../../scripts/admin/divergence.js";
import { Keeper } from "../../../scripts/keeper/keeper.js";
import type { Connection } from "../../../scripts/lib/deploy.js";
import { adminRunner, basePresale, buyEth, deployPair, ethPresale, makeRelayer, tmpDir, type Pair } from "./helpers.js";

const KEEPER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const M40 = (1n << 40n) - 1n;
const M64 = (1n << 64n) - 1n;

/** Owner commands against a pair (helpers.ts adminRunner), and the keeper and the bridge bringing Base up to date. */
function adminOn(pair: Pair, work: string) {
  const env: AdminEnv = {
    connections: { hardhatEth: pair.eth, hardhatBase: pair.base },
    deploymentsDir: pair.dir,
    progressDir: path.join(work, "progress"),
  };
  const keeper = () =>
    new Keeper(
      { name: "hardhatEth", conn: pair.eth, record: pair.ethDep, signer: KEEPER },
      { name: "hardhatBase", conn: pair.base, record: pair.baseDep },
      { stateFile: path.join(work, "keeper.json") },
    );
  const relayer = makeRelayer(pair, path.join(work, "relayer.json"));
  /** The keeper's tick and the bridge's delivery: Base up to date with Ethereum. */
  const sync = async () => {
    await keeper().tick();
    await relayer.tick();
  };
  return { ...adminRunner(env), sync };
}

const blocks = (pair: Pair) =>
  Promise.all([pair.eth.ethers.provider.getBlockNumber(), pair.base.ethers.provider.getBlockNumber()]);

const slotHex = (x: bigint) => zeroPadValue(toBeHex(x), 32);
const read = async (conn: Connection, at: string, slot: bigint) =>
  BigInt(
    (await conn.provider.request({ method: "eth_getStorageAt", params: [at, slotHex(slot), "latest"] })) as string,
  );
const write = (conn: Connection, at: string, slot: bigint, value: bigint) =>
  conn.provider.request({ method: "hardhat_setStorageAt", params: [at, slotHex(slot), slotHex(value)] });
const mappingSlot = (key: string | bigint, base: bigint) =>
  BigInt(
    keccak256(
      AbiCoder.defaultAbiCoder().encode([typeof key === "string" ? "address" : "uint256", "uint256"], [key, base]),
    ),
  );

describe("tooling: ladder commands and the cross-chain check", function () {
  let pair: Pair;
  let work: string;
  let h: ReturnType<typeof adminOn>;

  before(async function () {
    pair = await deployPair();
    work = tmpDir("ladder");
    h = adminOn(pair, work);
  });

  it("set-rounds and set-step work on a pair: refused with --network or without --pair", async function () {
    await h.refused(
      /set-rounds works on both chains of a pair: give --pair .*\(not --network hardhatEth\)/,
      "set-rounds",
      "--network",
      "hardhatEth",
      "--file",
      "deploy/params/localEth.json",
    );
    await h.refused(
      /set-step works on both chains of a pair: give --pair .* and --chain eth\|base for one of them/,
      "set-step",
      "--step",
      "2",
    );
    await h.refused(/unknown pair "foo"/, "set-step", "--pair", "foo", "--step", "2");
    await h.refused(/--chain mars: eth or base/, "set-step", "--pair", "hardhat", "--chain", "mars", "--step", "2");
    await h.refused(
      /unknown option '--chain'/i,
      "set-rounds",
      "--pair",
      "hardhat",
      "--chain",
      "eth",
      "--file",
      "x.json",
    );
  });

  it("set-rounds --pair: new prices and end times on both chains; caps are fixed; a bad table is refused", async function () {
    const ps = [await ethPresale(pair.eth, pair.ethDep), await basePresale(pair.base, pair.baseDep)];
    const table = (caps: number[], days: number[]) =>
      caps.map((cap, i) => ({ cap, price: (0.006 + i * 0.001).toFixed(3), endTime: `+${days[i]}d` }));
    const caps = [4.5, 10, 16.5, 23.5, 32.5, 43, 54, 64, 73, 80].map((m) => m * 1_000_000);
    const file = (name: string, rounds: unknown) => {
      const f = path.join(work, name);
      fs.writeFileSync(f, JSON.stringify(rounds));
      return f;
    };
    const days = [2, 5, 8, 11, 14, 17, 20, 23, 26, 29];
    await h.refused(
      /round 2: end time .* not after/,
      "set-rounds",
      "--pair",
      "hardhat",
      "--file",
      file("t.json", table(caps, [2, 1, ...days.slice(2)])),
    );
    await h.refused(
      /round 1 cap 8000000 is not the deployed 4500000 \(caps and quotas are fixed at deployment; only prices and end times change\)/,
      "set-rounds",
      "--pair",
      "hardhat",
      "--file",
      file("caps.json", table([8_000_000, ...caps.slice(1)], days)),
    );
    await h.refused(
      /the last round would end after the sale/,
      "set-rounds",
      "--pair",
      "hardhat",
      "--file",
      file("late.json", table(caps, [...days.slice(0, 9), 31])),
    );
    const good = file("good.json", { rounds: table(caps, days) });
    const dry = await h.admin("set-rounds", "--pair", "hardhat", "--file", good, "--dry-run");
    expect(dry.match(/ {4}2 \| 10000000 \| 0.0065 → 0.007 \|/g)).to.have.length(2, dry);
    for (const p of ps) expect((await p.rounds())[1].price).to.equal(parseUnits("0.0065", 18));
    await h.admin("set-rounds", "--pair", "hardhat", "--file", good);
    for (const p of ps) expect((await p.rounds())[9].price).to.equal(parseUnits("0.015", 18));
    const [e, b] = [await ps[0].rounds(), await ps[1].rounds()];
    expect(e.map((r) => r.endTime)).to.deep.equal(
      b.map((r) => r.endTime),
      "identical end times",
    );
    expect(await h.admin("status", "--pair", "hardhat")).to.match(/CHECK both chains/);
    // A deploy parameter file's rounds from its anchor (here the deployment's start) restore the product's table.
    const local = JSON.parse(fs.readFileSync("deploy/params/localEth.json", "utf8")) as { sale: { rounds: unknown[] } };
    const anchor = Number(await ps[0].startTime());
    await h.admin(
      "set-rounds",
      "--pair",
      "hardhat",
      "--file",
      file("restore.json", { anchor, rounds: local.sale.rounds }),
    );
    for (const p of ps) expect((await p.rounds())[1].price).to.equal(parseUnits("0.0065", 18));
  });

  it("set-step moves both chains forward, each on its own share, counted once; status calls the released quota a lag", async function () {
    const [ethP, baseP] = [await ethPresale(pair.eth, pair.ethDep), await basePresale(pair.base, pair.baseDep)];
    const dry = await h.admin(
      "set-step",
      "--pair",
      "hardhat",
      "--step",
      "2",
      "--eth-used",
      "100000",
      "--base-used",
      "300000",
      "--dry-run",
    );
    expect(dry).to.match(/Ethereum: round 1 with 0 of 2,700,000 used → round 2 with 100,000 of 3,300,000 used/);
    expect(dry).to.match(/round 1: Ethereum leaves 2,700,000 unused; they go to Base with the next report/);
    expect(dry).to.match(/Base: round 1 with 0 of 1,800,000 used → round 2 with 300,000 of 2,200,000 used/);
    expect(dry.match(/dry run: 1 call\(s\) simulated/g)).to.have.length(2);
    await h.admin("set-step", "--pair", "hardhat", "--step", "2", "--eth-used", "100000", "--base-used", "300000");
    expect([await ethP.currentStep(), (await ethP.rounds())[1].used]).to.deep.equal([1n, 100_000n]);
    expect([await baseP.currentStep(), (await baseP.rounds())[1].used]).to.deep.equal([1n, 300_000n]);
    // Nothing is booked as sold, on either chain, whatever arrives later.
    const lag = await h.admin("status", "--pair", "hardhat");
    expect(lag).to.match(/LAG\s+round 1 Ethereum quota: Ethereum gave up 2700000 since its last report/);
    expect(lag).to.match(/every difference is a lag/);
    await h.sync();
    expect((await baseP.rounds())[0].ethereumQuota).to.equal(0n);
    expect([await ethP.localTokensSold(), await baseP.localTokensSold(), await baseP.totalTokensSold()]).to.deep.equal([
      0n,
      0n,
      0n,
    ]);
    expect([
      (await ethP.rounds())[1].used,
      (await baseP.rounds())[1].used,
      (await baseP.rounds())[1].remoteUsed,
    ]).to.deep.equal([100_000n, 300_000n, 100_000n]);
    expect(await h.admin("status", "--pair", "hardhat")).to.match(
      /CHECK both chains: same table; Base holds exactly what Ethereum reported/,
    );
  });

  it("set-step refuses a move backwards, or beyond a chain's share, with a clear message before sending anything", async function () {
    const before = await blocks(pair);
    await h.refused(
      /hardhatEth: a move only goes forward, and Ethereum is already in round 2: it left round 1; nothing sent/,
      "set-step",
      "--pair",
      "hardhat",
      "--step",
      "1",
    );
    await h.refused(
      /hardhatEth: a move only goes forward: Ethereum has used 100,000 of its 3,300,000-token share of round 2; --eth-used must be at least that/,
      "set-step",
      "--pair",
      "hardhat",
      "--step",
      "2",
      "--eth-used",
      "50000",
    );
    await h.refused(
      /hardhatBase: --base-used 2,200,001 is more than Base's share of round 2 \(2,200,000\)/,
      "set-step",
      "--pair",
      "hardhat",
      "--step",
      "2",
      "--base-used",
      "2200001",
    );
    await h.refused(/there are 10 rounds/, "set-step", "--pair", "hardhat", "--step", "11");
    expect(await blocks(pair)).to.deep.equal(before, "nothing sent on either chain");
  });

  it("set-step --chain moves one chain only; a chain already there sends nothing", async function () {
    const [ethP, baseP] = [await ethPresale(pair.eth, pair.ethDep), await basePresale(pair.base, pair.baseDep)];
    await h.refused(
      /--base-used names a chain this run does not move/,
      "set-step",
      "--pair",
      "hardhat",
      "--chain",
      "eth",
      "--step",
      "3",
      "--base-used",
      "1",
    );
    const text = await h.admin("set-step", "--pair", "hardhat", "--chain", "eth", "--step", "3");
    expect(text).to.not.match(/hardhatBase/);
    expect([await ethP.currentStep(), await baseP.currentStep()]).to.deep.equal([2n, 1n]);
    expect(
      await h.admin("set-step", "--pair", "hardhat", "--chain", "base", "--step", "2", "--base-used", "300000"),
    ).to.match(/Base is there already\.[\s\S]*nothing to change/);
    await h.sync();
  });

  it("release-quota (Ethereum): Ethereum's quota and Base's share current → new; refusals; Base sells it once reported", async function () {
    const [ethP, baseP] = [await ethPresale(pair.eth, pair.ethDep), await basePresale(pair.base, pair.baseDep)];
    await h.refused(
      /hardhatBase is the Base side: release-quota gives Ethereum's quota to Base/,
      "release-quota",
      "--network",
      "hardhatBase",
      "--round",
      "3",
      "--all",
    );
    await h.refused(
      /Ethereum is already in round 3: round 2 is over here/,
      "release-quota",
      "--network",
      "hardhatEth",
      "--round",
      "2",
      "--all",
    );
    await h.refused(
      /--tokens 3,900,001: Ethereum can give at most 3,900,000 of round 3/,
      "release-quota",
      "--network",
      "hardhatEth",
      "--round",
      "3",
      "--tokens",
      "3900001",
    );
    await h.refused(/one of --tokens and --all/, "release-quota", "--network", "hardhatEth", "--round", "3");
    const dry = await h.admin(
      "release-quota",
      "--network",
      "hardhatEth",
      "--round",
      "3",
      "--tokens",
      "500000",
      "--dry-run",
    );
    expect(dry).to.match(/Ethereum's quota: 3,900,000 → 3,400,000/);
    expect(dry).to.match(/Base's share: {5}2,600,000 → 3,100,000 \(Base books it with Ethereum's next report/);
    await h.admin("release-quota", "--network", "hardhatEth", "--round", "3", "--tokens", "500000");
    expect((await ethP.rounds())[2].ethereumQuota).to.equal(3_400_000n);
    expect(await h.admin("status", "--pair", "hardhat")).to.match(
      /LAG\s+round 3 Ethereum quota: Ethereum gave up 500000/,
    );
    expect((await baseP.rounds())[2].baseQuota).to.equal(2_600_000n);
    await h.sync();
    expect((await baseP.rounds())[2].baseQuota).to.equal(3_100_000n);
    await h.admin("release-quota", "--network", "hardhatEth", "--round", "10", "--all");
    expect((await ethP.rounds())[9].ethereumQuota).to.equal(0n);
    await h.sync();
    expect(await h.admin("status", "--pair", "hardhat")).to.match(/CHECK both chains/);
  });

  it("status exits 1 when one chain's table was changed alone (a table mismatch)", async function () {
    const baseP = await basePresale(pair.base, pair.baseDep);
    const rounds = await baseP.rounds();
    const prices = rounds.map((r) => r.price);
    const ends = rounds.map((r) => r.endTime);
    await (await baseP.setRounds([prices[0], prices[1] + 1n, ...prices.slice(2)], ends)).wait();
    try {
      await h.refused(
        /the two chains differ in 1 way\(s\) that no message in flight explains .*round 2 price/,
        "status",
        "--pair",
        "hardhat",
      );
      expect(h.text()).to.match(/DIFF round 2 price: Ethereum 6500000000000000, Base 6500000000000001/);
    } finally {
      await (await baseP.setRounds(prices, ends)).wait();
    }
    expect(await h.admin("status", "--pair", "hardhat")).to.match(/CHECK both chains/);
  });

  it("status exits 1 when Base's storage says more than any message did: a Base quota above Ethereum's, imports above what was relayed", async function () {
    const baseP = await basePresale(pair.base, pair.baseDep);
    const at = pair.baseDep.contracts.Presale.address;
    await buyEth(pair.eth, pair.ethDep, 4, 7_000n);
    await h.sync();
    const buyer = (await pair.eth.ethers.getSigners())[4].address;
    // The ladder's round mapping: the slot whose round 0 entry holds cap 4,500,000 in its low 40 bits.
    let ladder = -1n;
    for (let s = 0n; s < 20n && ladder < 0n; s++)
      if (((await read(pair.base, at, mappingSlot(0n, s))) & M40) === 4_500_000n) ladder = s;
    expect(ladder).to.be.at.least(0n);
    const round3 = mappingSlot(2n, ladder);
    const packed = await read(pair.base, at, round3);
    const booked = (packed >> 176n) & M40;
    expect(booked).to.equal((await baseP.rounds())[2].ethereumQuota);
    await write(pair.base, at, round3, (packed & ~(M40 << 176n)) | ((booked - 1_000_000n) << 176n));
    try {
      await h.refused(/the two chains differ/, "status", "--pair", "hardhat");
      expect(h.text()).to.match(
        /DIFF round 3 Base quota: Base counts Ethereum's quota as 2400000 but Ethereum may still sell up to 3400000/,
      );
      expect(h.text()).to.match(
        /DIFF round 3 Ethereum quota on Base: Base will hold 2400000 once every message is delivered, Ethereum's last report says 3400000/,
      );
    } finally {
      await write(pair.base, at, round3, packed);
    }
    // Base's RemoteState (tokensSold | usdRaised << 40 | imported << 104 | …) and, three slots on, the import marks.
    const [sold, imported] = [await baseP.remoteTokensSold(), await baseP.totalRemoteDepositsImported()];
    let remote = -1n;
    for (let s = 0n; s < 80n && remote < 0n; s++) {
      const v = await read(pair.base, at, s);
      if ((v & M40) === sold && ((v >> 104n) & M64) === imported) remote = s;
    }
    expect(remote).to.be.at.least(0n);
    const mark = mappingSlot(0n, mappingSlot(buyer, remote + 3n));
    expect(await read(pair.base, at, mark)).to.equal(await baseP.remoteDepositsImported(buyer, 0n));
    await write(pair.base, at, mark, 7_500n);
    try {
      await h.refused(/the two chains differ/, "status", "--pair", "hardhat");
      expect(h.text()).to.match(
        new RegExp(`DIFF leg ${buyer.toLowerCase()}#0: Base imported 7500, above the 7000 Ethereum relayed`),
      );
      expect(h.text()).to.match(/DIFF imports on Base/);
    } finally {
      await write(pair.base, at, mark, 7_000n);
    }
    expect(await h.admin("status", "--pair", "hardhat")).to.match(/CHECK both chains/);
  });

  it("--safe: set-step writes one Safe batch per chain and release-quota one for Ethereum (the owner handed to a Safe)", async function () {
    const fresh = await deployPair();
    const f = adminOn(fresh, tmpDir("ladder-safe"));
    // Any contract stands in for the Safe, at one address on both chains (as a Safe deployed with the same salt is).
    const safe = getAddress("0x5afe5afe5afe5afe5afe5afe5afe5afe5afe5afe");
    const someCode = await fresh.eth.ethers.provider.getCode(fresh.ethDep.contracts.Multicall3.address);
    for (const [conn, dep] of [
      [fresh.eth, fresh.ethDep],
      [fresh.base, fresh.baseDep],
    ] as const) {
      await conn.provider.request({ method: "hardhat_setCode", params: [safe, someCode] });
      const p = dep.chain === "eth" ? await ethPresale(conn, dep) : await basePresale(conn, dep);
      await (await p.beginDefaultAdminTransfer(safe)).wait();
      await conn.provider.request({ method: "hardhat_impersonateAccount", params: [safe] });
      await conn.provider.request({ method: "hardhat_setBalance", params: [safe, "0x56BC75E2D63100000"] });
      await (await p.connect(await conn.ethers.getSigner(safe)).acceptDefaultAdminTransfer()).wait();
      expect(await p.owner()).to.equal(safe);
    }
    const file = path.join(work, "step.json");
    const text = await f.admin("set-step", "--pair", "hardhat", "--step", "2", "--safe", file);
    expect(text.match(/wrote Safe Transaction Builder batch .*step-hardhat(Eth|Base)\.json \(1 tx\)/g)).to.have.length(
      2,
    );
    const ethP = await ethPresale(fresh.eth, fresh.ethDep);
    for (const [net, chainId] of [
      ["hardhatEth", "31337"],
      ["hardhatBase", "31338"],
    ]) {
      const batch = JSON.parse(fs.readFileSync(path.join(work, `step-${net}.json`), "utf8")) as {
        chainId: string;
        transactions: { data: string }[];
      };
      expect(batch.chainId).to.equal(chainId);
      expect(batch.transactions[0].data).to.equal(ethP.interface.encodeFunctionData("setCurrentStep", [1n, 0n]));
    }
    expect(await ethP.currentStep()).to.equal(0n, "nothing sent");
    const q = path.join(work, "quota.json");
    await f.admin("release-quota", "--network", "hardhatEth", "--round", "1", "--tokens", "10", "--safe", q);
    const batch = JSON.parse(fs.readFileSync(q, "utf8")) as { transactions: { data: string }[] };
    expect(batch.transactions[0].data).to.equal(ethP.interface.encodeFunctionData("releaseQuota", [0n, 10n]));
  });

  it("open-claim: anyone opens the claim from the sale's end + 14 days, once Ethereum's close is on Base", async function () {
    const fresh = await deployPair();
    const f = adminOn(fresh, tmpDir("ladder-open"));
    const [ethP, baseP] = [await ethPresale(fresh.eth, fresh.ethDep), await basePresale(fresh.base, fresh.baseDep)];
    await buyEth(fresh.eth, fresh.ethDep, 3, 1_000n);
    const deadline = await baseP.claimDeadline();
    for (const conn of [fresh.eth, fresh.base]) {
      await conn.provider.request({ method: "evm_setNextBlockTimestamp", params: [toBeHex(deadline)] });
      await conn.provider.request({ method: "evm_mine", params: [] });
    }
    const stranger = (await fresh.eth.ethers.getSigners())[7].address;
    await f.refused(
      /the claim cannot start yet:\n {2}- the Ethereum sale is not closed: its end time .* has passed, so anyone can close it/,
      "open-claim",
      "--network",
      "hardhatBase",
    );
    expect(await f.admin("close-sale", "--network", "hardhatEth", "--dry-run", "--from", stranger)).to.match(
      /anyone may close/,
    );
    await (await ethP.connect((await fresh.eth.ethers.getSigners())[7]).closeSale()).wait();
    await f.sync();
    expect(await f.admin("open-claim", "--network", "hardhatBase", "--dry-run", "--from", stranger)).to.match(
      /every Ethereum buyer's tokens are relayed[\s\S]*Presale.openClaim\(\)[\s\S]*dry run: 1 call/,
    );
    await f.admin("open-claim", "--network", "hardhatBase");
    expect(await baseP.claimStart()).to.be.greaterThan(0n);
    await (await baseP.connect((await fresh.base.ethers.getSigners())[3]).claim()).wait();
    expect(await f.admin("status", "--pair", "hardhat")).to.match(/CHECK both chains/);
  });
});

describe("tooling: status's comparison of the chains (divergence.ts)", function () {
  const rounds = [
    { cap: 100n, price: 10n, endTime: 1_000n },
    { cap: 300n, price: 20n, endTime: 2_000n },
  ];
  const table = {
    rounds,
    initialQuotas: [40n, 80n],
    startTime: 0n,
    endTime: 3_000n,
    dynamicTime: { enabled: false, timeConstant: 0n },
  };
  const eth = (o: Partial<EthereumState> = {}): EthereumState => ({
    table,
    quotas: [40n, 80n],
    used: [10n, 0n],
    sold: 10n,
    usd: 100n,
    closed: false,
    legs: [{ buyer: "0x01", leg: 0n, tokens: 10n, relayed: 10n }],
    ...o,
  });
  const base = (o: Partial<BaseState> = {}): BaseState => ({
    table,
    quotas: [40n, 80n],
    used: [60n, 0n],
    remoteUsed: [10n, 0n],
    remoteSold: 10n,
    remoteUsd: 100n,
    remoteClosed: false,
    importedTotal: 10n,
    imported: new Map([["0x01#0", 10n]]),
    ...o,
  });
  const report = {
    deposits: [{ buyer: "0x01", leg: 0n, recipient: "0x02", tokens: 10n }],
    quotas: [40n, 80n],
    used: [10n, 0n],
    tokensSold: 10n,
    usdRaised: 100n,
    closed: false,
  };

  it("the same figures on both sides: nothing to say", function () {
    expect(compareChains(eth(), base(), [{ report, delivered: true }])).to.deep.equal([]);
  });

  it("a release in flight is a lag; the same release with nothing in flight and Base's figure changed is a divergence", function () {
    const released = { ...report, deposits: [], quotas: [30n, 80n] };
    const inFlight = compareChains(eth({ quotas: [30n, 80n] }), base(), [
      { report, delivered: true },
      { report: released, delivered: false },
    ]);
    expect(inFlight).to.deep.equal([]);
    const unreported = compareChains(eth({ quotas: [30n, 80n] }), base(), [{ report, delivered: true }]);
    expect(unreported.map((f) => `${f.kind} ${f.what}`)).to.deep.equal(["lag round 1 Ethereum quota"]);
    const forged = compareChains(eth(), base({ quotas: [30n, 80n] }), [{ report, delivered: true }]);
    expect(forged.map((f) => `${f.kind} ${f.what}`)).to.deep.equal([
      "diff round 1 Base quota",
      "diff round 1 Ethereum quota on Base",
    ]);
  });

  it("a round sold beyond its size, a quota that grew, and use below what was reported are divergences", function () {
    const kinds = (e: EthereumState, b: BaseState) =>
      compareChains(e, b, [{ report, delivered: true }]).map((f) => `${f.kind} ${f.what}`);
    expect(kinds(eth(), base({ used: [91n, 0n] }))).to.deep.equal(["diff round 1 supply"]);
    expect(kinds(eth({ quotas: [50n, 80n] }), base())).to.include("diff round 1 Ethereum quota");
    expect(kinds(eth({ used: [5n, 0n] }), base())).to.include("diff round 1 Ethereum use");
  });

  it("end times may differ only while both chains re-space their rounds (dynamic time); caps and deployed quotas never", function () {
    const later = { ...table, rounds: [rounds[0], { ...rounds[1], endTime: 2_500n }] };
    expect(
      compareChains(eth(), base({ table: later }), [{ report, delivered: true }]).map((f) => f.what),
    ).to.deep.equal(["round 2 end time"]);
    const dyn = { enabled: true, timeConstant: 60n };
    expect(
      compareChains(eth({ table: { ...table, dynamicTime: dyn } }), base({ table: { ...later, dynamicTime: dyn } }), [
        { report, delivered: true },
      ]),
    ).to.deep.equal([]);
    const quotas = { ...table, initialQuotas: [40n, 81n] };
    expect(
      compareChains(eth(), base({ table: quotas }), [{ report, delivered: true }]).map((f) => f.what),
    ).to.deep.equal(["round 2 deployed Ethereum quota"]);
  });
});
