// ABIs (and addresses) from the generated map in deployments/ (alias @deployments). Imported only by lazily loaded
// code (the read layer, wallet layer, purchase and staking flows); first-paint code uses config/addresses.ts.
import { deployedContracts } from "@deployments";
import type { Abi, Address } from "viem";
import type { ContractName } from "./addresses.ts";

export { ZERO_ADDRESS, isDeployed, type ContractName } from "./addresses.ts";

export type ContractEntry = { address: Address; abi: Abi; deployBlock?: number };
export type ChainContracts = Partial<Record<ContractName, ContractEntry>>;

const map = deployedContracts as unknown as Record<number, ChainContracts>;

export function contractsFor(chainId: number): ChainContracts | undefined {
  return map[chainId];
}

/** Abis are identical on every chain (interfaces); take them from whichever chain carries the contract. */
export function abiOf(name: ContractName): Abi {
  for (const c of Object.values(map)) if (c[name]) return c[name]!.abi;
  throw new Error(`ABI for ${name} missing from deployments/deployedContracts.ts`);
}
