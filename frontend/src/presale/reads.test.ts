import type { Address } from "viem";
import { describe, expect, it } from "vitest";
import { buildEnvConfig } from "../config/env.ts";
import { buildCalls, decode } from "./reads.ts";

const USER = "0x00000000000000000000000000000000000000a1";
const MC = "0x00000000000000000000000000000000000000cc";
const local = buildEnvConfig("local", {});

describe("chain reads", () => {
  it("batches every read of a chain (PRODUCT.md §7) into one call list (presale, staking, multicall, tokens)", () => {
    // zero addresses in the stand-in map count as "not deployed", so use a config with a fake deployed presale
    const c = buildEnvConfig("local", {});
    const b = {
      ...c.base,
      presaleAddress: MC,
      stakingAddress: MC,
      contracts: { ...c.base.contracts, USDC: { address: MC } },
      saleTokenAddress: MC,
    } as typeof c.base;
    const keys = buildCalls(b, MC, USER).map((x) => x.key);
    for (const k of [
      "totalTokensSold",
      "quote:native",
      "quote:usdc",
      "usdRaised",
      "maxTokensToBuy",
      "currentStep",
      "caps",
      "prices",
      "endTimes",
      "trackRemainingTokens",
      "saleToken",
      "userDeposits",
      "balance:native",
      "balance:usdc",
      "allowance:usdc",
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
    // USDT is paid on Ethereum only (its row of payTokens.ts): nothing of it is read on Base.
    expect(keys.filter((k) => k.endsWith(":usdt"))).toEqual([]);
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
        "quote:native": 2n * 10n ** 15n,
        "quote:usdc": 6_000_000n,
        userDeposits: 5n * 10n ** 18n,
        "balance:native": 10n ** 18n,
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
      quotePer1000: { native: 2n * 10n ** 15n, usdc: 6_000_000n },
    });
    expect(d.rounds[1]).toEqual({ cap: 10_000_000, price: 0.0065, endTime: 200 });
    expect(d.user).toMatchObject({ deposits: 5, balances: { native: 10n ** 18n }, allowances: {} });
    expect(d.staking?.apy).toBe(15);
  });
  it("Ethereum: the buyer's record (recipient, leg, tokens, relayed); Base: the import mark of that leg", () => {
    const recipient = "0x00000000000000000000000000000000000000B2" as Address;
    const eth = decode(31337, { buyerInfo: { recipient, leg: 2n, tokens: 900n, relayed: 400n } }, undefined, true, 1);
    expect(eth.user?.ethBuyer).toEqual({ recipient, leg: 2, tokens: 900, relayed: 400 });
    const base = decode(31338, { userDeposits: 6n * 10n ** 18n, remoteDepositsImported: 400n }, undefined, true, 1);
    expect(base.user).toMatchObject({ deposits: 6, remoteImported: 400 });
    // The mark survives the claim start (a late leg still counts as on its way until Base imports it).
    const later = decode(31338, { claimStart: 100n, remoteDepositsImported: 400n }, base, true, 2);
    expect(later.user?.remoteImported).toBe(400);
  });
  it("reads buyerInfo on Ethereum only and the import mark of the given leg on Base only", () => {
    expect(buildCalls(local.eth, MC, USER).find((c) => c.key === "buyerInfo")?.args).toEqual([USER]);
    expect(buildCalls(local.eth, MC, USER).some((c) => c.key === "remoteDepositsImported")).toBe(false);
    expect(buildCalls(local.base, MC, USER, 3).find((c) => c.key === "remoteDepositsImported")?.args).toEqual([
      USER,
      3n,
    ]);
    expect(buildCalls(local.base, MC, USER).some((c) => c.key === "buyerInfo")).toBe(false);
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

describe("staking reads ride in the Base presale multicall", () => {
  it("one call list for Base holds the presale and the staking reads of PRODUCT.md §7", () => {
    const calls = buildCalls(local.base, MC, USER);
    const staking = calls.filter((c) => c.address === local.base.stakingAddress).map((c) => c.functionName);
    expect(staking).toEqual(
      expect.arrayContaining([
        "poolStakers",
        "getRewards",
        "lockTime",
        "apy",
        "totalStaked",
        "claimsLocked",
        "depositsLocked",
        "withdrawalsLocked",
      ]),
    );
    expect(calls.some((c) => c.functionName === "totalTokensSold")).toBe(true);
    expect(calls.some((c) => c.functionName === "claimStart")).toBe(true);
    expect(calls.some((c) => c.key === "saleTokenBal")).toBe(true);
  });
  it("Ethereum has no staking calls", () => {
    expect(buildCalls(local.eth, MC, USER).some((c) => ["apy", "poolStakers"].includes(c.functionName))).toBe(false);
  });
  it("decodes the stake data: APY basis points -> percent, wei -> tokens, unlock time, locks", () => {
    const d = decode(
      local.base.chainIdInt,
      {
        apy: 1250n,
        totalStaked: 5n * 10n ** 21n,
        lockTime: 2_592_000n,
        claimsLocked: true,
        depositsLocked: false,
        withdrawalsLocked: true,
        poolStakers: {
          amount: 10n ** 21n,
          unlockTime: 1_900_000_000n,
          pendingRewards: 0n,
          heldUntilClaim: 4n * 10n ** 20n,
        },
        getRewards: 15n * 10n ** 17n,
        claimStart: 1_800_000_000n,
      },
      undefined,
      true,
      1,
    );
    expect(d.staking).toMatchObject({
      apy: 12.5,
      totalStaked: 5000,
      lockTime: 2_592_000,
      claimsLocked: true,
      userStaked: 1000,
      heldUntilClaim: 400,
      unlockTime: 1_900_000_000,
      rewards: 1.5,
      withdrawalsLocked: true,
    });
    expect(d.claimStart).toBe(1_800_000_000);
  });
});
