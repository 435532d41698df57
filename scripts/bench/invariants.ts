/**
 * `npm run bench:invariants` (= `hardhat run scripts/bench/invariants.ts`): runs every Solidity invariant campaign
 * (test/solidity/*Invariants.t.sol) with the "invariants" test profile of hardhat.config.ts, the same handlers as
 * `npm test` but 10 times deeper (256 runs x 640 calls against 256 x 64) on a fresh seed, and writes
 * reports/invariants.json: the profile (runs, depth, seed), and per campaign its status, runs x depth, the calls made
 * (and how many reverted: 0, every handler call must succeed), the calls per handler action and the time taken.
 *
 *   npm run bench:invariants                                   # the whole set (under an hour on 2 cores)
 *   INVARIANT_DEPTH=128 INVARIANT_RUNS=32 npm run bench:invariants   # a quicker pass
 *   INVARIANT_SEED=0x… npm run bench:invariants                # start from a recorded seed
 *
 * The seed is the runner's fuzz seed, recorded so a run can be started from it again; EDR's invariant campaigns are
 * not replayed call for call from it (two 1 x 640 runs on seed 0x1234 made different call mixes), so a failure is
 * kept by its counterexample, which the runner prints, not by the seed alone.
 *
 * Runs through Hardhat's own Solidity test runner (EDR) rather than forge: the same compiler build, cheatcodes,
 * library linking and suites as `npm test`, no second toolchain or solc wrapper, and the runner's structured results
 * (calls, reverts, per-action metrics) are read here instead of scraped from a console.
 */
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import hre from "hardhat";

// Every file of test/solidity: a handler in a file of its own (TwoChainHandler.sol) must be among the files run, or
// its campaign finds "No contracts to fuzz"; the grep keeps the invariant campaigns only.
const SUITES: string[] = [];
const PROFILE = "invariants";
const NPM_TEST_DEPTH = hre.config.test.solidity.profiles.default.invariant?.depth ?? 0;

interface InvariantKind {
  runs: bigint;
  calls: bigint;
  reverts: bigint;
  metrics: Record<string, { calls: bigint; reverts: bigint; discards: bigint }>;
}
interface TestResult {
  name: string;
  status: string;
  reason?: string;
  kind: InvariantKind | object;
  durationNs: bigint;
}
interface SuiteResult {
  id: { name: string; source: string };
  testResults: TestResult[];
}

const profile = hre.config.test.solidity.profiles[PROFILE];
const { runs = 0, depth = 0 } = profile.invariant ?? {};
const started = Date.now();
const outcome = (await hre.tasks.getTask(["test", "solidity"]).run({
  testFiles: SUITES,
  testProfile: PROFILE,
  grep: "^invariant_",
})) as { success: boolean; value?: { suiteResults: SuiteResult[] }; error?: { suiteResults: SuiteResult[] } };
const seconds = Math.round((Date.now() - started) / 1000);
const suiteResults = (outcome.value ?? outcome.error)?.suiteResults ?? [];

const campaigns = suiteResults.flatMap((suite) =>
  suite.testResults
    .filter((t) => "calls" in t.kind)
    .map((t) => {
      const kind = t.kind as InvariantKind;
      const actions = Object.fromEntries(
        Object.entries(kind.metrics)
          .map(([selector, m]) => [selector.split(".").pop() ?? selector, Number(m.calls)] as const)
          .sort(([a], [b]) => a.localeCompare(b)),
      );
      return {
        suite: suite.id.name,
        invariant: t.name,
        status: t.status,
        runs: Number(kind.runs),
        depth,
        calls: Number(kind.calls),
        reverts: Number(kind.reverts),
        seconds: Math.round(Number(t.durationNs) / 1e9),
        ...(t.status === "Success" ? {} : { reason: t.reason ?? null }),
        actions,
      };
    }),
);

// A campaign that could not start (a setup failure) has no call counts: it is listed as failed, never dropped.
const failed = suiteResults.flatMap((suite) =>
  suite.testResults
    .filter((t) => t.status !== "Success" && t.status !== "Skipped")
    .map((t) => ({ suite: suite.id.name, test: t.name, status: t.status, reason: t.reason ?? null })),
);

const report = {
  generatedAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, loadAverage1m: Number(os.loadavg()[0].toFixed(1)) },
  profile: { name: PROFILE, runs, depth, seed: profile.fuzz.seed, npmTestDepth: NPM_TEST_DEPTH },
  depthFactor: NPM_TEST_DEPTH === 0 ? null : depth / NPM_TEST_DEPTH,
  totalCalls: campaigns.reduce((s, c) => s + c.calls, 0),
  totalReverts: campaigns.reduce((s, c) => s + c.reverts, 0),
  seconds,
  passed: outcome.success && failed.length === 0 && campaigns.length > 0,
  ...(failed.length === 0 ? {} : { failed }),
  campaigns,
};

const out = path.resolve(import.meta.dirname, "../../reports/invariants.json");
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, JSON.stringify(report, null, 2) + "\n");
for (const c of campaigns) {
  console.log(
    `${c.status.padEnd(8)} ${`${c.suite}.${c.invariant}`.padEnd(64)} ${c.runs} x ${c.depth}  ${c.calls} calls  ${c.seconds} s`,
  );
}
console.log(`${report.totalCalls} calls, ${report.totalReverts} reverts, ${seconds} s; seed ${report.profile.seed}`);
console.log(`wrote ${path.relative(process.cwd(), out)}`);
if (!report.passed) process.exitCode = 1;
