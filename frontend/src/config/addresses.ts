// Contract addresses for the first-paint bundle: generated from deployments/deployedContracts.ts at build time
// without the ABIs (build/addresses.ts). ABIs: config/contracts.ts, loaded with the read layer.
import type { DeployedContracts } from "@deployments";
import { deployedAddresses } from "virtual:deployed-addresses";
import type { Address } from "viem";

/** One chain's block of the generated map. */
export type DeployedChainContracts = DeployedContracts[keyof DeployedContracts];
/** The contracts of the generated map: the keys of every chain's block. */
export type ContractName = DeployedChainContracts extends infer C
  ? C extends unknown
    ? keyof C & string
    : never
  : never;
type AddressEntry = { address: Address; deployBlock?: number };
export type ChainAddresses = Partial<Record<ContractName, AddressEntry>>;

const map: Partial<Record<number, ChainAddresses>> = deployedAddresses;

export function addressesFor(chainId: number): ChainAddresses | undefined {
  return map[chainId];
}

export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000" as const;
export function isDeployed(address: Address | undefined): address is Address {
  return !!address && address !== ZERO_ADDRESS;
}
