/**
 * Deploys that stop part-way resume with the same command (scripts/lib/journal.ts): a local Ethereum deploy against a
 * real `hardhat node` (the Ignition journal is written for it) is stopped at each of its transactions, once before
 * the node takes it and once after, by no funds, and by a refused step; run again, it completes, and the deployer
 * has sent exactly the transactions of one clean deploy (nothing sent twice, nothing lost).
 * (Run inside a private network namespace: the node listens on loopback.)
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { connect } from "../../../scripts/lib/cli.js";
import { deploySystem, DeployStoppedError, loadNetworkParams, type Connection } from "../../../scripts/lib/deploy.js";
import { ROOT } from "../../../scripts/lib/networks.js";
import { freePort, tmpDir } from "./helpers.js";

/** Transactions of one local Ethereum deploy's Ignition module (contracts and calls). */
const STEPS = 9;
/** What stops a run: the provider fails the k-th transaction before sending it, or after the node took it. */
type Stop = { at: number; sent: boolean } | { refuse: string } | undefined;

describe("tooling: a deploy that stopped resumes with the same command", function () {
  this.timeout(60_000);
  let node: ChildProcess;
  let conn: Connection;
  const ids: string[] = [];
  let stop: Stop;
  let sends = 0;
  let outDir: string;

  before(async function () {
    const port = await freePort();
    node = spawn(
      process.execPath,
      [
        path.join(ROOT, "node_modules/hardhat/dist/src/cli.js"),
        "--network",
        "hardhatEth",
        "node",
        "--port",
        String(port),
        "--hostname",
        "127.0.0.1",
      ],
      { cwd: ROOT, stdio: "ignore", env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" } },
    );
    for (let i = 0; ; i++) {
      try {
        conn = await connect("localEth", "deployer", { url: `http://127.0.0.1:${port}` });
        break;
      } catch (e) {
        if (i > 150) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    // OP's bridge, which only local chains deploy (outside Ignition, before it), once: every run below finds it in
    // the record and reuses it, so each counts the Ignition module's transactions only.
    outDir = tmpDir("recovery");
    ids.push("recovery-bridge");
    await deploySystem(conn, loadNetworkParams("localEth"), { outDir, deploymentId: "recovery-bridge" });
    // The fault injector: a crash as the process would see it, at the chosen transaction.
    const request = conn.provider.request.bind(conn.provider);
    conn.provider.request = async (args) => {
      if (args.method === "eth_sendTransaction" && stop && "at" in stop && ++sends === stop.at) {
        if (stop.sent) await request(args);
        throw new Error(
          `injected crash at transaction ${stop.at} (${stop.sent ? "after" : "before"} the node took it)`,
        );
      }
      if (stop && "refuse" in stop && args.method === "eth_estimateGas") {
        const data = (args.params as { data?: string }[] | undefined)?.[0]?.data ?? "";
        if (data.startsWith(stop.refuse)) {
          stop = undefined; // refused once: the step fails, the next run may pass
          throw Object.assign(new Error("execution reverted: injected refusal"), { data: "0x" });
        }
      }
      return (await request(args)) as unknown;
    };
  });

  after(function () {
    node?.kill("SIGTERM");
    for (const id of ids) fs.rmSync(path.join(ROOT, "ignition/deployments", id), { recursive: true, force: true });
  });

  const [deployer] = ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"];
  const nonce = async () =>
    Number(await conn.provider.request({ method: "eth_getTransactionCount", params: [deployer, "latest"] }));

  /** Runs the deploy (id `id`), stopped by `how`; returns the error it stopped with. */
  async function run(id: string, how: Stop): Promise<unknown> {
    stop = how;
    sends = 0;
    try {
      return await deploySystem(conn, loadNetworkParams("localEth"), { outDir, deploymentId: id });
    } catch (e) {
      return e;
    } finally {
      stop = undefined;
    }
  }

  /** A stopped run, then the same command again: it completes, having sent exactly one deploy's transactions. */
  async function stopsThenResumes(id: string, how: Stop) {
    ids.push(id);
    const before = await nonce();
    const stopped = await run(id, how);
    expect(stopped, "the first run was not stopped").to.be.instanceOf(DeployStoppedError);
    expect((stopped as Error).message).to.match(new RegExp(`run the same deploy again: it resumes where it stopped`));
    const record = await run(id, undefined);
    expect(record, String(record)).to.have.property("contracts");
    for (const [name, c] of Object.entries((record as { contracts: Record<string, { address: string }> }).contracts)) {
      if (name === "Messenger" && c.address.startsWith("0x42")) continue;
      expect(await conn.ethers.provider.getCode(c.address), name).to.not.equal("0x");
    }
    expect((await nonce()) - before, "transactions sent by the deployer").to.equal(STEPS);
  }

  it("a clean deploy sends 9 transactions (the steps below)", async function () {
    ids.push("recovery-clean");
    const before = await nonce();
    expect(await run("recovery-clean", undefined)).to.have.property("contracts");
    expect((await nonce()) - before).to.equal(STEPS);
  });

  it("no funds: the first attempt stops naming the account to fund; funded, the same command completes", async function () {
    ids.push("recovery-funds");
    await conn.provider.request({ method: "hardhat_setBalance", params: [deployer, "0x0"] });
    const before = await nonce();
    const stopped = await run("recovery-funds", undefined);
    expect(stopped).to.be.instanceOf(DeployStoppedError);
    expect((stopped as Error).message).to.include(`fund ${deployer}`);
    await conn.provider.request({ method: "hardhat_setBalance", params: [deployer, "0x56BC75E2D63100000000"] });
    expect(await run("recovery-funds", undefined)).to.have.property("contracts");
    expect((await nonce()) - before).to.equal(STEPS);
  });

  it("a step refused by the chain (a call that would revert) is cleared and runs again", async function () {
    // setSanctions(address,bool): the presale's sanctions oracle, set after the presale is deployed.
    await stopsThenResumes("recovery-refused", { refuse: "0x2c73304d" });
  });

  for (let k = 1; k <= STEPS; k++) {
    for (const sent of [false, true]) {
      it(`interrupted at transaction ${k} of ${STEPS}, ${sent ? "after" : "before"} the node took it`, async function () {
        await stopsThenResumes(`recovery-${k}-${sent ? "sent" : "unsent"}`, { at: k, sent });
      });
    }
  }
});
