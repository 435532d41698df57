import { expect } from "chai";
import { underCoverage } from "../support/coverage.js";
import { GAS_BUDGETS, GAS_KEYS, runGasScenarios, type GasReport } from "./helpers/gasScenarios.js";

describe("Gas budget (same scenarios as npm run bench:gas)", function () {
  let report: GasReport;

  before(async function () {
    // Under `--coverage` the bytecode is instrumented and every gas figure is inflated: the budgets apply to the real
    // build only (npm run bench:gas and a plain `hardhat test` measure it).
    if (underCoverage()) this.skip();
    report = await runGasScenarios();
    console.log("      gasUsed:", JSON.stringify(report));
  });

  it("measures every key", function () {
    for (const k of GAS_KEYS) {
      expect(report[k], k).to.be.a("number");
      expect(report[k], k).to.be.greaterThan(21_000);
    }
  });

  for (const [key, budget] of Object.entries(GAS_BUDGETS)) {
    it(`${key} <= ${budget}`, function () {
      expect(report[key as keyof GasReport], key).to.be.at.most(budget);
    });
  }

  it("a purchase spanning two rounds costs more than a single-round repeat purchase", function () {
    expect(report.buyEthCrossRound).to.be.greaterThan(report.buyEthRepeat);
  });
});
