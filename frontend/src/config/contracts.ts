// ABIs (and addresses) from the generated map in deployments/ (alias @deployments), with their literal types: a
// call's function name, arguments and result are checked against the ABI at compile time. Imported only by lazily
// loaded code (the read layer, wallet layer, purchase and staking flows); first-paint code uses config/addresses.ts.
import { deployedContracts } from "@deployments";
import type { Abi } from "viem";
import type { ContractName, DeployedChainContracts } from "./addresses.ts";

export { isDeployed, type ContractName } from "./addresses.ts";

/** The entry of a contract in the blocks of the chains that carry it. */
type ContractEntry<N extends ContractName> = DeployedChainContracts extends infer C
  ? C extends { readonly [K in N]: infer E extends { readonly abi: Abi } }
    ? E
    : never
  : never;
/** The ABI type of a contract of the map: its literal `as const` type. */
export type ContractAbi<N extends ContractName> = ContractEntry<N>["abi"];

const chains: readonly object[] = Object.values(deployedContracts);

/** ABIs are identical on every chain (interfaces); take them from whichever chain carries the contract. */
export function abiOf<const N extends ContractName>(name: N): ContractAbi<N> {
  for (const chain of chains) if (hasContract(chain, name)) return chain[name].abi;
  throw new Error(`ABI for ${name} missing from deployments/deployedContracts.ts`);
}

/** Whether a chain's block carries the contract (its entry then is the map's entry for that name). */
function hasContract<N extends ContractName>(
  chain: object,
  name: N,
): chain is { readonly [K in N]: { readonly abi: ContractAbi<N> } } {
  return name in chain;
}
