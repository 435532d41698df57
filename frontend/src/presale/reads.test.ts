import { describe, expect, it } from "vitest";
import { buildEnvConfig } from "../config/env.ts";
import { buildCalls, decode } from "./reads.ts";

const USER = "0x00000000000000000000000000000000000000a1";
const MC = "0x00000000000000000000000000000000000000cc";

describe("chain reads", () => {
  it("batches every read of a chain (PRODUCT.md §7) into one call list (presale, staking, multicall, tokens)", () => {
    // zero addresses in the stand-in map count as "not deployed", so use a config with a fake deployed presale
    const c = buildEnvConfig("local", {});
    const b = {
      ...c.base,
      presaleAddress: MC,
      stakingAddress: MC,
      usdcAddress: MC,
      saleTokenAddress: MC,
    } as typeof c.base;
    const keys = buildCalls(b, MC, USER).map((x) => x.key);
    for (const k of [
      "totalTokensSold",
      "ethBuyHelper",
      "usdcBuyHelper",
      "usdRaised",
      "maxTokensToBuy",
      "currentStep",
      "caps",
      "prices",
      "endTimes",
      "trackRemainingTokens",
      "saleToken",
      "userDeposits",
      "nativeBal",
      "usdcBal",
      "usdcAllowance",
      "apy",
      "lockTime",
      "totalStaked",
      "claimsLocked",
      "poolStakers",
      "getRewards",
      "saleTokenBal",
    ]) {
      expect(keys).toContain(k);
    }
    expect(keys).not.toContain("usdtBal");
  });
  it("an undeployed presale means no calls", () => {
    expect(buildCalls(buildEnvConfig("production", {}).eth, MC, USER)).toEqual([]);
  });
  it("decodes units: whole tokens, USD 6 decimals, prices 18 decimals, deposits in wei", () => {
    const d = decode(
      31338,
      {
        totalTokensSold: 1234n,
        usdRaised: 7_400_000n,
        maxTokensToBuy: 1_000_000n,
        currentStep: 1n,
        caps: [4_500_000n, 10_000_000n],
        prices: [6n * 10n ** 15n, 65n * 10n ** 14n],
        endTimes: [100n, 200n],
        ethBuyHelper: 2n * 10n ** 15n,
        usdcBuyHelper: 6_000_000n,
        userDeposits: 5n * 10n ** 18n,
        nativeBal: 10n ** 18n,
        apy: 1500n,
      },
      undefined,
      true,
      1,
    );
    expect(d).toMatchObject({
      totalTokensSold: 1234,
      usdRaised: 7.4,
      currentStep: 1,
      nativePerToken: 0.000002,
      usdcPerToken: 0.006,
    });
    expect(d.rounds[1]).toEqual({ cap: 10_000_000, price: 0.0065, endTime: 200 });
    expect(d.user).toMatchObject({ deposits: 5, nativeBal: 1 });
    expect(d.staking?.apy).toBe(15);
  });
  it("Base: Ethereum deposits count as delivered by what Base imported, and all of them once the claim start is set", () => {
    const during = decode(
      31338,
      { claimStart: 0n, userDeposits: 6n * 10n ** 18n, remoteDepositsImported: 6n * 10n ** 18n },
      undefined,
      true,
      1,
    );
    expect(during.user?.remoteImported).toBe(6);
    // After a claim the presale forgets the buyer (deposits and imported both read 0): nothing from Ethereum is pending.
    const claimed = decode(31338, { claimStart: 100n, userDeposits: 0n, remoteDepositsImported: 0n }, during, true, 2);
    expect(claimed.user?.deposits).toBe(0);
    expect(Math.max(0, 6 - (claimed.user?.remoteImported ?? 0))).toBe(0);
  });
  it("keeps the previous value of every entry that failed (stale rather than blank)", () => {
    const prev = decode(
      1,
      { totalTokensSold: 10n, usdRaised: 1_000_000n, userDeposits: 10n ** 18n },
      undefined,
      true,
      1,
    );
    const next = decode(1, { totalTokensSold: 11n }, prev, true, 2);
    expect(next).toMatchObject({ totalTokensSold: 11, usdRaised: 1 });
    expect(next.user?.deposits).toBe(1);
  });
});
