/**
 * Who holds an Ethereum deposit, from the presale's purchase events: the one lookup behind `admin status`,
 * `admin start-claim`, `admin relay` and the keeper.
 *
 * Only the indexed topic that names the deposit's owner is read from each raw log (eth_getLogs), never the whole event
 * through an ABI decoder. Decoding costs about 0.3 ms a log in one synchronous stretch: on a chain with ~9,000 purchases
 * that blocked the event loop for 2-6 s at a time, long enough for an idle keep-alive connection of the Hardhat HTTP
 * client to outlive the node's own keep-alive timeout (5 s + 1 s), so the next request went out on a socket the busy
 * node was closing ("Failed to make POST request … other side closed", exit 3). Reading one topic costs microseconds.
 */
import { getAddress } from "ethers";
import { Presale__factory } from "../../typechain-types/index.js";
import type { Connection } from "./deploy.js";

/** The purchase event, and the argument that names whose deposit it credits (the lead's event renames it `recipient`). */
export const PURCHASE_EVENT = "TokensBought";
export const DEPOSIT_OWNER_ARG = "user";

const event = Presale__factory.createInterface().getEvent(PURCHASE_EVENT);
/** topics[0] of a purchase log. */
export const PURCHASE_TOPIC = event.topicHash;
/** Where the owner sits among a purchase log's topics (topics[0] is the event's own hash). */
export const OWNER_TOPIC_INDEX =
  1 + event.inputs.filter((i) => i.indexed).findIndex((i) => i.name === DEPOSIT_OWNER_ARG);
if (OWNER_TOPIC_INDEX < 1) throw new Error(`${PURCHASE_EVENT} has no indexed "${DEPOSIT_OWNER_ARG}" argument`);

interface RawLog {
  topics: string[];
}

const hex = (n: number) => `0x${n.toString(16)}`;

/** The distinct deposit owners of the presale's purchases in blocks [from, to], checksummed. */
export async function depositOwnersIn(conn: Connection, presale: string, from: number, to: number): Promise<string[]> {
  const logs = (await conn.provider.request({
    method: "eth_getLogs",
    params: [{ address: presale, fromBlock: hex(from), toBlock: hex(to), topics: [PURCHASE_TOPIC] }],
  })) as RawLog[];
  const topics = new Set<string>();
  for (const l of logs) {
    const t = l.topics[OWNER_TOPIC_INDEX];
    if (t !== undefined) topics.add(t.toLowerCase());
  }
  return [...topics].map((t) => getAddress(`0x${t.slice(26)}`));
}

/** `depositOwnersIn` over a long range, `chunk` blocks per request (public RPCs cap a request's range). */
export async function depositOwners(
  conn: Connection,
  presale: string,
  from: number,
  to: number,
  chunk = 5000,
): Promise<Set<string>> {
  const owners = new Set<string>();
  for (let start = from; start <= to; start += chunk) {
    for (const a of await depositOwnersIn(conn, presale, start, Math.min(start + chunk - 1, to))) owners.add(a);
  }
  return owners;
}

/** Runs `read` over `items`, at most `width` at a time, keeping the order. */
export async function mapBounded<T, R>(items: T[], width: number, read: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(read))));
  return out;
}
