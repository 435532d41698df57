/**
 * `npm run bench:gas` (= `hardhat run scripts/bench/gas.ts`): runs the gas scenarios on the in-process Base
 * chain with the project's mocks and writes reports/gas.json (gasUsed from receipts). The scenarios live in
 * test/mocha/helpers/gasScenarios.ts, shared with the budget test.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { GAS_BUDGETS, GAS_KEYS, runGasScenarios } from "../../test/mocha/helpers/gasScenarios.js";

const report = await runGasScenarios();
const ordered = Object.fromEntries(GAS_KEYS.map((k) => [k, report[k]]));
const out = path.resolve(import.meta.dirname, "../../reports/gas.json");
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, JSON.stringify(ordered, null, 2) + "\n");

let over = 0;
for (const k of GAS_KEYS) {
  const budget = GAS_BUDGETS[k];
  const flag = budget === undefined ? "" : report[k] <= budget ? `ok (budget ${budget})` : `OVER BUDGET ${budget}`;
  if (budget !== undefined && report[k] > budget) over++;
  console.log(`${k.padEnd(18)} ${String(report[k]).padStart(8)}  ${flag}`);
}
console.log(`wrote ${path.relative(process.cwd(), out)}`);
if (over > 0) process.exitCode = 1;
