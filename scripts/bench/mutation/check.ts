/**
 * `npm run bench:mutation -- --check`: the catalogue is valid against the current sources, so a contract edit that
 * orphans a mutant fails the tooling tests instead of silently shrinking the run. `--uncovered <git ref>` lists the
 * code lines changed since that ref that no mutant touches.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { TESTS_BY_FILE, type Mutant } from "../mutants.js";
import { ROOT } from "./worker.js";

/** Start offsets of every match of `find` in `text`. */
export function matches(text: string, find: string): number[] {
  const at: number[] = [];
  for (let i = text.indexOf(find); i >= 0; i = text.indexOf(find, i + 1)) at.push(i);
  return at;
}

export function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

export function testsOf(m: Mutant): string[] {
  return m.tests ?? TESTS_BY_FILE[m.file] ?? [];
}

/** Where the mutant applies: the offset of its match, or why it cannot be planted. */
export function locate(text: string, m: Mutant): { at: number } | { problem: string } {
  const found = matches(text, m.find);
  if (found.length === 0) return { problem: "pattern not found" };
  if (m.occurrence === undefined && found.length > 1) {
    return { problem: `pattern found ${found.length} times: make it unique or give its occurrence` };
  }
  const at = found[(m.occurrence ?? 1) - 1];
  if (at === undefined) return { problem: `occurrence ${m.occurrence} asked, ${found.length} found` };
  return { at };
}

/** Every problem of the catalogue against the sources in the repository, as `id: problem` lines. */
export function checkCatalogue(mutants: Mutant[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const m of mutants) {
    const say = (p: string) => problems.push(`${m.id} (${m.file}): ${p}`);
    if (seen.has(m.id)) say("duplicate id");
    seen.add(m.id);
    if (m.find === m.replace) say("the replacement is the pattern itself");
    const source = path.join(ROOT, m.file);
    if (!existsSync(source)) {
      say("no such file");
      continue;
    }
    const where = locate(readFileSync(source, "utf8"), m);
    if ("problem" in where) say(where.problem);
    const tests = testsOf(m);
    if (tests.length === 0) say("no tests to run");
    for (const t of tests) if (!existsSync(path.join(ROOT, t))) say(`test file ${t} does not exist`);
  }
  return problems;
}

/** Whether a Solidity line does something (a check, an assignment, a call, an event): not a declaration or comment. */
function isStatement(code: string): boolean {
  if (code === "" || /^(\/\/|\*|\/\*)/.test(code)) return false;
  // The closing line of a multi-line call or struct literal: its statement starts (and is mutated) above.
  if (/^[)\]}]+;$/.test(code)) return false;
  // A storage mapping's declaration (its `=>` is not an assignment).
  if (/^mapping\(/.test(code)) return false;
  if (
    /^(function|constructor|modifier|struct|event|error|import|pragma|contract|abstract|library|interface|using)\b/.test(
      code,
    )
  ) {
    return false;
  }
  return /\b(if|revert|return|emit|for|while|delete)\b|[^=!<>]=[^=]|\+\+|--|\?|\);$/.test(code);
}

/** Code lines added or changed since `ref` in the catalogued files that no mutant's pattern covers. */
export function uncoveredLines(mutants: Mutant[], ref: string): string[] {
  const files = [...new Set(mutants.map((m) => m.file))];
  const covered = new Map<string, Set<number>>(files.map((f) => [f, new Set<number>()]));
  for (const m of mutants) {
    const text = readFileSync(path.join(ROOT, m.file), "utf8");
    const where = locate(text, m);
    if ("problem" in where) continue;
    const [from, to] = [lineOf(text, where.at), lineOf(text, where.at + Math.max(m.find.length - 1, 0))];
    for (let l = from; l <= to; l++) covered.get(m.file)!.add(l);
  }
  const diff = execFileSync("git", ["diff", "-U0", ref, "--", ...files], { cwd: ROOT, encoding: "utf8" });
  const out: string[] = [];
  let file = "";
  let line = 0;
  for (const d of diff.split("\n")) {
    if (d.startsWith("+++ ")) file = d.slice(6);
    else if (d.startsWith("@@")) line = Number(/\+(\d+)/.exec(d)![1]);
    else if (d.startsWith("+")) {
      const code = d.slice(1).trim();
      if (isStatement(code) && !covered.get(file)?.has(line)) out.push(`${file}:${line}: ${code}`);
      line++;
    }
  }
  return out;
}
