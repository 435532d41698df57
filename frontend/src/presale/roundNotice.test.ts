import { describe, expect, it } from "vitest";
import { roundNotice, roundShares } from "./roundNotice.ts";

const rounds = [0.005, 0.006, 0.007, 0.0075].map((price, i) => ({ cap: (i + 1) * 1000, price, endTime: 0 }));
const at = (currentStep: number) => ({ currentStep, rounds });

describe("the two-chain round notice", () => {
  it("Ethereum sold its share of round 3 and sells round 4 while Base still sells round 3", () => {
    expect(roundNotice("eth", at(3), at(2))).toEqual({
      chain: "eth",
      round: 4,
      price: 0.0075,
      soldRound: 3,
      other: "base",
      otherRound: 3,
      otherPrice: 0.007,
    });
  });
  it("the same from Base's side, two rounds apart", () => {
    expect(roundNotice("base", at(3), at(1))).toMatchObject({
      round: 4,
      other: "eth",
      otherRound: 2,
      otherPrice: 0.006,
    });
  });
  it("no notice when both chains sell the same round, or the buyer's chain is behind (it is the cheaper one)", () => {
    expect(roundNotice("eth", at(2), at(2))).toBeNull();
    expect(roundNotice("eth", at(1), at(3))).toBeNull();
  });
  it("no notice before both chains are read, or past the last round (sold out says so)", () => {
    expect(roundNotice("eth", at(3), undefined)).toBeNull();
    expect(roundNotice("eth", undefined, at(0))).toBeNull();
    expect(roundNotice("eth", at(4), at(2))).toBeNull();
  });
});

describe("both chains' shares of a round", () => {
  const share = (ethereumQuota: number, baseQuota: number, used: number, remoteUsed = 0) => ({
    ethereumQuota,
    baseQuota,
    used,
    remoteUsed,
  });
  it("Ethereum's quota and use from Ethereum, Base's from Base", () => {
    const eth = { shares: [share(400, 600, 150)] };
    const base = { shares: [share(300, 700, 500, 150)] }; // Base booked a lower Ethereum quota (released tokens)
    expect(roundShares(eth, base, 0)).toEqual({ eth: { quota: 400, used: 150 }, base: { quota: 700, used: 500 } });
  });
  it("nothing until both chains were read", () => {
    expect(roundShares({ shares: [share(1, 1, 0)] }, undefined, 0)).toBeUndefined();
    expect(roundShares({ shares: [] }, { shares: [share(1, 1, 0)] }, 0)).toBeUndefined();
  });
});
