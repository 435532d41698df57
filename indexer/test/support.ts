/**
 * Test support: the real local chains with the real deployment (scripts/local/stack.ts, without the indexer, keeper,
 * API server or dapp), the indexer started as its own process (so a test can kill it), purchases sent one by one or
 * many to a block, and waiting helpers. Run inside `unshare -n` when other stacks share the machine.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { mnemonicToAccount, type HDAccount } from "viem/accounts";
import { HARDHAT_MNEMONIC } from "../../scripts/local/accounts.ts";
import { startLocalStack, type LocalStack } from "../../scripts/local/stack.ts";

export const INDEXER_DIR = path.resolve(import.meta.dirname, "..");
const PONDER_BIN = path.join(INDEXER_DIR, "../node_modules/ponder/dist/esm/bin/ponder.js");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Polls `probe` until it returns a value; `fatal` (checked first) ends the wait at once with its message. */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 60_000,
  fatal?: () => string | undefined,
) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    const dead = fatal?.();
    if (dead) throw new Error(`${what}: ${dead}`);
    try {
      const v = await probe();
      if (v !== undefined && v !== false) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `timed out after ${timeoutMs / 1000} s waiting for ${what}${last ? ` (last error: ${last instanceof Error ? last.message : JSON.stringify(last)})` : ""}`,
  );
}

// ---------------------------------------------------------------- chains

export interface Chains {
  stack: LocalStack;
  deploymentsDir: string;
  eth: Side;
  base: Side;
  stop(): Promise<void>;
}

export interface Side {
  chainId: number;
  url: string;
  client: PublicClient;
  presale: { address: Address; abi: Abi };
  staking?: { address: Address; abi: Abi };
}

function side(stack: LocalStack, which: "eth" | "base"): Side {
  const dep = stack.deployments[which];
  const url = stack.urls[which];
  const c = (name: string) => ({
    address: dep.contracts[name].address as Address,
    abi: dep.contracts[name].abi as Abi,
  });
  return {
    chainId: dep.chainId,
    url,
    client: createPublicClient({ transport: http(url) }),
    presale: c("Presale"),
    staking: which === "base" ? c("Staking") : undefined,
  };
}

/** Two fresh local chains with the real deployment, the bridge relayer running (no keeper: tests relay themselves). */
export async function startChains(opts: { relayer?: boolean } = {}): Promise<Chains> {
  const deploymentsDir = fs.mkdtempSync(path.join(os.tmpdir(), "indexer-deploy-"));
  const [ethPort, basePort] = [await freePort(), await freePort()];
  const stack = await startLocalStack({
    ethPort,
    basePort,
    server: false,
    frontend: false,
    indexer: false,
    keeper: false,
    relayer: opts.relayer !== false,
    compile: false,
    deploymentsDir,
    fundAccounts: [3, 4, 5, 6],
    removeLogsOnStop: true,
  });
  return {
    stack,
    deploymentsDir,
    eth: side(stack, "eth"),
    base: side(stack, "base"),
    stop: async () => {
      await stack.stop();
      fs.rmSync(deploymentsDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- the indexer as a process

export interface IndexerProcess {
  url: string;
  child: ChildProcess;
  logFile: string;
  /** SIGTERM (a clean stop) or SIGKILL (a crash); resolves once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface IndexerOptions {
  chains: Chains;
  /** PGlite directory (default: a new temp dir) or a PostgreSQL URL. */
  pgliteDir?: string;
  databaseUrl?: string;
  schema?: string;
  port?: number;
  env?: Record<string, string>;
}

export async function startIndexer(o: IndexerOptions): Promise<IndexerProcess> {
  const port = o.port ?? (await freePort());
  const logFile = path.join(os.tmpdir(), `indexer-${port}-${Date.now()}.log`);
  const fd = fs.openSync(logFile, "w");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PONDER_TELEMETRY_DISABLED: "true",
    INDEXER_NETWORK: "local",
    DEPLOYMENTS_DIR: o.chains.deploymentsDir,
    PONDER_RPC_URL_31337: o.chains.eth.url,
    PONDER_RPC_URL_31338: o.chains.base.url,
    ...(o.databaseUrl
      ? { DATABASE_URL: o.databaseUrl }
      : { INDEXER_PGLITE_DIR: o.pgliteDir ?? tempDir("indexer-db-") }),
    ...o.env,
  };
  if (!o.databaseUrl) delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [
      PONDER_BIN,
      "start",
      "--schema",
      o.schema ?? "test",
      "--hostname",
      "127.0.0.1",
      "--port",
      String(port),
      "--log-format",
      "json",
    ],
    { cwd: INDEXER_DIR, env, stdio: ["ignore", fd, fd], detached: true },
  );
  fs.closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((r) => child.once("exit", () => r()));
    try {
      process.kill(-child.pid!, signal);
    } catch {
      return;
    }
    const t = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* gone */
      }
    }, 15_000);
    await gone;
    clearTimeout(t);
  };
  return { url, child, logFile, stop };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function getJson<T>(url: string): Promise<T> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** Waits until the indexer answers /ready (historical sync done) and has processed each chain up to `blocks`. */
export async function waitIndexed(ix: IndexerProcess, blocks: { eth: bigint; base: bigint }, timeoutMs = 120_000) {
  await waitUntil(
    `the indexer at ${ix.url} to reach Ethereum block ${blocks.eth} and Base block ${blocks.base}`,
    async () => {
      const status = await getJson<Record<string, { id: number; block: { number: number } | null }>>(
        `${ix.url}/status`,
      );
      const at = (id: number) => BigInt(Object.values(status).find((s) => s.id === id)?.block?.number ?? -1);
      return at(31337) >= blocks.eth && at(31338) >= blocks.base;
    },
    timeoutMs,
    () => exited(ix),
  );
}

export const exited = (ix: IndexerProcess) =>
  ix.child.exitCode !== null || ix.child.signalCode !== null
    ? `the indexer exited (${ix.child.exitCode ?? ix.child.signalCode}); log ${ix.logFile}`
    : undefined;

export async function heads(c: Chains) {
  const [eth, base] = await Promise.all([
    c.eth.client.getBlockNumber({ cacheTime: 0 }),
    c.base.client.getBlockNumber({ cacheTime: 0 }),
  ]);
  return { eth, base };
}

// ---------------------------------------------------------------- buyers and purchases

export const account = (index: number): HDAccount => mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index });

export async function rpc<T>(s: Side, method: string, params: unknown[] = []): Promise<T> {
  return await s.client.request({ method: method as never, params: params as never });
}

export async function fund(s: Side, addresses: Address[]) {
  for (const a of addresses) await rpc(s, "hardhat_setBalance", [a, `0x${parseEther("10000").toString(16)}`]);
}

function wallet(s: Side, who: HDAccount) {
  const chain = defineChain({
    id: s.chainId,
    name: `local ${s.chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [s.url] } },
  });
  return createWalletClient({ account: who, chain, transport: http(s.url) });
}

/** Sends a contract call from `who` and waits for its receipt (reverts throw). */
export async function send(
  s: Side,
  who: HDAccount,
  to: { address: Address; abi: Abi },
  functionName: string,
  args: unknown[],
  value = 0n,
): Promise<{ hash: Hex; blockNumber: bigint }> {
  const w = wallet(s, who);
  const hash = await w.writeContract({ address: to.address, abi: to.abi, functionName, args, value } as never);
  const r = await s.client.waitForTransactionReceipt({ hash });
  if (r.status !== "success") throw new Error(`${functionName} reverted (${hash})`);
  return { hash, blockNumber: r.blockNumber };
}

export async function ethCost(s: Side, amount: bigint): Promise<bigint> {
  const wei = (await s.client.readContract({ ...s.presale, functionName: "ethBuyHelper", args: [amount] })) as bigint;
  return (wei * 101n) / 100n;
}

/** One ETH purchase: Ethereum names `recipient` (default the buyer), Base takes `stake`. */
export async function buy(
  s: Side,
  who: HDAccount,
  amount: bigint,
  opts: { recipient?: Address; stake?: boolean } = {},
) {
  const args = s.chainId === 31337 ? [amount, opts.recipient ?? who.address] : [amount, opts.stake ?? false];
  return send(s, who, s.presale, "buyWithEth", args, await ethCost(s, amount));
}

export async function read<T>(s: Side, functionName: string, args: unknown[] = [], target = s.presale): Promise<T> {
  return (await s.client.readContract({ ...target, functionName, args })) as T;
}
