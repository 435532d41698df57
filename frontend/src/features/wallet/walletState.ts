// Connection state for the UI, in the first-paint bundle. The chain layer (web3.ts, loaded right after first
// paint) mirrors wagmi's connection into it, so components never need wagmi's React context.
import type { Address } from "viem";
import { createStore, useStore } from "../../shared/store.ts";

export type WalletStatus = "disconnected" | "connecting" | "connected" | "reconnecting";
export type WalletState = {
  ready: boolean;
  status: WalletStatus;
  address?: Address;
  chainId?: number;
  connectorId?: string;
  isConnected: boolean;
};

export const walletState = createStore<WalletState>({ ready: false, status: "disconnected", isConnected: false });
export const useWallet = () => useStore(walletState);

let web3: Promise<typeof import("./web3.ts")> | undefined;
/** Loads (once) the chain layer: wagmi config, viem, connectors. */
export const loadWeb3 = () => (web3 ??= import("./web3.ts"));
