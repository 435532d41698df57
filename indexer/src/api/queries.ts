/**
 * The API's queries (read-only) and the shapes it answers with. Amounts are decimal strings (bigints), times unix
 * seconds, addresses lowercase.
 */
import type { db as apiDb } from "ponder:api";
import {
  buyer,
  chainState,
  claim,
  dailySales,
  depositImport,
  ethBuyer,
  ladderRound,
  ownerAction,
  purchase,
  relay,
  relayLeg,
  reportReceived,
  roundSales,
  stakingEvent,
} from "ponder:schema";
import { and, asc, desc, eq, gt, inArray, or, replaceBigInts, sql } from "ponder";
import { journeyOf, measureCadence, type Cadence, type ImportRow, type LegRow } from "../../lib/activity";
import { resolveTarget } from "../../lib/deployments";

type Db = typeof apiDb;
type Hex = `0x${string}`;

const target = resolveTarget();
export const ETH_CHAIN = target.eth.id;
export const BASE_CHAIN = target.base.id;

const str = <T>(v: T) => replaceBigInts(v, (b) => b.toString());
const unique = <T>(xs: T[]) => [...new Set(xs)];

// ---------------------------------------------------------------- cadence (shared by every reader, cached briefly)

let cadenceCache: { at: number; value: Cadence } | undefined;

export async function cadence(db: Db): Promise<Cadence> {
  const now = Date.now();
  if (cadenceCache && now - cadenceCache.at < 5_000) return cadenceCache.value;
  const recent = await db.select().from(relay).orderBy(desc(relay.timestamp)).limit(20);
  const legs = recent.length
    ? await db
        .select()
        .from(relayLeg)
        .where(
          inArray(
            relayLeg.relayId,
            recent.map((r) => r.id),
          ),
        )
        .limit(400)
    : [];
  const imports = legs.length
    ? await db
        .select()
        .from(depositImport)
        .where(inArray(depositImport.buyer, unique(legs.map((l) => l.buyer))))
    : [];
  const value = measureCadence(recent, legs, imports);
  cadenceCache = { at: now, value };
  return value;
}

// ---------------------------------------------------------------- a wallet's activity

export async function activity(db: Db, me: Hex, now: number) {
  // Ethereum buyers whose tokens are (or were) pointed at me, besides my own purchases.
  const [legsToMe, currentToMe] = await Promise.all([
    db.selectDistinct({ buyer: relayLeg.buyer }).from(relayLeg).where(eq(relayLeg.recipient, me)),
    db.select({ buyer: ethBuyer.buyer }).from(ethBuyer).where(eq(ethBuyer.recipient, me)),
  ]);
  const ethBuyers = unique([me, ...legsToMe.map((r) => r.buyer), ...currentToMe.map((r) => r.buyer)]);
  const [purchases, legs, currents, imports, claims, staking, pace] = await Promise.all([
    db
      .select()
      .from(purchase)
      .where(
        or(
          and(eq(purchase.chainId, ETH_CHAIN), inArray(purchase.buyer, ethBuyers)),
          eq(purchase.buyer, me),
          eq(purchase.recipient, me),
        ),
      )
      .orderBy(desc(purchase.timestamp), desc(purchase.logIndex)),
    db.select().from(relayLeg).where(inArray(relayLeg.buyer, ethBuyers)),
    db.select().from(ethBuyer).where(inArray(ethBuyer.buyer, ethBuyers)),
    db
      .select()
      .from(depositImport)
      .where(or(inArray(depositImport.buyer, ethBuyers), eq(depositImport.recipient, me))),
    db.select().from(claim).where(eq(claim.user, me)).orderBy(desc(claim.timestamp)),
    db.select().from(stakingEvent).where(eq(stakingEvent.user, me)).orderBy(desc(stakingEvent.timestamp)),
    cadence(db),
  ]);
  const relayIds = unique(legs.map((l) => l.relayId));
  const relays = relayIds.length ? await db.select().from(relay).where(inArray(relay.id, relayIds)) : [];
  const legRows: LegRow[] = legs;
  const importRows: ImportRow[] = imports;
  const rows = purchases
    .map((p) => {
      if (p.chainId !== ETH_CHAIN) return { ...p, journey: null };
      const cur = currents.find((c) => c.buyer === p.buyer);
      return { ...p, journey: journeyOf(p, legRows, cur, importRows, pace, now) };
    })
    // Another buyer's purchases count only while their tokens are (or went) to me.
    .filter((p) => p.buyer === me || p.recipient === me || p.journey?.owner === me);
  const myLegs = legs.filter((l) => l.buyer === me || l.recipient === me);
  return str({
    address: me,
    chains: { ethereum: ETH_CHAIN, base: BASE_CHAIN },
    now,
    cadence: pace,
    purchases: rows,
    relays: myLegs.map((l) => ({ ...l, txHash: relays.find((r) => r.id === l.relayId)?.txHash ?? null })),
    credits: imports.filter((i) => i.recipient === me),
    claims,
    staking,
  });
}

// ---------------------------------------------------------------- the owner console's figures

export async function sales(db: Db, now: number) {
  // PGlite runs one statement at a time, each with a fixed cost: the small tables are read whole (the per-token and
  // daily series are folded here from `daily_sales`) and the counts come in one statement.
  const [states, rounds, perRound, days, totals, pace, lastRelay, lastReport] = await Promise.all([
    db.select().from(chainState),
    db.select().from(ladderRound).orderBy(asc(ladderRound.chainId), asc(ladderRound.round)),
    db.select().from(roundSales).orderBy(asc(roundSales.chainId), asc(roundSales.round)),
    db.select().from(dailySales).orderBy(asc(dailySales.day)),
    db.execute(sql`
      select
        (select count(distinct ${buyer.address})::int from ${buyer}) as buyers,
        b.buyers as backlog_buyers, b.tokens as backlog_tokens, b.oldest as backlog_oldest,
        f.legs as flight_legs, f.tokens as flight_tokens, f.oldest as flight_oldest
      from
        (select count(*)::int as buyers, coalesce(sum(${ethBuyer.tokens} - ${ethBuyer.relayed}), 0)::text as tokens,
                min(${ethBuyer.waitingSince})::text as oldest
         from ${ethBuyer} where ${ethBuyer.tokens} > ${ethBuyer.relayed}) b,
        -- Legs relayed but not credited on Base yet (the deposits in flight).
        (select count(*)::int as legs, coalesce(sum(l.tokens - coalesce(i.tokens, 0)), 0)::text as tokens,
                min(l.timestamp)::text as oldest
         from ${relayLeg} l
         left join (select buyer, leg, max(tokens) as tokens from ${depositImport} group by buyer, leg) i
           on i.buyer = l.buyer and i.leg = l.leg
         where l.tokens > coalesce(i.tokens, 0)
           and l.tokens = (select max(l2.tokens) from ${relayLeg} l2 where l2.buyer = l.buyer and l2.leg = l.leg)) f`),
    cadence(db),
    db.select().from(relay).orderBy(desc(relay.timestamp)).limit(1),
    db.select().from(reportReceived).orderBy(desc(reportReceived.timestamp)).limit(1),
  ]);
  const t = (totals as unknown as { rows: Totals[] }).rows[0];
  return str({
    now,
    chains: { ethereum: ETH_CHAIN, base: BASE_CHAIN },
    states,
    rounds,
    perRound,
    ...series(days),
    buyers: t?.buyers ?? 0,
    backlog: t
      ? { buyers: t.backlog_buyers, tokens: t.backlog_tokens, oldest: t.backlog_oldest }
      : { buyers: 0, tokens: "0", oldest: null },
    inFlight: t
      ? { legs: t.flight_legs, tokens: t.flight_tokens, oldest: t.flight_oldest }
      : { legs: 0, tokens: "0", oldest: null },
    cadence: pace,
    lastRelay: lastRelay[0] ?? null,
    lastReport: lastReport[0] ?? null,
  });
}

interface Totals {
  buyers: number;
  backlog_buyers: number;
  backlog_tokens: string;
  backlog_oldest: string | null;
  flight_legs: number;
  flight_tokens: string;
  flight_oldest: string | null;
}

/** Sales per (chain, payment token) and per (chain, day), summed from the (chain, day, token) rows, days ascending. */
function series(rows: readonly (typeof dailySales.$inferSelect)[]) {
  const perToken = new Map<
    string,
    { chainId: number; payToken: Hex; purchases: number; tokens: bigint; usd: bigint; paid: bigint }
  >();
  const daily = new Map<string, { chainId: number; day: bigint; purchases: number; tokens: bigint; usd: bigint }>();
  for (const r of [...rows].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))) {
    const tk = `${r.chainId}:${r.payToken}`;
    const tok = perToken.get(tk) ?? {
      chainId: r.chainId,
      payToken: r.payToken,
      purchases: 0,
      tokens: 0n,
      usd: 0n,
      paid: 0n,
    };
    perToken.set(tk, {
      ...tok,
      purchases: tok.purchases + r.purchases,
      tokens: tok.tokens + r.tokens,
      usd: tok.usd + r.usd,
      paid: tok.paid + r.paid,
    });
    const dk = `${r.chainId}:${r.day}`;
    const day = daily.get(dk) ?? { chainId: r.chainId, day: r.day, purchases: 0, tokens: 0n, usd: 0n };
    daily.set(dk, {
      ...day,
      purchases: day.purchases + r.purchases,
      tokens: day.tokens + r.tokens,
      usd: day.usd + r.usd,
    });
  }
  return { perToken: [...perToken.values()], daily: [...daily.values()] };
}

// ---------------------------------------------------------------- exports and history

export async function purchasesPage(db: Db, after: string | undefined, limit: number) {
  // Ordered by id within chain and time: (timestamp, id) is unique and stable while new rows arrive.
  let cursor: { timestamp: bigint; id: string } | undefined;
  if (after) {
    const row = await db.select().from(purchase).where(eq(purchase.id, after)).limit(1);
    if (row[0]) cursor = { timestamp: row[0].timestamp, id: row[0].id };
  }
  const rows = await db
    .select()
    .from(purchase)
    .where(
      cursor
        ? or(
            gt(purchase.timestamp, cursor.timestamp),
            and(eq(purchase.timestamp, cursor.timestamp), gt(purchase.id, cursor.id)),
          )
        : undefined,
    )
    .orderBy(asc(purchase.timestamp), asc(purchase.id))
    .limit(limit);
  return str({ purchases: rows, next: rows.length === limit ? rows[rows.length - 1]!.id : null });
}

export async function ownerActions(db: Db, limit: number) {
  const rows = await db.select().from(ownerAction).orderBy(desc(ownerAction.timestamp)).limit(limit);
  return str({ actions: rows });
}
