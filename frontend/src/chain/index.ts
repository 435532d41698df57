/**
 * The chain layer: the wallet connection and typed access to the contracts, through viem and wagmi, with no UI.
 * This file is its public surface for everything the first render may load; it carries no viem or wagmi code.
 *
 * - Connection: `useWallet()` / `walletState` (the start-up store the wallet layer mirrors wagmi into), `loadWeb3()`
 *   (the wallet layer: wagmi, connectors, reconnect; loaded when the page is idle or on connect).
 * - Errors: how a failed call is classified (wallet refusal, contract revert by its custom error).
 * - Typed calls: `ChainIO` (one chain, one account; checked against the generated ABIs) and `WalletIO` (EIP-5792
 *   batches, EIP-712 signatures), the seams the purchase, staking and card flows are written against.
 * - Lazily loaded parts: `loadWagmiIO()` / `loadWagmiWalletIO()` (the real adapters), `loadCapabilities()`.
 */
export { hasStoredWallet, loadWeb3, sameWalletState, useWallet, walletState, type WalletState } from "./walletState.ts";
export { classifyError, isKnownRevert, revertMessageKey } from "./errors.ts";
export { switchOrAddChain, type Eip1193 } from "./switchChain.ts";
export {
  erase,
  type ChainIO,
  type ErasedCall,
  type ReadCall,
  type ReadMutability,
  type ReadResult,
  type WriteCall,
  type WriteMutability,
} from "./chainIO.ts";
export type { Call, CallsResult, PermitTypedData, WalletIO } from "./walletIO.ts";
export type { LazyKind } from "./lazyConnectors.ts";

/** The real ChainIO over the connected wallet (wagmi actions). */
export const loadWagmiIO = () => import("./wagmiIO.ts");
/** The real WalletIO over the connected wallet (wagmi's EIP-5792 and EIP-712 actions). */
export const loadWagmiWalletIO = () => import("./wagmiWalletIO.ts");
/** The connected wallet's EIP-5792 capabilities (read once it is connected). */
export const loadCapabilities = () => import("./capabilities.ts");
