/**
 * What the Ethereum presale has sent to Base and what it still holds back, read from the chains only (no state of our
 * own): the buyers (from its `TokensBought` and `RecipientChanged` events), their unrelayed tokens (`buyerInfo`), and
 * its reports (the L1 messenger's `SentMessage` to the Base presale, decoded) with their delivery on Base (the L2
 * messenger's `successfulMessages` / `failedMessages`). Shared by the keeper, `admin status`, `admin relay` and the
 * claim commands; the local bridge relayer uses `decodeReport` for its log lines only.
 */
import { getAddress, type Log } from "ethers";
import { decodeFunctionData, type Hex } from "viem";
import {
  BasePresale__factory,
  EthereumPresale__factory,
  type BasePresale,
  type EthereumPresale,
} from "../../typechain-types/index.js";
import {
  L1CrossDomainMessenger__factory,
  L2CrossDomainMessenger__factory,
} from "../../typechain-types/opstack/index.js";
import type { Connection } from "./deploy.js";
import { messageHash, type CrossDomainMessage } from "./opstack.js";

// OP's messengers (the official contracts' ABIs, contracts-bedrock).
const l1MessengerInterface = L1CrossDomainMessenger__factory.createInterface();
const SENT_MESSAGE_TOPIC = l1MessengerInterface.getEvent("SentMessage").topicHash;
const BUYER_EVENTS = new Set(["TokensBought", "RecipientChanged"]);
const BUYER_TOPICS = EthereumPresale__factory.createInterface()
  .fragments.filter((f) => f.type === "event" && "name" in f && BUYER_EVENTS.has(f.name as string))
  .map((f) => (f as unknown as { topicHash: string }).topicHash);

/** One Ethereum report as `receiveEthereumReport` takes it (whole tokens; USD with 6 decimals). */
export interface EthereumReport {
  deposits: { buyer: string; leg: bigint; recipient: string; tokens: bigint }[];
  quotas: bigint[];
  used: bigint[];
  tokensSold: bigint;
  usdRaised: bigint;
  closed: boolean;
}

/** The report a message carries, or undefined if it is not a call of `receiveEthereumReport`. */
export function decodeReport(message: string): EthereumReport | undefined {
  try {
    const call = decodeFunctionData({ abi: BasePresale__factory.abi, data: message as Hex });
    if (call.functionName !== "receiveEthereumReport") return undefined;
    const [deposits, quotas, used, tokensSold, usdRaised, closed] = call.args;
    return {
      deposits: deposits.map((d) => ({
        buyer: getAddress(d.buyer),
        leg: d.leg,
        recipient: getAddress(d.recipient),
        tokens: d.tokens,
      })),
      quotas: [...quotas],
      used: [...used],
      tokensSold,
      usdRaised,
      closed,
    };
  } catch {
    return undefined;
  }
}

export type Delivery = "delivered" | "failed" | "pending";

/** A report the Ethereum presale sent, where it was sent, and (once asked) whether Base has it. */
export interface SentReport extends CrossDomainMessage {
  block: number;
  tx: string;
  hash: string;
  report: EthereumReport;
  delivery?: Delivery;
}

/**
 * Logs of `filter` in [from, to], in ranges of at most `chunk` blocks; a range the provider refuses (too many
 * results, range too wide) is halved until it passes or is one block.
 */
export async function scanLogs(
  conn: Connection,
  filter: { address: string; topics: (string | string[] | null)[] },
  from: number,
  to: number,
  chunk = 5000,
): Promise<Log[]> {
  const out: Log[] = [];
  let size = chunk;
  for (let start = from; start <= to;) {
    const end = Math.min(start + size - 1, to);
    try {
      out.push(...(await conn.ethers.provider.getLogs({ ...filter, fromBlock: start, toBlock: end })));
      start = end + 1;
      size = chunk;
    } catch (e) {
      if (end === start) throw e;
      size = Math.max(1, Math.floor((end - start + 1) / 2));
    }
  }
  return out;
}

/** The Ethereum presale's reports to the Base presale sent in blocks [from, to], in order. */
export async function sentReports(
  eth: { conn: Connection; l1Messenger: string; presale: string },
  basePresale: string,
  from: number,
  to: number,
): Promise<SentReport[]> {
  const targetTopic = `0x${getAddress(basePresale).slice(2).toLowerCase().padStart(64, "0")}`;
  const logs = await scanLogs(
    eth.conn,
    { address: eth.l1Messenger, topics: [SENT_MESSAGE_TOPIC, targetTopic] },
    from,
    to,
  );
  const out: SentReport[] = [];
  for (const l of logs) {
    const args = l1MessengerInterface.parseLog(l)!.args;
    const fields: CrossDomainMessage = {
      nonce: args.messageNonce as bigint,
      sender: getAddress(args.sender as string),
      target: getAddress(args.target as string),
      value: 0n, // the presale sends no ETH with its reports
      minGasLimit: args.gasLimit as bigint,
      message: args.message as string,
    };
    if (fields.sender !== getAddress(eth.presale)) continue; // only the presale's own messages count
    const report = decodeReport(fields.message);
    if (report === undefined) continue;
    out.push({ ...fields, block: l.blockNumber, tx: l.transactionHash, hash: messageHash(fields), report });
  }
  return out;
}

/** Whether Base has a message: relayed successfully, failed (anyone may replay it), or not arrived yet. */
export async function deliveryOf(base: Connection, l2Messenger: string, hash: string): Promise<Delivery> {
  const messenger = L2CrossDomainMessenger__factory.connect(l2Messenger, base.ethers.provider);
  if (await messenger.successfulMessages(hash)) return "delivered";
  return (await messenger.failedMessages(hash)) ? "failed" : "pending";
}

/** Ethereum buyers named by the presale's purchase and re-pointing events in blocks [from, to]. */
export async function buyersIn(conn: Connection, ethPresale: string, from: number, to: number): Promise<Set<string>> {
  const iface = EthereumPresale__factory.createInterface();
  const logs = await scanLogs(conn, { address: ethPresale, topics: [BUYER_TOPICS] }, from, to);
  const buyers = new Set<string>();
  for (const l of logs) {
    const parsed = iface.parseLog(l);
    if (parsed !== null) buyers.add(getAddress(parsed.args.buyer as string));
  }
  return buyers;
}

/** A buyer with tokens not yet sent to Base: their current leg, its recipient, its tokens and how many were relayed. */
export interface UnrelayedBuyer {
  buyer: string;
  recipient: string;
  leg: bigint;
  tokens: bigint;
  relayed: bigint;
}

/**
 * Splits `buyers` into those with unrelayed tokens (their record at `blockTag`) and those with none, reading
 * `buyerInfo` 25 at a time.
 */
export async function unrelayedOf(
  presale: EthereumPresale,
  buyers: Iterable<string>,
  blockTag: number | "latest" = "latest",
): Promise<{ unrelayed: UnrelayedBuyer[]; done: string[] }> {
  const list = [...buyers];
  const unrelayed: UnrelayedBuyer[] = [];
  const done: string[] = [];
  for (let i = 0; i < list.length; i += 25) {
    const chunk = list.slice(i, i + 25);
    const infos = await Promise.all(chunk.map((b) => presale.buyerInfo(b, { blockTag })));
    chunk.forEach((buyer, j) => {
      const { recipient, leg, tokens, relayed } = infos[j];
      if (tokens > relayed) unrelayed.push({ buyer, recipient, leg, tokens, relayed });
      else done.push(buyer);
    });
  }
  return { unrelayed, done };
}

/** What a report sent now would tell Base about the quotas and the close, and what Base has not booked of it yet. */
export interface Unbooked {
  /** Each round's quota a report sent now carries (after the close: what Ethereum used of the round). */
  quotas: bigint[];
  closed: boolean;
  /** Rounds whose quota Ethereum gave up and Base has not booked: the tokens Base may sell once it does. */
  released: { round: number; tokens: bigint }[];
  /** Ethereum closed and Base has not heard of it. */
  closeUnbooked: boolean;
}

export async function unbookedOnBase(ethP: EthereumPresale, baseP: BasePresale): Promise<Unbooked> {
  const [ethRounds, closed, baseRounds, baseClosed] = await Promise.all([
    ethP.rounds(),
    ethP.saleClosed(),
    baseP.rounds(),
    baseP.remoteSaleClosed(),
  ]);
  const quotas = ethRounds.map((r) => (closed ? r.used : r.ethereumQuota));
  const released = quotas
    .map((q, round) => ({ round, tokens: (baseRounds[round]?.ethereumQuota ?? q) - q }))
    .filter((x) => x.tokens > 0n);
  return { quotas, closed, released, closeUnbooked: closed && !baseClosed };
}
