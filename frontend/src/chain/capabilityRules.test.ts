import { describe, expect, it } from "vitest";
import { atomicSupport } from "./capabilityRules.ts";

describe("atomic batch support (EIP-5792 capabilities)", () => {
  it("supported and ready (EIP-7702 upgrade in the same prompt) both batch; the chain must be listed", () => {
    const caps = {
      31337: { atomic: { status: "supported" } },
      31338: { atomic: { status: "ready" } },
      1: { atomic: { status: "unsupported" } },
    };
    expect(atomicSupport(caps, 31337)).toBe("supported");
    expect(atomicSupport(caps, 31338)).toBe("ready");
    expect(atomicSupport(caps, 1)).toBe("none");
    expect(atomicSupport(caps, 8453)).toBe("none");
    expect(atomicSupport({}, 31337)).toBe("none");
  });
  it("the all-chains entry (0x0) applies unless the chain says otherwise; the draft's atomicBatch counts", () => {
    expect(atomicSupport({ 0: { atomic: { status: "supported" } } }, 8453)).toBe("supported");
    expect(
      atomicSupport({ 0: { atomic: { status: "supported" } }, 8453: { atomic: { status: "unsupported" } } }, 8453),
    ).toBe("none");
    expect(atomicSupport({ 8453: { atomicBatch: { supported: true } } }, 8453)).toBe("supported");
    expect(atomicSupport({ 8453: { paymasterService: { supported: true } } }, 8453)).toBe("none");
  });
});
