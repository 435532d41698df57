// The dapp types the card session's request and answer with @shaft/card-options (frontend/src/features/card/
// session.ts): a field renamed in the package must fail the dapp's type check, not a buyer's card purchase. Each case
// type-checks the dapp's session module against a copy of the package with one field renamed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import { ROOT } from "../../../scripts/lib/networks.js";

const PACKAGE = path.join(ROOT, "packages/card-options/index.ts");
const SESSION = path.join(ROOT, "frontend/src/features/card/session.ts");
const TSC = path.join(ROOT, "node_modules/typescript/bin/tsc");

/** The dapp's type check of its session module, with the package's source edited by `edit`. */
function typeCheckWith(edit: (source: string) => string): { ok: boolean; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shaft-card-options-"));
  try {
    const source = fs.readFileSync(PACKAGE, "utf8");
    const edited = edit(source);
    expect(edited, "the edit applies to the package").to.not.equal(source);
    fs.writeFileSync(path.join(dir, "index.ts"), edited);
    // The dapp's own compiler options (paths resolve from frontend/), the package swapped for the edited copy.
    const frontend = path.join(ROOT, "frontend");
    const config = {
      extends: path.join(frontend, "tsconfig.json"),
      compilerOptions: {
        types: [],
        paths: {
          "@shaft/card-options": [path.join(dir, "index.ts")],
          "@deployments": [path.join(ROOT, "deployments/deployedContracts.ts")],
          "virtual:local-test-wallet": [path.join(frontend, "src/chain/localTestWallet.ts")],
        },
      },
      files: [SESSION, path.join(frontend, "src/vite-env.d.ts")],
      include: [],
    };
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(config));
    const run = spawnSync(process.execPath, [TSC, "-p", path.join(dir, "tsconfig.json")], { encoding: "utf8" });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("tooling: the dapp's card session is typed by @shaft/card-options", function () {
  this.timeout(180_000);

  it("the package as it is type-checks with the dapp (the experiment's control)", function () {
    const r = typeCheckWith((s) => `${s}\n// unchanged\n`);
    expect(r.output).to.equal("");
    expect(r.ok).to.equal(true);
  });

  it("a renamed request field (tokenAmount) fails the dapp's type check where the body is built", function () {
    const r = typeCheckWith((s) => s.replace("tokenAmount: number | string;", "tokenQuantity: number | string;"));
    expect(r.ok).to.equal(false);
    expect(r.output).to.match(/features\/card\/session\.ts\(\d+,\d+\): error TS\d+: .*tokenAmount/);
  });

  it("a renamed answer field (sc_input_data) fails the dapp's type check where the answer is read", function () {
    const r = typeCheckWith((s) => s.replace("sc_input_data: string;", "sc_calldata: string;"));
    expect(r.ok).to.equal(false);
    expect(r.output).to.match(/features\/card\/session\.ts\(\d+,\d+\): error TS\d+: .*sc_input_data/);
  });

  it("a renamed display option (click_id) fails it too", function () {
    const r = typeCheckWith((s) => s.replace("click_id?: string;", "clickId?: string;"));
    expect(r.ok).to.equal(false);
    expect(r.output).to.match(/features\/card\/session\.ts\(\d+,\d+\): error TS\d+: .*click_id/);
  });
});
