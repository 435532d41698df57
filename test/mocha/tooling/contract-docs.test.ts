/**
 * The contract API reference (scripts/docs/contracts.ts): one page per contract under contracts/ except the mocks and
 * the test support, written from the compiler's NatSpec; `--check` (`npm test` runs it on docs/contracts) fails on a
 * page that is no longer what the contracts say, and on a page whose contract is gone.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { ROOT } from "../../../scripts/lib/networks.js";
import { tmpDir } from "./helpers.js";

const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
const docs = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [TSX, "scripts/docs/contracts.ts", "--dir", dir, ...args], {
    cwd: ROOT,
    encoding: "utf8",
  });
const pagesIn = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .sort();

describe("tooling: the contract API reference (docs/contracts)", function () {
  this.timeout(120_000);
  const dir = tmpDir("contract-docs");

  before(function () {
    const run = docs(dir);
    expect(run.status, run.stderr).to.equal(0);
  });

  it("has a page for every contract under contracts/ but the mocks and the test support, and an index", function () {
    const sources = fs
      .readdirSync(path.join(ROOT, "contracts"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".sol") && !/^(mocks|test-support)\//.test(f));
    const pages = pagesIn(dir);
    expect(pages).to.include.members([
      "README.md",
      "Presale.md",
      "Staking.md",
      "SaleToken.md",
      "interfaces/IPresale.md",
    ]);
    // Each source file has at least its namesake's page; nothing from mocks/ or test-support/.
    for (const source of sources) expect(pages, source).to.include(source.replace(/\.sol$/, ".md"));
    expect(pages.filter((p) => /^(mocks|test-support)\//.test(p) || /Mock/.test(p))).to.deep.equal([]);
  });

  it("writes the NatSpec: title, notice, parameters, the declaring contract of inherited members", function () {
    const staking = fs.readFileSync(path.join(dir, "Staking.md"), "utf8");
    expect(staking).to.match(/^# Staking\n\ncontract in `contracts\/Staking.sol`/);
    expect(staking).to.include("```solidity\nfunction deposit(uint256 amount)\n```");
    expect(staking).to.include("| `apyBps` | `uint256` |");
    expect(staking).to.match(/### acceptOwnership\n[\s\S]*?Declared in `Ownable2Step`\./);
    const presale = fs.readFileSync(path.join(dir, "Presale.md"), "utf8");
    expect(presale).to.include("## Errors");
    expect(presale).to.include("[`IPresale`](interfaces/IPresale.md)");
  });

  it("--check fails on a page that differs and on a page whose contract is gone, naming each", function () {
    expect(docs(dir, "--check").status).to.equal(0);
    fs.appendFileSync(path.join(dir, "Staking.md"), "\nan edit by hand\n");
    fs.writeFileSync(path.join(dir, "Removed.md"), "# Removed\n");
    const run = docs(dir, "--check");
    expect(run.status).to.equal(1);
    expect(run.stderr).to.include("Staking.md: not what the contracts' NatSpec says now");
    expect(run.stderr).to.include("Removed.md: no such contract any more");
    // Writing again puts the folder right.
    expect(docs(dir).status).to.equal(0);
    expect(pagesIn(dir)).to.not.include("Removed.md");
    expect(docs(dir, "--check").status).to.equal(0);
  });
});
