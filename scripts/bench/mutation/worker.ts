/**
 * A mutation worker: a private copy of the contracts and tests under .mutation/workers/<n>/ (node_modules and the
 * generated types are linked), where one mutant at a time is planted and tested. The real sources are never written,
 * so a run killed at any point leaves nothing to undo, and several workers run side by side on a multi-core machine.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
const RUN_TIMEOUT_MS = 15 * 60_000;
/**
 * What a test run needs from the repository: copied (so mutants stay private, and modules resolve their own folder,
 * not the repository's, since Node follows symlinks to their real path) or linked (read only). The tests import the
 * deployment and OP Stack code from scripts/, deploy/ and ignition/.
 */
const COPIED = [
  "contracts",
  "test",
  "scripts",
  "deploy",
  "ignition",
  "hardhat.config.ts",
  "package.json",
  "tsconfig.json",
];
const LINKED = ["node_modules", "typechain-types"];

export interface Run {
  failed: boolean;
  compileError: boolean;
  firstFailure: string | null;
  /** CPU seconds of the run and everything it started (the compiler, the test chains), user + system. */
  cpuSeconds: number;
}

const running = new Set<ChildProcess>();

/** Stops a run with everything it started (it leads a process group of its own). */
function stop(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
}

/** Stops every test run in progress (on Ctrl-C / SIGTERM). */
export function stopAll(): void {
  for (const child of running) stop(child);
}

/**
 * bash's `times` after the run prints the CPU time of the shell's finished children (user, then system) as its last
 * line: the run's own CPU seconds, whatever else the machine does.
 */
const TIMED = '"$@"; status=$?; times; exit $status';
const TIMES = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/;

function cpuSecondsOf(out: string): number {
  const t = TIMES.exec(out);
  return t === null ? NaN : Number(t[1]) * 60 + Number(t[2]) + Number(t[3]) * 60 + Number(t[4]);
}

export class Worker {
  readonly dir: string;

  constructor(readonly index: number) {
    this.dir = path.join(ROOT, ".mutation/workers", String(index));
  }

  /** Refreshes the copy from the repository (the build cache inside it survives, keyed by content). */
  prepare(): void {
    mkdirSync(this.dir, { recursive: true });
    for (const name of COPIED) {
      rmSync(path.join(this.dir, name), { recursive: true, force: true });
      cpSync(path.join(ROOT, name), path.join(this.dir, name), { recursive: true });
    }
    for (const name of LINKED) {
      const link = path.join(this.dir, name);
      if (!existsSync(link)) symlinkSync(path.join(ROOT, name), link);
    }
  }

  read(file: string): string {
    return readFileSync(path.join(this.dir, file), "utf8");
  }

  write(file: string, text: string): void {
    writeFileSync(path.join(this.dir, file), text);
  }

  /**
   * Runs `hardhat test <kind> <files>` in the copy; mocha stops at the first failing test. `grep` (mocha only) runs
   * just the tests whose full title matches it.
   */
  async test(kind: "mocha" | "solidity", files: string[], optimized: boolean, grep?: string): Promise<Run> {
    const args = [
      "test",
      kind,
      "--no-typechain",
      ...(kind === "mocha" ? ["--bail"] : []),
      ...(grep !== undefined ? ["--grep", grep] : []),
      ...files,
    ];
    const r = await this.hardhat(args, optimized);
    const cpuSeconds = cpuSecondsOf(r.out);
    if (r.timedOut) {
      return {
        failed: true,
        compileError: false,
        firstFailure: `${kind}: timed out after ${RUN_TIMEOUT_MS / 60_000} min`,
        cpuSeconds,
      };
    }
    if (r.status === 0) return { failed: false, compileError: false, firstFailure: null, cpuSeconds };
    if (
      /(TypeError|DeclarationError|ParserError|CompilerError|Compilation failed)/.test(r.out) &&
      !/\d+ failing/.test(r.out)
    ) {
      return {
        failed: true,
        compileError: true,
        firstFailure: r.out.match(/(TypeError|DeclarationError|ParserError)[^\n]*/)?.[0] ?? "compile error",
        cpuSeconds,
      };
    }
    return { failed: true, compileError: false, firstFailure: firstFailure(r.out), cpuSeconds };
  }

  /**
   * Compiles the copy's contracts (warms the build cache before the first mutant). A mocha run builds the contracts
   * only (`splitTestsCompilation` in a mutation build): the Solidity tests are built by the Solidity runs alone.
   */
  async compile(optimized: boolean): Promise<boolean> {
    return (await this.hardhat(["build", "--no-tests", "--no-typechain", "--quiet"], optimized)).status === 0;
  }

  private hardhat(args: string[], optimized: boolean) {
    return new Promise<{ status: number | null; out: string; timedOut: boolean }>((resolve) => {
      const child = spawn("bash", ["-c", TIMED, "bash", path.join(this.dir, "node_modules/.bin/hardhat"), ...args], {
        cwd: this.dir,
        detached: true,
        env: {
          ...process.env,
          MUTATION_BUILD: "1",
          MUTATION_OPTIMIZE: optimized ? "1" : "0",
          HARDHAT_DISABLE_TELEMETRY: "true",
          FORCE_COLOR: "0",
        },
      });
      running.add(child);
      let out = "";
      child.stdout.on("data", (b: Buffer) => (out += b.toString()));
      child.stderr.on("data", (b: Buffer) => (out += b.toString()));
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        stop(child);
      }, RUN_TIMEOUT_MS);
      child.on("close", (status) => {
        clearTimeout(timer);
        running.delete(child);
        resolve({ status, out, timedOut });
      });
    });
  }
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
