// The wallet layer entry point (lazy chunk): starts wagmi, reconnects, and mirrors the connection into walletState.
import { disconnect, getConnection, reconnect, watchConnection } from "wagmi/actions";
import { wagmiConfig } from "./wagmiConfig.ts";
import { sameWalletState, walletState, type WalletState } from "./walletState.ts";

function mirror() {
  const c = getConnection(wagmiConfig);
  const next: WalletState = {
    status: c.status,
    address: c.address,
    chainId: c.chainId,
    connectorId: c.connector?.id,
    isConnected: c.status === "connected",
  };
  // Every consumer re-renders synchronously on a store change: only publish real changes.
  walletState.set((prev) => (sameWalletState(prev, next) ? prev : next));
}

watchConnection(wagmiConfig, { onChange: mirror });
mirror();

/** Reconnect on load (a lazily loaded connector loads its SDK only when it was the last one used). */
async function reconnectAll() {
  try {
    await reconnect(wagmiConfig);
  } catch (err) {
    console.warn("reconnect failed", err);
  }
  mirror();
}
void reconnectAll();

export { wagmiConfig };
export const currentConnector = () => getConnection(wagmiConfig).connector;
export const disconnectWallet = () => disconnect(wagmiConfig);
