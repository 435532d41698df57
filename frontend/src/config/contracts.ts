// The only source of contract addresses and ABIs: the generated map in deployments/ (alias @deployments).
import { deployedContracts } from "@deployments";
import type { Abi, Address } from "viem";

export type ContractName =
  | "Presale" | "Staking" | "SaleToken" | "USDT" | "USDC" | "Multicall3" | "EthUsdFeed" | "SequencerFeed" | "SanctionsList";
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

export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000" as const;
export function isDeployed(address: Address | undefined): address is Address {
  return !!address && address !== ZERO_ADDRESS;
}
