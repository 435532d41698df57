/**
 * `npm run bench:gas` (= `hardhat run scripts/bench/gas.ts`): runs the gas scenarios on the in-process chains with
 * the project's mocks and OP's own bridge contracts, and writes reports/gas.json (gasUsed from receipts): the
 * purchases, claim and staking rows, and `relay` (Ethereum's relay at 1, 10 and 30 gwei and its reports on Base). The
 * scenarios live in test/mocha/helpers/gasScenarios.ts, shared with the budget test.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { GAS_BUDGETS, GAS_KEYS, runGasScenarios, runRelayGas } from "../../test/mocha/helpers/gasScenarios.js";

const report = await runGasScenarios();
const relay = await runRelayGas();
const ordered = { ...Object.fromEntries(GAS_KEYS.map((k) => [k, report[k]])), relay };
const out = path.resolve(import.meta.dirname, "../../reports/gas.json");
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, JSON.stringify(ordered, null, 2) + "\n");

let over = 0;
for (const k of GAS_KEYS) {
  const budget = GAS_BUDGETS[k];
  const flag = budget === undefined ? "" : report[k] <= budget ? `ok (budget ${budget})` : `OVER BUDGET ${budget}`;
  if (budget !== undefined && report[k] > budget) over++;
  console.log(`${k.padEnd(22)} ${String(report[k]).padStart(8)}  ${flag}`);
}
const fees = Object.keys(relay.largestBatch);
console.log(`\nrelay (Ethereum gas; per buyer) at ${fees.map((f) => `${f} gwei`).join(" / ")}:`);
for (const b of relay.batches) {
  const row = fees.map((f) => {
    const k = f as keyof typeof b.ethereumGas;
    return b.ethereumGas[k] === null ? "does not fit" : `${b.ethereumGas[k]} (${b.ethereumGasPerBuyer[k]})`;
  });
  console.log(
    `  ${String(b.buyers).padStart(4)} buyers: ${row.join(" / ")}; on Base ${b.baseReportGasUsed} of ${b.minGasLimit} asked`,
  );
}
for (const f of fees) {
  const l = relay.largestBatch[f as keyof typeof relay.largestBatch];
  console.log(`  largest batch at ${f} gwei: ${l.buyers} (${l.limitedBy}${l.extrapolated ? ", extrapolated" : ""})`);
}
console.log(`  MAX_RELAY_BUYERS ${relay.maxRelayBuyers}`);
console.log(`wrote ${path.relative(process.cwd(), out)}`);
if (over > 0) process.exitCode = 1;
