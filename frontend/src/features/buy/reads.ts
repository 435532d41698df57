// Contract reads of PRODUCT.md §7 for one chain, as ONE Multicall3 aggregate3 request per refresh.
// Failed entries keep the previous value (stale data rather than blank).
import { erc20Abi, formatUnits, multicall3Abi, type Abi, type Address, type Client } from "viem";
import { multicall as aggregate } from "viem/actions";
import { abiOf, isDeployed } from "../../config/contracts.ts";
import type { ChainBlock } from "../../config/env.ts";

export type Round = { cap: number; price: number; endTime: number };
export type UserData = {
  nativeBal: number; usdtBal: number; usdcBal: number; usdtAllowance: bigint; usdcAllowance: bigint;
  /** Base only: the user's Ethereum deposits already on Base (delivered through the bridge); Infinity once the claim
   * start is set, since every Ethereum deposit is on Base by then (the presale insists) and a claim clears the
   * per-user figure. The claimable line counts Ethereum deposits above it, i.e. not yet delivered, once. */
  deposits: number; remoteImported: number; saleTokenBal: number;
  /** Exact balances in base units (wei; 6-decimal stablecoins): the purchase checks compare these, never floats. */
  units: { native: bigint; usdt: bigint; usdc: bigint };
};
/** Whether the sale takes purchases on this chain, from the contract's own state. */
export type SaleState = { paused: boolean; startTime: number; endTime: number; closed: boolean };
export type StakeData = {
  apy: number; totalStaked: number; lockTime: number; claimsLocked: boolean;
  userStaked: number; stakedTime: number; unlockTime: number; rewards: number;
  /** Owner locks of the staking contract. */
  depositsLocked: boolean; withdrawalsLocked: boolean;
};
export type ChainData = {
  chainId: number;
  updatedAt: number;
  totalTokensSold: number;
  usdRaised: number;
  maxTokensToBuy: number;
  currentStep: number;
  rounds: Round[];
  remaining: number[];
  /** Cost of one whole token: ETH for native, USD for the stablecoins. */
  nativePerToken: number;
  usdtPerToken: number;
  usdcPerToken: number;
  /** The contract's quote for QUOTE_TOKENS tokens, in base units (the starting point of pay -> tokens). */
  quotePer1000: { native: bigint; usdt: bigint; usdc: bigint };
  sale?: SaleState;
  /** The latest block's time (unix seconds) at `updatedAt`: deadlines are compared with the chain's clock. */
  chainTime?: number;
  saleToken?: Address;
  /** Presale claim start (unix seconds, 0 = not set); read on the claim chain only. */
  claimStart: number;
  user?: UserData;
  staking?: StakeData;
};

/** Quotes are read for this many tokens and divided, for precision on sub-cent prices. */
export const QUOTE_TOKENS = 1000n;

type Call = { key: string; address: Address; abi: Abi; functionName: string; args?: readonly unknown[] };

export function buildCalls(b: ChainBlock, multicall: Address | undefined, user?: Address): Call[] {
  const presale = b.presaleAddress;
  if (!isDeployed(presale)) return [];
  const P = abiOf("Presale");
  const c: Call[] = [];
  const p = (key: string, functionName: string, args?: readonly unknown[]) => c.push({ key, address: presale, abi: P, functionName, args });
  p("totalTokensSold", "totalTokensSold");
  p("ethBuyHelper", "ethBuyHelper", [QUOTE_TOKENS]);
  if (isDeployed(b.usdTAddress || undefined)) p("usdtBuyHelper", "usdtBuyHelper", [QUOTE_TOKENS]);
  if (isDeployed(b.usdcAddress)) p("usdcBuyHelper", "usdcBuyHelper", [QUOTE_TOKENS]);
  p("usdRaised", "usdRaised");
  p("maxTokensToBuy", "maxTokensToBuy");
  p("currentStep", "currentStep");
  p("caps", "roundDetails", [0n]);
  p("prices", "roundDetails", [1n]);
  p("endTimes", "roundDetails", [2n]);
  p("trackRemainingTokens", "trackRemainingTokens");
  p("saleToken", "saleToken");
  p("paused", "paused");
  p("startTime", "startTime");
  p("endTime", "endTime");
  // Purchases stop for good once the sale is closed (Ethereum) or the claim is set (Base); older ABIs lack the view.
  if (P.some((f) => f.type === "function" && f.name === "saleClosed")) p("saleClosed", "saleClosed");
  if (b.key === "base") p("claimStart", "claimStart");
  if (multicall) c.push({ key: "blockTime", address: multicall, abi: multicall3Abi as Abi, functionName: "getCurrentBlockTimestamp" });
  const staking = b.stakingAddress;
  if (staking && isDeployed(staking)) {
    const S = abiOf("Staking");
    const s = (key: string, functionName: string, args?: readonly unknown[]) => c.push({ key, address: staking, abi: S, functionName, args });
    s("apy", "apy");
    s("lockTime", "lockTime");
    s("totalStaked", "totalStaked");
    s("claimsLocked", "claimsLocked");
    s("depositsLocked", "depositsLocked");
    s("withdrawalsLocked", "withdrawalsLocked");
    if (user) {
      s("poolStakers", "poolStakers", [user]);
      s("getRewards", "getRewards", [user]);
    }
  }
  if (user) {
    p("userDeposits", "userDeposits", [user]);
    if (b.key === "base") p("remoteDepositsImported", "remoteDepositsImported", [user]);
    if (multicall) c.push({ key: "nativeBal", address: multicall, abi: multicall3Abi as Abi, functionName: "getEthBalance", args: [user] });
    const tok = (key: string, address: Address | "", fn: "balanceOf" | "allowance") =>
      address && isDeployed(address) && c.push({ key, address, abi: erc20Abi as Abi, functionName: fn, args: fn === "balanceOf" ? [user] : [user, presale] });
    tok("usdtBal", b.usdTAddress, "balanceOf");
    tok("usdtAllowance", b.usdTAddress, "allowance");
    tok("usdcBal", b.usdcAddress, "balanceOf");
    tok("usdcAllowance", b.usdcAddress, "allowance");
    tok("saleTokenBal", b.saleTokenAddress, "balanceOf");
  }
  return c;
}

const n18 = (v: unknown) => Number(formatUnits((v as bigint) ?? 0n, 18));
const n6 = (v: unknown) => Number(formatUnits((v as bigint) ?? 0n, 6));
const num = (v: unknown) => Number((v as bigint) ?? 0n);

/** Turns multicall results (by key) into ChainData, falling back to `prev` for every failed entry. */
export function decode(chainId: number, r: Record<string, unknown>, prev: ChainData | undefined, hasUser: boolean, now: number): ChainData {
  const has = (k: string) => k in r;
  const caps = has("caps") ? (r.caps as bigint[]).map(Number) : undefined;
  const prices = has("prices") ? (r.prices as bigint[]).map(n18) : undefined;
  const ends = has("endTimes") ? (r.endTimes as bigint[]).map(Number) : undefined;
  const rounds = caps && prices && ends ? caps.map((cap, i) => ({ cap, price: prices[i] ?? 0, endTime: ends[i] ?? 0 })) : (prev?.rounds ?? []);
  const q = Number(QUOTE_TOKENS);
  const pu = prev?.user;
  const claimStart = has("claimStart") ? num(r.claimStart) : (prev?.claimStart ?? 0);
  const user: UserData | undefined = hasUser
    ? {
        nativeBal: has("nativeBal") ? n18(r.nativeBal) : (pu?.nativeBal ?? 0),
        usdtBal: has("usdtBal") ? n6(r.usdtBal) : (pu?.usdtBal ?? 0),
        usdcBal: has("usdcBal") ? n6(r.usdcBal) : (pu?.usdcBal ?? 0),
        usdtAllowance: has("usdtAllowance") ? (r.usdtAllowance as bigint) : (pu?.usdtAllowance ?? 0n),
        usdcAllowance: has("usdcAllowance") ? (r.usdcAllowance as bigint) : (pu?.usdcAllowance ?? 0n),
        deposits: has("userDeposits") ? n18(r.userDeposits) : (pu?.deposits ?? 0),
        remoteImported: claimStart > 0 ? Infinity : has("remoteDepositsImported") ? n18(r.remoteDepositsImported) : (pu?.remoteImported ?? 0),
        saleTokenBal: has("saleTokenBal") ? n18(r.saleTokenBal) : (pu?.saleTokenBal ?? 0),
        units: {
          native: has("nativeBal") ? (r.nativeBal as bigint) : (pu?.units.native ?? 0n),
          usdt: has("usdtBal") ? (r.usdtBal as bigint) : (pu?.units.usdt ?? 0n),
          usdc: has("usdcBal") ? (r.usdcBal as bigint) : (pu?.units.usdc ?? 0n),
        },
      }
    : undefined;
  const ps = prev?.staking;
  const staker = r.poolStakers as { amount: bigint; stakedTime: bigint; unlockTime: bigint } | undefined;
  const staking: StakeData | undefined =
    has("apy") || ps
      ? {
          apy: has("apy") ? num(r.apy) / 100 : (ps?.apy ?? 0),
          totalStaked: has("totalStaked") ? n18(r.totalStaked) : (ps?.totalStaked ?? 0),
          lockTime: has("lockTime") ? num(r.lockTime) : (ps?.lockTime ?? 0),
          claimsLocked: has("claimsLocked") ? Boolean(r.claimsLocked) : (ps?.claimsLocked ?? true),
          userStaked: staker ? n18(staker.amount) : (ps?.userStaked ?? 0),
          stakedTime: staker ? num(staker.stakedTime) : (ps?.stakedTime ?? 0),
          unlockTime: staker ? num(staker.unlockTime) : (ps?.unlockTime ?? 0),
          rewards: has("getRewards") ? n18(r.getRewards) : (ps?.rewards ?? 0),
          depositsLocked: has("depositsLocked") ? Boolean(r.depositsLocked) : (ps?.depositsLocked ?? false),
          withdrawalsLocked: has("withdrawalsLocked") ? Boolean(r.withdrawalsLocked) : (ps?.withdrawalsLocked ?? false),
        }
      : undefined;
  return {
    chainId,
    updatedAt: now,
    totalTokensSold: has("totalTokensSold") ? num(r.totalTokensSold) : (prev?.totalTokensSold ?? 0),
    usdRaised: has("usdRaised") ? n6(r.usdRaised) : (prev?.usdRaised ?? 0),
    maxTokensToBuy: has("maxTokensToBuy") ? num(r.maxTokensToBuy) : (prev?.maxTokensToBuy ?? 0),
    currentStep: has("currentStep") ? num(r.currentStep) : (prev?.currentStep ?? 0),
    rounds,
    remaining: has("trackRemainingTokens") ? (r.trackRemainingTokens as bigint[]).map(Number) : (prev?.remaining ?? []),
    nativePerToken: has("ethBuyHelper") ? n18(r.ethBuyHelper) / q : (prev?.nativePerToken ?? 0),
    usdtPerToken: has("usdtBuyHelper") ? n6(r.usdtBuyHelper) / q : (prev?.usdtPerToken ?? 0),
    usdcPerToken: has("usdcBuyHelper") ? n6(r.usdcBuyHelper) / q : (prev?.usdcPerToken ?? 0),
    quotePer1000: {
      native: has("ethBuyHelper") ? (r.ethBuyHelper as bigint) : (prev?.quotePer1000.native ?? 0n),
      usdt: has("usdtBuyHelper") ? (r.usdtBuyHelper as bigint) : (prev?.quotePer1000.usdt ?? 0n),
      usdc: has("usdcBuyHelper") ? (r.usdcBuyHelper as bigint) : (prev?.quotePer1000.usdc ?? 0n),
    },
    sale: has("paused") && has("startTime") && has("endTime")
      ? { paused: Boolean(r.paused), startTime: num(r.startTime), endTime: num(r.endTime), closed: has("saleClosed") ? Boolean(r.saleClosed) : false }
      : prev?.sale,
    chainTime: has("blockTime") ? num(r.blockTime) : prev?.chainTime,
    saleToken: has("saleToken") ? (r.saleToken as Address) : prev?.saleToken,
    claimStart,
    user,
    staking,
  };
}

/** One aggregate3 call (batchSize 0: never split). Throws only when the whole request fails. */
export async function readChain(client: Client, b: ChainBlock, multicall: Address | undefined, user: Address | undefined, prev: ChainData | undefined): Promise<ChainData> {
  const calls = buildCalls(b, multicall, user);
  if (calls.length === 0) return decode(b.chainIdInt, {}, prev, !!user, Date.now());
  const res = (await aggregate(client, {
    contracts: calls.map(({ key: _k, ...c }) => c) as never,
    allowFailure: true,
    batchSize: 0,
    multicallAddress: multicall,
  } as never)) as unknown as { status: string; result?: unknown }[];
  const out: Record<string, unknown> = {};
  res.forEach((r, i) => {
    if (r.status === "success") out[calls[i]!.key] = r.result;
  });
  return decode(b.chainIdInt, out, prev, !!user, Date.now());
}

export type Stage = { totalTokensSold: number; usdRaised: number; currentStep: number };

/** The 3 s stage re-read: sold tokens, USD raised and step, one aggregate3 request. */
export async function readStage(client: Client, b: ChainBlock, multicall: Address | undefined): Promise<Stage> {
  const abi = abiOf("Presale");
  const [sold, raised, step] = (await aggregate(client, {
    contracts: ["totalTokensSold", "usdRaised", "currentStep"].map((functionName) => ({ address: b.presaleAddress, abi, functionName })),
    allowFailure: false,
    batchSize: 0,
    multicallAddress: multicall,
  } as never)) as unknown as [bigint, bigint, bigint];
  return { totalTokensSold: Number(sold), usdRaised: Number(raised) / 1e6, currentStep: Number(step) };
}
