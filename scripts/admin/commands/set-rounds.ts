/** `set-rounds --pair P --file rounds.json`: one new round table on both chains of a pair. */
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
import { readLadder, sameRounds } from "../ladder.js";
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
    '  set-rounds      --pair P --file rounds.json   (both chains; array of {cap, price, endTime}, or a deploy/params file; times absolute or "+3d" from now)',
  options: { file: { type: "string" } },
  async run({ v, chains, out, header, executePair }) {
    if (v.file === undefined) throw new UsageError("set-rounds needs --file");
    // One clock for relative times, so both chains get the identical table.
    const now = Number((await chains[0].conn.ethers.provider.getBlock("latest"))!.timestamp);
    const next = readRoundsFile(v.file, now);
    checkRounds(next);
    if (next[next.length - 1].endTime <= BigInt(now))
      throw new Refusal("every round of the new table has already ended");
    const plans: PlannedCall[][] = [];
    for (const chain of chains) {
      header(chain, "set rounds");
      const { rounds: current, step, checkPoint } = await readLadder(chain);
      out(`  current step ${step + 1}, checkpoint ${checkPoint} tokens`);
      out("  round | cap (current → new) | price USD (current → new) | end (current → new)");
      for (let i = 0; i < Math.max(current.length, next.length); i++) {
        const a = current[i];
        const b = next[i];
        const f = (x: ResolvedRound | undefined, k: "cap" | "price" | "endTime") =>
          x === undefined
            ? "-"
            : k === "price"
              ? formatUnits(x.price, 18)
              : k === "endTime"
                ? new Date(Number(x.endTime) * 1000).toISOString().slice(0, 16)
                : x.cap.toString();
        out(
          `  ${String(i + 1).padStart(5)} | ${f(a, "cap")} → ${f(b, "cap")} | ${f(a, "price")} → ${f(b, "price")} | ${f(a, "endTime")} → ${f(b, "endTime")}`,
        );
      }
      const same = sameRounds(current, next);
      // The contract requires the current position to stay inside the current round of the new table.
      if (
        !same &&
        (step >= next.length || checkPoint >= next[step].cap || (step > 0 && checkPoint < next[step - 1].cap))
      ) {
        throw new Refusal(
          `${chain.info.name}: the new table does not keep checkpoint ${checkPoint} inside round ${step + 1}; adjust the caps (or set-step --pair first); nothing sent`,
        );
      }
      const args: [bigint[], bigint[], bigint[]] = [
        next.map((r) => r.cap),
        next.map((r) => r.price),
        next.map((r) => r.endTime),
      ];
      plans.push(same ? [] : [call(chain.presale, "Presale", "setRounds", args, `${next.length} rounds`)]);
    }
    await executePair(plans, "Set presale rounds");
  },
});
