/**
 * Deploy preflight: a copy of mainnet.json with mocks, placeholders and wrong contracts, deployed with the real CLI to
 * a local `hardhat node` that has mainnet's chain id 1, is refused before any transaction, naming each bad field.
 * (Run inside a private network namespace: the node listens on loopback.)
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { ContractFactory, JsonRpcProvider, type InterfaceAbi, type Signer } from "ethers";
import type { DeployParams } from "../../../deploy/schema.js";
import type { Connection } from "../../../scripts/lib/deploy.js";
import { MockV3Aggregator__factory } from "../../../typechain-types/index.js";
import { freePort, tmpDir } from "./helpers.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
// Hardhat's well-known account #0 (a test key, public): the would-be deployer, whose nonce must stay 0.
const DEPLOYER_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const DEPLOYER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const TREASURY = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

function artifact(file: string, name: string) {
  return JSON.parse(fs.readFileSync(path.join(ROOT, "artifacts/contracts", file, `${name}.json`), "utf8")) as {
    abi: InterfaceAbi;
    bytecode: string;
  };
}

describe("tooling: deploy preflight on a public chain id (local node with chain id 1)", function () {
  this.timeout(240_000);
  let node: ChildProcess;
  let url: string;
  let provider: JsonRpcProvider;
  let work: string;
  const c: Record<string, string> = {};

  before(async function () {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    node = spawn(
      path.join(ROOT, "node_modules/.bin/hardhat"),
      ["node", "--port", String(port), "--hostname", "127.0.0.1", "--chain-id", "1"],
      {
        cwd: ROOT,
        stdio: "ignore",
        env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" },
      },
    );
    provider = new JsonRpcProvider(url, 1, { staticNetwork: true });
    for (let i = 0; ; i++) {
      try {
        await provider.getBlockNumber();
        break;
      } catch {
        if (i > 300) throw new Error("hardhat node did not start");
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    // Mocks deployed from another account (#1), so the deployer's nonce shows whether the deploy sent anything.
    const from: Signer = await provider.getSigner(1);
    /**
     * Deploys a contract of contracts/mocks as is (`foreign` false: what the rehearsal did), or with one byte of its
     * metadata hash changed: the same behaviour from code that is not this repo's mock, i.e. what a real token or
     * feed looks like to the preflight, so its behavioural checks can be exercised.
     */
    const deploy = async (file: string, name: string, args: unknown[] = [], foreign = true) => {
      const a = artifact(file, name);
      let bytecode = a.bytecode;
      if (foreign) {
        const i = bytecode.length - 40; // inside the runtime's CBOR metadata hash
        bytecode = bytecode.slice(0, i) + (bytecode[i] === "a" ? "b" : "a") + bytecode.slice(i + 1);
      }
      const k = await new ContractFactory(a.abi, bytecode, from).deploy(...args);
      await k.waitForDeployment();
      return await k.getAddress();
    };
    const now = (await provider.getBlock("latest"))!.timestamp;
    c.usdt = await deploy("mocks/MockUSDT.sol", "MockUSDT");
    c.usdc = await deploy("mocks/MockUSDC.sol", "MockUSDC");
    c.feed = await deploy("mocks/MockV3Aggregator.sol", "MockV3Aggregator", [8, 3000n * 10n ** 8n, "ETH / USD"]);
    c.feed18 = await deploy("mocks/MockV3Aggregator.sol", "MockV3Aggregator", [18, 3000n * 10n ** 18n, "ETH / USD"]);
    c.staleFeed = await deploy("mocks/MockV3Aggregator.sol", "MockV3Aggregator", [8, 3000n * 10n ** 8n, "ETH / USD"]);
    const stale = MockV3Aggregator__factory.connect(c.staleFeed, from);
    await (await stale.updateRoundData(2, 3000n * 10n ** 8n, now - 86_400, now - 86_400)).wait();
    c.sanctions = await deploy("mocks/MockSanctionsList.sol", "MockSanctionsList");
    c.multicall = await deploy("mocks/Multicall3.sol", "Multicall3");
    // This repo's own mocks, deployed unchanged.
    c.mockUsdt = await deploy("mocks/MockUSDT.sol", "MockUSDT", [], false);
    c.mockUsdc = await deploy("mocks/MockUSDC.sol", "MockUSDC", [], false);
    c.mockFeed = await deploy(
      "mocks/MockV3Aggregator.sol",
      "MockV3Aggregator",
      [8, 3000n * 10n ** 8n, "ETH / USD"],
      false,
    );
    c.mockSanctions = await deploy("mocks/MockSanctionsList.sol", "MockSanctionsList", [], false);
    work = tmpDir("preflight");
  });

  after(function () {
    node?.kill("SIGTERM");
  });

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
    expect(Number(await provider.send("eth_getTransactionCount", [DEPLOYER, "latest"]))).to.equal(
      0,
      "the deployer sent nothing",
    );
    expect(await blockNumber()).to.equal(blockBefore, "no block mined");
  };

  it('mainnet.json with "mock" contracts and "deployer" placeholders is refused before any transaction, naming each field', async function () {
    const block = await blockNumber();
    const r = deployCli((p) => {
      Object.assign(p.external, { usdt: "mock", usdc: "mock", ethUsdFeed: "mock", sanctionsList: "mock" });
      p.accounts.paymentWallet = "deployer";
    });
    expect(r.status).to.equal(1, r.stderr + r.stdout);
    for (const field of ["external.usdt", "external.usdc", "external.ethUsdFeed", "external.sanctionsList"]) {
      expect(r.stderr).to.match(new RegExp(`- ${field.replace(".", "\\.")}: "mock": a mock contract`));
    }
    expect(r.stderr).to.match(/- accounts\.paymentWallet: "deployer" placeholder/);
    expect(r.stderr).to.match(/refusing to deploy mainnet \(chain 1, a public chain id\)/);
    await nothingSent(block);
  });

  it("this repo's mocks deployed at addresses (mint-by-anyone tokens, a settable feed) are recognised by their code and refused", async function () {
    const block = await blockNumber();
    const r = deployCli((p) =>
      Object.assign(p.external, {
        usdt: c.mockUsdt,
        usdc: c.mockUsdc,
        ethUsdFeed: c.mockFeed,
        sanctionsList: c.mockSanctions,
        multicall3: c.multicall,
        messenger: c.multicall,
      }),
    );
    expect(r.status).to.equal(1, r.stderr + r.stdout);
    expect(r.stderr).to.include(
      `external.usdt (${c.mockUsdt}): the code is MockUSDT from contracts/mocks (a local stand-in), not the real contract`,
    );
    expect(r.stderr).to.include(`external.usdc (${c.mockUsdc}): the code is MockUSDC from contracts/mocks`);
    expect(r.stderr).to.include(
      `external.ethUsdFeed (${c.mockFeed}): the code is MockV3Aggregator from contracts/mocks`,
    );
    expect(r.stderr).to.include(
      `external.sanctionsList (${c.mockSanctions}): the code is MockSanctionsList from contracts/mocks`,
    );
    expect(r.stderr.match(/^\s+- /gm)).to.have.length(4, r.stderr);
    await nothingSent(block);
  });

  it("real-looking addresses that are wrong on this chain are refused, each with the parameter, the address and what was found", async function () {
    const block = await blockNumber();
    const r = deployCli((p) => {
      p.external.usdt = c.usdc; // a token, but USDC
      // usdc stays Circle's mainnet address: no code on this chain
      p.external.ethUsdFeed = c.feed18; // 18 decimals
      p.external.sanctionsList = c.usdt; // code, but no isSanctioned
      p.external.multicall3 = c.multicall;
      p.external.messenger = c.multicall; // any contract: the messenger is checked for code only
    });
    expect(r.status).to.equal(1, r.stderr + r.stdout);
    expect(r.stderr).to.include(`external.usdt (${c.usdc}): symbol() = "USDC", expected "USDT"`);
    expect(r.stderr).to.include(
      "external.usdc (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48): no contract code at this address on the target chain",
    );
    expect(r.stderr).to.include(`external.ethUsdFeed (${c.feed18}): decimals() = 18, expected 8`);
    expect(r.stderr).to.match(new RegExp(`external\\.sanctionsList \\(${c.usdt}\\): isSanctioned\\(\\) failed`));
    expect(r.stderr).to.not.match(/external\.multicall3/);
    await nothingSent(block);
  });

  it("a stale price is refused; --dry-run runs the same preflight", async function () {
    const block = await blockNumber();
    const over = (p: DeployParams) =>
      Object.assign(p.external, {
        usdt: c.usdt,
        usdc: c.usdc,
        ethUsdFeed: c.staleFeed,
        sanctionsList: c.sanctions,
        multicall3: c.multicall,
        messenger: c.multicall,
      });
    for (const args of [[], ["--dry-run"]]) {
      const r = deployCli(over, args);
      expect(r.status).to.equal(1, r.stderr + r.stdout);
      expect(r.stderr).to.match(
        new RegExp(
          `external\\.ethUsdFeed \\(${c.staleFeed}\\): latestRoundData\\(\\) updated \\d+ s ago, older than priceFeed\\.heartbeat \\(3900 s\\)`,
        ),
      );
      expect(r.stderr.match(/^\s+- /gm)).to.have.length(1, r.stderr);
    }
    await nothingSent(block);
  });

  it("with every address checking out, the dry run passes and shows a missing key as such, not as an address", async function () {
    const block = await blockNumber();
    const over = (p: DeployParams) => {
      Object.assign(p.external, {
        usdt: c.usdt,
        usdc: c.usdc,
        ethUsdFeed: c.feed,
        sanctionsList: c.sanctions,
        multicall3: c.multicall,
        messenger: c.multicall,
      });
      p.accounts.paymentWallet = "deployer";
    };
    // Placeholders are refused on a public chain even in a dry run (after the preview, which names the unknown deployer)...
    const withPlaceholders = deployCli(over, ["--dry-run"], {});
    expect(withPlaceholders.status).to.equal(1);
    expect(withPlaceholders.stderr).to.match(/accounts\.paymentWallet: "deployer" placeholder/);
    expect(withPlaceholders.stdout).to.match(/"paymentWallet": "\(deployer: no key given\)"/);
    expect(withPlaceholders.stdout).to.not.match(/dead/i);
    // ...and with real accounts the dry run passes the preflight and names the unknown deployer plainly.
    const r = deployCli(
      (p) =>
        Object.assign(p.external, {
          usdt: c.usdt,
          usdc: c.usdc,
          ethUsdFeed: c.feed,
          sanctionsList: c.sanctions,
          multicall3: c.multicall,
          messenger: c.multicall,
        }),
      ["--dry-run"],
      {},
    );
    expect(r.status).to.equal(0, r.stderr + r.stdout);
    expect(r.stdout).to.match(/preflight on chain 1: every external address answers as expected/);
    expect(r.stdout).to.match(/would deploy to mainnet \(chain 1\) from \(deployer: no key given\); nothing sent/);
    expect(r.stdout).to.not.match(/dead/i);
    await nothingSent(block);
  });

  it('a deploy without DEPLOYER_PRIVATE_KEY is a usage error naming the variable (exit 1), not "chain unreachable"', function () {
    const r = deployCli(
      (p) =>
        Object.assign(p.external, {
          usdt: c.usdt,
          usdc: c.usdc,
          ethUsdFeed: c.feed,
          sanctionsList: c.sanctions,
          multicall3: c.multicall,
          messenger: c.multicall,
        }),
      [],
      {},
    );
    expect(r.status).to.equal(1, r.stderr + r.stdout);
    expect(r.stderr).to.match(/usage error: DEPLOYER_PRIVATE_KEY is not set/);
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
    const withNew = {
      ...params,
      external: { ...params.external, messenger: "0x25ace71c97B33Cc4729CF772ae268934F7ab5fA1" },
    };
    const issues = await onChainIssues(conn, withNew);
    expect(issues.map((i) => i.param)).to.include("external.messenger");
    expect(issues.find((i) => i.param === "external.messenger")).to.deep.equal({
      param: "external.messenger",
      address: "0x25ace71c97B33Cc4729CF772ae268934F7ab5fA1",
      found: "no contract code at this address on the target chain",
    });
  });

  it("unverified entries are refused unless --allow-unverified", async function () {
    const { placeholderIssues } = await import("../../../scripts/lib/preflight.js");
    const { loadParams } = await import("../../../deploy/schema.js");
    const params = {
      ...loadParams(path.join(ROOT, "deploy/params/mainnet.json")),
      unverified: ["external.sanctionsList"],
    };
    params.accounts = { ...params.accounts, paymentWallet: TREASURY };
    expect(placeholderIssues(params)).to.deep.equal([
      {
        param: "external.sanctionsList",
        address: "0x40C57923924B5c5c5455c48D93317139ADDaC8fb",
        found: 'listed under "unverified" (verify it, or pass --allow-unverified)',
      },
    ]);
    expect(placeholderIssues(params, { allowUnverified: true })).to.deep.equal([]);
  });
});

describe("tooling: preflight of the Base side's sequencer feed (in-process chain)", function () {
  it("a sequencer feed reporting the sequencer down, or not a feed at all, is refused; a live one passes", async function () {
    const { network } = await import("hardhat");
    const { onChainIssues } = await import("../../../scripts/lib/preflight.js");
    const { loadParams } = await import("../../../deploy/schema.js");
    const conn: Connection = await network.create("hardhatBase");
    const [signer] = await conn.ethers.getSigners();
    const a = artifact("mocks/MockV3Aggregator.sol", "MockV3Aggregator");
    // Not this repo's mock (one metadata byte changed): only the behavioural check applies.
    const i = a.bytecode.length - 40;
    const bytecode = a.bytecode.slice(0, i) + (a.bytecode[i] === "a" ? "b" : "a") + a.bytecode.slice(i + 1);
    const feed = async (answer: bigint) => {
      const k = await new ContractFactory(a.abi, bytecode, signer).deploy(0, answer, "L2 Sequencer Uptime Status Feed");
      await k.waitForDeployment();
      return await k.getAddress();
    };
    const base = loadParams(path.join(ROOT, "deploy/params/base.json"));
    const issuesFor = async (sequencerFeed: string) =>
      (
        await onChainIssues(conn, {
          ...base,
          external: {
            usdt: null,
            usdc: "mock",
            ethUsdFeed: "mock",
            sanctionsList: null,
            multicall3: "mock",
            messenger: "mock",
            sequencerFeed,
          },
        })
      ).map((x) => x.found);
    expect(await issuesFor(await feed(0n))).to.deep.equal([]);
    expect(await issuesFor(await feed(1n))).to.deep.equal(["latestRoundData() reports the sequencer down"]);
    const notAFeed = await (
      await new ContractFactory(
        artifact("mocks/MockSanctionsList.sol", "MockSanctionsList").abi,
        artifact("mocks/MockSanctionsList.sol", "MockSanctionsList").bytecode.replace(/.{2}(?=.{38}$)/, "ab"),
        signer,
      ).deploy()
    ).getAddress();
    const [why] = await issuesFor(notAFeed);
    expect(why).to.match(/^latestRoundData\(\) failed/);
  });
});
