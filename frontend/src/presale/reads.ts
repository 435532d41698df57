// Contract reads of PRODUCT.md §7 for one chain, as ONE Multicall3 aggregate3 request per refresh.
// Failed entries keep the previous value (stale data rather than blank).
import {
  erc20Abi,
  formatUnits,
  multicall3Abi,
  type Abi,
  type Address,
  type Client,
  type ContractFunctionArgs,
  type ContractFunctionName,
} from "viem";
import { multicall as aggregate } from "viem/actions";
import { abiOf, isDeployed, type ContractAbi } from "../config/contracts.ts";
import type { ChainBlock } from "../config/env.ts";
import { PAY_KINDS, payRow, payTokenAddress, QUOTE_TOKENS, type PayKind } from "./payTokens.ts";
import { erase, type ErasedCall, type ReadCall, type ReadMutability, type ReadResult } from "../chain/index.ts";

export type Round = { cap: number; price: number; endTime: number };
/**
 * A round's split between the chains (`rounds()`, whole tokens): Ethereum may sell `ethereumQuota`, Base the rest
 * (`baseQuota`); `used` is what this chain sold of its share, `remoteUsed` what the other chain reported (Base only).
 */
export type RoundShare = { ethereumQuota: number; baseQuota: number; used: number; remoteUsed: number };
export type EthBuyer = { recipient: Address; leg: number; tokens: number; relayed: number };
/** A figure per payment token (presale/payTokens.ts), in its base units; a token missing here was not read. */
type PerPayToken = Partial<Record<PayKind, bigint>>;
type UserData = {
  /** Balances (ETH: the native balance) and allowances to the presale: exact, so purchase checks never use floats. */
  balances: PerPayToken;
  allowances: PerPayToken;
  /** Base: the user's claimable deposits (whole tokens, its own purchases and imported Ethereum legs). */
  deposits: number;
  /** Base only: how much of the user's current Ethereum leg (`ethLeg`) Base has imported (whole tokens; marks
   * survive claims). The claimable line counts the leg's tokens above it, i.e. still on their way, once. */
  remoteImported: number;
  /** Ethereum only: the user's record as a buyer (`buyerInfo`): where its current leg goes, and how much of it was
   * bought and relayed (whole tokens). */
  ethBuyer?: EthBuyer;
  saleTokenBal: number;
};
/** Whether the sale takes purchases on this chain, from the contract's own state. */
type SaleState = { paused: boolean; startTime: number; endTime: number; closed: boolean };
type StakeData = {
  apy: number;
  totalStaked: number;
  lockTime: number;
  claimsLocked: boolean;
  userStaked: number;
  /** Of `userStaked`: bought-and-staked during the sale, held in staking until the claim starts (Staking.withdraw). */
  heldUntilClaim: number;
  unlockTime: number;
  rewards: number;
  /** Owner locks of the staking contract. */
  depositsLocked: boolean;
  withdrawalsLocked: boolean;
};
export type ChainData = {
  chainId: number;
  updatedAt: number;
  totalTokensSold: number;
  usdRaised: number;
  maxTokensToBuy: number;
  currentStep: number;
  rounds: Round[];
  /** Per round, its split between the chains and this chain's use (empty where the view is missing). */
  shares?: RoundShare[];
  remaining: number[];
  /** The contract's quote for QUOTE_TOKENS tokens per payment token, in its base units (pay -> tokens starts there). */
  quotePer1000: PerPayToken;
  sale?: SaleState;
  /** The latest block's time (unix seconds) at `updatedAt`: deadlines are compared with the chain's clock. */
  chainTime?: number;
  saleToken?: Address;
  /** Presale claim start (unix seconds, 0 = not set); read on the claim chain only. */
  claimStart: number;
  user?: UserData;
  staking?: StakeData;
};

/** One read of the refresh: its key in the results, and the call (checked against its ABI by `view`). */
export type Call = ErasedCall & { key: string };
/** A checked view call; `result` only carries the type of its decoded value. */
type View<R> = { call: ErasedCall; result?: R };

function view<
  const abi extends Abi,
  fn extends ContractFunctionName<abi, ReadMutability>,
  const args extends ContractFunctionArgs<abi, ReadMutability, fn>,
>(call: ReadCall<abi, fn, args>): View<ReadResult<abi, fn, args>> {
  return { call: erase(call) };
}

/** The reads each payment token of the chain needs, by `quote:`, `balance:` and `allowance:` and its kind. */
type PayKey = `${"quote" | "balance" | "allowance"}:${PayKind}`;
function payTokenPlan(
  b: ChainBlock,
  presale: { address: Address; abi: ContractAbi<"Presale"> },
  mc: { address: Address; abi: typeof multicall3Abi } | undefined,
  user: Address | undefined,
): Partial<Record<PayKey, View<bigint>>> {
  const out: Partial<Record<PayKey, View<bigint>>> = {};
  for (const kind of PAY_KINDS) {
    const row = payRow(kind);
    const address = payTokenAddress(b, kind);
    // Not paid on this chain, or a token the map does not have here: nothing to quote or hold.
    if (!row.chains[b.key] || (row.addressKey && !isDeployed(address))) continue;
    out[`quote:${kind}`] = view({ ...presale, functionName: row.quote, args: [QUOTE_TOKENS] });
    if (!user) continue;
    if (address) {
      const token = { address, abi: erc20Abi } as const;
      out[`balance:${kind}`] = view({ ...token, functionName: "balanceOf", args: [user] });
      out[`allowance:${kind}`] = view({ ...token, functionName: "allowance", args: [user, presale.address] });
    } else if (mc) out[`balance:${kind}`] = view({ ...mc, functionName: "getEthBalance", args: [user] });
  }
  return out;
}

/** Every read of one chain by key (undefined: not read on this chain, or without a connected wallet). */
function plan(b: ChainBlock, multicall: Address | undefined, user: Address | undefined, ethLeg = 0) {
  const presale = { address: b.presaleAddress, abi: abiOf("Presale") } as const;
  const staking =
    b.stakingAddress && isDeployed(b.stakingAddress)
      ? ({ address: b.stakingAddress, abi: abiOf("Staking") } as const)
      : undefined;
  const mc = multicall ? ({ address: multicall, abi: multicall3Abi } as const) : undefined;
  const token = (address: Address | "") =>
    address && isDeployed(address) ? ({ address, abi: erc20Abi } as const) : undefined;
  const saleToken = token(b.saleTokenAddress);
  const onBase = b.key === "base";
  // Purchases stop for good once the sale is closed (Ethereum) or the claim is set (Base); older ABIs lack the view.
  const hasSaleClosed = presale.abi.some((f) => f.type === "function" && f.name === "saleClosed");
  const round = (i: bigint) => view({ ...presale, functionName: "roundDetails", args: [i] });
  return {
    ...payTokenPlan(b, presale, mc, user),
    totalTokensSold: view({ ...presale, functionName: "totalTokensSold" }),
    usdRaised: view({ ...presale, functionName: "usdRaised" }),
    maxTokensToBuy: view({ ...presale, functionName: "maxTokensToBuy" }),
    currentStep: view({ ...presale, functionName: "currentStep" }),
    caps: round(0n),
    prices: round(1n),
    endTimes: round(2n),
    trackRemainingTokens: view({ ...presale, functionName: "trackRemainingTokens" }),
    roundShares: view({ ...presale, functionName: "rounds" }),
    saleToken: view({ ...presale, functionName: "saleToken" }),
    paused: view({ ...presale, functionName: "paused" }),
    startTime: view({ ...presale, functionName: "startTime" }),
    endTime: view({ ...presale, functionName: "endTime" }),
    saleClosed: hasSaleClosed ? view({ ...presale, functionName: "saleClosed" }) : undefined,
    claimStart: onBase ? view({ ...presale, functionName: "claimStart" }) : undefined,
    blockTime: mc && view({ ...mc, functionName: "getCurrentBlockTimestamp" }),
    apy: staking && view({ ...staking, functionName: "apy" }),
    lockTime: staking && view({ ...staking, functionName: "lockTime" }),
    totalStaked: staking && view({ ...staking, functionName: "totalStaked" }),
    claimsLocked: staking && view({ ...staking, functionName: "claimsLocked" }),
    depositsLocked: staking && view({ ...staking, functionName: "depositsLocked" }),
    withdrawalsLocked: staking && view({ ...staking, functionName: "withdrawalsLocked" }),
    poolStakers: staking && user && view({ ...staking, functionName: "poolStakers", args: [user] }),
    getRewards: staking && user && view({ ...staking, functionName: "getRewards", args: [user] }),
    userDeposits: onBase && user ? view({ ...presale, functionName: "userDeposits", args: [user] }) : undefined,
    buyerInfo: !onBase && user ? view({ ...presale, functionName: "buyerInfo", args: [user] }) : undefined,
    remoteDepositsImported:
      onBase && user
        ? view({ ...presale, functionName: "remoteDepositsImported", args: [user, BigInt(ethLeg)] })
        : undefined,
    saleTokenBal: saleToken && user && view({ ...saleToken, functionName: "balanceOf", args: [user] }),
  };
}

type Plan = ReturnType<typeof plan>;
/** The decoded results by key; a missing key was not read or failed. */
export type ReadResults = { [K in keyof Plan]?: NonNullable<Plan[K]> extends View<infer R> ? R : never };

export function buildCalls(b: ChainBlock, multicall: Address | undefined, user?: Address, ethLeg?: number): Call[] {
  if (!isDeployed(b.presaleAddress)) return [];
  const calls: Call[] = [];
  for (const [key, read] of Object.entries(plan(b, multicall, user, ethLeg)))
    if (read) calls.push({ ...read.call, key });
  return calls;
}

const n18 = (v: bigint) => Number(formatUnits(v, 18));
const n6 = (v: bigint) => Number(formatUnits(v, 6));

/** One figure per payment token from the results (`quote`, `balance` or `allowance`), else the previous one. */
function perPayToken(r: ReadResults, what: "quote" | "balance" | "allowance", prev: PerPayToken | undefined) {
  const out: PerPayToken = {};
  for (const kind of PAY_KINDS) {
    const v = r[`${what}:${kind}`] ?? prev?.[kind];
    if (v !== undefined) out[kind] = v;
  }
  return out;
}

/** Turns multicall results (by key) into ChainData, falling back to `prev` for every failed entry. */
export function decode(
  chainId: number,
  r: ReadResults,
  prev: ChainData | undefined,
  hasUser: boolean,
  now: number,
): ChainData {
  const caps = r.caps?.map(Number);
  const prices = r.prices?.map(n18);
  const ends = r.endTimes?.map(Number);
  const rounds =
    caps && prices && ends
      ? caps.map((cap, i) => ({ cap, price: prices[i] ?? 0, endTime: ends[i] ?? 0 }))
      : (prev?.rounds ?? []);
  const pu = prev?.user;
  const claimStart = r.claimStart !== undefined ? Number(r.claimStart) : (prev?.claimStart ?? 0);
  const bi = r.buyerInfo;
  const user: UserData | undefined = hasUser
    ? {
        balances: perPayToken(r, "balance", pu?.balances),
        allowances: perPayToken(r, "allowance", pu?.allowances),
        deposits: r.userDeposits !== undefined ? n18(r.userDeposits) : (pu?.deposits ?? 0),
        remoteImported:
          r.remoteDepositsImported !== undefined ? Number(r.remoteDepositsImported) : (pu?.remoteImported ?? 0),
        ethBuyer: bi
          ? { recipient: bi.recipient, leg: Number(bi.leg), tokens: Number(bi.tokens), relayed: Number(bi.relayed) }
          : pu?.ethBuyer,
        saleTokenBal: r.saleTokenBal !== undefined ? n18(r.saleTokenBal) : (pu?.saleTokenBal ?? 0),
      }
    : undefined;
  const ps = prev?.staking;
  const staker = r.poolStakers;
  const staking: StakeData | undefined =
    r.apy !== undefined || ps
      ? {
          apy: r.apy !== undefined ? Number(r.apy) / 100 : (ps?.apy ?? 0),
          totalStaked: r.totalStaked !== undefined ? n18(r.totalStaked) : (ps?.totalStaked ?? 0),
          lockTime: r.lockTime !== undefined ? Number(r.lockTime) : (ps?.lockTime ?? 0),
          claimsLocked: r.claimsLocked ?? ps?.claimsLocked ?? true,
          userStaked: staker ? n18(staker.amount) : (ps?.userStaked ?? 0),
          heldUntilClaim: staker ? n18(staker.heldUntilClaim) : (ps?.heldUntilClaim ?? 0),
          unlockTime: staker ? Number(staker.unlockTime) : (ps?.unlockTime ?? 0),
          rewards: r.getRewards !== undefined ? n18(r.getRewards) : (ps?.rewards ?? 0),
          depositsLocked: r.depositsLocked ?? ps?.depositsLocked ?? false,
          withdrawalsLocked: r.withdrawalsLocked ?? ps?.withdrawalsLocked ?? false,
        }
      : undefined;
  return {
    chainId,
    updatedAt: now,
    totalTokensSold: r.totalTokensSold !== undefined ? Number(r.totalTokensSold) : (prev?.totalTokensSold ?? 0),
    usdRaised: r.usdRaised !== undefined ? n6(r.usdRaised) : (prev?.usdRaised ?? 0),
    maxTokensToBuy: r.maxTokensToBuy !== undefined ? Number(r.maxTokensToBuy) : (prev?.maxTokensToBuy ?? 0),
    currentStep: r.currentStep !== undefined ? Number(r.currentStep) : (prev?.currentStep ?? 0),
    rounds,
    shares:
      r.roundShares?.map((x) => ({
        ethereumQuota: Number(x.ethereumQuota),
        baseQuota: Number(x.baseQuota),
        used: Number(x.used),
        remoteUsed: Number(x.remoteUsed),
      })) ??
      prev?.shares ??
      [],
    remaining: r.trackRemainingTokens?.map(Number) ?? prev?.remaining ?? [],
    quotePer1000: perPayToken(r, "quote", prev?.quotePer1000),
    sale:
      r.paused !== undefined && r.startTime !== undefined && r.endTime !== undefined
        ? {
            paused: r.paused,
            startTime: Number(r.startTime),
            endTime: Number(r.endTime),
            closed: r.saleClosed ?? false,
          }
        : prev?.sale,
    chainTime: r.blockTime !== undefined ? Number(r.blockTime) : prev?.chainTime,
    saleToken: r.saleToken ?? prev?.saleToken,
    claimStart,
    user,
    staking,
  };
}

/** One aggregate3 call (batchSize 0: never split). Throws only when the whole request fails. */
export async function readChain(
  client: Client,
  b: ChainBlock,
  multicall: Address | undefined,
  user: Address | undefined,
  prev: ChainData | undefined,
  ethLeg?: number,
): Promise<ChainData> {
  const calls = buildCalls(b, multicall, user, ethLeg);
  if (calls.length === 0) return decode(b.chainIdInt, {}, prev, !!user, Date.now());
  const res = await aggregate(client, {
    contracts: calls.map(({ address, abi, functionName, args }) => ({ address, abi, functionName, args })),
    allowFailure: true,
    batchSize: 0,
    multicallAddress: multicall,
  });
  const out: Record<string, unknown> = {};
  res.forEach((r, i) => {
    if (r.status === "success") out[calls[i].key] = r.result;
  });
  // Each result was decoded with its own call's ABI, and each call was checked against that ABI under its key.
  return decode(b.chainIdInt, out, prev, !!user, Date.now());
}

export type Stage = { totalTokensSold: number; usdRaised: number; currentStep: number };

/** The 3 s stage re-read: sold tokens, USD raised and step, one aggregate3 request. */
export async function readStage(client: Client, b: ChainBlock, multicall: Address | undefined): Promise<Stage> {
  const presale = { address: b.presaleAddress, abi: abiOf("Presale") } as const;
  const [sold, raised, step] = await aggregate(client, {
    contracts: [
      { ...presale, functionName: "totalTokensSold" },
      { ...presale, functionName: "usdRaised" },
      { ...presale, functionName: "currentStep" },
    ],
    allowFailure: false,
    batchSize: 0,
    multicallAddress: multicall,
  });
  return { totalTokensSold: Number(sold), usdRaised: Number(raised) / 1e6, currentStep: Number(step) };
}
