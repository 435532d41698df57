import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect } from "chai";
import { underCoverage } from "../../support/coverage.js";
import { startLocalStack, type LocalStack } from "../../../scripts/local/stack.js";
import { basePresale, buyEth, contract, freePort, tmpDir } from "./helpers.js";

const free = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ host: "127.0.0.1", port });
    s.once("connect", () => (s.destroy(), resolve(false)));
    s.once("error", () => resolve(true));
  });

describe("tooling: the local two-chain stack (startLocalStack)", function () {
  this.timeout(120_000);
  let stack: LocalStack;
  const dir = tmpDir("stack");
  // Free ports picked at run time: `npm start`, the e2e suite's stack and other test runs may be up at the same time.
  let ethPort = 0;
  let basePort = 0;

  before(async function () {
    // Under `hardhat test --coverage` the artifacts are instrumented (over the size limit) and the stack's separate
    // `hardhat node` processes are not coverage-aware: this suite runs in normal test runs only.
    if (underCoverage()) this.skip();
    [ethPort, basePort] = await Promise.all([freePort(), freePort()]);
    stack = await startLocalStack({
      ethPort,
      basePort,
      frontend: false,
      server: false,
      compile: false,
      removeLogsOnStop: true,
      deploymentsDir: dir,
      keeperIntervalMs: 300,
    });
  });
  after(async function () {
    await stack?.stop();
  });

  it("comes up on loopback with both chains deployed, funded and the sale open, well under a minute", async function () {
    expect(stack.startedInMs).to.be.below(60_000);
    expect(stack.urls.eth).to.equal(`http://127.0.0.1:${ethPort}`);
    expect(stack.chainIds).to.deep.equal({ eth: 31337, base: 31338 });
    expect(fs.existsSync(path.join(dir, "deployedContracts.ts"))).to.equal(true);
    expect(Number(await stack.connections.base.provider.request({ method: "eth_chainId" }))).to.equal(31338);
    const usdt = await contract(stack.connections.eth, stack.deployments.eth, "USDT");
    const usdc = await contract(stack.connections.base, stack.deployments.base, "USDC");
    expect(await usdt.balanceOf(stack.accounts[3].address)).to.equal(100_000n * 10n ** 6n);
    expect(await usdc.balanceOf(stack.accounts[6].address)).to.equal(100_000n * 10n ** 6n);
    expect(stack.accounts[3].privateKey).to.equal("0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6");
  });

  it("the running keeper relays an Ethereum purchase and the running bridge relayer delivers it to Base", async function () {
    await buyEth(stack.connections.eth, stack.deployments.eth, 3, 50_000n);
    const baseP = await basePresale(stack.connections.base, stack.deployments.base);
    const deadline = Date.now() + 20_000;
    while ((await baseP.userDeposits(stack.accounts[3].address)) === 0n && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await baseP.userDeposits(stack.accounts[3].address)).to.equal(50_000n * 10n ** 18n);
    expect(await baseP.totalTokensSold()).to.equal(50_000n);
    expect(fs.readFileSync(path.join(stack.logDir, "keeper.log"), "utf8")).to.match(
      /relay → localBase via the bridge: 1 buyer\(s\)/,
    );
    expect(fs.readFileSync(path.join(stack.logDir, "relayer.log"), "utf8")).to.match(
      /delivered message .* Ethereum report, 1 buyer\(s\)/,
    );
  });

  it("stop() ends every child and frees the ports (so a re-run works)", async function () {
    await stack.stop();
    expect(await free(ethPort)).to.equal(true);
    expect(await free(basePort)).to.equal(true);
  });
});
