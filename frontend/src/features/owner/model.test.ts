// The console's figures from the indexer's answer: each chain's share of a round (Ethereum's quota, the rest on Base),
// sales per round and per payment token in display units, and checks that turn red on exactly what they watch.
import { describe, expect, it } from "vitest";
import { env } from "../../config/env.ts";
import { payTokenAddress } from "../../presale/index.ts";
import type { SalesAnswer } from "@shaft/indexer-api";
import { actionLine, age, consoleView } from "./model.ts";

const ETH = env.eth.chainIdInt;
const BASE = env.base.chainIdInt;
const E18 = "000000000000000000";

function ladder(chainId: number) {
  return [
    { chainId, round: 0, cap: "1000", price: `1${E18}`, endTime: "1700086400", ethereumQuota: "400" },
    { chainId, round: 1, cap: "3000", price: `2${E18}`, endTime: "0", ethereumQuota: "500" },
  ];
}

function answer(over: Partial<SalesAnswer> = {}): SalesAnswer {
  const state = (chainId: number, sold: string, closed = false) => ({
    chainId,
    roundCount: 2,
    step: 1,
    used: "120",
    tokensSold: sold,
    usdRaised: `5${E18}`,
    purchases: 3,
    buyers: 2,
    paused: false,
    closed,
  });
  return {
    now: 1700000600,
    chains: { ethereum: ETH, base: BASE },
    states: [state(ETH, "520"), state(BASE, "700")],
    rounds: [...ladder(ETH), ...ladder(BASE)],
    perRound: [
      { chainId: ETH, round: 0, purchases: 2, tokens: "400", usd: `4${E18}` },
      { chainId: ETH, round: 1, purchases: 1, tokens: "120", usd: `1${E18}` },
    ],
    perToken: [
      {
        chainId: BASE,
        payToken: payTokenAddress(env.base, "usdc")!,
        purchases: 3,
        tokens: "700",
        usd: `5${E18}`,
        paid: "5000000",
      },
    ],
    daily: [
      { chainId: ETH, day: "1699920000", purchases: 3, tokens: "520", usd: `5${E18}` },
      { chainId: BASE, day: "1700006400", purchases: 3, tokens: "700", usd: `5${E18}` },
    ],
    buyers: 4,
    backlog: { buyers: 0, tokens: "0", oldest: null },
    inFlight: { legs: 0, tokens: "0", oldest: null },
    cadence: { relayEverySec: 60, deliverySec: 5, lastRelayAt: 1700000500, samples: 3 },
    lastRelay: { txHash: "0x1", timestamp: "1700000500", buyers: 2, tokensSold: "520" },
    lastReport: { txHash: "0x2", timestamp: "1700000510", deposits: 2, tokensSold: "520" },
    ...over,
  };
}

describe("each chain's position and sales", () => {
  it("Ethereum's share of a round is its quota, Base's the rest of the round", () => {
    const [eth, base] = consoleView(answer()).chains;
    expect(eth.rounds.map((r) => r.share)).toEqual([400, 500]);
    expect(base.rounds.map((r) => r.share)).toEqual([600, 1500]);
    expect([eth.round, eth.share, eth.used, base.share]).toEqual([2, 500, 120, 1500]);
  });

  it("sales per round and per payment token in display units; rounds counted from 1 and placed against the step", () => {
    const [eth, base] = consoleView(answer()).chains;
    expect(eth.rounds.map((r) => [r.round, r.priceUsd, r.sold, r.usd, r.state])).toEqual([
      [1, 1, 400, 4, "past"],
      [2, 2, 120, 1, "current"],
    ]);
    expect(base.rounds.map((r) => r.sold)).toEqual([0, 0]);
    expect(base.perToken).toEqual([{ symbol: "USDC", paid: 5, usd: 5, purchases: 3 }]);
    expect(eth.usdRaised).toBe(5);
  });

  it("a chain not indexed yet says so instead of showing zeros as facts", () => {
    const v = consoleView(answer({ states: [], rounds: [] }));
    expect(v.chains.map((c) => c.indexed)).toEqual([false, false]);
  });

  it("the daily series has one bar per day, each chain's USD apart", () => {
    expect(consoleView(answer()).daily).toEqual([
      { day: 1699920000, eth: 5, base: 0 },
      { day: 1700006400, eth: 0, base: 5 },
    ]);
  });
});

describe("cross-chain checks and claim readiness", () => {
  const ok = (v: ReturnType<typeof consoleView>, id: string) =>
    [...v.checks, ...v.readiness].find((c) => c.id === id)!.ok;

  it("all green while the chains agree and nothing waits", () => {
    const v = consoleView(answer());
    expect(v.checks.map((c) => c.ok)).toEqual([true, true, true, true]);
  });

  it("a round whose price differs between the chains fails the ladder check and names the round", () => {
    const rounds = [...ladder(ETH), { ...ladder(BASE)[0], price: "1" }, ladder(BASE)[1]];
    const v = consoleView(answer({ rounds }));
    expect(ok(v, "ladders")).toBe(false);
    expect(v.checks[0].detail).toBe("round 1 differ");
  });

  it("Ethereum sales Base has not heard of, buyers waiting for a relay, legs in flight: each fails its own check", () => {
    const lag = consoleView(
      answer({ lastReport: { txHash: "0x2", timestamp: "1700000000", deposits: 1, tokensSold: "400" } }),
    );
    expect([ok(lag, "mirror"), ok(lag, "backlog"), ok(lag, "in-flight")]).toEqual([false, true, true]);
    const waiting = consoleView(answer({ backlog: { buyers: 2, tokens: "30", oldest: "1700000300" } }));
    expect([ok(waiting, "mirror"), ok(waiting, "backlog"), ok(waiting, "in-flight")]).toEqual([true, false, true]);
    expect(waiting.checks.find((c) => c.id === "backlog")!.detail).toBe("2 buyers, 30 tokens, oldest 5 min ago");
    const flying = consoleView(answer({ inFlight: { legs: 1, tokens: "10", oldest: "1700000590" } }));
    expect([ok(flying, "backlog"), ok(flying, "in-flight")]).toEqual([true, false]);
  });

  it("the claim is ready only once Ethereum closed with every deposit imported, and the claim start is set", () => {
    expect(consoleView(answer()).readiness.map((c) => c.ok)).toEqual([false, false, false]);
    const closed = answer();
    closed.states = [
      { ...closed.states[0], closed: true },
      { ...closed.states[1], closed: true },
    ];
    expect(consoleView(closed).readiness.map((c) => c.ok)).toEqual([true, true, true]);
    const stillFlying = { ...closed, inFlight: { legs: 1, tokens: "5", oldest: "1700000000" } };
    expect(consoleView(stillFlying).readiness.map((c) => c.ok)).toEqual([true, false, true]);
  });
});

describe("formatting", () => {
  it("ages and owner events read as lines", () => {
    expect([age(1000, 990), age(1000, 1000 - 600), age(1000, null)]).toEqual(["10 s ago", "10 min ago", "never"]);
    const line = actionLine({
      id: "a",
      chainId: BASE,
      contract: "Presale",
      event: "RoundsSet",
      args: { prices: ["1", "2"], account: "0xab", role: `0x${"a1".repeat(32)}`, wallets: [`0x${"b2".repeat(20)}`] },
      sender: "0xab",
      txHash: "0x1",
      timestamp: "1",
    });
    expect(line).toBe("RoundsSet(prices=[1, 2] account=0xab role=0xa1a1…a1a1 wallets=[0xb2b2…b2b2])");
  });
});
