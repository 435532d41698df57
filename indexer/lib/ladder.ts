/**
 * A purchase's split over the rounds, replayed from what the events tell: the chain's position before it, the rounds
 * it found expired (`RoundExpired`, emitted by the same purchase) and each round's share on this chain. It walks the
 * ladder exactly as the presale does (`PresaleLadder._walk`): an expired round is skipped, a live round sells up to
 * what is left of this chain's share, a filled round moves the walk on. The caller checks the result against the
 * purchase's own `usdValue` and the step it announced (`StepAdvanced`).
 */

export interface RoundTerms {
  /** Cumulative cap, whole tokens. */
  cap: bigint;
  /** USD (18 decimals) per whole token. */
  price: bigint;
  /** Ethereum's quota of the round as this chain holds it. */
  ethereumQuota: bigint;
}

export interface RoundTake {
  round: number;
  tokens: bigint;
  usd: bigint;
}

export interface Walk {
  takes: RoundTake[];
  usd: bigint;
  /** The round the chain is in after the purchase, and what it used there. */
  step: number;
  used: bigint;
}

/** This chain's share of round `i`: Ethereum's quota on Ethereum, the rest of the round on Base. */
export function shareOf(rounds: readonly RoundTerms[], i: number, ethereumSide: boolean): bigint {
  const r = rounds[i];
  if (r === undefined) return 0n;
  if (ethereumSide) return r.ethereumQuota;
  const prevCap = i === 0 ? 0n : rounds[i - 1]!.cap;
  return r.cap - prevCap - r.ethereumQuota;
}

export function walkPurchase(
  rounds: readonly RoundTerms[],
  ethereumSide: boolean,
  start: { step: number; used: bigint },
  expired: ReadonlySet<number>,
  amount: bigint,
): Walk {
  const takes: RoundTake[] = [];
  let { step, used } = start;
  let usd = 0n;
  let left = amount;
  while (left > 0n) {
    if (step >= rounds.length) throw new Error(`walk past the last round (${left} tokens left)`);
    if (expired.has(step)) {
      step += 1;
      used = 0n;
      continue;
    }
    const room = shareOf(rounds, step, ethereumSide) - used;
    const take = left < room ? left : room > 0n ? room : 0n;
    if (take > 0n) {
      const cost = take * rounds[step]!.price;
      takes.push({ round: step, tokens: take, usd: cost });
      usd += cost;
    }
    used += take;
    left -= take;
    if (take === room || room <= 0n) {
      step += 1;
      used = 0n;
    }
  }
  return { takes, usd, step, used };
}
