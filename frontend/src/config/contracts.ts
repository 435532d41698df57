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

const merges = new Map<string, Abi>();

/** An ABI entry's identity: its kind, name and input types (overloads differ by their inputs). */
const entryKey = (e: Abi[number]) =>
  `${e.type}:${"name" in e ? e.name : ""}(${"inputs" in e ? e.inputs.map((i) => i.type).join(",") : ""})`;

/**
 * A contract's ABI: every entry of every chain's ABI once. Most contracts are the same on every chain; the presale is
 * not (EthereumPresale on Ethereum, BasePresale on Base: PRODUCT.md §7), and a purchase function has a different
 * signature on each (`buyWithEth(amount, recipient)` on Ethereum, `buyWithEth(amount, stake)` on Base). viem picks an
 * overload by its arguments (an address is not a bool), so one merged ABI encodes both chains' calls and decodes
 * both chains' events and errors.
 */
export function abiOf<const N extends ContractName>(name: N): ContractAbi<N> {
  const cached = merges.get(name);
  if (cached) return cached as unknown as ContractAbi<N>;
  const merged = new Map<string, Abi[number]>();
  for (const chain of chains)
    if (hasContract(chain, name)) for (const e of chain[name].abi as Abi) merged.set(entryKey(e), e);
  if (merged.size === 0) throw new Error(`ABI for ${name} missing from deployments/deployedContracts.ts`);
  const abi: Abi = [...merged.values()];
  merges.set(name, abi);
  return abi as unknown as ContractAbi<N>;
}

/** Whether a chain's block carries the contract (its entry then is the map's entry for that name). */
function hasContract<N extends ContractName>(
  chain: object,
  name: N,
): chain is { readonly [K in N]: { readonly abi: ContractAbi<N> } } {
  return name in chain;
}
