/**
 * The keeper: a bot with one bounded power and one chore, neither of which touches anybody's money.
 *  1. Price (Base → Ethereum): mirrors Base's per-round sold counts and USD raised into Ethereum's ladder with
 *     `mirrorRemoteSales` (KEEPER_ROLE on the Ethereum presale; the contract bounds each call by `maxMirrorStep`
 *     tokens and the last cap, so a large gap takes several calls). Stops once the Ethereum sale is closed.
 *  2. Deposits (Ethereum → Base): pays the Ethereum gas of `relay(users)`, which anyone may call: the Ethereum presale
 *     reads the buyers' cumulative deposits from its own state and sends them through the OP Stack messenger. The
 *     keeper finds buyers from the TokensBought events and relays those whose deposit (at Ethereum's finalized block)
 *     is not yet imported on Base, in batches; a relayed batch is not sent again while its messages are in flight.
 * Ethereum is read at the `finalized` block tag. A local Hardhat chain has no finality and answers `finalized` with its
 * latest block; a local node that rejects the tag is read at `latest` instead (public chains never fall back).
 * Every call is harmless to repeat (the messenger's reports are cumulative and idempotent on Base; mirrors are
 * monotonic), and the state file records only what is certainly done, so a crash and a restart lose nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { formatUnits, getAddress, type ContractTransactionResponse } from "ethers";
import { Presale__factory, type Presale } from "../../typechain-types/index.js";
import type { Connection } from "../lib/deploy.js";
import { assertReachable, ChainDownError, errorFields, Refusal, shortError } from "../lib/cli.js";
import type { DeploymentRecord } from "../lib/deployments.js";
import { decodeRevert } from "../lib/exec.js";
import { runLoop as runLoopOf } from "../lib/loop.js";
import { depositOwnersIn } from "../lib/purchases.js";
import { NETWORKS } from "../lib/networks.js";

export interface KeeperSide {
  name: string;
  conn: Connection;
  record: DeploymentRecord;
  /** Ethereum: the account holding KEEPER_ROLE (it also pays for relays). Base: unused (the keeper only reads there). */
  signer?: string;
}

export interface KeeperState {
  version: 2;
  /** `origin`: hash of the presale's deploy block, so a restarted local chain (same addresses) is not taken for the old one. */
  eth: { chainId: number; presale: string; origin: string };
  base: { chainId: number; presale: string };
  /** Last Ethereum block whose TokensBought events are in `pending` or already imported on Base. */
  scannedTo: number;
  /** Ethereum buyers whose deposits may still need relaying. */
  pending: string[];
  /** Buyers relayed and not yet seen on Base: the deposit sent and when (ms), so they are not relayed again at once. */
  inFlight: Record<string, { deposit: string; at: number }>;
  updatedAt: string;
}

export interface KeeperOptions {
  stateFile: string;
  /** Buyers per relay (the Ethereum presale sizes the message's gas limit from it). */
  batchSize?: number;
  /** Blocks per eth_getLogs request. */
  blockChunk?: number;
  /** Block tag Ethereum is read at (default finalized). */
  ethBlockTag?: "finalized" | "safe" | "latest";
  /** A relayed buyer not seen on Base after this long is relayed again (the bridge takes minutes on Base). */
  resendAfterMs?: number;
  log?: (msg: string) => void;
  /** Test hooks (e.g. crash after a relay is mined, before the state file is updated). */
  hooks?: { afterRelayBatch?: (users: string[]) => void | Promise<void> };
}

export interface TickReport {
  /** Ethereum block the tick read (the finalized one unless the fallback applied). */
  ethBlock: number;
  mirrors: number;
  /** Why the mirror failed this tick, if it did (the relays still ran). */
  mirrorError?: string;
  scanned: [number, number] | null;
  relayed: number;
  batches: number;
  /** Buyers relayed earlier whose messages are still on their way. */
  inFlight: number;
  pending: number;
}

export class Keeper {
  readonly eth: KeeperSide;
  readonly base: KeeperSide;
  private readonly opts: Required<Omit<KeeperOptions, "hooks">> & Pick<KeeperOptions, "hooks">;
  private ethPresale!: Presale;
  private basePresale!: Presale;
  private tagFallbackLogged = false;

  constructor(eth: KeeperSide, base: KeeperSide, opts: KeeperOptions) {
    if (eth.record.chain !== "eth" || base.record.chain !== "base")
      throw new Refusal("keeper needs the Ethereum-side deployment first and the Base-side one second");
    if (eth.signer === undefined) throw new Refusal("keeper needs the Ethereum account that holds KEEPER_ROLE");
    this.eth = eth;
    this.base = base;
    this.opts = {
      batchSize: 50,
      blockChunk: 2000,
      ethBlockTag: "finalized",
      resendAfterMs: 15 * 60_000,
      log: () => {},
      ...opts,
    };
  }

  private async presales() {
    if (this.ethPresale === undefined) {
      const e = this.eth.record.contracts.Presale;
      const b = this.base.record.contracts.Presale;
      this.ethPresale = Presale__factory.connect(e.address, await this.eth.conn.ethers.getSigner(this.eth.signer!));
      this.basePresale = Presale__factory.connect(b.address, this.base.conn.ethers.provider);
    }
    return { ethP: this.ethPresale, baseP: this.basePresale };
  }

  /** Fails with a clear message if a chain is unreachable or wrong, the presales are not linked, or the role is missing. */
  async preflight(): Promise<void> {
    for (const s of [this.eth, this.base]) {
      const id = await assertReachable(s.conn);
      if (id !== s.record.chainId)
        throw new Refusal(`${s.name} is chain ${id}, but its deployment record is for chain ${s.record.chainId}`);
    }
    const { ethP, baseP } = await this.presales();
    const [ethAddress, baseAddress] = [getAddress(await ethP.getAddress()), getAddress(await baseP.getAddress())];
    if (!(await ethP.hasRole(await ethP.KEEPER_ROLE(), this.eth.signer!)))
      throw new Refusal(`${this.eth.signer} does not hold KEEPER_ROLE on ${this.eth.name}'s presale ${ethAddress}`);
    const [ethRemote, baseRemote] = [getAddress(await ethP.remotePresale()), getAddress(await baseP.remotePresale())];
    if (ethRemote !== baseAddress || baseRemote !== ethAddress) {
      throw new Refusal(
        `the presales are not linked to each other (Ethereum trusts ${ethRemote}, Base trusts ${baseRemote}): run the deploy's link step first`,
      );
    }
  }

  loadState(origin: string): KeeperState {
    const fresh: KeeperState = {
      version: 2,
      eth: { chainId: this.eth.record.chainId, presale: this.eth.record.contracts.Presale.address, origin },
      base: { chainId: this.base.record.chainId, presale: this.base.record.contracts.Presale.address },
      scannedTo: this.eth.record.contracts.Presale.deployBlock - 1,
      pending: [],
      inFlight: {},
      updatedAt: new Date().toISOString(),
    };
    if (!fs.existsSync(this.opts.stateFile)) return fresh;
    const s = readStateFile(this.opts.stateFile);
    if (s.version !== 2 || JSON.stringify([s.eth, s.base]) !== JSON.stringify([fresh.eth, fresh.base])) {
      this.opts.log(
        `state file ${this.opts.stateFile} belongs to other deployments, an earlier local chain or an older keeper: starting over`,
      );
      return fresh;
    }
    return s;
  }

  /** Reads the state file once (at start), so a corrupt one stops the keeper instead of failing every tick. */
  checkStateFile(): void {
    if (fs.existsSync(this.opts.stateFile)) readStateFile(this.opts.stateFile);
  }

  private saveState(s: KeeperState) {
    s.updatedAt = new Date().toISOString();
    fs.mkdirSync(path.dirname(this.opts.stateFile), { recursive: true });
    const tmp = `${this.opts.stateFile}.tmp-${process.pid}`;
    fs.writeFileSync(tmp, JSON.stringify(s, null, 2) + "\n");
    fs.renameSync(tmp, this.opts.stateFile);
  }

  /** Sends one keeper transaction to the Ethereum presale (`fn` names it in errors) and waits for it. */
  private async send(fn: string, call: (presale: Presale) => Promise<ContractTransactionResponse>) {
    const { ethP } = await this.presales();
    try {
      const tx = await call(ethP);
      return (await tx.wait())!;
    } catch (e) {
      if (isConnectionError(e))
        throw new ChainDownError(`cannot reach ${this.eth.name} while sending ${fn}: ${shortError(e)}`);
      throw new Error(`${this.eth.name}: ${fn} failed: ${decodeRevert(ethP, e)}`, { cause: e });
    }
  }

  /** Ethereum's block at the configured tag (see the file comment for the local fallback). */
  async ethBlock(): Promise<number> {
    const provider = this.eth.conn.ethers.provider;
    try {
      const b = await provider.getBlock(this.opts.ethBlockTag);
      if (b !== null) return b.number;
      throw new Error(`no ${this.opts.ethBlockTag} block yet`);
    } catch (e) {
      if (isConnectionError(e)) throw new ChainDownError(`cannot reach ${this.eth.name}: ${shortError(e)}`);
      if (NETWORKS[this.eth.record.network]?.local !== true) throw e;
      if (!this.tagFallbackLogged)
        this.opts.log(
          `${this.eth.name} has no ${this.opts.ethBlockTag} block (local chain without finality): reading at latest`,
        );
      this.tagFallbackLogged = true;
      return provider.getBlockNumber();
    }
  }

  async tick(): Promise<TickReport> {
    await this.preflight();
    const ethBlock = await this.ethBlock();
    const report: TickReport = { ethBlock, mirrors: 0, scanned: null, relayed: 0, batches: 0, inFlight: 0, pending: 0 };
    // The price mirror must never hold up the deposits: a failed mirror is logged and the relays go on.
    try {
      report.mirrors = await this.mirror();
    } catch (e) {
      if (e instanceof ChainDownError) throw e;
      report.mirrorError = (e as Error).message;
      this.opts.log(`mirror failed (relays go on): ${report.mirrorError}`);
    }
    const origin =
      (await this.eth.conn.ethers.provider.getBlock(this.eth.record.contracts.Presale.deployBlock))?.hash ?? "none";
    const state = this.loadState(origin);
    report.scanned = await this.scanBuyers(state, ethBlock);
    await this.relayPending(state, ethBlock, report);
    report.pending = state.pending.length;
    report.inFlight = Object.keys(state.inFlight).length;
    return report;
  }

  /** Base's per-round sales into Ethereum's ladder, in steps the contract accepts. Returns the number of calls. */
  private async mirror(): Promise<number> {
    const { ethP, baseP } = await this.presales();
    if (await ethP.saleClosed()) return 0; // Ethereum sells no more: its price no longer matters
    const baseSales = await baseP.roundSales();
    const target = [...baseSales[0]];
    const usdTarget = await localUsdRaised(baseP);
    const ethSales = await ethP.roundSales();
    const current = [...ethSales[1]];
    const usdCurrent = await ethP.remoteUsdRaised();
    const step = await ethP.maxMirrorStep();
    const steps = mirrorSteps(current, target, usdCurrent, usdTarget, step);
    for (const [i, s] of steps.entries()) {
      const r = await this.send("mirrorRemoteSales", (p) => p.mirrorRemoteSales(s.roundSold, s.usdRaised));
      const moved = s.roundSold.reduce((a, b) => a + b, 0n);
      this.opts.log(
        `mirror → ${this.eth.name}: Base sold ${moved} tokens / $${formatUnits(s.usdRaised, 6)} (step ${i + 1}/${steps.length}, per round [${s.roundSold.join(", ")}]) tx ${r.hash}`,
      );
    }
    return steps.length;
  }

  /** Learns Ethereum's buyers from TokensBought up to `ethBlock` (cursor persisted per chunk). */
  private async scanBuyers(state: KeeperState, ethBlock: number): Promise<[number, number] | null> {
    if (state.scannedTo >= ethBlock) return null;
    const { ethP } = await this.presales();
    const pending = new Set(state.pending);
    const from0 = state.scannedTo + 1;
    for (let from = from0; from <= ethBlock; from += this.opts.blockChunk) {
      const to = Math.min(from + this.opts.blockChunk - 1, ethBlock);
      let owners;
      try {
        owners = await depositOwnersIn(this.eth.conn, await ethP.getAddress(), from, to);
      } catch (e) {
        if (isConnectionError(e))
          throw new ChainDownError(`cannot reach ${this.eth.name} while scanning logs: ${shortError(e)}`);
        throw e;
      }
      for (const a of owners) pending.add(a);
      state.scannedTo = to;
      state.pending = [...pending];
      this.saveState(state);
    }
    return [from0, ethBlock];
  }

  /** Relays, in batches, the buyers whose finalized Ethereum deposit is above what Base has imported. */
  private async relayPending(state: KeeperState, ethBlock: number, report: TickReport): Promise<void> {
    const { ethP, baseP } = await this.presales();
    const todo: { user: string; deposit: bigint }[] = [];
    const done = new Set<string>();
    const users = [...state.pending];
    for (let i = 0; i < users.length; i += 25) {
      const chunk = users.slice(i, i + 25);
      const reads = await Promise.all(
        chunk.map((u) => Promise.all([ethP.userDeposits(u, { blockTag: ethBlock }), baseP.remoteDepositsImported(u)])),
      );
      chunk.forEach((u, j) => {
        const [owed, imported] = reads[j];
        const flight = state.inFlight[u];
        if (imported >= owed) done.add(u);
        else if (
          flight === undefined ||
          BigInt(flight.deposit) < owed ||
          Date.now() - flight.at >= this.opts.resendAfterMs
        )
          todo.push({ user: u, deposit: owed });
      });
    }
    state.pending = state.pending.filter((u) => !done.has(u));
    for (const u of done) delete state.inFlight[u];
    this.saveState(state);
    for (let i = 0; i < todo.length; i += this.opts.batchSize) {
      const batch = todo.slice(i, i + this.opts.batchSize);
      const r = await this.send("relay", (p) => p.relay(batch.map((b) => b.user)));
      report.batches++;
      report.relayed += batch.length;
      const total = batch.reduce((a, b) => a + b.deposit, 0n);
      this.opts.log(
        `relay → ${this.base.name} via the bridge: ${batch.length} buyer(s), ${formatUnits(total, 18)} tokens in deposits, batch ${i / this.opts.batchSize + 1}/${Math.ceil(todo.length / this.opts.batchSize)} ` +
          `[${batch.map((b) => `${b.user.slice(0, 8)}…=${formatUnits(b.deposit, 18)}`).join(", ")}] tx ${r.hash}`,
      );
      await this.opts.hooks?.afterRelayBatch?.(batch.map((b) => b.user));
      for (const b of batch) state.inFlight[b.user] = { deposit: b.deposit.toString(), at: Date.now() };
      this.saveState(state);
    }
  }
}

export interface MirrorStep {
  roundSold: bigint[];
  usdRaised: bigint;
}

/**
 * The calls that bring Ethereum's mirrored per-round counts from `current` to `target` when one call may add at most
 * `maxStep` tokens: rounds are filled in ladder order, USD raised follows in proportion and lands on the target with
 * the last call. Rounds where the mirror is already at or above Base's count are left as they are (never lowered).
 */
export function mirrorSteps(
  current: bigint[],
  target: bigint[],
  usdCurrent: bigint,
  usdTarget: bigint,
  maxStep: bigint,
): MirrorStep[] {
  const n = Math.max(current.length, target.length);
  const cur = Array.from({ length: n }, (_, i) => current[i] ?? 0n);
  const goal = Array.from({ length: n }, (_, i) => ((target[i] ?? 0n) > cur[i] ? target[i] : cur[i]));
  const missing = goal.reduce((a, g, i) => a + (g - cur[i]), 0n);
  const usdGoal = usdTarget > usdCurrent ? usdTarget : usdCurrent;
  if (missing === 0n) return usdGoal > usdCurrent ? [{ roundSold: cur, usdRaised: usdGoal }] : [];
  if (maxStep <= 0n)
    throw new Refusal("the Ethereum presale's maxMirrorStep is 0: the owner must set it before the keeper can mirror");
  const steps: MirrorStep[] = [];
  const next = [...cur];
  let moved = 0n;
  while (moved < missing) {
    let budget = maxStep;
    for (let i = 0; i < n && budget > 0n; i++) {
      const add = goal[i] - next[i] < budget ? goal[i] - next[i] : budget;
      next[i] += add;
      budget -= add;
      moved += add;
    }
    const usd = moved === missing ? usdGoal : usdCurrent + ((usdGoal - usdCurrent) * moved) / missing;
    steps.push({ roundSold: [...next], usdRaised: usd });
  }
  return steps;
}

/** USD (6 decimals) raised by a presale's own buyers. */
async function localUsdRaised(p: Presale): Promise<bigint> {
  try {
    return await p.localUsdRaised();
  } catch {
    return (await p.usdRaised()) - (await p.remoteUsdRaised());
  }
}

export function isConnectionError(e: unknown): boolean {
  const err = errorFields(e);
  const s = [err.code, err.cause?.code, err.message].map((x) => (typeof x === "string" ? x : "")).join(" ");
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|socket hang up|fetch failed|NETWORK_ERROR|HHE7\d\d|Cannot connect/i.test(
    s,
  );
}

/** Long-running mode (see scripts/lib/loop.ts), logging a line for every tick that did something. */
export function runLoop(keeper: Keeper, intervalMs: number, log: (m: string) => void): { stop: () => Promise<void> } {
  return runLoopOf(keeper, intervalMs, log, (r) =>
    r.mirrors > 0 || r.relayed > 0
      ? `tick done (Ethereum block ${r.ethBlock}): ${r.mirrors} mirror call(s), ${r.relayed} buyer(s) relayed, ${r.inFlight} in flight, ${r.pending} pending`
      : undefined,
  );
}

/** A state file that cannot be read is not guessed around: the keeper stops and names it (retrying cannot fix it). */
export class CorruptStateError extends Refusal {}

function readStateFile(file: string): KeeperState {
  let s: KeeperState;
  try {
    s = JSON.parse(fs.readFileSync(file, "utf8")) as KeeperState;
  } catch (e) {
    throw new CorruptStateError(
      `keeper state file ${file} is unreadable (${(e as Error).message.split("\n")[0]}): move it aside to rescan from the deploy block, or restore it; stopping`,
    );
  }
  if (
    typeof s !== "object" ||
    s === null ||
    typeof s.scannedTo !== "number" ||
    !Array.isArray(s.pending) ||
    typeof s.eth?.presale !== "string" ||
    typeof s.base?.presale !== "string"
  ) {
    throw new CorruptStateError(
      `keeper state file ${file} does not have the keeper's format (scannedTo, pending, eth, base): move it aside to rescan from the deploy block, or restore it; stopping`,
    );
  }
  return s;
}
