/**
 * After a coverage build, a command that deploys without compiling still deploys the normal contracts: the
 * instrumented build has folders of its own (hardhat.config.ts). The test runs the coverage build's artifact step for
 * two contracts the local deployment uses, then the real deployment in a process of its own, and compares the code at
 * every deployed address with the normal artifacts.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { underCoverage } from "../../support/coverage.js";
import { ROOT } from "../../../scripts/lib/networks.js";
import { tmpDir } from "./helpers.js";

type Ranges = { start: number; length: number }[];
interface Artifact {
  deployedBytecode: string;
  immutableReferences?: Record<string, Ranges>;
  deployedLinkReferences?: Record<string, Record<string, Ranges>>;
}

const HARDHAT = path.join(ROOT, "node_modules/hardhat/dist/src/cli.js");
const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
const INSTRUMENTED = ["Staking", "MockUSDC"];

/** Every artifact under `folder`/contracts, by contract name. */
function artifactsIn(folder: string): Map<string, Artifact> {
  const found = new Map<string, Artifact>();
  const files = fs.readdirSync(path.join(folder, "contracts"), { recursive: true, encoding: "utf8" });
  for (const file of files.filter((f) => f.endsWith(".json"))) {
    const artifact = JSON.parse(fs.readFileSync(path.join(folder, "contracts", file), "utf8")) as Artifact;
    found.set(path.basename(file, ".json"), artifact);
  }
  return found;
}

/** Runtime code with the immutables' and linked libraries' bytes zeroed (the deployment fills them in). */
function masked(code: string, artifact: Artifact): string {
  const hex = code.replace(/^0x/, "").split("");
  const links = Object.values(artifact.deployedLinkReferences ?? {}).flatMap((lib) => Object.values(lib));
  for (const refs of [...Object.values(artifact.immutableReferences ?? {}), ...links]) {
    for (const { start, length } of refs) hex.fill("0", start * 2, (start + length) * 2);
  }
  return hex.join("");
}

describe("tooling: a deploy after the coverage build uses the normal artifacts", function () {
  this.timeout(600_000);

  it("the coverage build writes elsewhere, and the deployment's code equals the normal artifacts", function () {
    // Under `--coverage` this run's own instrumented build is in the folder the step below writes to.
    if (underCoverage()) this.skip();
    const before = artifactsIn(path.join(ROOT, "artifacts"));
    const sources = ["contracts/Staking.sol", "contracts/mocks/MockUSDC.sol"];
    execFileSync(process.execPath, [HARDHAT, "build", "--coverage", "--quiet", ...sources], { cwd: ROOT });
    const normal = artifactsIn(path.join(ROOT, "artifacts"));
    const instrumented = artifactsIn(path.join(ROOT, "coverage/build/artifacts"));
    for (const name of INSTRUMENTED) {
      const code = (built: Map<string, Artifact>) => built.get(name)!.deployedBytecode;
      expect(code(normal) === code(before), `${name}: artifacts/ as it was`).to.equal(true);
      // The step really instrumented it (else the comparison below proves nothing).
      expect(code(instrumented).length, `${name}: instrumented`).to.be.above(code(normal).length);
    }

    const output = execFileSync(process.execPath, [TSX, "test/support/deployed-code.ts", tmpDir("coverage-deploy")], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" },
    });
    const deployed = JSON.parse(output.trim().split("\n").at(-1)!) as { artifact: string; code: string }[];
    expect(deployed.map((d) => d.artifact)).to.include.members([
      "EthereumPresale",
      "BasePresale",
      "Staking",
      "SaleToken",
      ...INSTRUMENTED,
    ]);
    const notNormal = deployed.filter(({ artifact, code }) => {
      const want = normal.get(artifact)!;
      return masked(code, want) !== masked(want.deployedBytecode, want);
    });
    expect(notNormal.map((d) => d.artifact)).to.deep.equal([]);
  });
});
