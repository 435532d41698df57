/**
 * The mutation catalogue stays valid: `npm run bench:mutation -- --check` passes on the current sources, and the check
 * it runs refuses each way a contract edit can orphan or blur a mutant (pattern gone, pattern now ambiguous, test file
 * gone), so such an edit fails this suite instead of silently shrinking the mutation run.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import { MUTANTS, type Mutant } from "../../../scripts/bench/mutants.js";
import { constant } from "../../../scripts/bench/mutants/common.js";
import { checkCatalogue } from "../../../scripts/bench/mutation/check.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");

/** A catalogue entry on the staking contract, valid unless a field is overridden. */
const mutant = (extra: Partial<Mutant>): Mutant => ({
  id: "probe",
  file: "contracts/Staking.sol",
  description: "probe",
  find: "if (msg.sender != _presale) revert NotPresale(msg.sender);",
  replace: "",
  tests: ["test/mocha/staking.test.ts"],
  ...extra,
});

describe("tooling: the mutation catalogue matches the contracts", function () {
  this.timeout(120_000);

  it("npm run bench:mutation -- --check passes: every pattern found where it should be, every test file present", function () {
    const r = spawnSync(process.execPath, [TSX, "scripts/bench/mutation.ts", "--check"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(r.stderr, r.stderr).to.equal("");
    expect(r.status).to.equal(0);
    expect(r.stdout).to.contain(`catalogue: ${MUTANTS.length} mutants, every pattern found once`);
  });

  it("the check accepts a valid mutant and refuses a missing pattern, an ambiguous one, a missing test, a repeated id", function () {
    expect(checkCatalogue([mutant({})])).to.deep.equal([]);
    const problems = (m: Partial<Mutant>) => checkCatalogue([mutant(m)]).join("\n");
    expect(problems({ find: "a pattern no contract has" })).to.contain("pattern not found");
    // `amount == 0` guards several entry points of Staking: a bare pattern would pick one silently.
    expect(problems({ find: "if (amount == 0) revert ZeroAmount();" })).to.match(/found \d+ times/);
    expect(problems({ find: "if (amount == 0) revert ZeroAmount();", occurrence: 99 })).to.contain(
      "occurrence 99 asked",
    );
    expect(problems({ tests: ["test/mocha/no-such.test.ts"] })).to.contain("does not exist");
    expect(problems({ replace: "if (msg.sender != _presale) revert NotPresale(msg.sender);" })).to.contain(
      "the replacement is the pattern itself",
    );
    expect(checkCatalogue([mutant({}), mutant({})]).join("\n")).to.contain("duplicate id");
  });

  it("a constant's mutant follows the value the contract has today, and one whose constant is gone fails the check", function () {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "mutants-")), "Gas.sol");
    const relative = path.relative(ROOT, file);
    const halved = () =>
      constant(
        "probe",
        relative,
        "GAS_PER_ROUND",
        (v) => v / 2n,
        (a, b) => `${a} to ${b}`,
      );
    writeFileSync(file, "uint256 private constant GAS_PER_ROUND = 32_000;\n");
    expect(halved()).to.include({ find: "GAS_PER_ROUND = 32_000;", replace: "GAS_PER_ROUND = 16_000;" });
    expect(halved().description).to.equal("32,000 to 16,000");
    writeFileSync(file, "uint256 private constant GAS_PER_ROUND = 45000;\n");
    expect(halved()).to.include({ find: "GAS_PER_ROUND = 45000;", replace: "GAS_PER_ROUND = 22_500;" });
    writeFileSync(file, "uint256 private constant GAS_PER_ROUND = BASE / 4;\n");
    expect(checkCatalogue([{ ...halved(), tests: ["test/mocha/staking.test.ts"] }]).join("\n")).to.contain(
      "pattern not found",
    );
  });
});
