// set-rounds and set-step: the ladder both chains run (docs/PRODUCT.md §9). Caps and Ethereum's quotas are fixed at
// deployment; the owner changes prices and end times on both chains at once, and moves each chain's own position
// forward on its own share (nothing is booked as sold, nothing crosses to the other chain).
import { formatUnits } from "viem";
import { PlanRefusal, type ChainRef, type OwnerCall, type Plan } from "./calls.js";
import { fmtTime, fmtTokens } from "./format.js";

export interface LadderRound {
  cap: bigint;
  price: bigint;
  endTime: bigint;
  /** Ethereum's quota as this chain knows it (on Base: the lowest Ethereum reported). */
  ethereumQuota: bigint;
  /** This chain's share of the round and what it used of it (sold, or skipped by a manual move). */
  share: bigint;
  used: bigint;
}

/** One chain's view of the ladder, as read from its presale (`rounds()`, `currentStep()`, the block time). */
export interface Ladder {
  rounds: LadderRound[];
  /** The round a purchase would start in now (0-based; past the last round when sold out or over). */
  step: number;
  /** This chain's block time. */
  now: bigint;
}

/** A round as the presale's `rounds()` returns it. */
export interface PresaleRound {
  cap: bigint;
  price: bigint;
  endTime: bigint;
  ethereumQuota: bigint;
  baseQuota: bigint;
  used: bigint;
}

/** A chain's ladder from its presale's `rounds()`, `currentStep()` and block time: its share is its side's quota. */
export function ladderOf(side: "eth" | "base", rounds: readonly PresaleRound[], step: bigint, now: bigint): Ladder {
  return {
    rounds: rounds.map((r) => ({
      cap: r.cap,
      price: r.price,
      endTime: r.endTime,
      ethereumQuota: r.ethereumQuota,
      share: side === "eth" ? r.ethereumQuota : r.baseQuota,
      used: r.used,
    })),
    step: Number(step),
    now,
  };
}

export interface RoundTerms {
  cap: bigint;
  price: bigint;
  endTime: bigint;
}

/** Whether two chains were built with the same caps (fixed at deployment). */
export const sameCaps = (a: { cap: bigint }[], b: { cap: bigint }[]) =>
  a.length === b.length && a.every((r, i) => r.cap === b[i].cap);

/** What is wrong with a round table (caps rising, prices not falling, end times rising, no zero price); [] if fine. */
export function roundTableErrors(rounds: RoundTerms[]): string[] {
  const errs: string[] = [];
  if (rounds.length === 0) errs.push("the round table is empty");
  for (let i = 1; i < rounds.length; i++) {
    if (rounds[i].cap <= rounds[i - 1].cap)
      errs.push(`round ${i + 1}: cap ${rounds[i].cap} is not above round ${i}'s ${rounds[i - 1].cap}`);
    if (rounds[i].price < rounds[i - 1].price) errs.push(`round ${i + 1}: price is below round ${i}'s`);
    if (rounds[i].endTime <= rounds[i - 1].endTime)
      errs.push(`round ${i + 1}: end time ${rounds[i].endTime} is not after round ${i}'s ${rounds[i - 1].endTime}`);
  }
  rounds.forEach((r, i) => {
    if (r.price === 0n) errs.push(`round ${i + 1}: price is zero`);
  });
  return errs;
}

const minute = (t: bigint) => new Date(Number(t) * 1000).toISOString().slice(0, 16);

function refuseDifferentCaps(chains: { chain: ChainRef; ladder: Ladder }[], also: string): void {
  if (chains.length === 2 && !sameCaps(chains[0].ladder.rounds, chains[1].ladder.rounds))
    throw new PlanRefusal(
      `the caps of ${chains[0].chain.name} and ${chains[1].chain.name} differ (see admin status): the two chains were not deployed with one table${also}; nothing sent`,
    );
}

/**
 * New prices and end times, identical on both chains of a pair. `source` names the table in refusals ("--file x.json").
 * One plan per chain, in the order given.
 */
export function planSetRounds(input: {
  chains: { chain: ChainRef; ladder: Ladder; saleEnd: bigint }[];
  next: RoundTerms[];
  now: bigint;
  source: string;
}): Plan[] {
  const { chains, next, now, source } = input;
  const errs = roundTableErrors(next);
  if (errs.length > 0) throw new PlanRefusal(`round table refused:\n  - ${errs.join("\n  - ")}`);
  if (next[next.length - 1].endTime <= now) throw new PlanRefusal("every round of the new table has already ended");
  refuseDifferentCaps(chains, ", and caps cannot change");
  const current = chains[0].ladder.rounds;
  if (!sameCaps(current, next)) {
    const i = next.findIndex((r, k) => current[k]?.cap !== r.cap);
    throw new PlanRefusal(
      next.length !== current.length
        ? `${source}: ${next.length} rounds, but the presales have ${current.length} (caps and quotas are fixed at deployment)`
        : `${source}: round ${i + 1} cap ${next[i].cap} is not the deployed ${current[i].cap} (caps and quotas are fixed at deployment; only prices and end times change)`,
    );
  }
  for (const { chain, saleEnd } of chains) {
    if (next[next.length - 1].endTime > saleEnd)
      throw new PlanRefusal(
        `${chain.name}: the last round would end after the sale (${fmtTime(saleEnd)}); nothing sent`,
      );
  }
  return chains.map(({ chain, ladder }) => {
    const { rounds } = ladder;
    // Only the rounds that change are listed: a preview of ten identical rows hides the one that moves.
    const changed = next.flatMap((r, i) => (r.price === rounds[i].price && r.endTime === rounds[i].endTime ? [] : [i]));
    const lines = [`round ${ladder.step + 1} is current here`];
    if (changed.length === 0) lines.push("every round already has these prices and end times: nothing to change");
    else {
      lines.push(
        "round | cap | price USD (current → new) | end (current → new)",
        ...changed.map(
          (i) =>
            `${String(i + 1).padStart(5)} | ${next[i].cap} | ${formatUnits(rounds[i].price, 18)} → ${formatUnits(next[i].price, 18)} | ${minute(rounds[i].endTime)} → ${minute(next[i].endTime)}`,
        ),
      );
      if (changed.length < next.length) lines.push(`the other ${next.length - changed.length} rounds stay as they are`);
    }
    const calls: OwnerCall[] =
      changed.length === 0
        ? []
        : [
            {
              chain,
              contract: "Presale",
              functionName: "setRounds",
              args: [next.map((r) => r.price), next.map((r) => r.endTime)],
              note: `${next.length} rounds' prices and end times`,
            },
          ];
    return { calls, lines };
  });
}

const sideName = (chain: ChainRef) => (chain.side === "eth" ? "Ethereum" : "Base");

/** One chain's move to round `idx` with `usedArg` of its share there (default: what it used, or 0 further on). */
function planMove(chain: ChainRef, ladder: Ladder, idx: number, usedArg: bigint | undefined, flag: string): Plan {
  const side = sideName(chain);
  const { rounds, step } = ladder;
  const target = rounds[idx];
  const here = step < rounds.length ? rounds[step] : undefined;
  const used = usedArg ?? (idx === step ? (here?.used ?? 0n) : 0n);
  if (idx < step) {
    throw new PlanRefusal(
      `${chain.name}: a move only goes forward, and ${side} is already in round ${step + 1}${step >= rounds.length ? " (past the last round)" : ""}: it left round ${idx + 1}; nothing sent`,
    );
  }
  if (idx === step && used < target.used) {
    throw new PlanRefusal(
      `${chain.name}: a move only goes forward: ${side} has used ${fmtTokens(target.used)} of its ${fmtTokens(target.share)}-token share of round ${idx + 1}; ${flag} must be at least that; nothing sent`,
    );
  }
  if (used > target.share) {
    throw new PlanRefusal(
      `${chain.name}: ${flag} ${fmtTokens(used)} is more than ${side}'s share of round ${idx + 1} (${fmtTokens(target.share)}); nothing sent`,
    );
  }
  if (target.endTime <= ladder.now) {
    throw new PlanRefusal(
      `${chain.name}: round ${idx + 1} ended at ${fmtTime(target.endTime)}: purchases there would start in a later round (move further, or set-rounds first); nothing sent`,
    );
  }
  const from =
    here === undefined
      ? "past the last round"
      : `round ${step + 1} with ${fmtTokens(here.used)} of ${fmtTokens(here.share)} used`;
  const lines = [`${side}: ${from} → round ${idx + 1} with ${fmtTokens(used)} of ${fmtTokens(target.share)} used`];
  if (chain.side === "eth") {
    for (let i = step; i < idx; i++) {
      const r = rounds[i];
      if (r.share > r.used)
        lines.push(
          `  round ${i + 1}: Ethereum leaves ${fmtTokens(r.share - r.used)} unused; they go to Base with the next report (the keeper sends it)`,
        );
    }
  }
  if (idx === step && used === target.used) return { calls: [], lines: [...lines, `${side} is there already.`] };
  const note = `${side}'s own position → round ${idx + 1}, ${fmtTokens(used)} of its share used (booked as sold nowhere)`;
  return {
    calls: [{ chain, contract: "Presale", functionName: "setCurrentStep", args: [BigInt(idx), used], note }],
    lines,
  };
}

/**
 * Each chain's own position forward to round `round` (1-based), with `used` whole tokens of its share there. `flags`
 * names the used amounts in refusals (the CLI's --eth-used / --base-used). One plan per chain, in the order given.
 */
export function planSetStep(input: {
  chains: { chain: ChainRef; ladder: Ladder; closed: boolean }[];
  round: number;
  used: { eth?: bigint; base?: bigint };
  flags?: { eth: string; base: string };
}): Plan[] {
  const { chains, round, used } = input;
  const flags = input.flags ?? { eth: "--eth-used", base: "--base-used" };
  refuseDifferentCaps(chains, "");
  const count = chains[0].ladder.rounds.length;
  if (!Number.isInteger(round) || round < 1 || round > count)
    throw new PlanRefusal(`--step ${round}: there are ${count} rounds (1..${count})`);
  for (const { chain, closed } of chains) {
    if (closed)
      throw new PlanRefusal(
        `${chain.name}: the sale is closed here (${chain.side === "eth" ? "Ethereum's close" : "the claim start"}): no manual move after it; nothing sent`,
      );
  }
  return chains.map(({ chain, ladder }) => planMove(chain, ladder, round - 1, used[chain.side], flags[chain.side]));
}
