/**
 * `set-rounds --pair P --file rounds.json`: new prices and end times, the same on both chains of a pair. Caps and
 * Ethereum's quotas are fixed at deployment: the file's caps must be the deployed ones.
 */
import fs from "node:fs";
import { formatUnits } from "ethers";
import {
  checkRounds,
  loadParams,
  ParamsError,
  resolveRounds,
  roundSchema,
  type ResolvedRound,
} from "../../../deploy/schema.js";
import { Refusal, UsageError } from "../../lib/cli.js";
import type { PlannedCall } from "../../lib/exec.js";
import { fmtTime } from "../context.js";
import { readLadder, sameCaps } from "../ladder.js";
import { call, onPair } from "../runner.js";

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null;

/** Rounds from a JSON array, `{anchor, rounds}`, or a deploy/params file; relative times resolved from `now`. */
export function readRoundsFile(file: string, now: number): ResolvedRound[] {
  if (!fs.existsSync(file)) throw new Refusal(`--file ${file}: no such file`);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new Refusal(`--file ${file}: not JSON (${(e as Error).message})`);
  }
  let rounds: unknown[];
  let anchor = now;
  if (Array.isArray(raw)) rounds = raw;
  else if (isRecord(raw) && Array.isArray(raw.rounds)) {
    rounds = raw.rounds;
    if (typeof raw.anchor === "number") anchor = raw.anchor;
  } else if (isRecord(raw) && isRecord(raw.sale) && raw.sale.rounds) {
    rounds = loadParams(file).sale.rounds;
    if (typeof raw.sale.anchor === "number") anchor = raw.sale.anchor;
  } else throw new Refusal(`--file ${file}: expected an array of rounds, {rounds: [...]}, or a deploy/params file`);
  const parsed = rounds.map((r, i) => {
    const p = roundSchema.safeParse(r);
    if (!p.success)
      throw new Refusal(
        `--file ${file}: round ${i + 1}: ${p.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; ")}`,
      );
    return p.data;
  });
  try {
    return resolveRounds(parsed, anchor);
  } catch (e) {
    throw new Refusal((e as ParamsError).message);
  }
}

export const setRounds = onPair({
  names: ["set-rounds"],
  usage:
    '  set-rounds      --pair P --file rounds.json   (both chains: prices and end times; array of {cap, price, endTime} with the deployed caps, or a deploy/params file; times absolute or "+3d" from now)',
  options: { file: { type: "string" } },
  async run({ v, chains, out, header, executePair }) {
    if (v.file === undefined) throw new UsageError("set-rounds needs --file");
    // One clock for relative times, so both chains get the identical table.
    const now = Number((await chains[0].conn.ethers.provider.getBlock("latest"))!.timestamp);
    const next = readRoundsFile(v.file, now);
    checkRounds(next);
    if (next[next.length - 1].endTime <= BigInt(now))
      throw new Refusal("every round of the new table has already ended");
    const ladders = await Promise.all(chains.map(readLadder));
    if (!sameCaps(ladders[0].rounds, ladders[1].rounds))
      throw new Refusal(
        `the caps of ${chains[0].info.name} and ${chains[1].info.name} differ (see admin status): the two chains were not deployed with one table, and caps cannot change; nothing sent`,
      );
    const current = ladders[0].rounds;
    if (!sameCaps(current, next)) {
      const i = next.findIndex((r, k) => current[k]?.cap !== r.cap);
      throw new Refusal(
        next.length !== current.length
          ? `--file ${v.file}: ${next.length} rounds, but the presales have ${current.length} (caps and quotas are fixed at deployment)`
          : `--file ${v.file}: round ${i + 1} cap ${next[i].cap} is not the deployed ${current[i].cap} (caps and quotas are fixed at deployment; only prices and end times change)`,
      );
    }
    const plans: PlannedCall[][] = [];
    for (const [c, chain] of chains.entries()) {
      header(chain, "set rounds");
      const [rounds, saleEnd] = [ladders[c].rounds, await chain.presale.endTime()];
      if (next[next.length - 1].endTime > saleEnd)
        throw new Refusal(
          `${chain.info.name}: the last round would end after the sale (${fmtTime(saleEnd)}); nothing sent`,
        );
      out(`  round ${ladders[c].step + 1} is current here`);
      out("  round | cap | price USD (current → new) | end (current → new)");
      const day = (t: bigint) => new Date(Number(t) * 1000).toISOString().slice(0, 16);
      next.forEach((r, i) =>
        out(
          `  ${String(i + 1).padStart(5)} | ${r.cap} | ${formatUnits(rounds[i].price, 18)} → ${formatUnits(r.price, 18)} | ${day(rounds[i].endTime)} → ${day(r.endTime)}`,
        ),
      );
      const same = rounds.every((r, i) => r.price === next[i].price && r.endTime === next[i].endTime);
      const args: [bigint[], bigint[]] = [next.map((r) => r.price), next.map((r) => r.endTime)];
      plans.push(
        same ? [] : [call(chain.presale, "Presale", "setRounds", args, `${next.length} rounds' prices and end times`)],
      );
    }
    await executePair(plans, "Set presale rounds");
  },
});
