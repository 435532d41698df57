/**
 * Whitelist / blacklist CSVs: a first line is taken as a header only when it is words ("address"); anything else on
 * it is an address to check. A first line "0X90F7…" or "90F79bf6…" was once dropped as a header (1 of 2 whitelisted).
 */
import fs from "node:fs";
import path from "node:path";
import { expect } from "chai";
import { readAddressCsv } from "../../../scripts/admin/commands/lists.js";
import { Refusal } from "../../../scripts/lib/cli.js";
import { tmpDir } from "./helpers.js";

const A = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const B = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";

function csv(text: string): string {
  const file = path.join(tmpDir("csv"), "list.csv");
  fs.writeFileSync(file, text);
  return file;
}

describe("tooling: address CSV of the whitelist and blacklist commands", function () {
  it("a header of words is skipped; every address after it is read", function () {
    expect(readAddressCsv(csv(`address,note\n${A},kyc ok\n${B}\n`))).to.deep.equal([A, B]);
    expect(readAddressCsv(csv(`Wallet Address\n${A}\n`))).to.deep.equal([A]);
    expect(readAddressCsv(csv(`${A}\n${B}\n`))).to.deep.equal([A, B], "no header at all");
    // Hex without 0x is an address like any other line's (ethers reads it so): taken, not dropped as a header.
    expect(readAddressCsv(csv(`${A.slice(2)}\n${B}\n`))).to.deep.equal([A, B]);
  });

  for (const [what, first] of [
    ["an upper-case 0X", `0X${A.slice(2)}`],
    ["a mistyped address", `${A.slice(0, -1)}Z`],
    ["a number", "12345"],
  ] as const) {
    it(`a first line with ${what} is not a header: the file is refused naming line 1, nothing is dropped silently`, function () {
      expect(() => readAddressCsv(csv(`${first}\n${B}\n`)))
        .to.throw(Refusal)
        .with.property("message")
        .that.matches(new RegExp(`1 invalid address\\(es\\), nothing sent:\\n {2}line 1: "${first}"`));
    });
  }
});
