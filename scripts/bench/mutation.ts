/**
 * `npm run bench:mutation`: plants each mutant of scripts/bench/mutants.ts in turn, runs only the tests that exercise
 * the mutated contract (mocha files first, with --bail, then Solidity tests if the mutant survived them), restores the
 * file, and writes reports/mutation.json plus a one-line score. Mutants compile without viaIR into a build of their
 * own (MUTATION_BUILD=1, see hardhat.config.ts), so the real artifacts are untouched.
 *
 *   npm run bench:mutation                       # the whole catalogue
 *   npm run bench:mutation -- --only id1,id2     # re-run some mutants, merged into the existing report
 *   npm run bench:mutation -- --check            # only report which patterns are found
 *
 * The original file is restored after each mutant, on error, and on Ctrl-C / SIGTERM. Before a mutant is planted its
 * original is also written to .mutation/restore.json, so even a run killed outright (SIGKILL) is undone by the next one.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { MUTANTS, TESTS_BY_FILE, type Mutant } from "./mutants.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const REPORT = path.join(ROOT, "reports/mutation.json");
const RUN_TIMEOUT_MS = 15 * 60_000;
const JOURNAL = path.join(ROOT, ".mutation/restore.json");

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
}

// ------------------------------------------------------------------------------------------------ restoring files

const originals = new Map<string, string>();
let running: ChildProcess | null = null;

function plant(file: string, original: string, mutated: string): void {
  originals.set(file, original);
  mkdirSync(path.dirname(JOURNAL), { recursive: true });
  writeFileSync(JOURNAL, JSON.stringify(Object.fromEntries(originals)));
  writeFileSync(file, mutated);
}

function restoreAll(): void {
  for (const [file, text] of originals) writeFileSync(file, text);
  originals.clear();
  rmSync(JOURNAL, { force: true });
}

/** Undoes a previous run that was killed before it could restore its mutant. */
function recoverJournal(): void {
  if (!existsSync(JOURNAL)) return;
  for (const [file, text] of Object.entries(JSON.parse(readFileSync(JOURNAL, "utf8")) as Record<string, string>)) {
    writeFileSync(file, text);
    console.error(`restored ${path.relative(ROOT, file)} left mutated by an interrupted run`);
  }
  rmSync(JOURNAL, { force: true });
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    running?.kill("SIGTERM");
    restoreAll();
    console.error(`\n${signal}: sources restored, report not written`);
    process.exit(130);
  });
}
process.on("exit", restoreAll);
process.on("uncaughtException", (e) => {
  restoreAll();
  console.error(e);
  process.exit(1);
});

// ------------------------------------------------------------------------------------------------ planting

/** Index of the `occurrence`-th match of `find` in `text`, or -1. */
function locate(text: string, find: string, occurrence = 1): number {
  let at = -1;
  for (let i = 0; i < occurrence; i++) {
    at = text.indexOf(find, at + 1);
    if (at < 0) return -1;
  }
  return at;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

// ------------------------------------------------------------------------------------------------ running tests

interface Run {
  failed: boolean;
  compileError: boolean;
  firstFailure: string | null;
}

/** Runs Hardhat asynchronously, so a signal to this process is handled at once (restoring the source). */
function spawnHardhat(args: string[]): Promise<{ status: number | null; out: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(ROOT, "node_modules/.bin/hardhat"), args, {
      cwd: ROOT,
      env: { ...process.env, MUTATION_BUILD: "1", HARDHAT_DISABLE_TELEMETRY: "true", FORCE_COLOR: "0" },
    });
    running = child;
    let out = "";
    child.stdout.on("data", (b: Buffer) => (out += b.toString()));
    child.stderr.on("data", (b: Buffer) => (out += b.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGTERM");
    }, RUN_TIMEOUT_MS);
    child.on("close", (status) => {
      clearTimeout(timer);
      running = null;
      resolve({ status, out, timedOut });
    });
  });
}

async function runTests(kind: "mocha" | "solidity", files: string[]): Promise<Run> {
  const args = ["test", kind, "--no-typechain", ...(kind === "mocha" ? ["--bail"] : []), ...files];
  const r = await spawnHardhat(args);
  const out = r.out;
  if (r.timedOut) {
    return {
      failed: true,
      compileError: false,
      firstFailure: `${kind}: timed out after ${RUN_TIMEOUT_MS / 60_000} min`,
    };
  }
  if (r.status === 0) return { failed: false, compileError: false, firstFailure: null };
  if (
    /(TypeError|DeclarationError|ParserError|CompilerError|Compilation failed)/.test(out) &&
    !/\d+ failing/.test(out)
  ) {
    return {
      failed: true,
      compileError: true,
      firstFailure: out.match(/(TypeError|DeclarationError|ParserError)[^\n]*/)?.[0] ?? "compile error",
    };
  }
  return { failed: true, compileError: false, firstFailure: firstFailure(out) };
}

/** The first failing test's title from a mocha or Solidity test summary. */
function firstFailure(out: string): string {
  const clean = stripVTControlCharacters(out);
  const mocha = clean.match(/\n\s+1\) ([^\n]+)\n\s+([^\n]+?):\n/);
  if (mocha) return `${mocha[1].trim()} › ${mocha[2].trim()}`;
  const single = clean.match(/\n\s+1\) ([^\n]+)/);
  if (single) return single[1].trim();
  const err = clean.split("\n").find((l) => /Error|error/.test(l) && !/npm warn/.test(l));
  return `run error: ${(err ?? "non-zero exit").trim().slice(0, 200)}`;
}

function testFor(m: Mutant): string[] {
  return m.tests ?? TESTS_BY_FILE[m.file] ?? [];
}

async function runMutant(m: Mutant, checkOnly: boolean): Promise<Result> {
  const started = Date.now();
  const file = path.join(ROOT, m.file);
  const base = { id: m.id, file: m.file, description: m.description };
  const done = (r: Omit<Result, "id" | "file" | "description" | "seconds">): Result => ({
    ...base,
    ...r,
    seconds: Math.round((Date.now() - started) / 1000),
  });
  const text = readFileSync(file, "utf8");
  const at = locate(text, m.find, m.occurrence);
  if (at < 0)
    return done({
      line: null,
      status: "not applicable",
      killedBy: null,
      note: "pattern not found in the current source",
    });
  const line = lineOf(text, at);
  if (checkOnly) return done({ line, status: "survived", killedBy: null, note: "check only" });

  plant(file, text, text.slice(0, at) + m.replace + text.slice(at + m.find.length));
  try {
    const tests = testFor(m);
    const mocha = tests.filter((t) => t.endsWith(".ts"));
    const solidity = tests.filter((t) => t.endsWith(".sol"));
    for (const [kind, files] of [
      ["mocha", mocha],
      ["solidity", solidity],
    ] as const) {
      if (files.length === 0) continue;
      const run = await runTests(kind, files);
      if (run.compileError)
        return done({ line, status: "invalid", killedBy: null, note: run.firstFailure ?? undefined });
      if (run.failed) return done({ line, status: "killed", killedBy: run.firstFailure });
    }
    if (m.equivalent) return done({ line, status: "equivalent", killedBy: null, note: m.equivalent });
    return done({ line, status: "survived", killedBy: null, note: m.note });
  } finally {
    restoreAll();
  }
}

// ------------------------------------------------------------------------------------------------ main

const argv = process.argv.slice(2);
const checkOnly = argv.includes("--check");
const onlyArg = argv.indexOf("--only");
const only = onlyArg >= 0 ? new Set(argv[onlyArg + 1].split(",")) : null;
// --only runs its mutants in the order given (so the ones that matter most can go first).
const selected =
  only === null
    ? MUTANTS
    : [...only].map((id) => {
        const found = MUTANTS.find((m) => m.id === id);
        if (found === undefined) throw new Error(`unknown mutant ${id}`);
        return found;
      });
if (new Set(MUTANTS.map((m) => m.id)).size !== MUTANTS.length) throw new Error("duplicate mutant id");

recoverJournal();
const started = Date.now();
const results: Result[] = [];

/**
 * Writes reports/mutation.json: after every mutant (marked `inProgress`, so a run stopped early still leaves what it
 * measured) and once more at the end. A partial run (--only) replaces its mutants' entries in the existing report.
 */
function writeReport(finished: boolean): string {
  let all = results;
  if (only !== null && existsSync(REPORT)) {
    const previous = (JSON.parse(readFileSync(REPORT, "utf8")) as { mutants: Result[] }).mutants;
    const byId = new Map(previous.map((r) => [r.id, r]));
    for (const r of results) byId.set(r.id, r);
    all = MUTANTS.map((m) => byId.get(m.id)).filter((r): r is Result => r !== undefined);
  }
  const count = (s: Status) => all.filter((r) => r.status === s).length;
  const killed = count("killed");
  const judged = killed + count("survived");
  const score =
    `mutation score: ${killed}/${judged} killed (${judged === 0 ? 0 : ((100 * killed) / judged).toFixed(1)} %), ` +
    `${count("equivalent")} equivalent, ${count("not applicable")} not applicable, ${count("invalid")} invalid, ` +
    `${all.length} mutants`;
  mkdirSync(path.dirname(REPORT), { recursive: true });
  const progress = finished ? {} : { inProgress: `${results.length}/${selected.length} of this run done` };
  writeFileSync(
    REPORT,
    JSON.stringify(
      {
        generatedAt: new Date().toISOString(),
        lastRunSeconds: Math.round((Date.now() - started) / 1000),
        ...progress,
        score,
        mutants: all,
      },
      null,
      2,
    ) + "\n",
  );
  if (finished && count("survived") > 0) process.exitCode = 1;
  return score;
}

for (const [i, m] of selected.entries()) {
  const r = await runMutant(m, checkOnly);
  results.push(r);
  console.log(
    `[${i + 1}/${selected.length}] ${r.status.padEnd(14)} ${m.id} (${m.file}:${r.line ?? "-"}) ${r.seconds}s` +
      (r.killedBy ? ` — ${r.killedBy}` : "") +
      (r.note && r.status !== "killed" ? ` — ${r.note}` : ""),
  );
  if (!checkOnly && i + 1 < selected.length) writeReport(false);
}

if (!checkOnly) console.log(writeReport(true));
