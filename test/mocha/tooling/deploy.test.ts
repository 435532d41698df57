import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import hre from "hardhat";
import { parseUnits } from "ethers";
import { assertPairAgrees, pairDifferences } from "../../../deploy/pair.js";
import { loadParams, ParamsError, resolveParams, validateParams, type DeployParams } from "../../../deploy/schema.js";
import { importContractMap, readDeployment, type DeploymentRecord } from "../../../scripts/lib/deployments.js";
import { NETWORKS, networksInTwoPairs, PAIRS, ROOT } from "../../../scripts/lib/networks.js";
import { opStackAbi, type OpStackContract } from "../../../scripts/lib/opstack-artifacts.js";
import { spawnSync } from "node:child_process";
import { basePresale, contract, deployPair, ethPresale, type Pair } from "./helpers.js";

/** A parameter file as read (the tests then change fields to what the schema must refuse). */
const readParams = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as DeployParams;
const base = () => readParams(NETWORKS.localBase.paramsFile);
const eth = () => readParams(NETWORKS.localEth.paramsFile);

describe("tooling: parameter files and schema", function () {
  it("every network's parameter file validates and resolves", function () {
    for (const info of Object.values(NETWORKS)) {
      const p = loadParams(info.paramsFile);
      expect(p.chainId).to.equal(info.chainId);
      const r = resolveParams(p, {
        deployer: "0x000000000000000000000000000000000000dEaD",
        now: Math.floor(Date.now() / 1000),
      });
      expect(r.rounds).to.have.length(10);
      expect(r.rounds[0].price).to.equal(parseUnits("0.006", 18));
      expect(r.rounds[9].cap).to.equal(80_000_000n);
    }
  });

  it("local round end times are relative to deploy time (the sale is open now)", function () {
    const now = 1_800_000_000;
    const r = resolveParams(loadParams(NETWORKS.localEth.paramsFile), {
      deployer: "0x000000000000000000000000000000000000dEaD",
      now,
    });
    expect(r.startTime).to.equal(BigInt(now));
    expect(r.rounds[0].endTime).to.equal(BigInt(now + 3 * 86400));
    expect(r.endTime).to.equal(BigInt(now + 30 * 86400));
  });

  const refuse = (mutate: (p: DeployParams) => void, message: RegExp) => {
    const p = base();
    mutate(p);
    expect(() => validateParams(p, "test")).to.throw(ParamsError, message);
  };

  it("refuses non-increasing caps, decreasing prices and zero prices", function () {
    refuse((p) => (p.sale.rounds[3].cap = p.sale.rounds[2].cap), /round 4: cap .* not above/);
    refuse((p) => (p.sale.rounds[5].price = "0.001"), /round 6: price .* below/);
    refuse((p) => (p.sale.rounds[0].price = "0"), /round 1: price is zero/);
  });

  it("refuses non-increasing round end times (after resolution)", function () {
    const p = base();
    p.sale.rounds[2].endTime = "+1d";
    const v = validateParams(p, "test");
    expect(() =>
      resolveParams(v, { deployer: "0x000000000000000000000000000000000000dEaD", now: 1_800_000_000 }),
    ).to.throw(ParamsError, /round 3: end time .* not after/);
  });

  it("refuses splits above 100 %, duplicate split wallets, bad and zero addresses", function () {
    refuse(
      (p) =>
        (p.splits = [
          { wallet: "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f", bps: 6000 },
          { wallet: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720", bps: 5000 },
        ]),
      /110% \(> 100%\)/,
    );
    refuse(
      (p) =>
        (p.splits = [
          { wallet: "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f", bps: 10 },
          { wallet: "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f", bps: 10 },
        ]),
      /appears twice/,
    );
    refuse((p) => (p.accounts.paymentWallet = "0x1234"), /not a valid address/);
    refuse((p) => (p.accounts.cardProviders = ["0x70997970c51812dc3a010c7d01b50e0d17dc79C8"]), /not a valid address/); // bad checksum
    refuse((p) => (p.accounts.paymentWallet = "0x0000000000000000000000000000000000000000"), /zero address/);
  });

  it("refuses chain-inconsistent files (USDT on Base, staking on Ethereum, missing sequencer feed)", function () {
    refuse((p) => (p.external.usdt = "mock"), /USDT is not sold on Base/);
    refuse((p) => (p.external.sequencerFeed = null), /sequencer uptime feed/);
    const e = eth();
    e.staking = base().staking;
    expect(() => validateParams(e, "test")).to.throw(ParamsError, /no staking on the Ethereum side/);
  });

  it("messenger per chain: the real L1CrossDomainMessenger of Base on Ethereum, the L2 predeploy on Base, OP's own installed by the deploy only locally", function () {
    expect(loadParams(NETWORKS.mainnet.paramsFile).external.messenger).to.equal(
      "0x866E82a600A1414e583f7F13623F1aC5d58b0Afa",
    );
    expect(loadParams(NETWORKS.sepolia.paramsFile).external.messenger).to.equal(
      "0xC34855F4De64F1840e5686e64278da901e261f20",
    );
    for (const n of ["base", "baseSepolia"])
      expect(loadParams(NETWORKS[n].paramsFile).external.messenger).to.equal(
        "0x4200000000000000000000000000000000000007",
      );
    const publicFile = (n: string) => readParams(NETWORKS[n].paramsFile);
    for (const n of ["mainnet", "sepolia", "base", "baseSepolia"]) {
      for (const [v, re] of [
        [null, /expected string, received null/i],
        ["mock", /installs the OP Stack messengers only on the local chains/],
      ] as const) {
        const p = publicFile(n);
        expect(() => validateParams({ ...p, external: { ...p.external, messenger: v } }, n)).to.throw(ParamsError, re);
      }
    }
    refuse(
      (p) => (p.external.messenger = "0x866E82a600A1414e583f7F13623F1aC5d58b0Afa"),
      /on Base the messenger is the L2CrossDomainMessenger predeploy/,
    );
    const e = eth();
    e.external.messenger = "0x4200000000000000000000000000000000000007";
    expect(() => validateParams(e, "test")).to.throw(
      ParamsError,
      /needs Base's L1CrossDomainMessenger, not the L2 predeploy/,
    );
  });

  it("card providers belong to the Base side only; there is no keeper or mirror setting any more", function () {
    const e = eth();
    e.accounts.cardProviders = ["0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"];
    expect(() => validateParams(e, "test")).to.throw(ParamsError, /card purchases exist on Base only/);
    for (const mutate of [
      (p: DeployParams) => Object.assign(p.accounts, { keeper: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }),
      (p: DeployParams) => Object.assign(p.sale, { maxMirrorStep: 1000 }),
    ]) {
      const x = eth();
      mutate(x);
      expect(() => validateParams(x, "test")).to.throw(ParamsError, /Unrecognized key/);
    }
  });

  it("Ethereum's quota of each round: a share in basis points, rounded down, or a round's own quota within its size", function () {
    const r = resolveParams(loadParams(NETWORKS.localEth.paramsFile), {
      deployer: "0x000000000000000000000000000000000000dEaD",
      now: 1_800_000_000,
    });
    // 60 % of 4.5M, 5.5M, 6.5M, 7M, 9M, 10.5M, 11M, 10M, 9M, 7M (docs/DECISIONS.md: the local default share).
    expect(r.ethereumQuotas).to.deep.equal(
      [
        4_500_000n,
        5_500_000n,
        6_500_000n,
        7_000_000n,
        9_000_000n,
        10_500_000n,
        11_000_000n,
        10_000_000n,
        9_000_000n,
        7_000_000n,
      ].map((size) => (size * 6_000n) / 10_000n),
    );
    const odd = eth();
    odd.sale.ethereumShareBps = 3_333;
    odd.sale.rounds[1].ethereumQuota = 0;
    const q = resolveParams(validateParams(odd, "odd"), {
      deployer: "0x000000000000000000000000000000000000dEaD",
      now: 1_800_000_000,
    }).ethereumQuotas;
    expect(q.slice(0, 2)).to.deep.equal([1_499_850n, 0n]); // 4.5M × 33.33 % rounded down; round 2 given explicitly
    refuse((p) => delete p.sale.ethereumShareBps, /Ethereum's quota of each round is needed/);
    refuse((p) => (p.sale.ethereumShareBps = 10_001), /ethereumShareBps/);
    refuse(
      (p) => (p.sale.rounds[0].ethereumQuota = 4_500_001),
      /round 1: Ethereum's quota 4500001 is more than the round holds \(4500000\)/,
    );
  });

  it("a pair's two files must describe one ladder: caps, quotas, prices, end times and sale times", function () {
    const now = 1_800_000_000;
    expect(pairDifferences(eth(), base(), now)).to.deep.equal([]);
    const cases: [(p: DeployParams) => void, RegExp][] = [
      [(p) => (p.sale.rounds[2].cap = 16_400_000), /round 3 cap: localEth 16500000, localBase 16400000/],
      [(p) => (p.sale.ethereumShareBps = 5_000), /round 1 Ethereum quota: localEth 2700000, localBase 2250000/],
      [(p) => (p.sale.rounds[0].ethereumQuota = 1), /round 1 Ethereum quota: localEth 2700000, localBase 1$/],
      [
        (p) => (p.sale.rounds[4].price = "0.0086"),
        /round 5 price \(USD 1e18\): localEth 8500000000000000, localBase 8600000000000000/,
      ],
      [(p) => (p.sale.rounds[9].endTime = "+29d"), /round 10 end time/],
      [(p) => (p.sale.endTime = "+31d"), /sale.endTime/],
      [(p) => (p.sale.anchor = 1_800_000_100), /sale.anchor/],
    ];
    for (const [mutate, re] of cases) {
      const b = base();
      mutate(b);
      const diffs = pairDifferences(eth(), validateParams(b, "b"), now);
      expect(diffs.join("\n")).to.match(re);
      expect(() => assertPairAgrees(eth(), validateParams(b, "b"), now)).to.throw(
        ParamsError,
        /localEth and localBase describe different ladders \(both chains must run the same table\), nothing sent/,
      );
    }
  });

  it("a network belongs to one pair: a second pair naming one of its chains (by name or by chain id) is refused", function () {
    expect(networksInTwoPairs(PAIRS)).to.deep.equal([]);
    // OP Sepolia beside Base Sepolia: both settle on Sepolia, which the testnet pair already names.
    const withOp = { ...NETWORKS, opSepolia: { chainId: 11155420 } };
    expect(networksInTwoPairs({ ...PAIRS, opTestnet: { eth: "sepolia", base: "opSepolia" } }, withOp)).to.deep.equal([
      "chain id 11155111 is in 2 pairs (testnet: sepolia, opTestnet: sepolia): a network belongs to one pair",
    ]);
    // Another name for a chain already paired is the same network (one deployments/<chainId>.json).
    const renamed = { ...withOp, sepoliaAlt: { chainId: 11155111 } };
    expect(
      networksInTwoPairs({ ...PAIRS, opTestnet: { eth: "sepoliaAlt", base: "opSepolia" } }, renamed),
    ).to.deep.equal([
      "chain id 11155111 is in 2 pairs (testnet: sepolia, opTestnet: sepoliaAlt): a network belongs to one pair",
    ]);
    // Two chains of their own pass; a network unknown to NETWORKS is compared by name.
    const fresh = { ...withOp, holesky: { chainId: 17000 } };
    expect(networksInTwoPairs({ ...PAIRS, opHolesky: { eth: "holesky", base: "opSepolia" } }, fresh)).to.deep.equal([]);
    expect(networksInTwoPairs({ a: { eth: "x", base: "y" }, b: { eth: "x", base: "z" } }, {})).to.deep.equal([
      "x is in 2 pairs (a: x, b: x): a network belongs to one pair",
    ]);
  });

  it("refuses maxTokensToBuy above the ladder and funding above the supply", function () {
    refuse((p) => (p.sale.maxTokensToBuy = 90_000_000), /exceeds the whole ladder/);
    refuse((p) => (p.saleToken!.presaleFunding = "990000000"), /exceed the supply/);
  });
});

describe("tooling: deploy CLI", function () {
  it("--check applies the deploy preflight's offline rules to every file: the testnet files pass, the mainnet templates are refused for their placeholders", function () {
    this.timeout(60_000);
    const tsx = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
    const check = spawnSync(process.execPath, [tsx, "scripts/deploy.ts", "--check"], { cwd: ROOT, encoding: "utf8" });
    expect(check.status).to.equal(1, check.stderr);
    for (const ok of ["localEth", "localBase", "sepolia", "baseSepolia"])
      expect(check.stdout).to.match(new RegExp(`^ok\\s+${ok}\\s`, "m"));
    expect(check.stdout).to.match(/^refused\s+mainnet\s[^\n]*\n {2}- accounts\.paymentWallet: "deployer" placeholder/m);
    expect(check.stdout).to.match(/^refused\s+base\s[^\n]*\n {2}- accounts\.paymentWallet: "deployer" placeholder/m);
    expect(check.stderr).to.match(/refused: mainnet, base cannot be deployed as committed/);
    expect(check.stdout.match(/^ok {2}pair .*: the same caps, quotas, prices and times$/gm)).to.have.length(3);
    const bad = spawnSync(
      process.execPath,
      [tsx, "scripts/deploy.ts", "--network", "mainnet", "--params", "deploy/params/base.json"],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(bad.status).to.equal(1);
    expect(bad.stderr).to.match(/refused: parameter file is for chain 8453 \(base\) but --network mainnet is chain 1/);
  });
});

/** The presale's InitParams struct as the record keeps it (JSON-safe). */
const presaleInit = (rec: DeploymentRecord) => rec.contracts.Presale.constructorArgs![0] as Record<string, unknown>;

describe("tooling: Ignition deployment of the full system on both chain types", function () {
  let pair: Pair;
  before(async function () {
    pair = await deployPair();
  });

  it("deploys on an l1 chain (31337) and an op chain (31338)", function () {
    expect(pair.eth.networkConfig.chainType).to.equal("l1");
    expect(pair.base.networkConfig.chainType).to.equal("op");
    expect(Object.keys(pair.ethDep.contracts).sort()).to.deep.equal([
      "EthUsdFeed",
      "Messenger",
      "Multicall3",
      "Presale",
      "SanctionsList",
      "USDC",
      "USDT",
    ]);
    expect(Object.keys(pair.baseDep.contracts).sort()).to.deep.equal([
      "EthUsdFeed",
      "Messenger",
      "Multicall3",
      "Presale",
      "SaleToken",
      "SanctionsList",
      "SequencerFeed",
      "Staking",
      "USDC",
    ]);
    // OP's own bridge contracts (contracts-bedrock): the L1 messenger behind its portal, the L2 one at its predeploy.
    expect(pair.ethDep.contracts.Messenger).to.deep.include({ artifact: "L1CrossDomainMessenger", external: false });
    expect(pair.baseDep.contracts.Messenger).to.deep.include({
      address: "0x4200000000000000000000000000000000000007",
      artifact: "L2CrossDomainMessenger",
      external: true,
    });
  });

  it("the generated map matches what was deployed (addresses with code, exact deploy blocks, artifact ABIs)", async function () {
    const map = await importContractMap(path.join(pair.dir, "deployedContracts.ts"));
    expect(Object.keys(map).map(Number).sort()).to.deep.equal([31337, 31338]);
    for (const [conn, dep] of [
      [pair.eth, pair.ethDep],
      [pair.base, pair.baseDep],
    ] as const) {
      const entry = map[dep.chainId];
      expect(Object.keys(entry).sort()).to.deep.equal(Object.keys(dep.contracts).sort());
      for (const [name, c] of Object.entries(entry)) {
        expect(c.address).to.equal(dep.contracts[name].address);
        const codeAt = (b: number) =>
          conn.provider.request({
            method: "eth_getCode",
            params: [c.address, `0x${b.toString(16)}`],
          }) as Promise<string>;
        expect(await codeAt(c.deployBlock)).to.not.equal("0x", `${name} has code at its deploy block`);
        if (!dep.contracts[name].external)
          expect(await codeAt(c.deployBlock - 1)).to.equal("0x", `${name} has no code before its deploy block`);
        const artifact = dep.contracts[name].artifact;
        const abi =
          name === "Messenger"
            ? opStackAbi(artifact as OpStackContract)
            : (await hre.artifacts.readArtifact(artifact)).abi;
        expect(c.abi).to.deep.equal(abi);
      }
    }
    const text = fs.readFileSync(path.join(pair.dir, "deployedContracts.ts"), "utf8");
    expect(text).to.match(/export const deployedContracts = \{/);
    expect(text).to.match(/\] as const,/);
    expect(text).to.match(/export type DeployedContracts = typeof deployedContracts;/);
  });

  it("records constructor parameters in deployments/<chainId>.json: the same quotas on both chains, the sale token on Base", function () {
    const rec = readDeployment(31338, pair.dir)!;
    const ethRec = readDeployment(31337, pair.dir)!;
    expect(rec.contracts.Presale.artifact).to.equal("BasePresale");
    expect(ethRec.contracts.Presale.artifact).to.equal("EthereumPresale");
    expect(rec.contracts.Presale.constructorArgs![1]).to.equal(pair.baseDep.contracts.SaleToken.address);
    expect(ethRec.contracts.Presale.constructorArgs).to.have.length(1);
    expect(presaleInit(rec)).to.not.have.property("saleToken");
    expect(presaleInit(rec)).to.not.have.property("maxMirrorStep");
    expect(presaleInit(rec).usdt).to.equal("0x0000000000000000000000000000000000000000");
    expect(presaleInit(rec).caps).to.have.length(10);
    expect(presaleInit(rec).ethereumQuotas).to.deep.equal(presaleInit(ethRec).ethereumQuotas);
    expect(presaleInit(rec).ethereumQuotas).to.have.property("0", "2700000");
    expect(presaleInit(rec).messenger).to.equal("0x4200000000000000000000000000000000000007");
    expect(presaleInit(ethRec).messenger).to.equal(pair.ethDep.contracts.Messenger.address);
    expect(rec.contracts.Staking.constructorArgs![1]).to.equal(pair.baseDep.contracts.SaleToken.address);
  });

  it("wires the Ethereum side: no sale token, no sequencer feed, no keeper or card role, the quotas, splits, sanctions", async function () {
    const p = await ethPresale(pair.eth, pair.ethDep);
    expect(p.interface.hasFunction("saleToken")).to.equal(false);
    expect(p.interface.hasFunction("KEEPER_ROLE")).to.equal(false);
    expect(p.interface.hasFunction("CARD_PROVIDER_ROLE")).to.equal(false);
    expect(await p.usdt()).to.equal(pair.ethDep.contracts.USDT.address);
    expect(await p.messenger()).to.equal(pair.ethDep.contracts.Messenger.address);
    const rounds = await p.rounds();
    expect(rounds.map((r) => r.ethereumQuota)).to.deep.equal(
      (presaleInit(readDeployment(31337, pair.dir)!).ethereumQuotas as string[]).map(BigInt),
    );
    expect(rounds[0].baseQuota).to.equal(1_800_000n);
    // Nobody but the owner holds a role: ADMIN_ROLE (pause) and the default admin.
    const [owner, keeper] = await pair.eth.ethers.getSigners();
    expect(await p.hasRole(await p.ADMIN_ROLE(), keeper.address)).to.equal(false);
    expect(await p.hasRole(await p.ADMIN_ROLE(), owner.address)).to.equal(true);
    expect((await p.splits()).length).to.equal(1);
    expect(await p.sanctionsList()).to.equal(pair.ethDep.contracts.SanctionsList.address);
    expect(await p.paused()).to.equal(false);
  });

  it("wires the Base side: token, presale ↔ staking links, presale and reward funding, card provider", async function () {
    const p = await basePresale(pair.base, pair.baseDep);
    const s = await contract(pair.base, pair.baseDep, "Staking");
    const t = await contract(pair.base, pair.baseDep, "SaleToken");
    expect(await p.saleToken()).to.equal(pair.baseDep.contracts.SaleToken.address);
    expect(await p.usdt()).to.equal("0x0000000000000000000000000000000000000000");
    expect(await p.staking()).to.equal(pair.baseDep.contracts.Staking.address);
    expect(await s.presale()).to.equal(pair.baseDep.contracts.Presale.address);
    expect(await p.messenger()).to.equal("0x4200000000000000000000000000000000000007");
    // Ethereum's purchases arrive through the messenger, from the Ethereum presale only; the card on-ramp buys here.
    expect(await p.hasRole(await p.CARD_PROVIDER_ROLE(), "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")).to.equal(true);
    expect((await p.rounds())[0].baseQuota).to.equal(1_800_000n);
    expect(await p.remotePresale()).to.equal(pair.ethDep.contracts.Presale.address);
    expect(await t.balanceOf(p.target)).to.equal(80_000_000n * 10n ** 18n);
    expect(await s.rewardReserve()).to.equal(20_000_000n * 10n ** 18n);
    expect(await s.apy()).to.equal(1500n);
    expect(await t.symbol()).to.equal("SHAFT");
  });

  it("local records are deterministic: a later deploy on fresh chains writes byte-identical files", async function () {
    await new Promise((r) => setTimeout(r, 1100)); // a different clock second
    const again = await deployPair();
    for (const f of ["31337.json", "31338.json", "deployedContracts.ts"]) {
      expect(fs.readFileSync(path.join(again.dir, f), "utf8")).to.equal(
        fs.readFileSync(path.join(pair.dir, f), "utf8"),
        f,
      );
    }
    expect(presaleInit(readDeployment(31337, pair.dir)!).endTimes).to.have.property("0", "+3d");
  });

  it("links the presales once: a second link changes nothing, a link to another presale is refused", async function () {
    const { linkPresales } = await import("../../../scripts/lib/deploy.js");
    const log: string[] = [];
    await linkPresales({ conn: pair.eth, record: pair.ethDep }, { conn: pair.base, record: pair.baseDep }, (m) =>
      log.push(m),
    );
    expect(log).to.deep.equal([]);
    const impostor = {
      ...pair.baseDep,
      contracts: {
        ...pair.baseDep.contracts,
        Presale: { ...pair.baseDep.contracts.Presale, address: pair.baseDep.contracts.Staking.address },
      },
    };
    try {
      await linkPresales({ conn: pair.eth, record: pair.ethDep }, { conn: pair.base, record: impostor });
      expect.fail("not refused");
    } catch (e) {
      expect((e as Error).message).to.match(
        /the presale on chain 31337 already trusts 0x.*, not 0x.*: it can be set once/,
      );
    }
  });

  it("refuses to deploy one side of a pair whose other file describes another ladder, before anything is sent", async function () {
    const { deploySystem } = await import("../../../scripts/lib/deploy.js");
    const other = base();
    other.sale.ethereumShareBps = 5_000;
    const fresh = await (await import("hardhat")).network.create("hardhatBase");
    const before = await fresh.ethers.provider.getBlockNumber();
    // The Ethereum side against the repository's localBase.json: same table. This Base file differs.
    try {
      await deploySystem(fresh, validateParams(other, "other"), {
        outDir: pair.dir,
        l1Messenger: pair.ethDep.contracts.Messenger.address,
      });
      expect.fail("should refuse");
    } catch (e) {
      expect((e as Error).message).to.match(
        /localEth and localBase describe different ladders[\s\S]*round 1 Ethereum quota: localEth 2700000, localBase 2250000/,
      );
    }
    expect(await fresh.ethers.provider.getBlockNumber()).to.equal(before, "nothing sent");
  });

  it("refuses to deploy parameters of another chain (chain id mismatch)", async function () {
    const { deploySystem } = await import("../../../scripts/lib/deploy.js");
    try {
      await deploySystem(pair.eth, loadParams(NETWORKS.localBase.paramsFile), { outDir: pair.dir });
      expect.fail("should refuse");
    } catch (e) {
      expect((e as Error).message).to.match(
        /chain id mismatch: .* chain 31338 but network "hardhatEth" is chain 31337/,
      );
    }
  });
});
