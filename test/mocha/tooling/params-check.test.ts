/**
 * `npm run params:check` and `deploy --dry-run` apply the same rules: the committed sepolia.json, which params:check
 * passes, passes a dry run against a node with Sepolia's chain id whose canonical addresses answer like the real
 * contracts (the preflight once refused it for the "mock" and "deployer" entries params:check let through).
 * (Run inside a private network namespace: the node listens on loopback.)
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { ContractFactory } from "ethers";
import { CANONICAL } from "../../../deploy/canonical.js";
import { startNode, tmpDir } from "./helpers.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
const SEPOLIA = CANONICAL[11155111];

describe("tooling: params:check and deploy --dry-run agree on the committed testnet file", function () {
  this.timeout(120_000);
  let node: ChildProcess;
  let url: string;

  before(async function () {
    const started = await startNode(11155111);
    ({ node, url } = started);
    const provider = started.provider;
    const from = await provider.getSigner(1);
    const real = (name: string) =>
      JSON.parse(
        fs.readFileSync(path.join(ROOT, "artifacts/contracts/test-support/RealLike.sol", `${name}.json`), "utf8"),
      ) as {
        abi: [];
        bytecode: string;
      };
    const codeOf = async (name: string, args: unknown[]) => {
      const k = await new ContractFactory(real(name).abi, real(name).bytecode, from).deploy(...args);
      await k.waitForDeployment();
      return provider.getCode(await k.getAddress());
    };
    const place = async (address: string | null, code: string) => {
      await provider.send("hardhat_setCode", [address, code]);
    };
    await place(SEPOLIA.usdc.address, await codeOf("FixedToken", ["USDC", 6]));
    await place(SEPOLIA.ethUsdFeed.address, await codeOf("FixedFeed", [8, 3000n * 10n ** 8n, 60]));
    const any = await codeOf("FixedSanctionsList", []);
    await place(SEPOLIA.multicall3.address, any);
    await place(SEPOLIA.messenger.address, any);
  });

  after(function () {
    node?.kill("SIGTERM");
  });

  it("params:check passes sepolia.json, and so does the dry run (its stand-ins declared, its placeholders a testnet's)", function () {
    const check = spawnSync(process.execPath, [TSX, "scripts/deploy.ts", "--check"], { cwd: ROOT, encoding: "utf8" });
    expect(check.stdout).to.match(/^ok\s+sepolia\s/m);
    const env: NodeJS.ProcessEnv = { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true", SEPOLIA_RPC_URL: url };
    delete env.DEPLOYER_PRIVATE_KEY;
    const dry = spawnSync(
      process.execPath,
      [TSX, "scripts/deploy.ts", "--network", "sepolia", "--dry-run", "--out", tmpDir("params-check")],
      {
        cwd: ROOT,
        encoding: "utf8",
        env,
      },
    );
    expect(dry.status).to.equal(0, dry.stderr + dry.stdout);
    expect(dry.stdout).to.match(/preflight on chain 11155111: every external address answers as expected/);
  });
});
