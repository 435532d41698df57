/**
 * The local bridge: plays the OP Stack's deposit derivation between the local Ethereum and the local Base chain.
 * Each tick it reads the `TransactionDeposited` events of the L1 messenger's OptimismPortal and, once a deposit has a
 * few L1 blocks on top of it (or has waited long enough on a chain that only mines on demand), executes it on Base as
 * the OP node does: from the deposit's (aliased) sender, impersonated, to its target, with its gas limit and value
 * (scripts/lib/opstack.ts). A message of the L1 messenger is a `relayMessage` call on the L2 messenger predeploy.
 *
 * Exactly-once delivery across crashes: the scan cursor and the queue of seen, undelivered deposits are persisted
 * together; before each message is delivered the L2 messenger's `successfulMessages` / `failedMessages` are read, so
 * a message delivered just before a crash is not sent again (the L2 messenger's replay protection is the backstop).
 * A message whose call failed on Base stays recorded there (`failedMessages`) and can be replayed by anyone, as on
 * Base. A deposit that is not a message of the L1 messenger has no such record on Base: it is delivered once per state
 * file (the product sends none).
 *
 * Local chains only: on a public network the real bridge does this.
 */
import fs from "node:fs";
import path from "node:path";
import { getAddress, toBeHex } from "ethers";
import { decodeFunctionResult, encodeFunctionData, type Hex } from "viem";
import { decodeReport } from "../lib/crosschain.js";
import {
  L1CrossDomainMessenger__factory,
  L2CrossDomainMessenger__factory,
} from "../../typechain-types/opstack/index.js";
import type { Connection } from "../lib/deploy.js";
import { ChainDownError, shortError } from "../lib/cli.js";
import {
  applyL1ToL2Alias,
  decodeDeposit,
  executeDeposit,
  messageFailed,
  messageHash,
  messageOf,
  TRANSACTION_DEPOSITED_TOPIC,
  type Deposit,
  type Rpc,
  type RpcLog,
} from "../lib/opstack.js";
import { L2_MESSENGER_PREDEPLOY } from "../../deploy/schema.js";
import { isConnectionError } from "../keeper/keeper.js";

export { applyL1ToL2Alias, L2_MESSENGER_PREDEPLOY };

const l1MessengerInterface = L1CrossDomainMessenger__factory.createInterface();

/** A deposit waiting in the state file (bigints as decimal strings). */
export interface QueuedDeposit {
  from: string;
  to: string | null;
  mint: string;
  value: string;
  gasLimit: string;
  isCreation: boolean;
  data: string;
  l1Block: number;
  l1Tx: string;
  logIndex: number;
  /** When this relayer first saw it (ms since epoch): the wait on a chain that mines only on demand. */
  seenAt: number;
}

const toQueued = (d: Deposit, seenAt: number): QueuedDeposit => ({
  ...d,
  mint: d.mint.toString(),
  value: d.value.toString(),
  gasLimit: d.gasLimit.toString(),
  seenAt,
});
const fromQueued = (q: QueuedDeposit): Deposit => ({
  ...q,
  mint: BigInt(q.mint),
  value: BigInt(q.value),
  gasLimit: BigInt(q.gasLimit),
});

export interface RelayerState {
  version: 2;
  /**
   * `origin`: hash of the first scanned block, so a restarted local chain (same addresses) is not taken for the old
   * one. `portal`: where deposits are read (the L1 messenger's OptimismPortal).
   */
  l1: { chainId: number; messenger: string; portal: string; origin: string };
  l2: { chainId: number; messenger: string };
  /** Last L1 block whose deposits are in `queue` or delivered. */
  scannedTo: number;
  queue: QueuedDeposit[];
  delivered: number;
  updatedAt: string;
}

export interface RelayerEnd {
  name: string;
  conn: Connection;
  /** L1: the L1CrossDomainMessenger; L2: the predeploy. */
  messenger: string;
}

export interface RelayerOptions {
  stateFile: string;
  /** First L1 block to scan on a fresh state (the L1 messenger's deploy block). */
  fromBlock: number;
  /** L1 blocks a deposit waits for (OP derives deposits from L1 blocks a few confirmations deep). */
  delayBlocks?: number;
  /** ...or this long, on a chain that mines a block only per transaction. */
  delayMs?: number;
  blockChunk?: number;
  log?: (msg: string) => void;
  /** Test hook: after a delivery is mined, before it is recorded (a crash there must not deliver twice). */
  hooks?: { afterDelivery?: (d: Deposit) => void | Promise<void> };
}

export interface RelayerTick {
  seen: number;
  delivered: number;
  failed: number;
  skipped: number;
  queued: number;
}

export class Relayer {
  private readonly opts: Required<Omit<RelayerOptions, "hooks">> & Pick<RelayerOptions, "hooks">;
  private portal: string | undefined;

  constructor(
    readonly l1: RelayerEnd,
    readonly l2: RelayerEnd,
    opts: RelayerOptions,
  ) {
    this.opts = { delayBlocks: 2, delayMs: 2000, blockChunk: 2000, log: () => {}, ...opts };
  }

  /** The chain behind `end`, as an EIP-1193 provider whose connection failures are ChainDownErrors. */
  private rpcOf(end: RelayerEnd): Rpc {
    return {
      request: async ({ method, params }) => {
        try {
          return (await end.conn.provider.request({ method, params })) as unknown;
        } catch (e) {
          if (isConnectionError(e)) throw new ChainDownError(`cannot reach ${end.name}: ${shortError(e)}`);
          throw e;
        }
      },
    };
  }

  private rpc<T>(end: RelayerEnd, method: string, params: unknown[]): Promise<T> {
    return this.rpcOf(end).request({ method, params }) as Promise<T>;
  }

  private async chainIds(): Promise<[number, number]> {
    const ids: number[] = [];
    for (const end of [this.l1, this.l2]) ids.push(Number(await this.rpc<string>(end, "eth_chainId", [])));
    return [ids[0], ids[1]];
  }

  /** The L1 messenger's portal (where its deposits are made). */
  private async portalOf(): Promise<string> {
    if (this.portal !== undefined) return this.portal;
    const data = l1MessengerInterface.encodeFunctionData("portal");
    let portal: string;
    try {
      const out = await this.rpc<string>(this.l1, "eth_call", [{ to: this.l1.messenger, data }, "latest"]);
      [portal] = l1MessengerInterface.decodeFunctionResult("portal", out) as unknown as [string];
    } catch (e) {
      if (e instanceof ChainDownError) throw e;
      throw new Error(
        `${this.l1.messenger} on ${this.l1.name} is not an L1CrossDomainMessenger (no portal()): ${shortError(e)}`,
        { cause: e },
      );
    }
    this.portal = getAddress(portal);
    return this.portal;
  }

  loadState(ids: [number, number], origin: string, portal: string): RelayerState {
    const fresh: RelayerState = {
      version: 2,
      l1: { chainId: ids[0], messenger: getAddress(this.l1.messenger), portal, origin },
      l2: { chainId: ids[1], messenger: getAddress(this.l2.messenger) },
      scannedTo: this.opts.fromBlock - 1,
      queue: [],
      delivered: 0,
      updatedAt: new Date().toISOString(),
    };
    if (!fs.existsSync(this.opts.stateFile)) return fresh;
    const s = JSON.parse(fs.readFileSync(this.opts.stateFile, "utf8")) as RelayerState;
    if (s.version !== fresh.version || JSON.stringify([s.l1, s.l2]) !== JSON.stringify([fresh.l1, fresh.l2])) {
      this.opts.log(
        `state file ${this.opts.stateFile} belongs to other chains, messengers or an earlier local chain: starting over`,
      );
      return fresh;
    }
    return s;
  }

  private saveState(s: RelayerState) {
    s.updatedAt = new Date().toISOString();
    fs.mkdirSync(path.dirname(this.opts.stateFile), { recursive: true });
    const tmp = `${this.opts.stateFile}.tmp-${process.pid}`;
    fs.writeFileSync(tmp, JSON.stringify(s, null, 2) + "\n");
    fs.renameSync(tmp, this.opts.stateFile);
  }

  private async l2Flag(fn: "successfulMessages" | "failedMessages", hash: string): Promise<boolean> {
    const abi = L2CrossDomainMessenger__factory.abi;
    const data = encodeFunctionData({ abi, functionName: fn, args: [hash as Hex] });
    const out = await this.rpc<Hex>(this.l2, "eth_call", [{ to: this.l2.messenger, data }, "latest"]);
    return decodeFunctionResult({ abi, functionName: fn, data: out });
  }

  /** The deposits made in an L1 block range: the portal's TransactionDeposited events. */
  private async depositsIn(portal: string, from: number, to: number): Promise<Deposit[]> {
    const logs = await this.rpc<RpcLog[]>(this.l1, "eth_getLogs", [
      { address: portal, topics: [TRANSACTION_DEPOSITED_TOPIC], fromBlock: toBeHex(from), toBlock: toBeHex(to) },
    ]);
    return logs.map(decodeDeposit);
  }

  /** Scans new deposits into the queue, then delivers every one that has waited long enough. */
  async tick(): Promise<RelayerTick> {
    const ids = await this.chainIds();
    const origin =
      (await this.rpc<{ hash: string } | null>(this.l1, "eth_getBlockByNumber", [toBeHex(this.opts.fromBlock), false]))
        ?.hash ?? "none";
    const portal = await this.portalOf();
    const state = this.loadState(ids, origin, portal);
    const report: RelayerTick = { seen: 0, delivered: 0, failed: 0, skipped: 0, queued: 0 };
    const head = Number(await this.rpc<string>(this.l1, "eth_blockNumber", []));
    for (let from = state.scannedTo + 1; from <= head; from += this.opts.blockChunk) {
      const to = Math.min(from + this.opts.blockChunk - 1, head);
      for (const d of await this.depositsIn(portal, from, to)) {
        state.queue.push(toQueued(d, Date.now()));
        report.seen++;
      }
      state.scannedTo = to;
      this.saveState(state);
    }

    const aliased = applyL1ToL2Alias(this.l1.messenger);
    while (state.queue.length > 0) {
      const q = state.queue[0];
      if (head - q.l1Block < this.opts.delayBlocks && Date.now() - q.seenAt < this.opts.delayMs) break; // keep the order
      const d = fromQueued(q);
      const message = d.from === aliased ? messageOf(d) : null;
      const hash = message === null ? undefined : messageHash(message);
      if (
        hash !== undefined &&
        ((await this.l2Flag("successfulMessages", hash)) || (await this.l2Flag("failedMessages", hash)))
      ) {
        this.opts.log(
          `message ${message!.nonce} (${hash.slice(0, 10)}…) already delivered on ${this.l2.name}: not sent again`,
        );
        report.skipped++;
      } else {
        const ok = await this.deliver(d, hash);
        if (ok) report.delivered++;
        else report.failed++;
        await this.opts.hooks?.afterDelivery?.(d);
        state.delivered++;
      }
      state.queue.shift();
      this.saveState(state);
    }
    report.queued = state.queue.length;
    return report;
  }

  /** Executes one deposit on L2. Returns false when it reverted or the message's call failed. */
  private async deliver(d: Deposit, hash: string | undefined): Promise<boolean> {
    const receipt = await executeDeposit(this.rpcOf(this.l2), d);
    const failed = messageFailed(receipt);
    const message = messageOf(d);
    const what =
      message === null ? `deposit from ${d.from} to ${d.to ?? "a new contract"}` : describeMessage(message.message);
    const id = message === null ? `deposit ${d.l1Tx}:${d.logIndex}` : `message ${message.nonce}`;
    const key = hash === undefined ? "" : ` (${hash.slice(0, 10)}…)`;
    this.opts.log(
      failed
        ? `${id}${key} FAILED on ${this.l2.name}: ${what}; ${hash === undefined ? "reverted" : "recorded in failedMessages, anyone can replay it"} (tx ${receipt.hash})`
        : `delivered ${id} from L1 block ${d.l1Block} to ${message?.target ?? d.to} on ${this.l2.name}: ${what} (tx ${receipt.hash})`,
    );
    return !failed;
  }
}

/**
 * A short description of a message for the log ("Ethereum report, 3 buyer(s), ..."), best effort: the relayer
 * delivers every message as it is and never depends on what it carries.
 */
function describeMessage(data: string): string {
  const r = decodeReport(data);
  if (r === undefined) return `call ${data.slice(0, 10)}`;
  return `Ethereum report, ${r.deposits.length} buyer(s), ${r.tokensSold} tokens sold on Ethereum${r.closed ? ", sale CLOSED" : ""}`;
}
