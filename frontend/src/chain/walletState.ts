// Connection state for the UI, in the start-up bundle. The wallet layer (web3.ts, loaded once the page is idle, or
// at once when the visitor connects) mirrors wagmi's connection into it, so components never need
// wagmi's React context.
import type { Address } from "viem";
import { createStore, useStore } from "../shared/store.ts";

type WalletStatus = "disconnected" | "connecting" | "connected" | "reconnecting";
export type WalletState = {
  status: WalletStatus;
  address?: Address;
  chainId?: number;
  connectorId?: string;
  isConnected: boolean;
};

export const walletState = createStore<WalletState>({ status: "disconnected", isConnected: false });

export const sameWalletState = (a: WalletState, b: WalletState) =>
  a.status === b.status &&
  a.address === b.address &&
  a.chainId === b.chainId &&
  a.connectorId === b.connectorId &&
  a.isConnected === b.isConnected;
export const useWallet = () => useStore(walletState);

let web3: Promise<typeof import("./web3.ts")> | undefined;
/** Loads (once) the wallet layer: wagmi config, connectors, reconnect. */
export const loadWeb3 = () => (web3 ??= import("./web3.ts"));

/** The prefix of wagmi's keys in local storage (wagmiConfig.ts). */
export const WAGMI_STORAGE_KEY = "shaft.wagmi";

/**
 * Whether wagmi left anything to restore here (a connection from an earlier visit): only then does the wallet layer
 * start by itself once the page is idle. A first visit loads it when the visitor connects; nothing before needs it.
 */
export function hasStoredWallet(
  storage: () => Pick<Storage, "length" | "key"> | undefined = () => globalThis.localStorage,
): boolean {
  try {
    const s = storage();
    for (let i = 0; i < (s?.length ?? 0); i++) if (s?.key(i)?.startsWith(`${WAGMI_STORAGE_KEY}.`)) return true;
  } catch {
    return false; // storage blocked: wagmi cannot have stored anything either
  }
  return false;
}
