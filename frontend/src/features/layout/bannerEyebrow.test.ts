import { describe, expect, it } from "vitest";
import type { ChainData } from "../../presale/index.ts";
import { bannerEyebrow } from "./bannerEyebrow.ts";

const NOW = 1_800_000_000;
const at = (s: number) => s * 1000;
/** A chain selling round 1 of 10 until NOW + 1 day, read at NOW. */
function chain(over: Partial<ChainData["sale"] & { claimStart: number; currentStep: number }> = {}): ChainData {
  const { claimStart = 0, currentStep = 0, ...sale } = over;
  return {
    chainTime: NOW,
    updatedAt: at(NOW),
    claimStart,
    currentStep,
    rounds: Array.from({ length: 10 }, (_, i) => ({ cap: (i + 1) * 1e6, price: 0.01, endTime: NOW + 86_400 })),
    sale: { paused: false, startTime: NOW - 60, endTime: NOW + 86_400, closed: false, ...sale },
  } as unknown as ChainData;
}

describe("the hero's eyebrow", () => {
  it("says live before the chains answer and while either chain sells", () => {
    expect(bannerEyebrow({ eth: undefined, base: undefined }, at(NOW))).toBe("live");
    expect(bannerEyebrow({ eth: chain({ paused: true }), base: chain() }, at(NOW))).toBe("live");
    expect(bannerEyebrow({ eth: chain({ closed: true }), base: chain() }, at(NOW))).toBe("live");
  });
  it("says paused when nothing sells and a pause may lift", () => {
    expect(bannerEyebrow({ eth: chain({ paused: true }), base: chain({ paused: true }) }, at(NOW))).toBe("paused");
    expect(bannerEyebrow({ eth: chain({ closed: true }), base: chain({ paused: true }) }, at(NOW))).toBe("paused");
  });
  it("says soon before the start on both chains", () => {
    const later = { startTime: NOW + 3_600 };
    expect(bannerEyebrow({ eth: chain(later), base: chain(later) }, at(NOW))).toBe("soon");
  });
  it("says ended once both chains are over, by the clock, the close or the last round", () => {
    expect(bannerEyebrow({ eth: chain(), base: chain() }, at(NOW + 86_400))).toBe("ended");
    expect(bannerEyebrow({ eth: chain({ closed: true }), base: chain({ currentStep: 10 }) }, at(NOW))).toBe("ended");
    // A claim scheduled for later: the sale is over, the claim not open yet.
    expect(bannerEyebrow({ eth: chain({ closed: true }), base: chain({ claimStart: NOW + 600 }) }, at(NOW))).toBe(
      "ended",
    );
  });
  it("says the claim is open once Base's claim start has passed, by Base's clock", () => {
    const data = { eth: chain({ closed: true }), base: chain({ claimStart: NOW + 600 }) };
    expect(bannerEyebrow(data, at(NOW + 599))).toBe("ended");
    expect(bannerEyebrow(data, at(NOW + 600))).toBe("claim_open");
  });
});
