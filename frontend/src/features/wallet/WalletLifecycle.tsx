// Data reload on account or chain change (PRODUCT.md §4). Reconnect on load lives in the wallet layer (web3.ts).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useWallet } from "./walletState.ts";

export function WalletLifecycle() {
  const { address, chainId, status } = useWallet();
  const qc = useQueryClient();
  // The state at mount is what the first queries were started with: reloading then would cancel and repeat them.
  const seen = useRef(`${status}:${address}:${chainId}`);
  useEffect(() => {
    const key = `${status}:${address}:${chainId}`;
    if (key === seen.current) return;
    seen.current = key;
    if (status === "connected" || status === "disconnected") void qc.invalidateQueries({ queryKey: ["presale"] });
  }, [address, chainId, status, qc]);
  return null;
}
