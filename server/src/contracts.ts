/**
 * Our contracts' ABIs, imported from the generated deployments map (`deployments/deployedContracts.ts`, `as const`),
 * the one source the dapp, the server and the tooling share. Being literal types, they type-check every viem call:
 * a function, event or error renamed in the contract fails `npm run typecheck` here instead of at run time.
 */
import { deployedContracts } from "../../deployments/deployedContracts.ts";

/** The presale's ABI: one contract on both chains, so the local Base entry (always in the map) serves every chain. */
export const presaleAbi = deployedContracts[31338].Presale.abi;
