/** Shared setup of the tooling tests: the full system deployed with the real Ignition code on both simulated chains. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import { JsonRpcProvider } from "ethers";
import { network } from "hardhat";
import { runAdmin } from "../../../scripts/admin/commands.js";
import type { AdminEnv } from "../../../scripts/admin/context.js";
import { exitCodeFor } from "../../../scripts/lib/cli.js";
import { ROOT } from "../../../scripts/lib/networks.js";
import {
  BasePresale__factory,
  EthereumPresale__factory,
  MockUSDC__factory,
  MockUSDT__factory,
  Presale__factory,
  SaleToken__factory,
  Staking__factory,
  type BasePresale,
  type EthereumPresale,
} from "../../../typechain-types/index.js";
import { deploySystem, linkPresales, loadNetworkParams, type Connection } from "../../../scripts/lib/deploy.js";
import type { DeploymentRecord } from "../../../scripts/lib/deployments.js";
import { L2_MESSENGER_PREDEPLOY, Relayer, type RelayerOptions } from "../../../scripts/relayer/relayer.js";
import { startLocalStack, type LocalStack } from "../../../scripts/local/stack.js";

export interface Pair {
  dir: string;
  eth: Connection;
  base: Connection;
  ethDep: DeploymentRecord;
  baseDep: DeploymentRecord;
}

export function tmpDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `shaft-${prefix}-`));
}

/**
 * Fresh in-process chains (hardhatEth l1 31337, hardhatBase op 31338) with both systems deployed into a temp dir as the
 * local stack does: Ethereum first (OP's L1 messenger behind its portal), then Base (OP's L2 messenger at the
 * predeploy, trusting it), then linked.
 */
export async function deployPair(opts: { link?: boolean } = {}): Promise<Pair> {
  const dir = tmpDir("deployments");
  const eth: Connection = await network.create("hardhatEth");
  const base: Connection = await network.create("hardhatBase");
  // One anchor for both chains: identical round end times, as on a real pair (one ladder).
  const anchor = Number((await eth.ethers.provider.getBlock("latest"))!.timestamp);
  const ethDep = await deploySystem(eth, loadNetworkParams("localEth"), { outDir: dir, anchor });
  const baseDep = await deploySystem(base, loadNetworkParams("localBase"), { outDir: dir, anchor });
  if (opts.link !== false) await linkPresales({ conn: eth, record: ethDep }, { conn: base, record: baseDep });
  return { dir, eth, base, ethDep, baseDep };
}

/** The typed contract of each key of a deployment record that the tests use (the local stand-ins for the tokens). */
const FACTORIES = {
  Presale: Presale__factory,
  Staking: Staking__factory,
  SaleToken: SaleToken__factory,
  USDT: MockUSDT__factory,
  USDC: MockUSDC__factory,
};
type ContractKey = keyof typeof FACTORIES;

/** The deployed contract `name`, connected to account `signerIndex`. */
export async function contract<K extends ContractKey>(
  conn: Connection,
  dep: DeploymentRecord,
  name: K,
  signerIndex = 0,
): Promise<ReturnType<(typeof FACTORIES)[K]["connect"]>> {
  const signers = await conn.ethers.getSigners();
  // TypeScript does not tie FACTORIES[name] to K (it sees the union of all factories): name the one K picks.
  return FACTORIES[name].connect(dep.contracts[name].address, signers[signerIndex]) as ReturnType<
    (typeof FACTORIES)[K]["connect"]
  >;
}

/** The Ethereum presale of a deployment, connected to account `signerIndex`. */
export async function ethPresale(conn: Connection, dep: DeploymentRecord, signerIndex = 0): Promise<EthereumPresale> {
  return EthereumPresale__factory.connect(dep.contracts.Presale.address, (await conn.ethers.getSigners())[signerIndex]);
}

/** The Base presale of a deployment, connected to account `signerIndex`. */
export async function basePresale(conn: Connection, dep: DeploymentRecord, signerIndex = 0): Promise<BasePresale> {
  return BasePresale__factory.connect(dep.contracts.Presale.address, (await conn.ethers.getSigners())[signerIndex]);
}

/**
 * Buys `amount` whole tokens with ETH from account `buyer`: on Ethereum for `recipient` on Base (default: the buyer's
 * own address), on Base for the buyer.
 */
export async function buyEth(
  conn: Connection,
  dep: DeploymentRecord,
  buyer: number,
  amount: bigint,
  recipient?: string,
): Promise<void> {
  if (dep.chain === "eth") {
    const p = await ethPresale(conn, dep, buyer);
    const cost = await p.ethBuyHelper(amount);
    const to = recipient ?? (await conn.ethers.getSigners())[buyer].address;
    await (await p.buyWithEth(amount, to, { value: cost + cost / 100n })).wait();
  } else {
    const p = await basePresale(conn, dep, buyer);
    const cost = await p.ethBuyHelper(amount);
    await (await p.buyWithEth(amount, false, { value: cost + cost / 100n })).wait();
  }
}

/** Collects the output lines of an admin command. */
export function collector(): { out: (s: string) => void; lines: string[]; text: () => string } {
  const lines: string[] = [];
  return { out: (s) => lines.push(s), lines, text: () => lines.join("\n") };
}

/**
 * Runs owner commands in-process against `env`: `admin(...argv)` returns the output; `refused(re, ...argv)` expects
 * exit code 1 with a message matching `re` and returns the message; `text()` is the last command's output.
 */
export function adminRunner(env: AdminEnv) {
  let out = collector();
  const admin = async (...argv: string[]) => {
    out = collector();
    await runAdmin(argv, { ...env, out: out.out });
    return out.text();
  };
  const refused = async (re: RegExp, ...argv: string[]): Promise<string> => {
    try {
      await admin(...argv);
    } catch (e) {
      expect(exitCodeFor(e)).to.equal(1, `expected a refusal, got ${(e as Error).name}: ${(e as Error).message}`);
      expect((e as Error).message).to.match(re);
      return (e as Error).message;
    }
    return expect.fail(`"${argv.join(" ")}" was not refused`);
  };
  return { admin, refused, text: () => out.text() };
}

/** A free TCP port on loopback: stacks started by tests must not collide with `npm start` or the e2e suite. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });

/** The local bridge between a pair's chains, delivering at once (no wait for L1 blocks). */
export function makeRelayer(
  pair: Pick<Pair, "eth" | "base" | "ethDep">,
  stateFile: string,
  opts: Partial<RelayerOptions> = {},
): Relayer {
  return new Relayer(
    { name: "hardhatEth", conn: pair.eth, messenger: pair.ethDep.contracts.Messenger.address },
    { name: "hardhatBase", conn: pair.base, messenger: L2_MESSENGER_PREDEPLOY },
    { stateFile, fromBlock: pair.ethDep.contracts.Messenger.deployBlock, delayBlocks: 0, delayMs: 0, ...opts },
  );
}

/**
 * After a child process ran for seconds, this process's idle keep-alive sockets to a node may be closed by the node
 * just as they are reused ("other side closed"): one throw-away request per connection takes the stale socket.
 */
export const wakeConnections = (...conns: Connection[]) =>
  Promise.all(conns.map((c) => c.provider.request({ method: "eth_chainId" }).catch(() => undefined)));

/**
 * The local stack on free ports with its chains and deployment only (no keeper, relayer, server or dapp), for tests
 * that run the keeper or the relayer as processes of their own.
 */
export async function startChainsOnly(deploymentsDir: string): Promise<LocalStack> {
  const [ethPort, basePort] = await Promise.all([freePort(), freePort()]);
  return startLocalStack({
    ethPort,
    basePort,
    frontend: false,
    server: false,
    keeper: false,
    relayer: false,
    compile: false,
    removeLogsOnStop: true,
    deploymentsDir,
  });
}

/** Relayer hooks that crash right after a delivery is mined, before it is recorded (as a kill at that point would). */
export const CRASH_AFTER_DELIVERY: RelayerOptions["hooks"] = {
  afterDelivery: () => {
    throw new Error("killed after delivery");
  },
};

/** Runs a tick that must crash through CRASH_AFTER_DELIVERY. */
export async function expectCrashAfterDelivery(relayer: Relayer): Promise<void> {
  try {
    await relayer.tick();
  } catch (e) {
    if ((e as Error).message === "killed after delivery") return;
    throw e;
  }
  throw new Error("the relayer did not crash after a delivery");
}

/**
 * Runs `node args…` with `env` added and kills it with SIGKILL as soon as its output matches `at` (a test hook's
 * pause line: the moment a kill -9 must not lose or repeat anything). Fails when that line does not come in 90 s, or
 * when the process exits first, unless `orExit` (then it resolves false: nothing to kill it at).
 */
export async function killWhen(
  args: string[],
  env: Record<string, string>,
  at: RegExp,
  opts: { orExit?: boolean } = {},
): Promise<boolean> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env } });
  let out = "";
  const killed = await new Promise<boolean>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(at)} within 90 s:\n${out}`)), 90_000);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (at.test(out) && child.exitCode === null) {
        clearTimeout(timer);
        child.kill("SIGKILL");
        resolve(true);
      }
    });
    child.stderr.on("data", (chunk) => (out += chunk));
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (opts.orExit && code === 0) resolve(false);
      else reject(new Error(`exited (${code}) before ${String(at)}:\n${out}`));
    });
  });
  if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once("exit", r));
  return killed;
}

/**
 * A `hardhat node` with chain id `chainId` on a free loopback port (a public chain's id: the deploy preflight treats
 * it as that chain), once it answers. Run inside a private network namespace.
 */
export async function startNode(
  chainId: number,
): Promise<{ node: ChildProcess; url: string; provider: JsonRpcProvider }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const node = spawn(
    path.join(ROOT, "node_modules/.bin/hardhat"),
    ["node", "--port", String(port), "--hostname", "127.0.0.1", "--chain-id", String(chainId)],
    { cwd: ROOT, stdio: "ignore", env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" } },
  );
  const provider = new JsonRpcProvider(url, chainId, { staticNetwork: true });
  for (let i = 0; ; i++) {
    try {
      await provider.getBlockNumber();
      return { node, url, provider };
    } catch {
      if (i > 300) throw new Error("hardhat node did not start");
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
