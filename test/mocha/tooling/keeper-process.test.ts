import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { underCoverage } from "../../support/coverage.js";
import { ROOT } from "../../../scripts/lib/networks.js";
import type { LocalStack } from "../../../scripts/local/stack.js";
import {
  basePresale,
  buyEth,
  ethPresale,
  killWhen,
  makeRelayer,
  startChainsOnly,
  tmpDir,
  wakeConnections,
} from "./helpers.js";

describe("tooling: the keeper process killed mid-batch (SIGKILL) and restarted", function () {
  this.timeout(180_000);
  let stack: LocalStack;
  const dir = tmpDir("keeper-proc");
  const BUYERS = [3, 4, 5, 6, 7, 8];

  before(async function () {
    if (underCoverage()) this.skip(); // see stack.test.ts
    stack = await startChainsOnly(dir);
  });
  after(async function () {
    await stack?.stop();
  });

  const wake = () => wakeConnections(stack.connections.eth, stack.connections.base);

  it("never double-credits (the bridge delivers what was relayed; a relay sent again changes nothing)", async function () {
    for (const i of BUYERS) await buyEth(stack.connections.eth, stack.deployments.eth, i, 1_000n * BigInt(i));
    const tsx = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
    const state = path.join(dir, "keeper-state.json");
    const args = [
      tsx,
      "scripts/keeper/index.ts",
      "--once",
      "--batch-size",
      "2",
      "--deployments",
      dir,
      "--state",
      state,
      "--eth-url",
      stack.urls.eth,
      "--base-url",
      stack.urls.base,
    ];
    const bridge = makeRelayer(
      { eth: stack.connections.eth, base: stack.connections.base, ethDep: stack.deployments.eth },
      path.join(dir, "relayer-state.json"),
    );
    // First run: pauses 60 s after each mined relay; killed with SIGKILL as soon as the first relay is mined.
    await killWhen(
      args,
      { KEEPER_TEST_PAUSE_AFTER_BATCH_MS: "60000" },
      /relay → localBase via the bridge: 2 buyer\(s\), .* batch 1\/3/,
    );
    const baseP = await basePresale(stack.connections.base, stack.deployments.base);
    const ethP = await ethPresale(stack.connections.eth, stack.deployments.eth);
    const signers = await stack.connections.eth.ethers.getSigners();
    const credited = () => Promise.all(BUYERS.map((i) => baseP.userDeposits(signers[i].address)));
    await bridge.tick();
    const mid = await credited();
    expect(mid.filter((x) => x > 0n)).to.have.length(2); // exactly the first relay was sent and delivered
    // Restart: relays the rest; the bridge delivers; nobody is credited twice.
    const res = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
    await wake();
    expect(res.status).to.equal(0, res.stderr + res.stdout);
    expect(res.stdout).to.match(/relayed 4 buyer\(s\) in 2 batch\(es\)/);
    // The bridge as a process this time (its own state: it rescans, skips the message delivered above, delivers the rest).
    const relayer = spawnSync(
      process.execPath,
      [
        tsx,
        "scripts/relayer/index.ts",
        "--once",
        "--delay-ms",
        "0",
        "--deployments",
        dir,
        "--state",
        path.join(dir, "relayer-cli.json"),
        "--eth-url",
        stack.urls.eth,
        "--base-url",
        stack.urls.base,
      ],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(relayer.status).to.equal(0, relayer.stderr + relayer.stdout);
    expect(relayer.stdout).to.match(
      /once: 3 new message\(s\), 2 delivered, 0 failed on Base, 1 already delivered, 0 waiting/,
    );
    await wake();
    const after = await credited();
    for (const [k, i] of BUYERS.entries())
      expect(after[k]).to.equal((await ethP.buyerInfo(signers[i].address)).tokens * 10n ** 18n, `buyer #${i}`);
    expect(await baseP.totalRemoteDepositsImported()).to.equal(await ethP.localTokensSold());
    // A third run has nothing to do.
    const again = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
    expect(again.stdout).to.match(/relayed 0 buyer\(s\) in 0 batch\(es\), 0 report\(s\) on their way, 0 pending/);
  });

  it("a corrupt state file: the long-running keeper names the file and stops with exit 1 instead of retrying for ever", function () {
    const tsx = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
    const state = path.join(dir, "corrupt-state.json");
    fs.writeFileSync(state, '{"version":1,"scannedTo":12,"pend'); // torn write
    const res = spawnSync(
      process.execPath,
      [
        tsx,
        "scripts/keeper/index.ts",
        "--deployments",
        dir,
        "--state",
        state,
        "--eth-url",
        stack.urls.eth,
        "--base-url",
        stack.urls.base,
      ],
      {
        cwd: ROOT,
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(res.status).to.equal(1, res.stderr + res.stdout);
    expect(res.stderr).to.include(`keeper state file ${state} is unreadable`);
    expect(res.stderr).to.match(/stopping/);
  });
});
