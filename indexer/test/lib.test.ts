/**
 * The pure parts: a purchase's split over the rounds (the presale's walk, replayed) and an Ethereum purchase's journey
 * from the relays and credits around it.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { journeyOf, measureCadence, type ImportRow, type LegRow } from "../lib/activity.ts";
import { walkPurchase, type RoundTerms } from "../lib/ladder.ts";

const R: RoundTerms[] = [
  { cap: 100n, price: 10n, ethereumQuota: 40n },
  { cap: 200n, price: 20n, ethereumQuota: 30n },
  { cap: 300n, price: 30n, ethereumQuota: 0n },
];

void describe("walkPurchase", () => {
  void it("sells each chain's share round by round and moves on when a share is used up", () => {
    const w = walkPurchase(R, true, { step: 0, used: 30n }, new Set(), 25n);
    assert.deepEqual(w.takes, [
      { round: 0, tokens: 10n, usd: 100n },
      { round: 1, tokens: 15n, usd: 300n },
    ]);
    assert.deepEqual([w.step, w.used, w.usd], [1, 15n, 400n]);
  });

  void it("an exact fill enters the next round with nothing used; a zero share is skipped", () => {
    const w = walkPurchase(R, true, { step: 1, used: 0n }, new Set(), 30n);
    assert.deepEqual([w.step, w.used], [2, 0n]);
    assert.throws(() => walkPurchase(R, true, { step: 1, used: 0n }, new Set(), 31n), /past the last round/);
  });

  void it("skips the rounds the purchase found expired; Base sells the rest of each round", () => {
    const w = walkPurchase(R, false, { step: 0, used: 5n }, new Set([0]), 80n);
    assert.deepEqual(w.takes, [
      { round: 1, tokens: 70n, usd: 1400n },
      { round: 2, tokens: 10n, usd: 300n },
    ]);
  });
});

const leg = (over: Partial<LegRow>): LegRow => ({
  relayId: "31337:0xrelay:1",
  blockNumber: 10n,
  logIndex: 1,
  buyer: "0xa",
  leg: 0,
  recipient: "0xb",
  tokens: 100n,
  timestamp: 1000n,
  ...over,
});
const purchase = {
  id: "p",
  chainId: 31337,
  txHash: "0xp",
  blockNumber: 9n,
  logIndex: 0,
  timestamp: 990n,
  buyer: "0xa",
  recipient: "0xa",
};
const credit: ImportRow = { buyer: "0xa", leg: 0, tokens: 100n, txHash: "0xc", timestamp: 1030n };

void describe("journeyOf", () => {
  const cadence = measureCadence(
    [
      { txHash: "0x1", timestamp: 400n, buyers: 1 },
      { txHash: "0x2", timestamp: 1000n, buyers: 3 },
      { txHash: "0x3", timestamp: 1100n, buyers: 0 },
    ],
    [leg({})],
    [credit],
  );

  void it("measures the relay period and the delivery time", () => {
    assert.deepEqual(cadence, { relayEverySec: 600, deliverySec: 30, lastRelayAt: 1000, samples: 2 });
  });

  void it("bought: owned by the current recipient, expected one period after the last relay plus the delivery", () => {
    const j = journeyOf({ ...purchase, blockNumber: 11n }, [leg({})], { recipient: "0xd", leg: 1 }, [], cadence, 1200);
    assert.deepEqual([j.stage, j.owner, j.leg, j.expectedAt], ["bought", "0xd", 1, 1600 + 30]);
  });

  void it("sent: carried by the first relay of its buyer after it; on Base once the leg is credited up to the total", () => {
    const later = leg({ relayId: "31337:0xlater:1", blockNumber: 20n, tokens: 150n });
    const sent = journeyOf(purchase, [later, leg({})], undefined, [{ ...credit, tokens: 99n }], cadence, 1010);
    assert.deepEqual([sent.stage, sent.relay?.txHash, sent.expectedAt], ["sent", "0xrelay", 1030]);
    const onBase = journeyOf(purchase, [later, leg({})], undefined, [credit], cadence, 1050);
    assert.deepEqual([onBase.stage, onBase.credit?.txHash, onBase.owner], ["onBase", "0xc", "0xb"]);
  });
});
