/**
 * The official OP Stack contracts this project deploys locally, read from `@eth-optimism/contracts-bedrock`'s
 * compiled forge artifacts in node_modules (a declared dev dependency, pinned): nothing is compiled or downloaded
 * here. Kept free of generated types, so the TypeChain hook (opstack-typechain.ts) can load it before they exist.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** The package version the artifacts come from (package.json pins it exactly). */
export const OPSTACK_PACKAGE = "@eth-optimism/contracts-bedrock";
export const OPSTACK_VERSION = "0.17.3";

/** Contracts deployed or installed from the package (ResourceMetering is part of OptimismPortal). */
export const OPSTACK_CONTRACTS = [
  "Proxy",
  "SuperchainConfig",
  "SystemConfig",
  "OptimismPortal",
  "L1CrossDomainMessenger",
  "L2CrossDomainMessenger",
  "L1Block",
] as const;
export type OpStackContract = (typeof OPSTACK_CONTRACTS)[number];

interface ForgeArtifact {
  abi: unknown[];
  bytecode: { object: string; linkReferences: Record<string, unknown> };
  deployedBytecode: { object: string };
}

const require = createRequire(import.meta.url);

/** Where the package is installed (refuses another version than the pinned one: its bytecode is what we test). */
export function opStackPackageDir(): string {
  const manifest = require.resolve(`${OPSTACK_PACKAGE}/package.json`);
  const { version } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string };
  if (version !== OPSTACK_VERSION)
    throw new Error(`${OPSTACK_PACKAGE} ${version} is installed, ${OPSTACK_VERSION} expected: run npm install`);
  return path.dirname(manifest);
}

/** forge-artifacts/<Name>.sol/<Name>.json of `name`. */
export function opStackArtifactPath(name: OpStackContract): string {
  return path.join(opStackPackageDir(), "forge-artifacts", `${name}.sol`, `${name}.json`);
}

const bytecodes = new Map<OpStackContract, { creation: string; runtime: string }>();

/** The ABI of `name` as the package ships it (what deployments/ records for the local bridge contracts). */
export function opStackAbi(name: OpStackContract): unknown[] {
  return (JSON.parse(fs.readFileSync(opStackArtifactPath(name), "utf8")) as ForgeArtifact).abi;
}

/** Creation and runtime bytecode of `name`, exactly as the package ships them (none of them links a library). */
export function opStackBytecode(name: OpStackContract): { creation: string; runtime: string } {
  let code = bytecodes.get(name);
  if (code === undefined) {
    const a = JSON.parse(fs.readFileSync(opStackArtifactPath(name), "utf8")) as ForgeArtifact;
    if (Object.keys(a.bytecode.linkReferences).length > 0) throw new Error(`${name}'s artifact needs linked libraries`);
    code = { creation: a.bytecode.object, runtime: a.deployedBytecode.object };
    bytecodes.set(name, code);
  }
  return code;
}
