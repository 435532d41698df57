/**
 * Where each Ethereum purchase is on its way to Base, from the indexed rows (pure: the API reads the rows, this
 * decides). A relay carries every unrelayed token of each buyer it names, so a purchase travels in the first relay of
 * its buyer after it; it is on Base once Base imported that buyer's leg up to the relayed total. The expected time of
 * arrival comes from the measured relay cadence: how often relays carried buyers lately, and how long reports took to
 * be credited on Base.
 */

import type { Journey } from "@shaft/indexer-api";

export interface PurchaseRow {
  id: string;
  chainId: number;
  txHash: string;
  blockNumber: bigint;
  logIndex: number;
  timestamp: bigint;
  buyer: string;
  recipient: string;
}

export interface LegRow {
  relayId: string;
  blockNumber: bigint;
  logIndex: number;
  buyer: string;
  leg: number;
  recipient: string;
  tokens: bigint;
  timestamp: bigint;
}

export interface ImportRow {
  buyer: string;
  leg: number;
  tokens: bigint;
  txHash: string;
  timestamp: bigint;
}

export interface Cadence {
  /** Median seconds between consecutive relays that carried buyers (null: fewer than two relays seen). */
  relayEverySec: number | null;
  /** Median seconds from a relay on Ethereum to its credit on Base (null: nothing delivered yet). */
  deliverySec: number | null;
  lastRelayAt: number | null;
  samples: number;
}

const before = (a: { blockNumber: bigint; logIndex: number }, b: { blockNumber: bigint; logIndex: number }) =>
  a.blockNumber < b.blockNumber || (a.blockNumber === b.blockNumber && a.logIndex < b.logIndex);

const median = (xs: number[]) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
};

/** The first import of (buyer, leg) that reached `tokens`. */
function creditOf(imports: readonly ImportRow[], leg: LegRow): ImportRow | undefined {
  let first: ImportRow | undefined;
  for (const i of imports) {
    if (i.buyer !== leg.buyer || i.leg !== leg.leg || i.tokens < leg.tokens) continue;
    if (!first || i.timestamp < first.timestamp) first = i;
  }
  return first;
}

export function measureCadence(
  relays: readonly { txHash: string; timestamp: bigint; buyers: number }[],
  legs: readonly LegRow[],
  imports: readonly ImportRow[],
): Cadence {
  const carrying = relays.filter((r) => r.buyers > 0).sort((a, b) => Number(a.timestamp - b.timestamp));
  const gaps: number[] = [];
  for (let i = 1; i < carrying.length; i++) gaps.push(Number(carrying[i]!.timestamp - carrying[i - 1]!.timestamp));
  const delays: number[] = [];
  for (const leg of legs) {
    const c = creditOf(imports, leg);
    if (c) delays.push(Math.max(0, Number(c.timestamp - leg.timestamp)));
  }
  const last = carrying[carrying.length - 1];
  return {
    relayEverySec: median(gaps),
    deliverySec: median(delays),
    lastRelayAt: last ? Number(last.timestamp) : null,
    samples: carrying.length,
  };
}

/**
 * The journey of an Ethereum purchase. `legs` are its buyer's relayed legs (any order), `current` the buyer's
 * current recipient and leg (eth_buyer), `now` unix seconds for the estimate.
 */
export function journeyOf(
  p: PurchaseRow,
  legs: readonly LegRow[],
  current: { recipient: string; leg: number } | undefined,
  imports: readonly ImportRow[],
  cadence: Cadence,
  now: number,
): Journey {
  let carrier: LegRow | undefined;
  for (const l of legs) {
    if (l.buyer !== p.buyer || !before(p, l)) continue;
    if (!carrier || before(l, carrier)) carrier = l;
  }
  const relayEvery = cadence.relayEverySec ?? 60;
  const delivery = cadence.deliverySec ?? 60;
  if (!carrier) {
    // The next relay: a relay period after the last one (or after the purchase), not before now.
    const nextRelay = Math.max(now, (cadence.lastRelayAt ?? Number(p.timestamp)) + relayEvery, Number(p.timestamp));
    return {
      stage: "bought",
      owner: current?.recipient ?? p.recipient,
      leg: current?.leg ?? null,
      relay: null,
      credit: null,
      expectedAt: nextRelay + delivery,
    };
  }
  const relay = { id: carrier.relayId, txHash: carrier.relayId.split(":")[1]!, timestamp: Number(carrier.timestamp) };
  const c = creditOf(imports, carrier);
  if (!c) {
    return {
      stage: "sent",
      owner: carrier.recipient,
      leg: carrier.leg,
      relay,
      credit: null,
      expectedAt: Math.max(now, Number(carrier.timestamp) + delivery),
    };
  }
  return {
    stage: "onBase",
    owner: carrier.recipient,
    leg: carrier.leg,
    relay,
    credit: { txHash: c.txHash, timestamp: Number(c.timestamp) },
    expectedAt: null,
  };
}
