/**
 * Resuming a deploy whose Ignition journal (ignition/deployments/<id>/journal.jsonl) a failed or interrupted run left
 * behind, so the same command completes it:
 *  - a transaction Ignition prepared (nonce assigned) but never got sent, e.g. for lack of funds or a crash before the
 *    node took it: nothing holds that nonce on the chain, so the step is reset to be sent again (Ignition would stop
 *    with HHE10410 "transaction lost" and ask for a hash that does not exist);
 *  - one that the node did take but Ignition never recorded (a crash in between): it is found on the chain by its
 *    sender and nonce and recorded as sent; when it cannot be found, the exact command to run is named;
 *  - a step that failed (a revert, a refused simulation) is cleared with Ignition's wipe, so it runs again.
 * Everything else is Ignition's normal resume (sent transactions are awaited, finished steps are kept).
 */
import fs from "node:fs";
import path from "node:path";
import { status, trackTransaction, wipe } from "@nomicfoundation/ignition-core";
import { Refusal } from "./cli.js";
import type { Connection } from "./deploy.js";

/** How far back to look for a transaction that was sent and not recorded (blocks); beyond it, the command is named. */
const SEARCH_BLOCKS = 2000;

/** How the journal writes a bigint. */
type JournalBigint = { _kind: "bigint"; value: string };
const journalBigint = (v: bigint): JournalBigint => ({ _kind: "bigint", value: v.toString() });

/** The journal messages this reads (one JSON message per line; only the fields used here). */
interface JournalMessage {
  type: string;
  futureId?: string;
  networkInteractionId?: number;
  nonce?: number;
  from?: string;
  networkInteraction?: { id: number; to?: string; data?: string; value?: JournalBigint };
}

/** A step with a nonce assigned and no transaction recorded, and the transaction it was to send. */
export interface UnsentStep {
  futureId: string;
  networkInteractionId: number;
  nonce: number;
  sender: string;
  call?: { to?: string; data?: string; value?: JournalBigint };
}

/** A transaction as eth_getBlockByNumber(…, true) lists it (the fields read here). */
interface ChainTx {
  hash: string;
  from: string;
  to: string | null;
  nonce: string;
  input: string;
  value: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
}

function readJournal(file: string): JournalMessage[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as JournalMessage);
}

/** Steps whose latest nonce assignment has no transaction after it (nor a reset or a wipe). */
export function unsentSteps(messages: JournalMessage[]): UnsentStep[] {
  const senders = new Map<string, string>();
  const calls = new Map<string, UnsentStep["call"]>();
  const open = new Map<string, UnsentStep>();
  for (const m of messages) {
    if (m.futureId === undefined) continue;
    if (m.from !== undefined) senders.set(m.futureId, m.from);
    if (m.type === "NETWORK_INTERACTION_REQUEST" && m.networkInteraction)
      calls.set(`${m.futureId}#${m.networkInteraction.id}`, m.networkInteraction);
    const key = `${m.futureId}#${m.networkInteractionId}`;
    if (m.type === "TRANSACTION_PREPARE_SEND" && m.nonce !== undefined && m.networkInteractionId !== undefined) {
      const sender = senders.get(m.futureId) ?? "";
      open.set(key, {
        futureId: m.futureId,
        networkInteractionId: m.networkInteractionId,
        nonce: m.nonce,
        sender,
        call: calls.get(key),
      });
    } else if (m.type === "TRANSACTION_SEND" || m.type === "ONCHAIN_INTERACTION_REPLACED_BY_USER") {
      open.delete(key);
    } else if (m.type === "WIPE_APPLY") {
      for (const k of [...open.keys()]) if (k.startsWith(`${m.futureId}#`)) open.delete(k);
    }
  }
  return [...open.values()];
}

const txCount = async (conn: Connection, address: string, tag: "latest" | "pending") =>
  Number(await conn.provider.request({ method: "eth_getTransactionCount", params: [address, tag] }));

/** `sender`'s transaction with `nonce`, searching the latest blocks. */
async function findByNonce(conn: Connection, sender: string, nonce: number): Promise<ChainTx | undefined> {
  const head = Number(await conn.provider.request({ method: "eth_blockNumber" }));
  for (let b = head; b >= 0 && b > head - SEARCH_BLOCKS; b--) {
    const block = (await conn.provider.request({
      method: "eth_getBlockByNumber",
      params: [`0x${b.toString(16)}`, true],
    })) as { transactions: ChainTx[] } | null;
    const tx = block?.transactions.find(
      (t) => t.from.toLowerCase() === sender.toLowerCase() && Number(t.nonce) === nonce,
    );
    if (tx) return tx;
  }
  return undefined;
}

/**
 * Whether `tx` is the step's own transaction. Hex is compared without regard to case: Ignition writes a linked
 * library's address checksummed into the journal's bytecode while the node returns it in lower case, so Ignition's own
 * track-tx takes the step's transaction for someone else's and sends the step a second time.
 */
function isStepTransaction(step: UnsentStep, tx: ChainTx): boolean {
  const c = step.call;
  return (
    c !== undefined &&
    (c.to ?? "").toLowerCase() === (tx.to ?? "").toLowerCase() &&
    (c.data ?? "0x").toLowerCase() === tx.input.toLowerCase() &&
    BigInt(c.value?.value ?? "0") === BigInt(tx.value)
  );
}

/** The message Ignition writes once a step's transaction is sent (the one its track-tx writes). */
function sentMessage(step: UnsentStep, tx: ChainTx) {
  const fees =
    tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas !== undefined
      ? {
          maxFeePerGas: journalBigint(BigInt(tx.maxFeePerGas)),
          maxPriorityFeePerGas: journalBigint(BigInt(tx.maxPriorityFeePerGas)),
        }
      : { gasPrice: journalBigint(BigInt(tx.gasPrice ?? "0")) };
  return {
    futureId: step.futureId,
    networkInteractionId: step.networkInteractionId,
    nonce: step.nonce,
    type: "TRANSACTION_SEND",
    transaction: { hash: tx.hash, fees },
  };
}

/**
 * Makes the journal in `dir` resumable (see the file comment); returns what was done, one line each. Throws a
 * Refusal naming the command to run when a sent transaction cannot be found.
 */
export async function repairJournal(
  conn: Connection,
  dir: string,
  ctx: { deploymentId: string; network: string; explorer?: string; requiredConfirmations?: number },
): Promise<string[]> {
  const done: string[] = [];
  const journal = path.join(dir, "journal.jsonl");
  if (!fs.existsSync(journal)) return done;
  const append = (message: object) => fs.appendFileSync(journal, `\n${JSON.stringify(message)}`);
  for (const step of unsentSteps(readJournal(journal))) {
    if ((await txCount(conn, step.sender, "pending")) <= step.nonce) {
      // Nothing holds this nonce on the chain: the step gets a fresh one and is sent again.
      append({
        futureId: step.futureId,
        networkInteractionId: step.networkInteractionId,
        type: "ONCHAIN_INTERACTION_REPLACED_BY_USER",
      });
      done.push(`${step.futureId}: its transaction (nonce ${step.nonce}) was never sent; it is sent again`);
      continue;
    }
    const mined = (await txCount(conn, step.sender, "latest")) > step.nonce;
    const tx = mined ? await findByNonce(conn, step.sender, step.nonce) : undefined;
    if (tx === undefined) {
      const where = ctx.explorer ? ` (${ctx.explorer}/address/${step.sender})` : "";
      throw new Refusal(
        `the deploy stopped after sending ${step.futureId}'s transaction (nonce ${step.nonce} from ${step.sender}) without recording it, and it is not in the last ${SEARCH_BLOCKS} blocks. ` +
          `Once it is mined, find its hash${where} and run: npx hardhat ignition track-tx <hash> ${ctx.deploymentId} --network ${ctx.network}; then run this deploy again`,
      );
    }
    if (isStepTransaction(step, tx)) {
      append(sentMessage(step, tx));
      done.push(
        `${step.futureId}: found its transaction ${tx.hash} (nonce ${step.nonce}) on the chain and recorded it`,
      );
    } else {
      // Another transaction took the nonce: Ignition's track-tx records the replacement; the step is sent again.
      const message = await trackTransaction(dir, tx.hash, conn.provider, ctx.requiredConfirmations);
      done.push(
        `${step.futureId}: its nonce ${step.nonce} was used by ${tx.hash}; ${message?.split("\n")[0] ?? "sent again"}`,
      );
    }
  }
  for (const f of (await status(dir)).failed) {
    await wipe(dir, undefined as never, f.futureId); // the artifact resolver is only read for in-memory deployments
    done.push(`${f.futureId}: failed last time; cleared to run again`);
  }
  return done;
}
