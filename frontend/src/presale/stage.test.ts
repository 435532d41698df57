import { describe, expect, it } from "vitest";
import { INITIAL_ROUNDS } from "../config/constants.ts";
import { cumulativeUsdCaps, raisedPercent, stageMaxUsd } from "./stage.ts";

describe("stage figures (PRODUCT.md §9)", () => {
  it("cumulative USD caps match the product's round table", () => {
    expect(cumulativeUsdCaps(INITIAL_ROUNDS)).toEqual([
      27000, 62750, 108250, 160750, 237250, 337000, 452500, 567500, 680000, 778000,
    ]);
  });
  it("initial end dates run from 1746698400 in steps of 259200 s", () => {
    expect(INITIAL_ROUNDS.map((r) => r.endTime)).toEqual(INITIAL_ROUNDS.map((_, i) => 1746698400 + 259200 * i));
  });
  it("maxAmount is reduced by the USD value of unsold tokens of expired rounds", () => {
    expect(stageMaxUsd(INITIAL_ROUNDS, 1, [1_000_000])).toBe(62750 - 1_000_000 * 0.006);
    expect(stageMaxUsd(INITIAL_ROUNDS, 0, [])).toBe(27000);
  });
  it("progress is capped at 100 %", () => {
    expect(raisedPercent(13500, 27000)).toBe(50);
    expect(raisedPercent(99999, 27000)).toBe(100);
    expect(raisedPercent(5, 0)).toBe(0);
  });
});

import { pollInterval } from "./usePresale.ts";
describe("refresh cadences (PRODUCT.md §4)", () => {
  it("10 s connected, 20 s not, stage 3 s, nothing while hidden", () => {
    expect(pollInterval("presale", true, false)).toBe(10_000);
    expect(pollInterval("presale", false, false)).toBe(20_000);
    expect(pollInterval("stage", false, false)).toBe(3_000);
    expect(pollInterval("presale", true, true)).toBe(false);
    expect(pollInterval("stage", false, true)).toBe(false);
  });
});
