import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readDeployedAddresses } from "./addresses.ts";

describe("deployed addresses without ABIs", () => {
  it("evaluates the generated map and keeps addresses and deploy blocks only", async () => {
    const f = path.join(mkdtempSync(path.join(os.tmpdir(), "map-")), "deployedContracts.ts");
    writeFileSync(
      f,
      `export const deployedContracts = {\n  31337: { Presale: { address: "0x00000000000000000000000000000000000000a1", abi: [{ "type": "function", "name": "x" }] as const, deployBlock: 3 } },\n} as const;\nexport type DeployedContracts = typeof deployedContracts;\n`,
    );
    expect(await readDeployedAddresses(f)).toEqual({
      31337: { Presale: { address: "0x00000000000000000000000000000000000000a1", deployBlock: 3 } },
    });
  });
  it("reads the real generated map", async () => {
    const a = await readDeployedAddresses(path.resolve(import.meta.dirname, "../../deployments/deployedContracts.ts"));
    expect(Object.keys(a).length).toBeGreaterThan(0);
    for (const chain of Object.values(a))
      for (const c of Object.values(chain)) expect(c.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });
});
