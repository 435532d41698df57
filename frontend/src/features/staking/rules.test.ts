// The staking rules of PRODUCT.md §5, one by one.
import { describe, expect, it } from "vitest";
import {
  bpsToPercent,
  canUnstake,
  checkClaim,
  checkHarvest,
  checkOpenStake,
  checkOpenWithdraw,
  checkStake,
  checkStakeAmount,
  checkWithdraw,
  isClaimLive,
  isDisabledBy,
  isKnownError,
  maxStake,
  poolPercent,
  type Ctx,
} from "./rules.ts";

const BASE = 8453;
const on: Ctx = { connected: true, chainId: BASE, baseChainId: BASE };
const eth: Ctx = { connected: true, chainId: 1, baseChainId: BASE };
const off: Ctx = { connected: false, baseChainId: BASE };

describe("stake: strictly below the balance, Base only, connected only", () => {
  it("passes below the balance on Base", () => {
    expect(checkStake(on, { amount: 99.5, balance: 100 })).toBeNull();
  });
  it("refuses the whole balance and above (strictly below)", () => {
    expect(checkStake(on, { amount: 100, balance: 100 })).toBe("amount_not_below_balance");
    expect(checkStake(on, { amount: 101, balance: 100 })).toBe("amount_not_below_balance");
    expect(checkStakeAmount(100, 100)).toBe("amount_not_below_balance");
  });
  it("refuses zero, empty and negative amounts", () => {
    expect(checkStake(on, { amount: 0, balance: 100 })).toBe("amount_zero");
    expect(checkStake(on, { amount: Number.NaN, balance: 100 })).toBe("amount_zero");
    expect(checkStakeAmount(-1, 100)).toBe("amount_zero");
  });
  it("refuses another chain", () => {
    expect(checkStake(eth, { amount: 1, balance: 100 })).toBe("wrong_chain");
    expect(checkStake({ ...eth, chainId: undefined }, { amount: 1, balance: 100 })).toBe("wrong_chain");
  });
  it("not connected comes first", () => {
    expect(checkStake(off, { amount: 0, balance: 0 })).toBe("connect");
    expect(checkOpenStake(off)).toBe("connect");
  });
  it("owner-locked deposits stop it", () => {
    expect(checkStake(on, { amount: 1, balance: 100, depositsLocked: true })).toBe("owner_locked");
  });
  it("opening the stake modal needs a connection and Base", () => {
    expect(checkOpenStake(on)).toBeNull();
    expect(checkOpenStake(eth)).toBe("wrong_chain");
  });
});

describe("claim and claim and stake: baseClaimable above 0 and Base", () => {
  const live = { baseClaimable: 10, claimLive: true };
  it("passes with something to claim on Base once claims are live", () => {
    expect(checkClaim(on, live)).toBeNull();
  });
  it("nothing to claim", () => {
    expect(checkClaim(on, { ...live, baseClaimable: 0 })).toBe("nothing");
  });
  it("claims not live gives the claim_not_live popup", () => {
    expect(checkClaim(on, { ...live, claimLive: false })).toBe("claim_not_live");
  });
  it("wrong chain and not connected", () => {
    expect(checkClaim(eth, live)).toBe("wrong_chain");
    expect(checkClaim(off, live)).toBe("connect");
  });
  it("claim start: live once set and reached", () => {
    expect(isClaimLive(0, 100)).toBe(false);
    expect(isClaimLive(200, 100)).toBe(false);
    expect(isClaimLive(100, 100)).toBe(true);
  });
});

describe("withdraw: staked above 0, Base, enabled only after the unlock time", () => {
  const p = { staked: 50, unlockTime: 1000, nowSec: 1000 };
  it("passes once unlocked (withdraws directly)", () => {
    expect(checkWithdraw(on, p)).toBeNull();
    expect(checkWithdraw(on, { ...p, nowSec: 5000 })).toBeNull();
  });
  it("locked before the unlock time", () => {
    expect(checkWithdraw(on, { ...p, nowSec: 999 })).toBe("locked");
  });
  it("nothing staked", () => {
    expect(checkWithdraw(on, { ...p, staked: 0 })).toBe("nothing");
    expect(checkOpenWithdraw(on, { staked: 0 })).toBe("nothing");
  });
  it("wrong chain, not connected", () => {
    expect(checkWithdraw(eth, p)).toBe("wrong_chain");
    expect(checkWithdraw(off, p)).toBe("connect");
    expect(checkOpenWithdraw(eth, { staked: 1 })).toBe("wrong_chain");
  });
  it("owner-locked withdrawals stop it", () => {
    expect(checkWithdraw(on, { ...p, withdrawalsLocked: true })).toBe("owner_locked");
  });
  it("canUnstake is true once the unlock time has passed", () => {
    expect(canUnstake(1000, 999)).toBe(false);
    expect(canUnstake(1000, 1000)).toBe(true);
    expect(canUnstake(0, 5000)).toBe(false);
  });
});

describe("claim rewards (harvest): isClaimEnabled, reward above 0, Base", () => {
  const p = { isClaimEnabled: true, reward: 1.5 };
  it("passes", () => {
    expect(checkHarvest(on, p)).toBeNull();
  });
  it("claims locked gives claim_not_live", () => {
    expect(checkHarvest(on, { ...p, isClaimEnabled: false })).toBe("claim_not_live");
    expect(checkHarvest(on, { isClaimEnabled: false, reward: 0 })).toBe("claim_not_live");
  });
  it("no reward", () => {
    expect(checkHarvest(on, { ...p, reward: 0 })).toBe("nothing");
  });
  it("wrong chain, not connected", () => {
    expect(checkHarvest(eth, p)).toBe("wrong_chain");
    expect(checkHarvest(off, p)).toBe("connect");
  });
});

describe("buttons", () => {
  it("stay enabled for connect, wrong chain and claims not live (they explain themselves)", () => {
    for (const b of ["connect", "wrong_chain", "claim_not_live", null] as const) expect(isDisabledBy(b)).toBe(false);
    for (const b of ["nothing", "amount_zero", "amount_not_below_balance", "locked", "owner_locked"] as const)
      expect(isDisabledBy(b)).toBe(true);
  });
});

describe("figures", () => {
  it("Max is the largest 4-decimal amount strictly below the balance", () => {
    expect(maxStake(1000)).toBe(999.9999);
    expect(maxStake(12.34567)).toBe(12.3456);
    expect(maxStake(0.00001)).toBe(0);
    expect(maxStake(0)).toBe(0);
    for (const b of [1000, 12.34567, 0.5, 3.0001]) expect(checkStakeAmount(maxStake(b), b)).toBeNull();
  });
  it("APY basis points -> percent; pool share", () => {
    expect(bpsToPercent(1500)).toBe(15);
    expect(poolPercent(25, 100)).toBe(25);
    expect(poolPercent(1, 0)).toBe(0);
  });
});

describe("contract errors", () => {
  it("only listed custom errors get their own message", () => {
    expect(isKnownError("StillLocked")).toBe(true);
    expect(isKnownError("ClaimNotStarted")).toBe(true);
    expect(isKnownError("SomethingElse")).toBe(false);
    expect(isKnownError(undefined)).toBe(false);
  });
});
