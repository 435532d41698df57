// Contract addresses for the first-paint bundle: generated from deployments/deployedContracts.ts at build time
// without the ABIs (build/addresses.ts). ABIs: config/contracts.ts, loaded with the read layer.
import { deployedAddresses } from "virtual:deployed-addresses";
import type { Address } from "viem";

export type ContractName =
  | "Presale" | "Staking" | "SaleToken" | "USDT" | "USDC" | "Multicall3" | "EthUsdFeed" | "SequencerFeed" | "SanctionsList";
export type AddressEntry = { address: Address; deployBlock?: number };
export type ChainAddresses = Partial<Record<ContractName, AddressEntry>>;

const map = deployedAddresses as unknown as Record<number, ChainAddresses>;

export function addressesFor(chainId: number): ChainAddresses | undefined {
  return map[chainId];
}

export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000" as const;
export function isDeployed(address: Address | undefined): address is Address {
  return !!address && address !== ZERO_ADDRESS;
}
