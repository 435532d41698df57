// "virtual:deployed-addresses": the addresses (and deploy blocks) of deployments/deployedContracts.ts without the
// ABIs, so the first-paint bundle carries a few hundred bytes instead of every ABI. The ABIs stay in the generated
// map, imported (alias @deployments) only by the lazily loaded read and wallet layers. The map is evaluated, not parsed with
// regular expressions, so any valid regeneration of it works.
import { readFileSync } from "node:fs";
import ts from "typescript";
import type { Plugin } from "vite";

export type Addresses = Record<string, Record<string, { address: string; deployBlock?: number }>>;

export async function readDeployedAddresses(file: string): Promise<Addresses> {
  const js = ts.transpileModule(readFileSync(file, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const mod = (await import(`data:text/javascript;base64,${Buffer.from(js).toString("base64")}`)) as {
    deployedContracts: Record<string, Record<string, { address: string; deployBlock?: number }>>;
  };
  const out: Addresses = {};
  for (const [chainId, contracts] of Object.entries(mod.deployedContracts)) {
    out[chainId] = Object.fromEntries(
      Object.entries(contracts).map(([name, c]) => [name, { address: c.address, deployBlock: c.deployBlock }]),
    );
  }
  return out;
}

export function addressesPlugin(file: string): Plugin {
  const id = "virtual:deployed-addresses";
  const resolved = `\0${id}`;
  return {
    name: "shaft-deployed-addresses",
    resolveId: (source) => (source === id ? resolved : undefined),
    async load(loadId) {
      if (loadId !== resolved) return undefined;
      this.addWatchFile(file);
      return `export const deployedAddresses = ${JSON.stringify(await readDeployedAddresses(file))};`;
    },
  };
}
