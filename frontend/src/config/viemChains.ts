// viem chain objects and RPC transports for the environment's two blocks (loaded after first paint, shared by the
// read layer and wagmi). Local chains are custom; public ones are viem's definitions. Multicall3 comes from the
// generated map.
import { defineChain, fallback, http, type Address, type Chain } from "viem";
import { base, baseSepolia, mainnet, sepolia } from "viem/chains";
import { RPC } from "./constants.ts";
import { isDeployed } from "./contracts.ts";
import { env, type ChainBlock } from "./env.ts";

const KNOWN: Record<number, Chain> = {
  [mainnet.id]: mainnet,
  [base.id]: base,
  [sepolia.id]: sepolia,
  [baseSepolia.id]: baseSepolia,
};

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

/** The block's RPC, then its backup. No JSON-RPC batching: every refresh is already one Multicall3 call. */
export function transportFor(b: ChainBlock) {
  const opts = { retryCount: RPC.retryCount, retryDelay: RPC.retryDelay, timeout: RPC.timeout, batch: false } as const;
  return fallback([http(b.rpcURL, opts), http(b.backupRPC, opts)], { rank: false, retryCount: 0 });
}
