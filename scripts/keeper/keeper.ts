/**
 * The keeper: a bot that pays the Ethereum gas of `relay`, which anyone may call. It holds no role on either chain
 * and moves nobody's money: the Ethereum presale reads what it sends from its own state (docs/PRODUCT.md §8).
 *  1. Purchases: it learns Ethereum's buyers from the presale's `TokensBought` and `RecipientChanged` events, reads
 *     each one's record (`buyerInfo`) and relays those with unrelayed tokens, at most `MAX_RELAY_BUYERS` per call (the
 *     contract's bound: one report must fit Base's deposit gas).
 *  2. Quotas and the close: when Ethereum's quota of a round has shrunk (an owner release, a round Ethereum left, a
 *     manual move) or the sale closed, and no report carrying it is on its way to Base, it relays an empty report so
 *     Base can sell what Ethereum gave up, and learns of the close.
 * Events are read up to Ethereum's `finalized` block (a local Hardhat chain has no finality and answers with its latest
 * block; a local node that rejects the tag is read at `latest`; public chains never fall back); records are read at
 * the latest block, so a relay already mined is never sent again. Exactly once across crashes comes from the contract
 * itself: a relay marks what it sent, so after a kill -9 and a restart the keeper reads that and skips those buyers;
 * the state file only spares rescanning events.
 */
import fs from "node:fs";
import path from "node:path";
import { getAddress, type ContractTransactionResponse } from "ethers";
import {
  BasePresale__factory,
  EthereumPresale__factory,
  type BasePresale,
  type EthereumPresale,
} from "../../typechain-types/index.js";
import type { Connection } from "../lib/deploy.js";
import { assertReachable, ChainDownError, errorFields, Refusal, shortError } from "../lib/cli.js";
import { buyersIn, deliveryOf, sentReports, unbookedOnBase, unrelayedOf, type SentReport } from "../lib/crosschain.js";
import type { DeploymentRecord } from "../lib/deployments.js";
import { decodeRevert } from "../lib/exec.js";
import { runLoop as runLoopOf } from "../lib/loop.js";
import { NETWORKS } from "../lib/networks.js";

export interface KeeperSide {
  name: string;
  conn: Connection;
  record: DeploymentRecord;
  /** Ethereum: the account that pays for relays (no role). Base: unused (the keeper only reads there). */
  signer?: string;
}

export interface KeeperState {
  version: 3;
  /** `origin`: hash of the presale's deploy block, so a restarted local chain (same addresses) is not taken for the old one. */
  eth: { chainId: number; presale: string; origin: string };
  base: { chainId: number; presale: string };
  /** Last Ethereum block whose buyer events are in `pending` (or whose buyers have nothing left to relay). */
  scannedTo: number;
  /** Ethereum buyers who may have unrelayed tokens. */
  pending: string[];
  /** Last Ethereum block whose reports to Base were looked at, and those not delivered yet when last seen. */
  reportsScannedTo: number;
  inFlight: InFlightReport[];
  updatedAt: string;
}

/** A report on its way to Base: what it carries for the quotas and the close, and when the keeper first saw it. */
export interface InFlightReport {
  hash: string;
  quotas: string[];
  closed: boolean;
  seenAt: number;
}

export interface KeeperOptions {
  stateFile: string;
  /** Buyers per relay; at most (and by default) the Ethereum presale's `MAX_RELAY_BUYERS`. */
  batchSize?: number;
  /** Blocks per eth_getLogs request. */
  blockChunk?: number;
  /** Block tag Ethereum's events are read at (default finalized). */
  ethBlockTag?: "finalized" | "safe" | "latest";
  /** A report not delivered on Base after this long no longer counts as on its way (the bridge takes minutes). */
  resendAfterMs?: number;
  log?: (msg: string) => void;
  /** Test hooks (e.g. crash after a relay is mined, before anything is recorded). */
  hooks?: { afterRelayBatch?: (buyers: string[]) => void | Promise<void> };
}

export interface TickReport {
  /** Ethereum block the events were read to (the finalized one unless the fallback applied). */
  ethBlock: number;
  scanned: [number, number] | null;
  relayed: number;
  batches: number;
  /** Whether an empty report was sent for a quota release or the close. */
  reported: boolean;
  /** Reports on their way to Base (sent, not delivered yet). */
  inFlight: number;
  /** Buyers that may still have tokens to relay. */
  pending: number;
}

export class Keeper {
  readonly eth: KeeperSide;
  readonly base: KeeperSide;
  private readonly opts: Required<Omit<KeeperOptions, "hooks" | "batchSize">> &
    Pick<KeeperOptions, "hooks" | "batchSize">;
  private ethPresale!: EthereumPresale;
  private basePresale!: BasePresale;
  private tagFallbackLogged = false;

  constructor(eth: KeeperSide, base: KeeperSide, opts: KeeperOptions) {
    if (eth.record.chain !== "eth" || base.record.chain !== "base")
      throw new Refusal("keeper needs the Ethereum-side deployment first and the Base-side one second");
    if (eth.signer === undefined) throw new Refusal("keeper needs the Ethereum account that pays for the relays");
    this.eth = eth;
    this.base = base;
    this.opts = {
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
      const payer = await this.eth.conn.ethers.getSigner(this.eth.signer!);
      this.ethPresale = EthereumPresale__factory.connect(e.address, payer);
      this.basePresale = BasePresale__factory.connect(b.address, this.base.conn.ethers.provider);
    }
    return { ethP: this.ethPresale, baseP: this.basePresale };
  }

  /** Fails with a clear message if a chain is unreachable or wrong, or the presales are not linked. */
  async preflight(): Promise<void> {
    for (const s of [this.eth, this.base]) {
      const id = await assertReachable(s.conn);
      if (id !== s.record.chainId)
        throw new Refusal(`${s.name} is chain ${id}, but its deployment record is for chain ${s.record.chainId}`);
    }
    const { ethP, baseP } = await this.presales();
    const [ethAddress, baseAddress] = [getAddress(await ethP.getAddress()), getAddress(await baseP.getAddress())];
    const [ethRemote, baseRemote] = [getAddress(await ethP.remotePresale()), getAddress(await baseP.remotePresale())];
    if (ethRemote !== baseAddress || baseRemote !== ethAddress) {
      throw new Refusal(
        `the presales are not linked to each other (Ethereum trusts ${ethRemote}, Base trusts ${baseRemote}): run the deploy's link step first`,
      );
    }
  }

  /** The most buyers one relay may carry: the contract's bound, or the smaller batch size asked for. */
  async batchSize(): Promise<number> {
    const { ethP } = await this.presales();
    const max = Number(await ethP.MAX_RELAY_BUYERS());
    const asked = this.opts.batchSize ?? max;
    if (!Number.isInteger(asked) || asked < 1 || asked > max)
      throw new Refusal(
        `batch size ${asked}: the Ethereum presale relays 1..${max} buyers per call (MAX_RELAY_BUYERS)`,
      );
    return asked;
  }

  loadState(origin: string): KeeperState {
    const fresh: KeeperState = {
      version: 3,
      eth: { chainId: this.eth.record.chainId, presale: this.eth.record.contracts.Presale.address, origin },
      base: { chainId: this.base.record.chainId, presale: this.base.record.contracts.Presale.address },
      scannedTo: this.eth.record.contracts.Presale.deployBlock - 1,
      pending: [],
      reportsScannedTo: this.eth.record.contracts.Presale.deployBlock - 1,
      inFlight: [],
      updatedAt: new Date().toISOString(),
    };
    if (!fs.existsSync(this.opts.stateFile)) return fresh;
    const s = readStateFile(this.opts.stateFile);
    if (s.version !== 3 || JSON.stringify([s.eth, s.base]) !== JSON.stringify([fresh.eth, fresh.base])) {
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

  /** Sends one relay from the paying account and waits for it; `what` names it in errors. */
  private async relay(buyers: string[], what: string) {
    const { ethP } = await this.presales();
    let tx: ContractTransactionResponse;
    try {
      tx = await ethP.relay(buyers);
      const receipt = await tx.wait();
      if (receipt === null) throw new Error("the transaction was dropped or replaced");
      return receipt;
    } catch (e) {
      if (isConnectionError(e))
        throw new ChainDownError(`cannot reach ${this.eth.name} while sending ${what}: ${shortError(e)}`);
      throw new Error(`${this.eth.name}: ${what} failed: ${decodeRevert(ethP, e)}`, { cause: e });
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
    const batchSize = await this.batchSize();
    const ethBlock = await this.ethBlock();
    const origin =
      (await this.eth.conn.ethers.provider.getBlock(this.eth.record.contracts.Presale.deployBlock))?.hash ?? "none";
    const state = this.loadState(origin);
    const report: TickReport = {
      ethBlock,
      scanned: await this.scanBuyers(state, ethBlock),
      relayed: 0,
      batches: 0,
      reported: false,
      inFlight: 0,
      pending: 0,
    };
    await this.relayPending(state, batchSize, report);
    await this.reportQuotas(state, report);
    report.pending = state.pending.length;
    report.inFlight = state.inFlight.length;
    return report;
  }

  /** Learns Ethereum's buyers from their events up to `ethBlock` (cursor persisted per chunk). */
  private async scanBuyers(state: KeeperState, ethBlock: number): Promise<[number, number] | null> {
    if (state.scannedTo >= ethBlock) return null;
    const pending = new Set(state.pending);
    const from0 = state.scannedTo + 1;
    for (let from = from0; from <= ethBlock; from += this.opts.blockChunk) {
      const to = Math.min(from + this.opts.blockChunk - 1, ethBlock);
      const found = await this.read("scanning logs", () =>
        buyersIn(this.eth.conn, this.eth.record.contracts.Presale.address, from, to),
      );
      for (const b of found) pending.add(b);
      state.scannedTo = to;
      state.pending = [...pending];
      this.saveState(state);
    }
    return [from0, ethBlock];
  }

  /** Relays, in batches, every pending buyer whose record (at the latest block) holds unrelayed tokens. */
  private async relayPending(state: KeeperState, batchSize: number, report: TickReport): Promise<void> {
    const { ethP } = await this.presales();
    const { unrelayed, done } = await this.read("reading buyers", () => unrelayedOf(ethP, state.pending));
    const finished = new Set(done);
    state.pending = state.pending.filter((b) => !finished.has(b));
    this.saveState(state);
    const batches = Math.ceil(unrelayed.length / batchSize);
    for (let i = 0; i < unrelayed.length; i += batchSize) {
      const batch = unrelayed.slice(i, i + batchSize);
      const r = await this.relay(
        batch.map((b) => b.buyer),
        "relay",
      );
      report.batches++;
      report.relayed += batch.length;
      const total = batch.reduce((a, b) => a + b.tokens - b.relayed, 0n);
      this.opts.log(
        `relay → ${this.base.name} via the bridge: ${batch.length} buyer(s), ${total} tokens unrelayed, batch ${report.batches}/${batches} ` +
          `[${batch.map((b) => `${b.buyer.slice(0, 8)}…=${b.tokens - b.relayed}→${b.recipient.slice(0, 8)}…#${b.leg}`).join(", ")}] tx ${r.hash}`,
      );
      await this.opts.hooks?.afterRelayBatch?.(batch.map((b) => b.buyer));
    }
  }

  /**
   * Sends an empty report when Base has not booked Ethereum's current quotas or its close and no report carrying
   * them is on its way (every relay above carried them too).
   */
  private async reportQuotas(state: KeeperState, report: TickReport): Promise<void> {
    const { ethP, baseP } = await this.presales();
    const { quotas, closed, released, closeUnbooked } = await this.read("reading the quotas", () =>
      unbookedOnBase(ethP, baseP),
    );
    await this.trackReports(state);
    if (released.length === 0 && !closeUnbooked) return;
    const covered = state.inFlight.some(
      (r) =>
        (r.closed || !closed) && r.quotas.length === quotas.length && quotas.every((q, i) => BigInt(r.quotas[i]) <= q),
    );
    if (covered) return;
    const r = await this.relay([], "relay (empty report)");
    report.reported = true;
    this.opts.log(
      `report → ${this.base.name}: Base has not booked ${[closeUnbooked ? "the close" : "", released.length ? `Ethereum's released quota (${released.map((x) => `round ${x.round + 1}: ${x.tokens}`).join(", ")})` : ""].filter(Boolean).join(" and ")}; empty report sent, tx ${r.hash}`,
    );
    await this.trackReports(state);
  }

  /** Adds the reports sent since the last look to `state.inFlight` and drops those delivered or too old. */
  private async trackReports(state: KeeperState): Promise<void> {
    const head = await this.eth.conn.ethers.provider.getBlockNumber();
    const eth = {
      conn: this.eth.conn,
      l1Messenger: this.eth.record.contracts.Messenger.address,
      presale: this.eth.record.contracts.Presale.address,
    };
    const fresh: SentReport[] =
      head > state.reportsScannedTo
        ? await this.read("scanning reports", () =>
            sentReports(eth, this.base.record.contracts.Presale.address, state.reportsScannedTo + 1, head),
          )
        : [];
    const now = Date.now();
    const all = [
      ...state.inFlight,
      ...fresh.map((r) => ({
        hash: r.hash,
        quotas: r.report.quotas.map(String),
        closed: r.report.closed,
        seenAt: now,
      })),
    ];
    const l2 = this.base.record.contracts.Messenger.address;
    const kept: InFlightReport[] = [];
    for (const r of all) {
      if (now - r.seenAt >= this.opts.resendAfterMs) continue; // lost or failed on Base: no longer counted on
      if ((await this.read("reading deliveries", () => deliveryOf(this.base.conn, l2, r.hash))) === "pending")
        kept.push(r);
    }
    state.inFlight = kept;
    state.reportsScannedTo = head;
    this.saveState(state);
  }

  /** Runs a read, turning a lost connection into a ChainDownError. */
  private async read<T>(what: string, f: () => Promise<T>): Promise<T> {
    try {
      return await f();
    } catch (e) {
      if (isConnectionError(e)) throw new ChainDownError(`cannot reach a chain while ${what}: ${shortError(e)}`);
      throw e;
    }
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
    r.relayed > 0 || r.reported
      ? `tick done (Ethereum block ${r.ethBlock}): ${r.relayed} buyer(s) relayed in ${r.batches} batch(es)${r.reported ? ", quota/close report sent" : ""}, ${r.inFlight} report(s) on their way, ${r.pending} pending`
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
