/**
 * Helpers for the property attack suites (attack.*.test.ts): the supply bound checked on both chains, the views the
 * dapp reads, and the bridge played the way an attacker or an unlucky network would (late, twice, out of order; each
 * deposit with exactly the gas OP's L1 messenger bought for it).
 */
import { expect } from "chai";
import type { TransactionReceipt } from "ethers";
import {
  CAPS,
  ETH_SHARE_BPS,
  TOKEN,
  quotasFor,
  withNonce,
  type Deployment,
  type Pair,
  type SentMessage,
} from "./fixtures.js";

/** Each round's size (whole tokens) and the ladder's total: what the deployment funds Base with. */
export const SIZES = CAPS.map((c, i) => c - (i === 0 ? 0n : CAPS[i - 1]));
export const LADDER_TOTAL = CAPS[CAPS.length - 1];
/** The pair's split (deployPair): Ethereum's quota of each round and Base's share, both whole tokens. */
export const ETH_QUOTAS = quotasFor(CAPS, ETH_SHARE_BPS);
export const BASE_SHARES = SIZES.map((s, i) => s - ETH_QUOTAS[i]);
export const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

/** The newest message sent on Ethereum. */
export async function lastMessage(p: Pair): Promise<SentMessage> {
  const all = await p.sent();
  if (all.length === 0) throw new Error("no message was sent");
  return all[all.length - 1];
}

let duplicateNonce = 1n << 200n;

/**
 * Delivers the bytes of `m` again under a fresh nonce, in a deposit from the aliased L1 messenger: a bridge that
 * delivers one message twice (the real messenger refuses a second delivery of the same message; this is what the
 * presale itself must survive).
 */
export async function deliverDuplicate(p: Pair, m: SentMessage): Promise<TransactionReceipt> {
  return p.deliver(withNonce(m, (1n << 240n) | duplicateNonce++));
}

/** Whether the messenger ran the presale's call successfully in this delivery (RelayedMessage, not Failed…). */
export function relayed(p: Pair, receipt: TransactionReceipt): boolean {
  const names = receipt.logs
    .map((l) => {
      try {
        return p.base.messenger.interface.parseLog(l)?.name;
      } catch {
        return undefined;
      }
    })
    .filter((n) => n !== undefined);
  return names.includes("RelayedMessage") && !names.includes("FailedRelayedMessage");
}

/**
 * Gas the presale's own call used in a delivery (from the call trace: the L2 messenger's proxy delegates to its
 * implementation, which calls the presale): what a report really needs on Base.
 */
export async function presaleCallGas(p: Pair, receipt: TransactionReceipt): Promise<bigint> {
  interface Frame {
    to?: string;
    gasUsed: string;
    calls?: Frame[];
  }
  const root = (await p.base.conn.provider.request({
    method: "debug_traceTransaction",
    params: [receipt.hash, { tracer: "callTracer" }],
  })) as Frame;
  const presale = (await p.base.presale.getAddress()).toLowerCase();
  const find = (f: Frame): Frame | undefined =>
    f.to?.toLowerCase() === presale ? f : (f.calls ?? []).map(find).find((c) => c !== undefined);
  const call = (root.calls ?? []).map(find).find((c) => c !== undefined);
  if (call === undefined) throw new Error("the messenger did not call the presale");
  return BigInt(call.gasUsed);
}

/**
 * Property 1 with bound 0, read from both chains: per round Ethereum's use + Base's use <= the round's size, each
 * chain within its own share, Ethereum never beyond the quota Base leaves it, and all sales within the ladder total.
 */
export async function expectSupplyBound(p: Pair): Promise<void> {
  const ethRounds = await p.eth.presale.rounds();
  const baseRounds = await p.base.presale.rounds();
  // Once closed Ethereum sells nothing more: its quota of every round is what it used (its close report says so).
  const ethClosed = await p.eth.presale.saleClosed();
  for (let i = 0; i < SIZES.length; i++) {
    const e = { used: ethRounds[i].used, ethereumQuota: ethClosed ? ethRounds[i].used : ethRounds[i].ethereumQuota };
    const b = baseRounds[i];
    expect(e.used + b.used, `round ${i}: Ethereum's + Base's use`).to.be.at.most(SIZES[i]);
    expect(e.used, `round ${i}: Ethereum within its quota`).to.be.at.most(e.ethereumQuota);
    expect(b.used, `round ${i}: Base within its share`).to.be.at.most(b.baseQuota);
    // What Base may still sell never reaches into what Ethereum used or may still use.
    expect(e.used, `round ${i}: Ethereum within the quota Base leaves it`).to.be.at.most(b.ethereumQuota);
    expect(e.ethereumQuota, `round ${i}: Ethereum's quota never above Base's booking`).to.be.at.most(b.ethereumQuota);
  }
  const sold = (await p.eth.presale.localTokensSold()) + (await p.base.presale.localTokensSold());
  expect(sold, "all sales").to.be.at.most(LADDER_TOTAL);
}

/** Reads every view the dapp reads on `d` (none may revert); the quotes are returned as results, not thrown. */
export async function readViews(d: Deployment) {
  const pr = d.presale;
  const quote = async () => {
    try {
      return { usd: await pr.usdQuote(1n), eth: await pr.ethBuyHelper(1n), usdc: await pr.usdcBuyHelper(1n) };
    } catch (e) {
      return { error: e };
    }
  };
  return {
    currentStep: await pr.currentStep(),
    checkPoint: await pr.checkPoint(),
    caps: await pr.roundDetails(0),
    prices: await pr.roundDetails(1),
    endTimes: await pr.roundDetails(2),
    rounds: await pr.rounds(),
    roundSales: await pr.roundSales(),
    remaining: await pr.trackRemainingTokens(),
    totalTokensSold: await pr.totalTokensSold(),
    usdRaised: await pr.usdRaised(),
    localTokensSold: await pr.localTokensSold(),
    paused: await pr.paused(),
    saleClosed: await pr.saleClosed(),
    startTime: await pr.startTime(),
    endTime: await pr.endTime(),
    maxTokensToBuy: await pr.maxTokensToBuy(),
    dynamicTime: await pr.dynamicTime(),
    quote: await quote(),
  };
}

/** Puts the deployment's funding (the ladder's total) in the Base presale. */
export async function fundLadder(p: Pair): Promise<void> {
  await p.base.token!.transfer(await p.base.presale.getAddress(), LADDER_TOTAL * TOKEN);
}

/** Signers no fixture gives a role or tokens (the keeper is #1): plain strangers on each chain. */
export function strangers(d: Deployment) {
  return d.signers.slice(12, 20);
}

/** Mulberry32: a small seeded generator, so a randomised attack replays exactly from its seed. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    /** An integer in [0, n). */
    int: (n: number) => Math.floor(next() * n),
    /** A bigint in [0, n) (n up to 2^53). */
    big: (n: bigint) => (n <= 0n ? 0n : BigInt(Math.floor(next() * Number(n)))),
    pick: <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}
