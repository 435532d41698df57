/**
 * Ethereum's purchases on their way to Base: each buyer's current leg (`RecipientChanged` re-points the unrelayed
 * tokens), the reports Ethereum sends (`Relayed`, with the L1 messenger's `SentMessage` copy of the report emitted just
 * before it in the same transaction) and what Base credits (`RemoteDepositImported`, `EthereumReportReceived`).
 */
import { ponder } from "ponder:registry";
import {
  chainState,
  depositImport,
  ethBuyer,
  relay,
  relayLeg,
  reportReceived,
  type PendingReport,
} from "ponder:schema";
import { decodeFunctionData } from "viem";
import { BASE_PRESALE_ABI } from "../lib/deployments";
import { eventId } from "./ladder";

const lower = (a: string) => a.toLowerCase() as `0x${string}`;

ponder.on("EthereumPresale:RecipientChanged", async ({ event, context }) => {
  const buyer = lower(event.args.buyer);
  const cur = await context.db.find(ethBuyer, { buyer });
  if (!cur) return; // setRecipient needs unrelayed tokens, so a purchase came first: never happens
  const leg = Number(event.args.leg);
  // EthereumPresale._repoint: once part of the leg was relayed, the unrelayed rest starts the next leg.
  await context.db
    .update(ethBuyer, { buyer })
    .set(
      leg === cur.leg
        ? { recipient: lower(event.args.recipient) }
        : { recipient: lower(event.args.recipient), leg, tokens: cur.tokens - cur.relayed, relayed: 0n },
    );
});

ponder.on("L1Messenger:SentMessage", async ({ event, context }) => {
  // Only messages to the Base presale are indexed (config filter); the Ethereum presale is their only possible sender
  // that Base accepts, but anyone can send one, so a message from elsewhere is ignored.
  let decoded;
  try {
    decoded = decodeFunctionData({ abi: BASE_PRESALE_ABI, data: event.args.message });
  } catch {
    return;
  }
  if (decoded.functionName !== "receiveEthereumReport") return;
  const [deposits, quotas, used] = decoded.args;
  const report: PendingReport = {
    txHash: event.transaction.hash,
    nonce: event.args.messageNonce.toString(),
    gasLimit: event.args.gasLimit.toString(),
    sender: lower(event.args.sender),
    legs: deposits.map((d) => ({
      buyer: lower(d.buyer),
      leg: Number(d.leg),
      recipient: lower(d.recipient),
      tokens: d.tokens.toString(),
    })),
    quotas: quotas.map(String),
    used: used.map(String),
  };
  await context.db.update(chainState, { chainId: context.chain.id }).set({ pendingReport: report });
});

ponder.on("EthereumPresale:Relayed", async ({ event, context }) => {
  const { db } = context;
  const chainId = context.chain.id;
  const s = await db.find(chainState, { chainId });
  const presale = lower(event.log.address);
  const report =
    s?.pendingReport?.txHash === event.transaction.hash && s.pendingReport.sender === presale
      ? s.pendingReport
      : undefined;
  const id = eventId(chainId, event.transaction.hash, event.log.logIndex);
  await db.insert(relay).values({
    id,
    chainId,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    sender: lower(event.transaction.from),
    buyers: event.args.buyers.length,
    tokensSold: event.args.tokensSold,
    usdRaised: event.args.usdRaised,
    closed: event.args.closed,
    messageNonce: report ? BigInt(report.nonce) : null,
    gasLimit: report ? BigInt(report.gasLimit) : null,
    quotas: report?.quotas ?? null,
    used: report?.used ?? null,
  });
  for (const b of event.args.buyers) {
    const buyer = lower(b);
    const cur = await db.find(ethBuyer, { buyer });
    if (!cur) continue;
    // The report is what Base will credit; the buyer's leg as the events built it must say the same.
    const sent = report?.legs.find((l) => l.buyer === buyer);
    if (sent && (sent.leg !== cur.leg || BigInt(sent.tokens) !== cur.tokens || sent.recipient !== cur.recipient)) {
      console.warn(
        `indexer: relay ${id} carried ${buyer} leg ${sent.leg} (${sent.tokens}), events say ${cur.leg} (${cur.tokens})`,
      );
    }
    const leg = sent?.leg ?? cur.leg;
    const tokens = sent ? BigInt(sent.tokens) : cur.tokens;
    await db.insert(relayLeg).values({
      relayId: id,
      blockNumber: event.block.number,
      logIndex: event.log.logIndex,
      buyer,
      leg,
      recipient: sent?.recipient ?? cur.recipient,
      tokens,
      added: tokens - cur.relayed,
      timestamp: event.block.timestamp,
    });
    await db.update(ethBuyer, { buyer }).set({ relayed: tokens, waitingSince: null });
  }
  await db.update(chainState, { chainId }).set({ pendingReport: null });
});

ponder.on("BasePresale:RemoteDepositImported", async ({ event, context }) => {
  const a = event.args;
  await context.db.insert(depositImport).values({
    id: eventId(context.chain.id, event.transaction.hash, event.log.logIndex),
    chainId: context.chain.id,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    recipient: lower(a.recipient),
    buyer: lower(a.buyer),
    leg: Number(a.leg),
    tokens: a.tokens,
    credited: a.credited,
  });
});

ponder.on("BasePresale:EthereumReportReceived", async ({ event, context }) => {
  const a = event.args;
  await context.db.insert(reportReceived).values({
    id: eventId(context.chain.id, event.transaction.hash, event.log.logIndex),
    chainId: context.chain.id,
    txHash: event.transaction.hash,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    deposits: Number(a.deposits),
    tokensSold: a.tokensSold,
    usdRaised: a.usdRaised,
    closed: a.closed,
  });
});
