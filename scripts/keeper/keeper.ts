/**
 * The cross-chain keeper. Each tick:
 *  1. reads each presale's own sales (localTokensSold, localUsdRaised) at one block per chain;
 *  2. mirrors them into the other chain with syncRemoteSales (one ladder across chains);
 *  3. scans Ethereum's TokensBought events (block ranges persisted in the state file) to learn the buyers;
 *  4. imports their cumulative Ethereum deposits on Base with importRemoteDeposits, in batches.
 * Every call the keeper makes is idempotent on chain (monotonic totals), and the state file only records what is
 * certainly done, so a crash at any point followed by a restart never double-credits anyone.
 */
import fs from "node:fs";
import path from "node:path";
import { Contract, formatUnits, getAddress } from "ethers";
import type { Connection } from "../lib/deploy.js";
import { assertReachable, ChainDownError, Refusal, shortError } from "../lib/cli.js";
import type { DeploymentRecord } from "../lib/deployments.js";
import { decodeRevert } from "../lib/exec.js";

export interface KeeperSide {
  name: string;
  conn: Connection;
  record: DeploymentRecord;
  /** The account holding KEEPER_ROLE on this chain's presale. */
  signer: string;
}

export interface KeeperState {
  version: 1;
  eth: { chainId: number; presale: string };
  base: { chainId: number; presale: string };
  /** Last Ethereum block whose TokensBought events are in `pending` or already imported. */
  scannedTo: number;
  /** Ethereum buyers whose deposits may still need importing on Base. */
  pending: string[];
  updatedAt: string;
}

export interface KeeperOptions {
  stateFile: string;
  batchSize?: number;
  /** Blocks per eth_getLogs request. */
  blockChunk?: number;
  /** Blocks to stay behind Ethereum's head (reorg safety on public chains). */
  confirmations?: number;
  log?: (msg: string) => void;
  /** Test hooks (e.g. crash after an import batch is mined, before the state file is updated). */
  hooks?: { afterImportBatch?: (users: string[]) => void | Promise<void> };
}

export interface TickReport {
  synced: { toBase: boolean; toEth: boolean };
  scanned: [number, number] | null;
  imported: number;
  batches: number;
  pending: number;
}

export class Keeper {
  readonly eth: KeeperSide;
  readonly base: KeeperSide;
  private readonly opts: Required<Omit<KeeperOptions, "hooks">> & Pick<KeeperOptions, "hooks">;
  private ethPresale!: Contract;
  private basePresale!: Contract;

  constructor(eth: KeeperSide, base: KeeperSide, opts: KeeperOptions) {
    if (eth.record.chain !== "eth" || base.record.chain !== "base") throw new Refusal("keeper needs the Ethereum-side deployment first and the Base-side one second");
    this.eth = eth;
    this.base = base;
    this.opts = { batchSize: 100, blockChunk: 2000, confirmations: 0, log: () => {}, ...opts };
  }

  private async presales() {
    if (this.ethPresale === undefined) {
      const mk = async (s: KeeperSide) =>
        new Contract(s.record.contracts.Presale.address, s.record.contracts.Presale.abi as any, await s.conn.ethers.getSigner(s.signer));
      this.ethPresale = await mk(this.eth);
      this.basePresale = await mk(this.base);
    }
    return { ethP: this.ethPresale, baseP: this.basePresale };
  }

  /** Fails with a clear message if either chain is unreachable, a chain id is wrong, or the keeper lacks its role. */
  async preflight(): Promise<void> {
    for (const s of [this.eth, this.base]) {
      const id = await assertReachable(s.conn);
      if (id !== s.record.chainId) throw new Refusal(`${s.name} is chain ${id}, but its deployment record is for chain ${s.record.chainId}`);
    }
    const { ethP, baseP } = await this.presales();
    for (const [s, p] of [[this.eth, ethP], [this.base, baseP]] as const) {
      const role = await p.KEEPER_ROLE();
      if (!(await p.hasRole(role, s.signer))) throw new Refusal(`${s.signer} does not hold KEEPER_ROLE on ${s.name}'s presale ${p.target}`);
    }
  }

  loadState(): KeeperState {
    const fresh: KeeperState = {
      version: 1,
      eth: { chainId: this.eth.record.chainId, presale: this.eth.record.contracts.Presale.address },
      base: { chainId: this.base.record.chainId, presale: this.base.record.contracts.Presale.address },
      scannedTo: this.eth.record.contracts.Presale.deployBlock - 1,
      pending: [],
      updatedAt: new Date().toISOString(),
    };
    if (!fs.existsSync(this.opts.stateFile)) return fresh;
    const s = readStateFile(this.opts.stateFile);
    if (s.eth.presale !== fresh.eth.presale || s.base.presale !== fresh.base.presale || s.eth.chainId !== fresh.eth.chainId || s.base.chainId !== fresh.base.chainId) {
      this.opts.log(`state file ${this.opts.stateFile} belongs to other deployments: starting over`);
      return fresh;
    }
    return s;
  }

  /** Reads the state file once (at start), so a corrupt one stops the keeper instead of failing every tick. */
  checkStateFile(): void {
    this.loadState();
  }

  private saveState(s: KeeperState) {
    s.updatedAt = new Date().toISOString();
    fs.mkdirSync(path.dirname(this.opts.stateFile), { recursive: true });
    const tmp = `${this.opts.stateFile}.tmp-${process.pid}`;
    fs.writeFileSync(tmp, JSON.stringify(s, null, 2) + "\n");
    fs.renameSync(tmp, this.opts.stateFile);
  }

  private async send(p: Contract, side: KeeperSide, fn: string, args: unknown[]) {
    try {
      const tx = await p.getFunction(fn).send(...args);
      const r = await tx.wait();
      return r!;
    } catch (e) {
      if (isConnectionError(e)) throw new ChainDownError(`cannot reach ${side.name} while sending ${fn}: ${shortError(e)}`);
      throw new Error(`${side.name}: ${fn} failed: ${decodeRevert(p, e)}`);
    }
  }

  async tick(): Promise<TickReport> {
    const log = this.opts.log;
    await this.preflight();
    const { ethP, baseP } = await this.presales();
    const report: TickReport = { synced: { toBase: false, toEth: false }, scanned: null, imported: 0, batches: 0, pending: 0 };

    // 1. Snapshot both chains' own sales at one block each.
    const ethBlock = (await this.eth.conn.ethers.provider.getBlockNumber()) - this.opts.confirmations;
    const baseBlock = await this.base.conn.ethers.provider.getBlockNumber();
    const ethOwn = await readOwn(ethP, ethBlock);
    const baseOwn = await readOwn(baseP, baseBlock);

    // 2. One ladder: each chain learns the other's totals (ignored on chain when not above what it has).
    const baseKnows = { sold: (await baseP.remoteTokensSold()) as bigint, usd: (await baseP.remoteUsdRaised()) as bigint };
    if (ethOwn.sold > baseKnows.sold || ethOwn.usd > baseKnows.usd) {
      const r = await this.send(baseP, this.base, "syncRemoteSales", [ethOwn.sold, ethOwn.usd]);
      log(`sync → ${this.base.name}: Ethereum sold ${ethOwn.sold} tokens / $${formatUnits(ethOwn.usd, 6)} (was ${baseKnows.sold}) tx ${r.hash}`);
      report.synced.toBase = true;
    }
    const ethKnows = { sold: (await ethP.remoteTokensSold()) as bigint, usd: (await ethP.remoteUsdRaised()) as bigint };
    if (baseOwn.sold > ethKnows.sold || baseOwn.usd > ethKnows.usd) {
      const r = await this.send(ethP, this.eth, "syncRemoteSales", [baseOwn.sold, baseOwn.usd]);
      log(`sync → ${this.eth.name}: Base sold ${baseOwn.sold} tokens / $${formatUnits(baseOwn.usd, 6)} (was ${ethKnows.sold}) tx ${r.hash}`);
      report.synced.toEth = true;
    }

    // 3. Discover Ethereum buyers up to the snapshot block (cursor persisted per chunk).
    const state = this.loadState();
    const pending = new Set(state.pending);
    if (state.scannedTo < ethBlock) {
      const from0 = state.scannedTo + 1;
      for (let from = from0; from <= ethBlock; from += this.opts.blockChunk) {
        const to = Math.min(from + this.opts.blockChunk - 1, ethBlock);
        let logs;
        try {
          logs = await ethP.queryFilter(ethP.filters.TokensBought(), from, to);
        } catch (e) {
          if (isConnectionError(e)) throw new ChainDownError(`cannot reach ${this.eth.name} while scanning logs: ${shortError(e)}`);
          throw e;
        }
        for (const l of logs) pending.add(getAddress((l as any).args.user));
        state.scannedTo = to;
        state.pending = [...pending];
        this.saveState(state);
      }
      report.scanned = [from0, ethBlock];
    }

    // 4. Import cumulative deposits (as of the snapshot block, so never above the synced total) in batches.
    const users = [...pending];
    const todo: { user: string; amount: bigint }[] = [];
    for (let i = 0; i < users.length; i += 25) {
      const chunk = users.slice(i, i + 25);
      const reads = await Promise.all(
        chunk.map((u) => Promise.all([ethP.userDeposits(u, { blockTag: ethBlock }) as Promise<bigint>, baseP.remoteDepositsImported(u) as Promise<bigint>])),
      );
      chunk.forEach((u, j) => {
        const [owed, done] = reads[j];
        if (owed > done) todo.push({ user: u, amount: owed });
        else pending.delete(u);
      });
    }
    state.pending = [...pending];
    this.saveState(state);
    for (let i = 0; i < todo.length; i += this.opts.batchSize) {
      const batch = todo.slice(i, i + this.opts.batchSize);
      const r = await this.send(baseP, this.base, "importRemoteDeposits", [batch.map((b) => b.user), batch.map((b) => b.amount)]);
      report.batches++;
      report.imported += batch.length;
      log(`import → ${this.base.name}: ${batch.length} buyer(s), batch ${i / this.opts.batchSize + 1}/${Math.ceil(todo.length / this.opts.batchSize)} tx ${r.hash}`);
      await this.opts.hooks?.afterImportBatch?.(batch.map((b) => b.user));
      for (const b of batch) pending.delete(b.user);
      state.pending = [...pending];
      this.saveState(state);
    }
    report.pending = pending.size;
    return report;
  }
}

async function readOwn(p: Contract, blockTag: number): Promise<{ sold: bigint; usd: bigint }> {
  const sold: bigint = await p.localTokensSold({ blockTag });
  let usd: bigint;
  try {
    usd = await p.localUsdRaised({ blockTag });
  } catch {
    usd = ((await p.usdRaised({ blockTag })) as bigint) - ((await p.remoteUsdRaised({ blockTag })) as bigint);
  }
  return { sold, usd };
}

export function isConnectionError(e: unknown): boolean {
  const s = `${(e as any)?.code ?? ""} ${(e as any)?.cause?.code ?? ""} ${(e as any)?.message ?? ""}`;
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|socket hang up|fetch failed|NETWORK_ERROR|HHE7\d\d|Cannot connect/i.test(s);
}

/** Long-running mode: a tick every `intervalMs`, exponential backoff (up to 5 min) while something fails. */
export function runLoop(keeper: Keeper, intervalMs: number, log: (m: string) => void): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let failures = 0;
  let wake: (() => void) | undefined;
  const loop = async () => {
    while (!stopped) {
      try {
        const r = await keeper.tick();
        if (failures > 0) log(`recovered after ${failures} failed tick(s)`);
        failures = 0;
        if (r.synced.toBase || r.synced.toEth || r.imported > 0) log(`tick done: ${r.imported} imported, ${r.pending} pending`);
      } catch (e) {
        failures++;
        const delay = Math.min(intervalMs * 2 ** Math.min(failures, 10), 300_000);
        log(`${e instanceof ChainDownError ? "chain down" : "tick failed"}: ${(e as Error).message}; retry ${failures} in ${Math.round(delay / 1000)} s`);
        await sleep(delay);
        continue;
      }
      await sleep(intervalMs);
    }
  };
  const sleep = (ms: number) =>
    new Promise<void>((res) => {
      wake = res;
      timer = setTimeout(res, ms);
    });
  running = loop();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      wake?.();
      await running;
    },
  };
}

/** A state file that cannot be read is not guessed around: the keeper stops and names it (retrying cannot fix it). */
export class CorruptStateError extends Refusal {}

function readStateFile(file: string): KeeperState {
  let s: KeeperState;
  try {
    s = JSON.parse(fs.readFileSync(file, "utf8")) as KeeperState;
  } catch (e) {
    throw new CorruptStateError(`keeper state file ${file} is unreadable (${(e as Error).message.split("\n")[0]}): move it aside to rescan from the deploy block, or restore it; stopping`);
  }
  if (typeof s !== "object" || s === null || typeof s.scannedTo !== "number" || !Array.isArray(s.pending) || typeof s.eth?.presale !== "string" || typeof s.base?.presale !== "string") {
    throw new CorruptStateError(`keeper state file ${file} does not have the keeper's format (scannedTo, pending, eth, base): move it aside to rescan from the deploy block, or restore it; stopping`);
  }
  return s;
}
