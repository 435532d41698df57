// "My activity"'s display model (docs/PRODUCT.md §2): amounts in display units, each purchase's rounds and payment
// symbol, the journey of an Ethereum purchase, and the Base totals that count tokens still on their way apart.
import { describe, expect, it } from "vitest";
import { env } from "../../config/env.ts";
import { payTokenAddress } from "../../presale/index.ts";
import type { ActivityAnswer, PurchaseRow } from "./api.ts";
import { activityView, purchaseView, txUrl } from "./model.ts";

const ME = "0x00000000000000000000000000000000000000a1";
const OTHER = "0x00000000000000000000000000000000000000b2";
const ETH = env.eth.chainIdInt;
const BASE = env.base.chainIdInt;
const NATIVE = "0x0000000000000000000000000000000000000000";

function row(p: Partial<PurchaseRow>): PurchaseRow {
  return {
    id: "p",
    chainId: BASE,
    txHash: "0x01",
    timestamp: "1700000000",
    buyer: ME,
    recipient: ME,
    payToken: NATIVE,
    paid: "500000000000000000",
    tokens: "1000",
    usd: "25000000000000000000",
    staked: false,
    card: false,
    firstRound: 0,
    lastRound: 0,
    journey: null,
    ...p,
  };
}

function answer(a: Partial<ActivityAnswer>): ActivityAnswer {
  return {
    address: ME,
    chains: { ethereum: ETH, base: BASE },
    now: 1700000100,
    cadence: { relayEverySec: 60, deliverySec: 10, lastRelayAt: null, samples: 3 },
    purchases: [],
    credits: [],
    claims: [],
    staking: [],
    ...a,
  };
}

const journey = (stage: "bought" | "sent" | "onBase", owner = ME) => ({
  stage,
  owner,
  leg: 1,
  relay: stage === "bought" ? null : { id: "r", txHash: "0xre1a7", timestamp: 1700000050 },
  credit: stage === "onBase" ? { txHash: "0xc4ed17", timestamp: 1700000060 } : null,
  expectedAt: stage === "onBase" ? null : 1700000120,
});

describe("a purchase's row", () => {
  it("shows a native payment in 18 decimals and a USDC payment in 6, on the chain that took it", () => {
    const native = purchaseView(row({ chainId: ETH, payToken: NATIVE }), ME, ETH);
    expect(native).toMatchObject({ chain: "eth", paid: 0.5, paySymbol: env.eth.purchaseToken, usd: 25, tokens: 1000 });
    const usdc = purchaseView(
      row({ payToken: payTokenAddress(env.base, "usdc")!.toUpperCase(), paid: "12500000" }),
      ME,
      ETH,
    );
    expect(usdc).toMatchObject({ chain: "base", paid: 12.5, paySymbol: "USDC" });
  });

  it("numbers rounds from 1 and shows a span as a range", () => {
    expect(purchaseView(row({ firstRound: 2, lastRound: 2 }), ME, ETH).rounds).toBe("3");
    expect(purchaseView(row({ firstRound: 0, lastRound: 2 }), ME, ETH).rounds).toBe("1–3");
  });

  it("says when another wallet bought for me, and where tokens go when not to me", () => {
    const forMe = purchaseView(row({ buyer: OTHER, recipient: ME.toUpperCase() }), ME, ETH);
    expect(forMe).toMatchObject({ forMe: true, goesTo: null });
    const re = purchaseView(row({ chainId: ETH, journey: journey("sent", OTHER) }), ME, ETH);
    expect(re).toMatchObject({
      forMe: false,
      goesTo: OTHER,
      stage: "sent",
      relayTx: "0xre1a7",
      expectedAt: 1700000120,
    });
  });

  it("a Base purchase has no journey; an Ethereum one on Base carries the credit transaction", () => {
    expect(purchaseView(row({}), ME, ETH)).toMatchObject({ stage: null, relayTx: null, creditTx: null });
    expect(purchaseView(row({ chainId: ETH, journey: journey("onBase") }), ME, ETH)).toMatchObject({
      stage: "onBase",
      creditTx: "0xc4ed17",
    });
  });
});

describe("the wallet's totals on Base", () => {
  it("counts Ethereum purchases not yet credited apart from those on Base, and nothing staked or owned by another", () => {
    const v = activityView(
      answer({
        purchases: [
          row({ id: "base", tokens: "100" }),
          row({ id: "eth-bought", chainId: ETH, tokens: "10", journey: journey("bought") }),
          row({ id: "eth-sent", chainId: ETH, tokens: "20", journey: journey("sent") }),
          row({ id: "eth-on-base", chainId: ETH, tokens: "40", journey: journey("onBase") }),
          row({ id: "staked", tokens: "1000", staked: true }),
          row({ id: "moved-away", chainId: ETH, tokens: "5000", journey: journey("sent", OTHER) }),
          row({ id: "bought-for-other", buyer: ME, recipient: OTHER, tokens: "7000" }),
        ],
      }),
    );
    expect(v.onBase).toBe(140);
    expect(v.inFlight).toBe(30);
    expect(v.purchases.map((p) => p.id)).toHaveLength(7);
  });
});

describe("claims and staking", () => {
  it("shows a claim-and-stake once, as the claim, newest first, in whole tokens", () => {
    const v = activityView(
      answer({
        claims: [{ id: "c1", txHash: "0xaa", timestamp: "200", amount: "3000000000000000000", staked: true }],
        staking: [
          {
            id: "s1",
            txHash: "0xaa",
            timestamp: "200",
            kind: "stake",
            amount: "3000000000000000000",
            viaPresale: true,
          },
          {
            id: "s2",
            txHash: "0xbb",
            timestamp: "300",
            kind: "harvest",
            amount: "500000000000000000",
            viaPresale: null,
          },
          {
            id: "s3",
            txHash: "0xcc",
            timestamp: "100",
            kind: "stake",
            amount: "1000000000000000000",
            viaPresale: false,
          },
        ],
      }),
    );
    expect(v.events.map((e) => [e.kind, e.amount])).toEqual([
      ["harvest", 0.5],
      ["claimStaked", 3],
      ["stake", 1],
    ]);
  });
});

describe("explorer links", () => {
  it("point at the chain's explorer, or nowhere on a chain without one", () => {
    const url = txUrl("base", "0xabc");
    if (env.base.blockExplorerURL) expect(url).toBe(`${env.base.blockExplorerURL}0xabc`);
    else expect(url).toBeUndefined();
  });
});
