// What the console shows, from the indexer's answers (pure, tested): each chain's position on its share of the ladder,
// sales per round and per payment token, the daily series, the cross-chain checks of `npm run admin status` that the
// events can answer (ladders agree, Ethereum's sales reported to Base, deposits in flight, relay backlog and age) and
// the claim-readiness checklist (docs/PRODUCT.md §2, owner console).
import type { LadderRoundRow, SalesAnswer } from "@shaft/indexer-api";
import { env } from "../../config/env.ts";
import { payTokenAt } from "../../presale/index.ts";
import type { OwnerActionRow } from "./api.ts";

export type ChainKey = "eth" | "base";
const E18 = 1e18;

export interface RoundView {
  /** 1-based, as owners and buyers count them. */
  round: number;
  priceUsd: number;
  /** This chain's share of the round, whole tokens. */
  share: number;
  sold: number;
  usd: number;
  purchases: number;
  endTime: number;
  state: "past" | "current" | "ahead";
}

export interface ChainView {
  key: ChainKey;
  name: string;
  chainId: number;
  indexed: boolean;
  round: number;
  roundCount: number;
  /** Used of this chain's share of the current round. */
  used: number;
  share: number;
  tokensSold: number;
  usdRaised: number;
  purchases: number;
  buyers: number;
  paused: boolean;
  closed: boolean;
  rounds: RoundView[];
  perToken: { symbol: string; paid: number; usd: number; purchases: number }[];
}

export interface Check {
  id: string;
  label: string;
  ok: boolean;
  detail: string;
}

export interface ConsoleView {
  chains: ChainView[];
  buyers: number;
  daily: { day: number; eth: number; base: number }[];
  checks: Check[];
  readiness: Check[];
}

function shareOf(rounds: LadderRoundRow[], i: number, ethereumSide: boolean): number {
  const r = rounds[i];
  if (!r) return 0;
  if (ethereumSide) return Number(r.ethereumQuota);
  const prevCap = i === 0 ? 0 : Number(rounds[i - 1].cap);
  return Number(r.cap) - prevCap - Number(r.ethereumQuota);
}

function chainView(a: SalesAnswer, key: ChainKey): ChainView {
  const chainId = key === "eth" ? a.chains.ethereum : a.chains.base;
  const s = a.states.find((x) => x.chainId === chainId);
  const rounds = a.rounds.filter((r) => r.chainId === chainId).sort((x, y) => x.round - y.round);
  const step = s?.step ?? 0;
  return {
    key,
    name: env[key].chainName,
    chainId,
    indexed: Boolean(s),
    round: step + 1,
    roundCount: s?.roundCount ?? rounds.length,
    used: Number(s?.used ?? 0),
    share: shareOf(rounds, step, key === "eth"),
    tokensSold: Number(s?.tokensSold ?? 0),
    usdRaised: Number(s?.usdRaised ?? 0) / E18,
    purchases: s?.purchases ?? 0,
    buyers: s?.buyers ?? 0,
    paused: s?.paused ?? false,
    closed: s?.closed ?? false,
    rounds: rounds.map((r, i) => {
      const sold = a.perRound.find((x) => x.chainId === chainId && x.round === r.round);
      return {
        round: r.round + 1,
        priceUsd: Number(r.price) / E18,
        share: shareOf(rounds, i, key === "eth"),
        sold: Number(sold?.tokens ?? 0),
        usd: Number(sold?.usd ?? 0) / E18,
        purchases: sold?.purchases ?? 0,
        endTime: Number(r.endTime),
        state: r.round < step ? "past" : r.round === step ? "current" : "ahead",
      };
    }),
    perToken: a.perToken
      .filter((t) => t.chainId === chainId)
      .map((t) => {
        const pay = payTokenAt(env[key], t.payToken);
        return {
          symbol: pay.symbol,
          paid: Number(t.paid) / 10 ** pay.decimals,
          usd: Number(t.usd) / E18,
          purchases: t.purchases,
        };
      }),
  };
}

/** "3 min ago"-style age of a unix time, or "never". */
export function age(now: number, at: number | string | null | undefined): string {
  if (at === null || at === undefined) return "never";
  const s = Math.max(0, now - Number(at));
  if (s < 90) return `${s} s ago`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min ago`;
  if (s < 36 * 3600) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} d ago`;
}

function ladderAgreement(a: SalesAnswer): Check {
  const eth = a.rounds.filter((r) => r.chainId === a.chains.ethereum);
  const base = a.rounds.filter((r) => r.chainId === a.chains.base);
  const differs = eth.filter((e) => {
    const b = base.find((x) => x.round === e.round);
    return !b || b.cap !== e.cap || b.price !== e.price;
  });
  const ok = eth.length > 0 && eth.length === base.length && differs.length === 0;
  return {
    id: "ladders",
    label: "Both chains hold the same ladder (caps and prices)",
    ok,
    detail: ok
      ? `${eth.length} rounds`
      : eth.length !== base.length
        ? `Ethereum ${eth.length} rounds, Base ${base.length}`
        : `round ${differs.map((d) => d.round + 1).join(", ")} differ`,
  };
}

export function consoleView(a: SalesAnswer): ConsoleView {
  const eth = chainView(a, "eth");
  const base = chainView(a, "base");
  const reported = Number(a.lastReport?.tokensSold ?? 0);
  const mirrorLag = eth.tokensSold - reported;
  const backlogTokens = Number(a.backlog.tokens);
  const inFlightTokens = Number(a.inFlight.tokens);
  const checks: Check[] = [
    ladderAgreement(a),
    {
      id: "mirror",
      label: "Base has Ethereum's sales (last report received)",
      ok: mirrorLag === 0,
      detail: `Ethereum sold ${eth.tokensSold}, Base last heard ${reported} (${age(a.now, a.lastReport?.timestamp)})`,
    },
    {
      id: "backlog",
      label: "No Ethereum purchases waiting for a relay",
      ok: a.backlog.buyers === 0,
      detail:
        a.backlog.buyers === 0
          ? `last relay ${age(a.now, a.lastRelay?.timestamp)}`
          : `${a.backlog.buyers} buyers, ${backlogTokens} tokens, oldest ${age(a.now, a.backlog.oldest)}`,
    },
    {
      id: "in-flight",
      label: "No deposits in flight (relayed, not yet imported on Base)",
      ok: a.inFlight.legs === 0,
      detail:
        a.inFlight.legs === 0
          ? "none"
          : `${a.inFlight.legs} legs, ${inFlightTokens} tokens, oldest ${age(a.now, a.inFlight.oldest)}`,
    },
  ];
  const readiness: Check[] = [
    {
      id: "eth-closed",
      label: "Ethereum's sale closed",
      ok: eth.closed,
      detail: eth.closed ? "closed" : "still selling",
    },
    {
      id: "all-imported",
      label: "Every Ethereum deposit imported on Base",
      ok: eth.closed && a.backlog.buyers === 0 && a.inFlight.legs === 0 && mirrorLag === 0,
      detail: `${a.backlog.buyers} buyers waiting, ${a.inFlight.legs} legs in flight`,
    },
    {
      id: "claim-start",
      label: "Claim start set on Base",
      ok: base.closed,
      detail: base.closed ? "set" : "not set (npm run admin -- open-claim)",
    },
  ];
  const days = [...new Set(a.daily.map((d) => Number(d.day)))].sort((x, y) => x - y);
  const usdOn = (chainId: number, day: number) =>
    Number(a.daily.find((d) => d.chainId === chainId && Number(d.day) === day)?.usd ?? 0) / E18;
  return {
    chains: [eth, base],
    buyers: a.buyers,
    daily: days.map((day) => ({ day, eth: usdOn(a.chains.ethereum, day), base: usdOn(a.chains.base, day) })),
    checks,
    readiness,
  };
}

/** A role hash or an address as `0x1234…abcd` (the full value is one click away on the explorer). */
const short = (v: unknown) => {
  const s = String(v);
  return /^0x[0-9a-fA-F]{16,}$/.test(s) ? `${s.slice(0, 6)}…${s.slice(-4)}` : s;
};

/** One owner event as a line: its name and its arguments, bigints as they are, long hex values shortened. */
export function actionLine(a: OwnerActionRow): string {
  const args = Object.entries(a.args)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? `[${v.map(short).join(", ")}]` : short(v)}`)
    .join(" ");
  return args ? `${a.event}(${args})` : a.event;
}
