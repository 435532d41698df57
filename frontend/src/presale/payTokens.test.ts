// The payment-token table (payTokens.ts): the menu it makes, where each token's contract comes from, and the purchase
// calls its rows build, encoded with the generated ABI exactly as the flows send them.
import { decodeFunctionData, encodeFunctionData, getAddress, type Address } from "viem";
import { describe, expect, it } from "vitest";
import { abiOf } from "../config/contracts.ts";
import { buildEnvConfig } from "../config/env.ts";
import { PAY_KINDS, PAY_TOKENS, payRow, payTokenAddress, type BuyOrder, type PresaleBuy } from "./payTokens.ts";

const BUYER = "0x00000000000000000000000000000000000000a1" as Address;
const RECIPIENT = getAddress("0x00000000000000000000000000000000000000b2");
const order: BuyOrder = {
  chain: "base",
  buyer: BUYER,
  recipient: RECIPIENT,
  tokens: 5000n,
  pay: 30_300_000n,
  stake: true,
};
/** The same order on Ethereum: the recipient takes the stake flag's place (Ethereum has no buy-and-stake). */
const ethOrder: BuyOrder = { ...order, chain: "eth" };
const permit = { deadline: 1_800_000_000n, v: 27, r: `0x${"1".repeat(64)}`, s: `0x${"2".repeat(64)}` } as const;
/** A call as the presale receives it: encoded with the generated ABI, then decoded. */
const onTheWire = (buy: PresaleBuy) =>
  decodeFunctionData({ abi: abiOf("Presale"), data: encodeFunctionData({ abi: abiOf("Presale"), ...buy }) });

describe("the token menu (PRODUCT.md §2 Swap form, §3 Token list entry)", () => {
  it("BASE and USDC on Base, then ETH, USDT and USDC on Ethereum, with their ids, names and input decimals", () => {
    expect(PAY_TOKENS.map((t) => [t.id, t.symbol, t.name, t.category, t.maxDecimals])).toEqual([
      ["base-native", "BASE", "Base ETH", "BASE", 6],
      ["base-usdc", "USDC", "USD Coin", "BASE", 4],
      ["eth-native", "ETH", "Ether", "ETH", 10],
      ["eth-usdt", "USDT", "Tether USD", "ETH", 4],
      ["eth-usdc", "USDC", "USD Coin", "ETH", 4],
    ]);
  });
  it("every token has an icon of its own colour", () => {
    const fills = new Map(PAY_TOKENS.map((t) => [t.symbol, t.icon.fill]));
    expect(new Set(fills.values()).size).toBe(fills.size);
  });
});

describe("where a token's contract comes from", () => {
  const local = buildEnvConfig("local", {});
  it("its row's key in the generated map, on the chains it is paid on; ETH has none", () => {
    expect(payTokenAddress(local.eth, "usdt")).toBe(local.eth.contracts.USDT?.address);
    expect(payTokenAddress(local.base, "usdc")).toBe(local.base.contracts.USDC?.address);
    expect(payTokenAddress(local.eth, "native")).toBeUndefined();
    // USDT is paid on Ethereum only, whatever a map of Base might hold.
    expect(payTokenAddress({ key: "base", contracts: { USDT: { address: BUYER } } }, "usdt")).toBeUndefined();
  });
});

describe("the purchase calls the rows build (the one place a buy function and its arguments are written)", () => {
  it("ETH on Base: buyWithEth(amount, stake) sending `pay` as the value", () => {
    const buy = payRow("native").buy(order);
    expect(buy).toMatchObject({ functionName: "buyWithEth", value: order.pay });
    expect(onTheWire(buy)).toEqual({ functionName: "buyWithEth", args: [5000n, true] });
  });
  it("ETH on Ethereum: buyWithEth(amount, recipient), the Base recipient and never the buyer's own address", () => {
    const buy = payRow("native").buy(ethOrder);
    expect(buy).toMatchObject({ functionName: "buyWithEth", value: order.pay });
    expect(onTheWire(buy)).toEqual({ functionName: "buyWithEth", args: [5000n, RECIPIENT] });
  });
  it("USDC on Base: buyWithUSDC(amount, maxCost, stake), nothing sent", () => {
    const buy = payRow("usdc").buy(order);
    expect("value" in buy).toBe(false);
    expect(onTheWire(buy)).toEqual({ functionName: "buyWithUSDC", args: [5000n, 30_300_000n, true] });
  });
  it("USDT and USDC on Ethereum: buyWith…(amount, maxCost, recipient), nothing sent", () => {
    for (const [kind, fn] of [
      ["usdt", "buyWithUSDT"],
      ["usdc", "buyWithUSDC"],
    ] as const) {
      const buy = payRow(kind).buy(ethOrder);
      expect("value" in buy).toBe(false);
      expect(onTheWire(buy)).toEqual({ functionName: fn, args: [5000n, 30_300_000n, RECIPIENT] });
    }
  });
  it("USDC's permit: buyWithUSDCPermit(amount, maxCost, stake | recipient, deadline, v, r, s); USDT has none", () => {
    const usdc = payRow("usdc").permit;
    expect(usdc?.token).toBe("USDC");
    expect(onTheWire(usdc!.buy(order, permit))).toEqual({
      functionName: "buyWithUSDCPermit",
      args: [5000n, 30_300_000n, true, permit.deadline, permit.v, permit.r, permit.s],
    });
    expect(onTheWire(usdc!.buy(ethOrder, permit))).toEqual({
      functionName: "buyWithUSDCPermit",
      args: [5000n, 30_300_000n, RECIPIENT, permit.deadline, permit.v, permit.r, permit.s],
    });
    expect(payRow("usdt").permit).toBeUndefined();
  });
  it("every row's quote view is the presale's, for a number of whole tokens", () => {
    for (const kind of PAY_KINDS) {
      const data = encodeFunctionData({ abi: abiOf("Presale"), functionName: payRow(kind).quote, args: [1000n] });
      expect(decodeFunctionData({ abi: abiOf("Presale"), data }).args).toEqual([1000n]);
    }
  });
});
