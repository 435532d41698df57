/**
 * Deploy preflight: copies of mainnet.json with mocks, placeholders and wrong contracts, deployed with the real CLI to
 * a local `hardhat node` that has mainnet's chain id 1, are refused before any transaction, naming each bad field.
 * The chain's canonical addresses (deploy/canonical.ts) get code with hardhat_setCode: contracts that answer like the
 * real ones (contracts/test-support/RealLike.sol), or this repo's mocks, or wrong ones.
 * (Run inside a private network namespace: the node listens on loopback.)
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { ContractFactory, JsonRpcProvider, type InterfaceAbi, type Signer } from "ethers";
import { CANONICAL } from "../../../deploy/canonical.js";
import type { DeployParams } from "../../../deploy/schema.js";
import type { Connection } from "../../../scripts/lib/deploy.js";
import { localKey } from "../../../scripts/local/accounts.js";
import { startNode, tmpDir } from "./helpers.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
// Hardhat's well-known account #0 (a test key, public): the would-be deployer, whose nonce must stay 0.
const DEPLOYER_KEY = localKey(0); // Hardhat's account #0 (scripts/local/accounts.ts)
const TREASURY = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const MAINNET = CANONICAL[1];
const OP_MAINNET_MESSENGER = "0x25ace71c97B33Cc4729CF772ae268934F7ab5fA1";

function artifact(file: string, name: string) {
  return JSON.parse(fs.readFileSync(path.join(ROOT, "artifacts/contracts", file, `${name}.json`), "utf8")) as {
    abi: InterfaceAbi;
    bytecode: string;
  };
}

/** `bytecode` with one byte of its CBOR metadata hash changed: the same contract, recompiled as anyone could. */
const oneByteOff = (bytecode: string) => {
  const i = bytecode.length - 40;
  return bytecode.slice(0, i) + (bytecode[i] === "a" ? "b" : "a") + bytecode.slice(i + 1);
};

describe("tooling: deploy preflight on a public chain id (local node with chain id 1)", function () {
  this.timeout(240_000);
  let node: ChildProcess;
  let url: string;
  let provider: JsonRpcProvider;
  let work: string;
  /** Runtime codes by role: what answers like the real contract, and the wrong things. */
  const code: Record<string, string> = {};
  const at: Record<string, string> = {};

  before(async function () {
    ({ node, url, provider } = await startNode(1));
    // Contracts are deployed from another account (#1), so the deployer's nonce shows whether the deploy sent anything.
    const from: Signer = await provider.getSigner(1);
    const deploy = async (role: string, file: string, name: string, args: unknown[] = [], bytecode?: string) => {
      const a = artifact(file, name);
      const k = await new ContractFactory(a.abi, bytecode ?? a.bytecode, from).deploy(...args);
      await k.waitForDeployment();
      at[role] = await k.getAddress();
      code[role] = await provider.getCode(at[role]);
    };
    const real = "test-support/RealLike.sol";
    await deploy("usdt", real, "FixedToken", ["USDT", 6]);
    await deploy("usdc", real, "FixedToken", ["USDC", 6]);
    await deploy("feed", real, "FixedFeed", [8, 3000n * 10n ** 8n, 60]);
    await deploy("feed18", real, "FixedFeed", [18, 3000n * 10n ** 18n, 60]);
    await deploy("staleFeed", real, "FixedFeed", [8, 3000n * 10n ** 8n, 86_400]);
    await deploy("sanctions", real, "FixedSanctionsList");
    // This repo's mocks, as they are and with a byte of their metadata changed (same code, another build).
    await deploy("mockUsdt", "mocks/MockUSDT.sol", "MockUSDT");
    await deploy(
      "mockUsdtRebuilt",
      "mocks/MockUSDT.sol",
      "MockUSDT",
      [],
      oneByteOff(artifact("mocks/MockUSDT.sol", "MockUSDT").bytecode),
    );
    await deploy(
      "mockFeedRebuilt",
      "mocks/MockV3Aggregator.sol",
      "MockV3Aggregator",
      [8, 3000n * 10n ** 8n, "ETH / USD"],
      oneByteOff(artifact("mocks/MockV3Aggregator.sol", "MockV3Aggregator").bytecode),
    );
    await deploy("mockSanctions", "mocks/MockSanctionsList.sol", "MockSanctionsList");
    // An open-mint token that is not one of ours (its own code): only what it lets anyone do gives it away.
    await deploy("openMint", real, "FaucetToken", ["USDC", 6]);
    work = tmpDir("preflight");
  });

  after(function () {
    node?.kill("SIGTERM");
  });

  /** Puts `role`'s code at the mainnet address of `field` (or at `address`). */
  const place = (field: keyof typeof MAINNET, role: string) =>
    provider.send("hardhat_setCode", [MAINNET[field].address, code[role]]);
  /** Every canonical address answers like the real contract. */
  const realChain = async () => {
    await place("usdt", "usdt");
    await place("usdc", "usdc");
    await place("ethUsdFeed", "feed");
    await place("sanctionsList", "sanctions");
    await place("multicall3", "sanctions"); // any contract: checked for code
    await place("messenger", "sanctions"); // any contract: checked for code and address
  };

  /** A copy of deploy/params/mainnet.json with `over` applied, run through the deploy CLI against the node. */
  const deployCli = (
    over: (p: DeployParams) => void,
    extraArgs: string[] = [],
    env: Record<string, string> = { DEPLOYER_PRIVATE_KEY: DEPLOYER_KEY },
  ) => {
    const p = JSON.parse(fs.readFileSync(path.join(ROOT, "deploy/params/mainnet.json"), "utf8")) as DeployParams;
    p.accounts.paymentWallet = TREASURY;
    over(p);
    const file = path.join(work, `mainnet-${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, JSON.stringify(p, null, 2));
    const baseEnv = { ...process.env };
    delete baseEnv.DEPLOYER_PRIVATE_KEY;
    return spawnSync(
      process.execPath,
      [TSX, "scripts/deploy.ts", "--network", "mainnet", "--params", file, "--out", work, ...extraArgs],
      {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...baseEnv, HARDHAT_DISABLE_TELEMETRY: "true", MAINNET_RPC_URL: url, ...env },
        timeout: 180_000,
      },
    );
  };

  /** The chain's own block number (ethers' getBlockNumber may answer from its cache). */
  const blockNumber = async () => Number(await provider.send("eth_blockNumber", []));
  const nothingSent = async (blockBefore: number) => {
    expect(
      Number(
        await provider.send("eth_getTransactionCount", [
          new (await import("ethers")).Wallet(DEPLOYER_KEY).address,
          "latest",
        ]),
      ),
    ).to.equal(0, "the deployer sent nothing");
    expect(await blockNumber()).to.equal(blockBefore, "no block mined");
  };
  const issueLines = (stderr: string) => stderr.match(/^\s+- /gm) ?? [];

  it('mainnet.json with "mock" contracts and "deployer" placeholders is refused before any transaction, naming each field', async function () {
    await realChain();
    const block = await blockNumber();
    const r = deployCli((p) => {
      Object.assign(p.external, { usdt: "mock", usdc: "mock", ethUsdFeed: "mock", sanctionsList: "mock" });
      p.accounts.paymentWallet = "deployer";
      p.standIns = { usdt: "asked for on a mainnet" };
    });
    expect(r.status).to.equal(1, r.stderr + r.stdout);
    for (const field of ["external.usdt", "external.usdc", "external.ethUsdFeed", "external.sanctionsList"])
      expect(r.stderr).to.match(
        new RegExp(
          `- ${field.replace(".", "\\.")}: "mock": a stand-in \\(anyone can mint or set its answer\\) on a mainnet`,
        ),
      );
    expect(r.stderr).to.match(/- standIns: stand-ins are never deployed on a mainnet \(chain 1\)/);
    expect(r.stderr).to.match(/- accounts\.paymentWallet: "deployer" placeholder/);
    expect(r.stderr).to.match(/refusing to deploy mainnet \(chain 1, a public chain id\)/);
    await nothingSent(block);
  });

  it("any other address than the canonical one is refused with the difference; OP Mainnet's messenger is named as such", async function () {
    await realChain();
    const block = await blockNumber();
    const r = deployCli((p) => {
      p.external.usdt = at.usdt; // a token answering like USDT, at another address
      p.external.usdc = at.mockUsdtRebuilt;
      p.external.ethUsdFeed = at.feed;
      p.external.messenger = OP_MAINNET_MESSENGER;
    });
    expect(r.status).to.equal(1, r.stderr + r.stdout);
    expect(r.stderr).to.include(
      `- external.usdt (${at.usdt}): is not Tether USD (USDT) ${MAINNET.usdt.address} (${MAINNET.usdt.source})`,
    );
    expect(r.stderr).to.include(
      `- external.usdc (${at.mockUsdtRebuilt}): is not Circle's USDC ${MAINNET.usdc.address}`,
    );
    expect(r.stderr).to.include(
      `- external.ethUsdFeed (${at.feed}): is not Chainlink ETH / USD ${MAINNET.ethUsdFeed.address}`,
    );
    expect(r.stderr).to.include(
      `- external.messenger (${OP_MAINNET_MESSENGER}): is not Base's L1CrossDomainMessenger ${MAINNET.messenger.address} (Base docs, docs.base.org/base-chain/network-information/base-contracts, "L1 Contract Addresses", Ethereum Mainnet): it is OP Mainnet's L1CrossDomainMessenger`,
    );
    await nothingSent(block);
  });

  it("this repo's mocks at the canonical addresses are recognised even rebuilt (a byte changed), and so is a token anyone can mint", async function () {
    await realChain();
    await place("usdt", "mockUsdtRebuilt");
    await place("usdc", "openMint");
    await place("ethUsdFeed", "mockFeedRebuilt");
    await place("sanctionsList", "mockSanctions");
    const block = await blockNumber();
    const r = deployCli(() => {});
    expect(r.status).to.equal(1, r.stderr + r.stdout);
    expect(r.stderr).to.include(
      `external.usdt (${MAINNET.usdt.address}): the code is MockUSDT from contracts/mocks (a local stand-in), not the real contract`,
    );
    expect(r.stderr, r.stderr).to.include(
      `external.usdc (${MAINNET.usdc.address}): anyone can mint it (mint(address,uint256) succeeds from any account): a stand-in`,
    );
    expect(r.stderr).to.include(
      `external.ethUsdFeed (${MAINNET.ethUsdFeed.address}): the code is MockV3Aggregator from contracts/mocks`,
    );
    expect(r.stderr).to.include(
      `external.sanctionsList (${MAINNET.sanctionsList.address}): the code is MockSanctionsList from contracts/mocks`,
    );
    expect(issueLines(r.stderr)).to.have.length(4, r.stderr);
    await nothingSent(block);
  });

  it("contracts at the canonical addresses that answer wrongly are refused, each with the parameter, the address and what was found", async function () {
    await realChain();
    await place("usdt", "usdc"); // a token, but USDC
    await provider.send("hardhat_setCode", [MAINNET.usdc.address, "0x"]); // no code
    await place("ethUsdFeed", "feed18"); // 18 decimals
    await place("sanctionsList", "usdt"); // code, but no isSanctioned
    const block = await blockNumber();
    const r = deployCli(() => {});
    expect(r.status).to.equal(1, r.stderr + r.stdout);
    expect(r.stderr).to.include(`external.usdt (${MAINNET.usdt.address}): symbol() = "USDC", expected "USDT"`);
    expect(r.stderr).to.include(
      `external.usdc (${MAINNET.usdc.address}): no contract code at this address on the target chain`,
    );
    expect(r.stderr).to.include(`external.ethUsdFeed (${MAINNET.ethUsdFeed.address}): decimals() = 18, expected 8`);
    expect(r.stderr).to.match(
      new RegExp(`external\\.sanctionsList \\(${MAINNET.sanctionsList.address}\\): isSanctioned\\(\\) failed`),
    );
    expect(issueLines(r.stderr)).to.have.length(4, r.stderr);
    await nothingSent(block);
  });

  it("a stale price is refused; --dry-run runs the same preflight", async function () {
    await realChain();
    await place("ethUsdFeed", "staleFeed");
    const block = await blockNumber();
    for (const args of [[], ["--dry-run"]]) {
      const r = deployCli(() => {}, args);
      expect(r.status).to.equal(1, r.stderr + r.stdout);
      expect(r.stderr).to.match(
        new RegExp(
          `external\\.ethUsdFeed \\(${MAINNET.ethUsdFeed.address}\\): latestRoundData\\(\\) updated \\d+ s ago, older than priceFeed\\.heartbeat \\(3900 s\\)`,
        ),
      );
      expect(issueLines(r.stderr)).to.have.length(1, r.stderr);
    }
    await nothingSent(block);
  });

  it("with every canonical address answering, the dry run passes and shows a missing key as such, not as an address", async function () {
    await realChain();
    const block = await blockNumber();
    // Placeholders are refused on a mainnet even in a dry run (after the preview, which names the unknown deployer)...
    const withPlaceholders = deployCli(
      (p) => {
        p.accounts.paymentWallet = "deployer";
      },
      ["--dry-run"],
      {},
    );
    expect(withPlaceholders.status).to.equal(1);
    expect(withPlaceholders.stderr).to.match(/accounts\.paymentWallet: "deployer" placeholder/);
    expect(withPlaceholders.stdout).to.match(/"paymentWallet": "\(deployer: no key given\)"/);
    expect(withPlaceholders.stdout).to.not.match(/dead/i);
    // ...and with real accounts the dry run passes the preflight and names the unknown deployer plainly.
    const r = deployCli(() => {}, ["--dry-run"], {});
    expect(r.status).to.equal(0, r.stderr + r.stdout);
    expect(r.stdout).to.match(/preflight on chain 1: every external address answers as expected/);
    expect(r.stdout).to.match(/would deploy to mainnet \(chain 1\) from \(deployer: no key given\); nothing sent/);
    await nothingSent(block);
  });

  it("params:check and deploy --dry-run agree on the committed mainnet.json: the same placeholders, line for line", async function () {
    await realChain();
    const check = spawnSync(process.execPath, [TSX, "scripts/deploy.ts", "--check"], { cwd: ROOT, encoding: "utf8" });
    const checked = /^refused\s+mainnet\s[^\n]*\n((?: {2}- [^\n]*\n)+)/m.exec(check.stdout)?.[1];
    expect(checked, check.stdout).to.not.equal(undefined);
    const baseEnv = { ...process.env };
    delete baseEnv.DEPLOYER_PRIVATE_KEY;
    const dry = spawnSync(
      process.execPath,
      [TSX, "scripts/deploy.ts", "--network", "mainnet", "--dry-run", "--out", work],
      {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...baseEnv, HARDHAT_DISABLE_TELEMETRY: "true", MAINNET_RPC_URL: url },
      },
    );
    expect(dry.status).to.equal(1, dry.stderr + dry.stdout);
    const lines = (text: string) => text.split("\n").filter((l) => l.startsWith("  - "));
    expect(lines(dry.stderr)).to.deep.equal(lines(checked!));
  });

  it('a deploy without DEPLOYER_PRIVATE_KEY is a usage error naming the variable (exit 1), not "chain unreachable"', function () {
    const r = deployCli(() => {}, [], {});
    expect(r.status).to.equal(1, r.stderr + r.stdout);
    expect(r.stderr).to.match(/usage error: DEPLOYER_PRIVATE_KEY is not set/);
  });

  it("a malformed DEPLOYER_PRIVATE_KEY is named as such (exit 1), before any call, and never printed", async function () {
    await realChain();
    for (const key of ["0x1234", `0x${"ab".repeat(31)}zz`]) {
      const r = deployCli(() => {}, [], { DEPLOYER_PRIVATE_KEY: key });
      expect(r.status).to.equal(1, r.stderr + r.stdout);
      expect(r.stderr).to.match(/usage error: DEPLOYER_PRIVATE_KEY is not a private key: expected 32 bytes of hex/);
      expect(r.stderr).to.not.include(key);
      expect(r.stderr + r.stdout).to.not.match(/unknown RPC error/);
    }
  });
});

describe("tooling: preflight rules (in-process chain)", function () {
  it("public is decided by chain id: 31337/31338 are local, every other id (1 included) is public", async function () {
    const { isPublicChain } = await import("../../../scripts/lib/preflight.js");
    expect([31337, 31338].map(isPublicChain)).to.deep.equal([false, false]);
    expect([1, 8453, 11155111, 84532, 1337].map(isPublicChain)).to.deep.equal([true, true, true, true, true]);
  });

  it("an address field added to `external` later is checked for code without any new code (e.g. a messenger)", async function () {
    const { network } = await import("hardhat");
    const { onChainIssues } = await import("../../../scripts/lib/preflight.js");
    const { loadParams } = await import("../../../deploy/schema.js");
    const conn: Connection = await network.create("hardhatEth");
    const params = loadParams(path.join(ROOT, "deploy/params/mainnet.json"));
    const withNew = { ...params, external: { ...params.external, messenger: OP_MAINNET_MESSENGER } };
    const issues = await onChainIssues(conn, withNew);
    expect(issues.find((i) => i.param === "external.messenger")).to.deep.equal({
      param: "external.messenger",
      address: OP_MAINNET_MESSENGER,
      found: "no contract code at this address on the target chain",
    });
  });

  it("unverified entries are refused unless --allow-unverified; an address with no canonical one needs both", async function () {
    const { offlineIssues } = await import("../../../scripts/lib/preflight.js");
    const { loadParams } = await import("../../../deploy/schema.js");
    const mainnet = loadParams(path.join(ROOT, "deploy/params/mainnet.json"));
    const params = {
      ...mainnet,
      accounts: { ...mainnet.accounts, paymentWallet: TREASURY },
      unverified: ["external.sanctionsList"],
    };
    expect(offlineIssues(params)).to.deep.equal([
      {
        param: "external.sanctionsList",
        address: "0x40C57923924B5c5c5455c48D93317139ADDaC8fb",
        found: 'listed under "unverified" (verify it, or pass --allow-unverified)',
      },
    ]);
    expect(offlineIssues(params, { allowUnverified: true })).to.deep.equal([]);
    // Base's sanctions oracle has no confirmed address: an address there is refused unless listed and allowed.
    const base = loadParams(path.join(ROOT, "deploy/params/base.json"));
    const withOracle = {
      ...base,
      accounts: { ...base.accounts, paymentWallet: TREASURY },
      external: { ...base.external, sanctionsList: "0x3A91A31cB3dC49b4db9Ce721F50a9D076c8D739B" },
    };
    expect(offlineIssues(withOracle).map((i) => i.found)).to.deep.equal([
      `no canonical Chainalysis' sanctions oracle is known on chain 8453 (${CANONICAL[8453].sanctionsList.source}): list it under unverified and pass --allow-unverified to deploy with it`,
    ]);
    expect(
      offlineIssues({ ...withOracle, unverified: ["external.sanctionsList"] }, { allowUnverified: true }),
    ).to.deep.equal([]);
  });

  it("testnets: canonical addresses where they exist; a stand-in only where standIns says why; never a stand-in of a real one", async function () {
    const { offlineIssues } = await import("../../../scripts/lib/preflight.js");
    const { loadParams } = await import("../../../deploy/schema.js");
    const sepolia = loadParams(path.join(ROOT, "deploy/params/sepolia.json"));
    expect(offlineIssues(sepolia), "the committed sepolia.json").to.deep.equal([]);
    const undeclared = { ...sepolia, standIns: { usdt: sepolia.standIns!.usdt! } };
    expect(offlineIssues(undeclared).map((i) => `${i.param}: ${i.found}`)).to.deep.equal([
      'external.sanctionsList: "mock": a stand-in this project deploys; on a testnet only where standIns.sanctionsList says why',
    ]);
    const mockUsdc = { ...sepolia, external: { ...sepolia.external, usdc: "mock" as const } };
    expect(offlineIssues(mockUsdc).map((i) => i.found)).to.deep.equal([
      `"mock": a stand-in this project deploys; on a testnet only where standIns.usdc says why (here the real one exists: Circle's testnet USDC ${CANONICAL[11155111].usdc.address})`,
    ]);
    const wrongMessenger = { ...sepolia, external: { ...sepolia.external, messenger: OP_MAINNET_MESSENGER } };
    expect(offlineIssues(wrongMessenger).map((i) => i.param)).to.deep.equal(["external.messenger"]);
    expect(offlineIssues(loadParams(path.join(ROOT, "deploy/params/baseSepolia.json")))).to.deep.equal([]);
  });
});

describe("tooling: preflight of the Base side's sequencer feed (in-process chain)", function () {
  it("a sequencer feed reporting the sequencer down, or not a feed at all, is refused; a live one passes", async function () {
    const { network } = await import("hardhat");
    const { onChainIssues } = await import("../../../scripts/lib/preflight.js");
    const { loadParams } = await import("../../../deploy/schema.js");
    const conn: Connection = await network.create("hardhatBase");
    const [signer] = await conn.ethers.getSigners();
    const real = (name: string) => artifact("test-support/RealLike.sol", name);
    const feed = async (answer: bigint) => {
      const k = await new ContractFactory(real("FixedFeed").abi, real("FixedFeed").bytecode, signer).deploy(
        0,
        answer,
        7200,
      );
      await k.waitForDeployment();
      return await k.getAddress();
    };
    const base = loadParams(path.join(ROOT, "deploy/params/base.json"));
    const issuesFor = async (sequencerFeed: string) =>
      (
        await onChainIssues(conn, {
          ...base,
          // base.json's own fields (null where Base has none), the rest stand-ins: a new field needs no edit here.
          external: {
            ...base.external,
            usdc: "mock",
            ethUsdFeed: "mock",
            multicall3: "mock",
            messenger: "mock",
            sequencerFeed,
          },
        })
      ).map((x) => x.found);
    expect(await issuesFor(await feed(0n))).to.deep.equal([]);
    expect(await issuesFor(await feed(1n))).to.deep.equal(["latestRoundData() reports the sequencer down"]);
    const notAFeed = await (
      await new ContractFactory(real("FixedSanctionsList").abi, real("FixedSanctionsList").bytecode, signer).deploy()
    ).getAddress();
    const [why] = await issuesFor(notAFeed);
    expect(why).to.match(/^latestRoundData\(\) failed/);
  });
});
