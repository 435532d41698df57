// viem chain objects for the environment's two blocks (chain layer, loaded after first paint).
// Local chains are custom; public ones are viem's definitions. Multicall3 comes from the generated map.
import { defineChain, type Address, type Chain } from "viem";
import { base, baseSepolia, mainnet, sepolia } from "viem/chains";
import { isDeployed } from "../../config/contracts.ts";
import { env, type ChainBlock } from "../../config/env.ts";

const KNOWN: Record<number, Chain> = { [mainnet.id]: mainnet, [base.id]: base, [sepolia.id]: sepolia, [baseSepolia.id]: baseSepolia };

export function viemChain(b: ChainBlock): Chain {
  const known = KNOWN[b.chainIdInt];
  const chain: Chain =
    known ??
    defineChain({
      id: b.chainIdInt,
      name: b.chainName,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [b.rpcURL, b.backupRPC] } },
      testnet: true,
    });
  if (!isDeployed(b.multicall)) return chain;
  return { ...chain, contracts: { ...chain.contracts, multicall3: { address: b.multicall } } };
}

export const ethChain = viemChain(env.eth);
export const baseChain = viemChain(env.base);

/** The Multicall3 used for a block: the generated map's, else the chain's canonical one. */
export function multicallOf(b: ChainBlock): Address | undefined {
  if (isDeployed(b.multicall)) return b.multicall;
  return viemChain(b).contracts?.multicall3?.address;
}
