/**
 * `npm run bench:mutation`: plants each mutant of scripts/bench/mutants.ts in a worker's private copy of the sources
 * (./mutation/worker.ts), runs the tests chosen for it (mocha files first, with --bail, then Solidity tests if it
 * survived them), and writes reports/mutation.json plus a one-line score. Mutants compile without viaIR and, except
 * the gas-limit ones, without the optimizer (several times faster) into builds of their own (MUTATION_BUILD=1, see
 * hardhat.config.ts); a mocha run builds the contracts only, not the Solidity tests. Before the first mutant every test
 * file is run once unmutated: a test that fails on the real code would "kill" every mutant. Each mutant's report entry
 * has its CPU seconds (compile and tests, measured by bash's `times`), whatever else the machine ran meanwhile.
 *
 *   npm run bench:mutation                       # the whole catalogue, 2 workers
 *   npm run bench:mutation -- --jobs 1           # one worker (a single-core machine)
 *   npm run bench:mutation -- --only id1,id2     # re-run some mutants, merged into the existing report
 *   npm run bench:mutation -- --area payments    # one area of the catalogue, a report of its own marked partial
 *   npm run bench:mutation -- --only id1 --first-worker 2 --report /tmp/r.json   # beside a running full run
 *   npm run bench:mutation -- --check            # validate the catalogue only (exit 1 on any problem)
 *   npm run bench:mutation -- --check --uncovered b98de6b   # and list changed code lines no mutant touches
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { AREAS, MUTANTS, type Mutant } from "./mutants.js";
import { checkCatalogue, lineOf, locate, testsOf, uncoveredLines } from "./mutation/check.js";
import { ROOT, stopAll, Worker } from "./mutation/worker.js";

type Status = "killed" | "survived" | "equivalent" | "not applicable" | "invalid";
interface Result {
  id: string;
  file: string;
  line: number | null;
  description: string;
  status: Status;
  killedBy: string | null;
  note?: string;
  seconds: number;
  /** CPU seconds of the mutant's test runs (compile included), whatever else the machine ran meanwhile. */
  cpuSeconds: number;
}

const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);

// ------------------------------------------------------------------------------------------------ --check

if (argv.includes("--check")) {
  const problems = checkCatalogue(MUTANTS);
  for (const p of problems) console.error(`catalogue: ${p}`);
  const since = option("--uncovered");
  if (since !== undefined) {
    const lines = uncoveredLines(MUTANTS, since);
    console.log(`${lines.length} code lines changed since ${since} without a mutant:`);
    for (const l of lines) console.log(`  ${l}`);
  }
  console.log(
    problems.length === 0
      ? `catalogue: ${MUTANTS.length} mutants, every pattern found once where it should be, every test file present`
      : `catalogue: ${problems.length} problems in ${MUTANTS.length} mutants`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}

// ------------------------------------------------------------------------------------------------ selection

const REPORT = path.resolve(ROOT, option("--report") ?? "reports/mutation.json");
const only = option("--only")?.split(",");
const area = option("--area");
if (area !== undefined && !(area in AREAS)) throw new Error(`unknown area ${area}: ${Object.keys(AREAS).join(", ")}`);
if (area !== undefined && only !== undefined) throw new Error("--area and --only do not combine");
const jobs = Math.max(1, Number(option("--jobs") ?? 2));
if (new Set(MUTANTS.map((m) => m.id)).size !== MUTANTS.length) throw new Error("duplicate mutant id");
// --only runs its mutants in the order given (so the ones that matter most can go first).
const pool: readonly Mutant[] = area === undefined ? MUTANTS : AREAS[area as keyof typeof AREAS];
const selected =
  only === undefined
    ? // Equivalent mutants run every test of their list: start them first so the workers finish together.
      [...pool.filter((m) => m.equivalent), ...pool.filter((m) => !m.equivalent)]
    : only.map((id) => {
        const found = MUTANTS.find((m) => m.id === id);
        if (found === undefined) throw new Error(`unknown mutant ${id}`);
        return found;
      });

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    stopAll();
    console.error(`\n${signal}: stopped (the sources were never touched), report of the mutants done so far kept`);
    process.exit(130);
  });
}

// ------------------------------------------------------------------------------------------------ one mutant

async function runMutant(w: Worker, m: Mutant): Promise<Result> {
  const started = Date.now();
  let cpuSeconds = 0;
  const done = (r: Omit<Result, "id" | "file" | "description" | "seconds" | "cpuSeconds">): Result => ({
    id: m.id,
    file: m.file,
    description: m.description,
    ...r,
    seconds: Math.round((Date.now() - started) / 1000),
    cpuSeconds: Math.round(cpuSeconds * 10) / 10,
  });
  const text = w.read(m.file);
  const where = locate(text, m);
  if ("problem" in where) return done({ line: null, status: "not applicable", killedBy: null, note: where.problem });
  const line = lineOf(text, where.at);
  w.write(m.file, text.slice(0, where.at) + m.replace + text.slice(where.at + m.find.length));
  try {
    const tests = testsOf(m);
    for (const kind of ["mocha", "solidity"] as const) {
      const files = tests.filter((t) => t.endsWith(kind === "mocha" ? ".ts" : ".sol"));
      if (files.length === 0) continue;
      const run = await w.test(kind, files, m.optimized === true);
      cpuSeconds += run.cpuSeconds;
      if (run.compileError)
        return done({ line, status: "invalid", killedBy: null, note: run.firstFailure ?? undefined });
      if (run.failed) return done({ line, status: "killed", killedBy: run.firstFailure });
    }
    if (m.equivalent) return done({ line, status: "equivalent", killedBy: null, note: m.equivalent });
    return done({ line, status: "survived", killedBy: null, note: m.note });
  } finally {
    w.write(m.file, text);
  }
}

// ------------------------------------------------------------------------------------------------ baseline

/** Every test file the selection runs, once, unmutated (in the optimized build too if a gas mutant needs it). */
async function baseline(workers: Worker[]): Promise<void> {
  const union = (ms: Mutant[]) => [...new Set(ms.flatMap(testsOf))];
  const plain = union(selected.filter((m) => !m.optimized));
  const optimized = union(selected.filter((m) => m.optimized));
  const runs: [boolean, string[]][] = [
    [false, plain],
    [true, optimized],
  ];
  const failures = await Promise.all(
    runs.map(async ([opt, files], i) => {
      const w = workers[i % workers.length];
      if (files.length === 0) return null;
      for (const kind of ["mocha", "solidity"] as const) {
        const list = files.filter((t) => t.endsWith(kind === "mocha" ? ".ts" : ".sol"));
        if (list.length === 0) continue;
        const run = await w.test(kind, list, opt);
        if (run.failed) return `${opt ? "optimized" : "plain"} build, ${kind}: ${run.firstFailure}`;
      }
      return null;
    }),
  );
  const failed = failures.filter((f) => f !== null);
  if (failed.length > 0) {
    console.error(`the unmutated sources fail their own tests, so no mutant can be judged:\n  ${failed.join("\n  ")}`);
    process.exit(2);
  }
}

// ------------------------------------------------------------------------------------------------ report

/** CPU seconds used by this process's finished children (the Hardhat runs), from /proc. */
function childCpuSeconds(): number {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    const ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));
    return (Number(fields[13]) + Number(fields[14])) / ticks;
  } catch {
    return NaN;
  }
}

const started = Date.now();
const cpuAtStart = childCpuSeconds();
const loadAtStart = os.loadavg()[0];
const results: Result[] = [];

/**
 * Writes reports/mutation.json: after every mutant (marked `inProgress`, so a run stopped early still leaves what it
 * measured) and once more at the end. `--only` replaces its mutants' entries in the existing report; `--area` writes
 * a report of its own. Whenever the report does not hold a finished result for every mutant of the catalogue it says
 * so (`partial`, and in the score line): its score is that of the mutants listed, not of the catalogue.
 */
function writeReport(finished: boolean): string {
  let all = results;
  if (only !== undefined && existsSync(REPORT)) {
    const previous = (JSON.parse(readFileSync(REPORT, "utf8")) as { mutants: Result[] }).mutants;
    const byId = new Map(previous.map((r) => [r.id, r]));
    for (const r of results) byId.set(r.id, r);
    all = MUTANTS.map((m) => byId.get(m.id)).filter((r): r is Result => r !== undefined);
  } else {
    all = MUTANTS.map((m) => results.find((r) => r.id === m.id)).filter((r): r is Result => r !== undefined);
  }
  const count = (s: Status) => all.filter((r) => r.status === s).length;
  const killed = count("killed");
  const judged = killed + count("survived");
  const partial =
    finished && all.length === MUTANTS.length
      ? undefined
      : {
          why: finished
            ? area !== undefined
              ? `one area: ${area}`
              : "some mutants only (--only)"
            : "run not finished",
          ...(area !== undefined ? { area } : {}),
          mutantsReported: all.length,
          ofCatalogue: MUTANTS.length,
        };
  const score =
    (partial ? `PARTIAL (${partial.why}, ${all.length} of ${MUTANTS.length} mutants) ` : "") +
    `mutation score: ${killed}/${judged} killed (${judged === 0 ? 0 : ((100 * killed) / judged).toFixed(1)} %), ` +
    `${count("equivalent")} equivalent, ${count("not applicable")} not applicable, ${count("invalid")} invalid, ` +
    `${all.length} mutants`;
  const run = {
    mutants: results.length,
    jobs,
    wallSeconds: Math.round((Date.now() - started) / 1000),
    childCpuSeconds: Math.round(childCpuSeconds() - cpuAtStart),
    // Per mutant, from its own runs (the baseline and warm-up excluded): what a full run costs per mutant and core.
    cpuSecondsPerMutant:
      results.length === 0 ? 0 : Math.round((10 * results.reduce((a, r) => a + r.cpuSeconds, 0)) / results.length) / 10,
    cores: os.cpus().length,
    loadAverage: { atStart: loadAtStart, atEnd: os.loadavg()[0] },
    ...(finished ? {} : { inProgress: `${results.length}/${selected.length} done` }),
  };
  const totals = {
    total: all.length,
    killed,
    equivalent: count("equivalent"),
    survived: count("survived"),
    notApplicable: count("not applicable"),
    invalid: count("invalid"),
  };
  mkdirSync(path.dirname(REPORT), { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    ...(partial ? { partial } : {}),
    lastRun: run,
    totals,
    score,
    mutants: all,
  };
  writeFileSync(REPORT, JSON.stringify(report, null, 2) + "\n");
  if (finished && count("survived") > 0) process.exitCode = 1;
  return score;
}

// ------------------------------------------------------------------------------------------------ main

const firstWorker = Number(option("--first-worker") ?? 0);
const workers = Array.from({ length: jobs }, (_, i) => new Worker(firstWorker + i));
for (const w of workers) w.prepare();
console.log(`${selected.length} mutants on ${jobs} workers; warming the builds and running the tests unmutated`);
const needsOptimized = selected.some((m) => m.optimized);
await Promise.all(workers.map(async (w) => (await w.compile(false)) && (!needsOptimized || (await w.compile(true)))));
if (!argv.includes("--no-baseline")) {
  await baseline(workers);
  console.log(`baseline passed after ${Math.round((Date.now() - started) / 1000)} s`);
}

const queue = [...selected];
let finishedCount = 0;
await Promise.all(
  workers.map(async (w) => {
    for (let m = queue.shift(); m !== undefined; m = queue.shift()) {
      const r = await runMutant(w, m);
      results.push(r);
      finishedCount++;
      console.log(
        `[${finishedCount}/${selected.length}] ${r.status.padEnd(14)} ${m.id} (${m.file}:${r.line ?? "-"}) ${r.seconds}s` +
          (r.killedBy ? ` — ${r.killedBy}` : "") +
          (r.note && r.status !== "killed" ? ` — ${r.note}` : ""),
      );
      if (finishedCount < selected.length) writeReport(false);
    }
  }),
);
console.log(writeReport(true));
