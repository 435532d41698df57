import { describe, expect, it } from "vitest";
import { computeCountdown, targetStage } from "./countdown.ts";

const ends = [1000, 2000, 3000];

describe("countdown", () => {
  it("splits the remaining time into padded days, hours, minutes and seconds", () => {
    const now = 1_000_000;
    const end = now + 2 * 86400 + 3 * 3600 + 4 * 60 + 5;
    expect(computeCountdown(now, [end], 0)).toEqual({
      days: "02",
      hours: "03",
      minutes: "04",
      seconds: "05",
      diff: end - now,
      stage: 0,
    });
  });
  it("follows the current stage's end date", () => {
    expect(computeCountdown(500, ends, 1).diff).toBe(1500);
  });
  it("moves to the next stage's end date when the current one has passed and another exists", () => {
    expect(targetStage(1500, ends, 0)).toBe(1);
    expect(targetStage(2500, ends, 0)).toBe(2);
    expect(computeCountdown(2500, ends, 0).diff).toBe(500);
  });
  it("stops at zero after the last stage", () => {
    const c = computeCountdown(5000, ends, 2);
    expect(c).toMatchObject({ days: "00", hours: "00", minutes: "00", seconds: "00", diff: 0, stage: 2 });
  });
  it("ticks down one second per second", () => {
    expect(computeCountdown(100, ends, 0).diff - computeCountdown(101, ends, 0).diff).toBe(1);
  });
});
