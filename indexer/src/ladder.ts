/**
 * Purchases on both chains and each chain's position on its share of the ladder. A purchase that leaves rounds emits
 * `RoundExpired` and `StepAdvanced` before its `TokensBought` (docs/PRODUCT.md §9, the ladder), so those are gathered in
 * the chain's row and read by the purchase that follows in the same transaction; the purchase is then split over its
 * rounds by replaying the walk (lib/ladder.ts) from the position before it.
 */
import { ponder, type Context } from "ponder:registry";
import {
  buyer,
  chainState,
  dailySales,
  ethBuyer,
  ladderRound,
  purchase,
  purchaseRound,
  roundSales,
} from "ponder:schema";
import { walkPurchase, type RoundTerms } from "../lib/ladder";
import { recordOwnerAction } from "./owner";

const DAY = 86_400n;
const lower = (a: string) => a.toLowerCase() as `0x${string}`;

type Db = Context["db"];

/** `<chainId>:<txHash>:<logIndex>`: the id of every event row. */
export const eventId = (chainId: number, txHash: string, logIndex: number) => `${chainId}:${txHash}:${logIndex}`;

type Terms = (typeof chainState.$inferSelect)["terms"];

const termsOf = (terms: Terms): RoundTerms[] =>
  terms.map((t) => ({ cap: BigInt(t.cap), price: BigInt(t.price), ethereumQuota: BigInt(t.ethereumQuota) }));

async function initLadder(
  db: Db,
  chainId: number,
  args: {
    caps: readonly bigint[];
    prices: readonly bigint[];
    endTimes: readonly bigint[];
    ethereumQuotas: readonly bigint[];
  },
) {
  await db
    .insert(ladderRound)
    .values(
      args.caps.map((cap, round) => ({
        chainId,
        round,
        cap,
        price: args.prices[round]!,
        endTime: args.endTimes[round]!,
        ethereumQuota: args.ethereumQuotas[round]!,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(chainState)
    .values({
      chainId,
      roundCount: args.caps.length,
      terms: args.caps.map((cap, i) => ({
        cap: String(cap),
        price: String(args.prices[i]),
        ethereumQuota: String(args.ethereumQuotas[i]),
      })),
      step: 0,
      used: 0n,
      tokensSold: 0n,
      usdRaised: 0n,
      purchases: 0,
      buyers: 0,
      paused: false,
      closed: false,
    })
    .onConflictDoNothing();
}

async function state(db: Db, chainId: number) {
  const s = await db.find(chainState, { chainId });
  if (!s) throw new Error(`indexer: chain ${chainId} has no LadderInitialized before its first event`);
  return s;
}

/** The ladder events of `txHash` gathered so far (a new transaction starts afresh). */
function pendingOf(s: typeof chainState.$inferSelect, txHash: `0x${string}`) {
  return s.pendingTx === txHash
    ? { expired: s.pendingExpired ?? [], step: s.pendingStep ?? null }
    : { expired: [] as number[], step: null as number | null };
}

async function onRoundExpired(db: Db, chainId: number, txHash: `0x${string}`, step: bigint) {
  const s = await state(db, chainId);
  const p = pendingOf(s, txHash);
  await db
    .update(chainState, { chainId })
    .set({ pendingTx: txHash, pendingExpired: [...p.expired, Number(step)], pendingStep: p.step });
}

async function onStepAdvanced(db: Db, chainId: number, txHash: `0x${string}`, step: bigint) {
  const s = await state(db, chainId);
  const p = pendingOf(s, txHash);
  await db
    .update(chainState, { chainId })
    .set({ pendingTx: txHash, pendingExpired: p.expired, pendingStep: Number(step) });
}

interface Bought {
  chainId: number;
  ethereumSide: boolean;
  txHash: `0x${string}`;
  logIndex: number;
  blockNumber: bigint;
  timestamp: bigint;
  buyer: string;
  recipient: string;
  payToken: string;
  paid: bigint;
  tokens: bigint;
  usd: bigint;
  staked: boolean;
}

async function onTokensBought(db: Db, b: Bought) {
  const s = await state(db, b.chainId);
  const pending = pendingOf(s, b.txHash);
  const rounds = termsOf(s.terms);
  let walk;
  try {
    walk = walkPurchase(rounds, b.ethereumSide, { step: s.step, used: s.used }, new Set(pending.expired), b.tokens);
  } catch (e) {
    walk = undefined;
    console.warn(
      `indexer: purchase ${eventId(b.chainId, b.txHash, b.logIndex)} could not be replayed on the ladder: ${(e as Error).message}`,
    );
  }
  const endStep = pending.step ?? s.step;
  if (walk && (walk.usd !== b.usd || walk.step !== endStep)) {
    console.warn(
      `indexer: purchase ${eventId(b.chainId, b.txHash, b.logIndex)} replayed to round ${walk.step} for ${walk.usd} USD; the chain says round ${endStep} for ${b.usd}`,
    );
  }
  const takes = walk?.takes.length ? walk.takes : [{ round: endStep, tokens: b.tokens, usd: b.usd }];
  const buyerAddr = lower(b.buyer);
  const recipient = lower(b.recipient);
  if (b.ethereumSide) {
    // Mirrors EthereumPresale._credit: the first purchase names the leg's recipient; another recipient re-points
    // (RecipientChanged, handled before this event in the same transaction, already moved the leg).
    await db
      .insert(ethBuyer)
      .values({ buyer: buyerAddr, recipient, leg: 0, tokens: b.tokens, relayed: 0n, waitingSince: b.timestamp })
      .onConflictDoUpdate((cur) => ({
        tokens: cur.tokens + b.tokens,
        waitingSince: cur.tokens === cur.relayed ? b.timestamp : (cur.waitingSince ?? b.timestamp),
      }));
  }
  const id = eventId(b.chainId, b.txHash, b.logIndex);
  await db.insert(purchase).values({
    id,
    chainId: b.chainId,
    txHash: b.txHash,
    logIndex: b.logIndex,
    blockNumber: b.blockNumber,
    timestamp: b.timestamp,
    buyer: buyerAddr,
    recipient,
    payToken: lower(b.payToken),
    paid: b.paid,
    tokens: b.tokens,
    usd: b.usd,
    staked: b.staked,
    card: !b.ethereumSide && buyerAddr !== recipient,
    firstRound: takes[0]!.round,
    lastRound: takes[takes.length - 1]!.round,
  });
  await db.insert(purchaseRound).values(
    takes.map((t) => ({
      purchaseId: id,
      chainId: b.chainId,
      round: t.round,
      tokens: t.tokens,
      usd: t.usd,
      timestamp: b.timestamp,
    })),
  );
  for (const t of takes) {
    await db
      .insert(roundSales)
      .values({ chainId: b.chainId, round: t.round, purchases: 1, tokens: t.tokens, usd: t.usd })
      .onConflictDoUpdate((row) => ({
        purchases: row.purchases + 1,
        tokens: row.tokens + t.tokens,
        usd: row.usd + t.usd,
      }));
  }
  // One buyer row per (chain, owner of the tokens): a card purchase counts its customer, not the provider. A row that
  // holds one purchase after this one was just created: a new buyer.
  const owner = await db
    .insert(buyer)
    .values({
      chainId: b.chainId,
      address: recipient,
      purchases: 1,
      tokens: b.tokens,
      usd: b.usd,
      firstAt: b.timestamp,
    })
    .onConflictDoUpdate((row) => ({
      purchases: row.purchases + 1,
      tokens: row.tokens + b.tokens,
      usd: row.usd + b.usd,
    }));
  const newBuyer = owner.purchases === 1;
  await db
    .insert(dailySales)
    .values({
      chainId: b.chainId,
      day: b.timestamp - (b.timestamp % DAY),
      payToken: lower(b.payToken),
      purchases: 1,
      tokens: b.tokens,
      usd: b.usd,
      paid: b.paid,
    })
    .onConflictDoUpdate((row) => ({
      purchases: row.purchases + 1,
      tokens: row.tokens + b.tokens,
      usd: row.usd + b.usd,
      paid: row.paid + b.paid,
    }));
  await db.update(chainState, { chainId: b.chainId }).set({
    step: walk && walk.step === endStep ? walk.step : endStep,
    used: walk && walk.step === endStep ? walk.used : s.used,
    tokensSold: s.tokensSold + b.tokens,
    usdRaised: s.usdRaised + b.usd,
    purchases: s.purchases + 1,
    buyers: s.buyers + (newBuyer ? 1 : 0),
    pendingTx: null,
    pendingExpired: null,
    pendingStep: null,
  });
}

async function onStepSet(db: Db, chainId: number, step: bigint, used: bigint) {
  await db.update(chainState, { chainId }).set({ step: Number(step), used, pendingTx: null });
}

async function onRoundsUpdated(db: Db, chainId: number, endTimes: readonly bigint[], prices: readonly bigint[]) {
  const s = await state(db, chainId);
  for (let round = 0; round < s.roundCount; round++) {
    await db.update(ladderRound, { chainId, round }).set({ price: prices[round]!, endTime: endTimes[round]! });
  }
  await db.update(chainState, { chainId }).set({ terms: s.terms.map((t, i) => ({ ...t, price: String(prices[i]) })) });
}

async function onRespaced(db: Db, chainId: number, fromStep: bigint, firstEnd: bigint, spacing: bigint) {
  const n = (await state(db, chainId)).roundCount;
  for (let round = Number(fromStep); round < n; round++) {
    await db
      .update(ladderRound, { chainId, round })
      .set({ endTime: firstEnd + BigInt(round - Number(fromStep)) * spacing });
  }
}

async function onQuota(db: Db, chainId: number, round: bigint, quota: bigint) {
  await db.update(ladderRound, { chainId, round: Number(round) }).set({ ethereumQuota: quota });
  const s = await state(db, chainId);
  await db.update(chainState, { chainId }).set({
    terms: s.terms.map((t, i) => (i === Number(round) ? { ...t, ethereumQuota: String(quota) } : t)),
  });
}

// ---------------------------------------------------------------- registration, both chains

// The events both presales emit alike; `source` names the contract in Ponder's configuration.
for (const source of ["EthereumPresale", "BasePresale"] as const) {
  ponder.on(`${source}:LadderInitialized`, async ({ event, context }) => {
    await initLadder(context.db, context.chain.id, event.args);
  });
  ponder.on(`${source}:RoundExpired`, async ({ event, context }) => {
    await onRoundExpired(context.db, context.chain.id, event.transaction.hash, event.args.step);
  });
  ponder.on(`${source}:StepAdvanced`, async ({ event, context }) => {
    await onStepAdvanced(context.db, context.chain.id, event.transaction.hash, event.args.step);
  });
  ponder.on(`${source}:StepSet`, async ({ event, context }) => {
    await onStepSet(context.db, context.chain.id, event.args.step, event.args.used);
    await recordOwnerAction(context, source, "StepSet", event);
  });
  ponder.on(`${source}:RoundsUpdated`, async ({ event, context }) => {
    await onRoundsUpdated(context.db, context.chain.id, event.args.endTimes, event.args.prices);
    await recordOwnerAction(context, source, "RoundsUpdated", event);
  });
  ponder.on(`${source}:RoundsRespaced`, async ({ event, context }) => {
    const a = event.args;
    await onRespaced(context.db, context.chain.id, a.fromStep, a.firstEndTime, a.spacing);
  });
  ponder.on(`${source}:TokensBought`, async ({ event, context }) => {
    const a = event.args;
    await onTokensBought(context.db, {
      chainId: context.chain.id,
      ethereumSide: source === "EthereumPresale",
      txHash: event.transaction.hash,
      logIndex: event.log.logIndex,
      blockNumber: event.block.number,
      timestamp: event.block.timestamp,
      buyer: a.buyer,
      recipient: a.recipient,
      payToken: a.paymentToken,
      paid: a.paid,
      tokens: a.tokens,
      usd: a.usdValue,
      staked: a.staked,
    });
  });
}

// Ethereum's quota of a round: released by Ethereum's owner, booked on Base when the report says so.
ponder.on("EthereumPresale:EthereumQuotaReleased", async ({ event, context }) => {
  await onQuota(context.db, context.chain.id, event.args.round, event.args.quota);
  await recordOwnerAction(context, "EthereumPresale", "EthereumQuotaReleased", event);
});
ponder.on("BasePresale:EthereumQuotaBooked", async ({ event, context }) => {
  await onQuota(context.db, context.chain.id, event.args.round, event.args.quota);
});
