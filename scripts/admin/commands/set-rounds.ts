/**
 * `set-rounds --pair P --file rounds.json`: new prices and end times, the same on both chains of a pair. Caps and
 * Ethereum's quotas are fixed at deployment: the file's caps must be the deployed ones. Planned by @shaft/owner-actions.
 */
import fs from "node:fs";
import { planSetRounds } from "@shaft/owner-actions";
import { loadParams, ParamsError, resolveRounds, roundSchema, type ResolvedRound } from "../../../deploy/schema.js";
import { Refusal, UsageError } from "../../lib/cli.js";
import { chainRef } from "../context.js";
import { readLadder } from "../ladder.js";
import { onPair, planCalls } from "../runner.js";

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
    const read = await Promise.all(
      chains.map(async (chain) => ({
        chain: chainRef(chain),
        ladder: await readLadder(chain),
        saleEnd: await chain.presale.endTime(),
      })),
    );
    const plans = planSetRounds({ chains: read, next, now: BigInt(now), source: `--file ${v.file}` });
    const calls = chains.map((chain, c) => {
      header(chain, "set rounds");
      return planCalls(chain, plans[c], out);
    });
    await executePair(calls, "Set presale rounds");
  },
});
