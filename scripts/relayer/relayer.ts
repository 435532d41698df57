/**
 * The local bridge: plays the OP Stack's deposit derivation between the local Ethereum and the local Base chain.
 * Each tick it reads `SentMessage` events of the L1 messenger stand-in, and once a message has a few L1 blocks on
 * top of it (or has waited long enough on a chain that only mines on demand) delivers it on Base by calling
 * `relayMessage` on the L2 messenger predeploy from the aliased L1 messenger address, as a deposit transaction does.
 *
 * Exactly-once delivery across crashes: the scan cursor and the queue of seen, undelivered messages are persisted
 * together; before each delivery the L2 messenger's `successfulMessages` / `failedMessages` are read, so a message
 * delivered just before a crash is not sent again (the L2 stand-in's replay protection is the backstop). A message
 * whose call failed on Base stays recorded there (`failedMessages`) and can be replayed by anyone, as on Base.
 * Local chains only: on a public network the real bridge does this.
 */
import fs from "node:fs";
import path from "node:path";
import { getAddress, toBeHex } from "ethers";
import {
  decodeEventLog,
  decodeFunctionData,
  decodeFunctionResult,
  encodeEventTopics,
  encodeFunctionData,
  type Hex,
} from "viem";
import {
  BasePresale__factory,
  MockL1CrossDomainMessenger__factory,
  MockL2CrossDomainMessenger__factory,
} from "../../typechain-types/index.js";
import type { Connection } from "../lib/deploy.js";
import { ChainDownError, Refusal, shortError } from "../lib/cli.js";
import { L2_MESSENGER_PREDEPLOY } from "../../deploy/schema.js";
import { isConnectionError } from "../keeper/keeper.js";
import { messageHash, relayMessageCall } from "../lib/crosschain.js";

// OP's messengers, through the stand-ins' compiled ABIs: they have OP's signatures for everything read here.
const L1_MESSENGER_ABI = MockL1CrossDomainMessenger__factory.abi;
const L2_MESSENGER_ABI = MockL2CrossDomainMessenger__factory.abi;
const SENT_MESSAGE_TOPIC = encodeEventTopics({ abi: L1_MESSENGER_ABI, eventName: "SentMessage" })[0];
const FAILED_RELAY_TOPIC = encodeEventTopics({ abi: L2_MESSENGER_ABI, eventName: "FailedRelayedMessage" })[0];
export { L2_MESSENGER_PREDEPLOY };
const ALIAS_OFFSET = 0x1111000000000000000000000000000000001111n;

/** The address an L1 contract appears as on L2 (OP's AddressAliasHelper.applyL1ToL2Alias). */
export function applyL1ToL2Alias(l1: string): string {
  return getAddress(toBeHex((BigInt(l1) + ALIAS_OFFSET) % 2n ** 160n, 20));
}

export interface BridgeMessage {
  nonce: string;
  sender: string;
  target: string;
  message: string;
  gasLimit: string;
  /** L1 block and transaction of the SentMessage event. */
  block: number;
  tx: string;
  /** When this relayer first saw it (ms since epoch): the wait on a chain that mines only on demand. */
  seenAt: number;
}

export { messageHash };

/**
 * Gas of the deposit transaction, as OP's L1 messenger buys it (`baseGas`): the intrinsic 21 000, its constant relay
 * overhead (200 000), call overhead (40 000), reserved gas (40 000) and gas-check buffer (5 000), 16 per calldata byte
 * (the message plus relayMessage's other ~260 bytes), and the message's minimum gas limit grossed up by 64/63.
 */
export function depositGas(m: Pick<BridgeMessage, "gasLimit" | "message">): bigint {
  const calldata = BigInt((m.message.length - 2) / 2);
  return 21_000n + 200_000n + 40_000n + 40_000n + 5_000n + 16n * (calldata + 260n) + (BigInt(m.gasLimit) * 64n) / 63n;
}

export interface RelayerState {
  version: 1;
  /** `origin`: hash of the first scanned block, so a restarted local chain (same addresses) is not taken for the old one. */
  l1: { chainId: number; messenger: string; origin: string };
  l2: { chainId: number; messenger: string };
  /** Last L1 block whose SentMessage events are in `queue` or delivered. */
  scannedTo: number;
  queue: BridgeMessage[];
  delivered: number;
  updatedAt: string;
}

export interface RelayerEnd {
  name: string;
  conn: Connection;
  /** L1: the messenger stand-in; L2: the predeploy. */
  messenger: string;
}

export interface RelayerOptions {
  stateFile: string;
  /** First L1 block to scan on a fresh state (the L1 messenger's deploy block). */
  fromBlock: number;
  /** L1 blocks a message waits for (OP derives deposits from L1 blocks a few confirmations deep). */
  delayBlocks?: number;
  /** ...or this long, on a chain that mines a block only per transaction. */
  delayMs?: number;
  blockChunk?: number;
  log?: (msg: string) => void;
  /** Test hook: after a delivery is mined, before it is recorded (a crash there must not deliver twice). */
  hooks?: { afterDelivery?: (m: BridgeMessage) => void | Promise<void> };
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

  constructor(
    readonly l1: RelayerEnd,
    readonly l2: RelayerEnd,
    opts: RelayerOptions,
  ) {
    this.opts = { delayBlocks: 2, delayMs: 2000, blockChunk: 2000, log: () => {}, ...opts };
  }

  private async chainIds(): Promise<[number, number]> {
    const ids: number[] = [];
    for (const end of [this.l1, this.l2]) {
      try {
        ids.push(Number(await end.conn.provider.request({ method: "eth_chainId" })));
      } catch (e) {
        throw new ChainDownError(`cannot reach ${end.name}: ${shortError(e)}`);
      }
    }
    return [ids[0], ids[1]];
  }

  loadState(ids: [number, number], origin: string): RelayerState {
    const fresh: RelayerState = {
      version: 1,
      l1: { chainId: ids[0], messenger: getAddress(this.l1.messenger), origin },
      l2: { chainId: ids[1], messenger: getAddress(this.l2.messenger) },
      scannedTo: this.opts.fromBlock - 1,
      queue: [],
      delivered: 0,
      updatedAt: new Date().toISOString(),
    };
    if (!fs.existsSync(this.opts.stateFile)) return fresh;
    const s = JSON.parse(fs.readFileSync(this.opts.stateFile, "utf8")) as RelayerState;
    if (JSON.stringify([s.l1, s.l2]) !== JSON.stringify([fresh.l1, fresh.l2])) {
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

  private async rpc<T>(end: RelayerEnd, method: string, params: unknown[]): Promise<T> {
    try {
      return (await end.conn.provider.request({ method, params })) as T;
    } catch (e) {
      if (isConnectionError(e)) throw new ChainDownError(`cannot reach ${end.name}: ${shortError(e)}`);
      throw e;
    }
  }

  private async l2Flag(fn: "successfulMessages" | "failedMessages", hash: string): Promise<boolean> {
    const data = encodeFunctionData({ abi: L2_MESSENGER_ABI, functionName: fn, args: [hash as Hex] });
    const out = await this.rpc<Hex>(this.l2, "eth_call", [{ to: this.l2.messenger, data }, "latest"]);
    return decodeFunctionResult({ abi: L2_MESSENGER_ABI, functionName: fn, data: out });
  }

  /** Scans new SentMessage events into the queue, then delivers every message that has waited long enough. */
  async tick(): Promise<RelayerTick> {
    const ids = await this.chainIds();
    const origin =
      (await this.rpc<{ hash: string } | null>(this.l1, "eth_getBlockByNumber", [toBeHex(this.opts.fromBlock), false]))
        ?.hash ?? "none";
    const state = this.loadState(ids, origin);
    const report: RelayerTick = { seen: 0, delivered: 0, failed: 0, skipped: 0, queued: 0 };
    const head = Number(await this.rpc<string>(this.l1, "eth_blockNumber", []));
    for (let from = state.scannedTo + 1; from <= head; from += this.opts.blockChunk) {
      const to = Math.min(from + this.opts.blockChunk - 1, head);
      const logs = await this.rpc<RpcLog[]>(this.l1, "eth_getLogs", [
        { address: this.l1.messenger, topics: [SENT_MESSAGE_TOPIC], fromBlock: toBeHex(from), toBlock: toBeHex(to) },
      ]);
      for (const l of logs) {
        const { args } = decodeEventLog({
          abi: L1_MESSENGER_ABI,
          eventName: "SentMessage",
          data: l.data,
          topics: l.topics,
        });
        state.queue.push({
          nonce: args.messageNonce.toString(),
          sender: getAddress(args.sender),
          target: getAddress(args.target),
          message: args.message,
          gasLimit: args.gasLimit.toString(),
          block: Number(l.blockNumber),
          tx: l.transactionHash,
          seenAt: Date.now(),
        });
        report.seen++;
      }
      state.scannedTo = to;
      this.saveState(state);
    }

    const aliased = applyL1ToL2Alias(this.l1.messenger);
    while (state.queue.length > 0) {
      const m = state.queue[0];
      if (head - m.block < this.opts.delayBlocks && Date.now() - m.seenAt < this.opts.delayMs) break; // keep the order
      const hash = messageHash(m);
      if ((await this.l2Flag("successfulMessages", hash)) || (await this.l2Flag("failedMessages", hash))) {
        this.opts.log(
          `message ${m.nonce} (${hash.slice(0, 10)}…) already delivered on ${this.l2.name}: not sent again`,
        );
        report.skipped++;
      } else {
        const ok = await this.deliver(m, hash, aliased);
        if (ok) report.delivered++;
        else report.failed++;
        await this.opts.hooks?.afterDelivery?.(m);
        state.delivered++;
      }
      state.queue.shift();
      this.saveState(state);
    }
    report.queued = state.queue.length;
    return report;
  }

  /** One deposit transaction: relayMessage from the aliased L1 messenger. Returns false when the target call failed. */
  private async deliver(m: BridgeMessage, hash: string, aliased: string): Promise<boolean> {
    await this.rpc(this.l2, "hardhat_impersonateAccount", [aliased]);
    await this.rpc(this.l2, "hardhat_setBalance", [aliased, toBeHex(10n ** 20n)]);
    const data = relayMessageCall(m);
    const txHash = await this.rpc<string>(this.l2, "eth_sendTransaction", [
      { from: aliased, to: this.l2.messenger, data, gas: toBeHex(depositGas(m)) },
    ]);
    let receipt: RpcReceipt | null = null;
    for (let i = 0; receipt === null && i < 600; i++) {
      receipt = await this.rpc<RpcReceipt | null>(this.l2, "eth_getTransactionReceipt", [txHash]);
      if (receipt === null) await new Promise((r) => setTimeout(r, 100));
    }
    if (receipt === null) throw new Error(`deposit transaction ${txHash} for message ${m.nonce} was not mined`);
    const failed = receipt.status !== "0x1" || receipt.logs.some((l) => l.topics[0] === FAILED_RELAY_TOPIC);
    const what = describeMessage(m.message);
    this.opts.log(
      failed
        ? `message ${m.nonce} (${hash.slice(0, 10)}…) FAILED on ${this.l2.name}: ${what}; recorded in failedMessages, anyone can replay it (tx ${txHash})`
        : `delivered message ${m.nonce} from L1 block ${m.block} to ${m.target} on ${this.l2.name}: ${what} (tx ${txHash})`,
    );
    return !failed;
  }
}

/** A log and a receipt as eth_getLogs / eth_getTransactionReceipt return them (the fields read here). */
interface RpcLog {
  data: Hex;
  topics: [Hex, ...Hex[]];
  blockNumber: Hex;
  transactionHash: Hex;
}
interface RpcReceipt {
  status: Hex;
  logs: { topics: Hex[] }[];
}

/**
 * A short description of a message for the log ("Ethereum report, 3 buyer(s), ..."), best effort: the relayer
 * delivers any message as it is and never depends on what it carries.
 */
function describeMessage(data: string): string {
  try {
    const call = decodeFunctionData({ abi: BasePresale__factory.abi, data: data as Hex });
    if (call.functionName !== "receiveEthereumReport") return `call ${data.slice(0, 10)}`;
    const [deposits, , , tokensSold, , closed] = call.args;
    return `Ethereum report, ${deposits.length} buyer(s), ${tokensSold} tokens sold on Ethereum${closed ? ", sale CLOSED" : ""}`;
  } catch {
    return `call ${data.slice(0, 10)}`;
  }
}

/** Refuses anything but a local pair: on public networks the OP Stack itself relays. */
export function assertLocal(names: string[], local: boolean): void {
  if (!local)
    throw new Refusal(
      `the relayer stands in for the bridge on local chains only (${names.join(" + ")} is a public pair: the OP Stack relays there)`,
    );
}
