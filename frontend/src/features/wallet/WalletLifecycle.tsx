// Data reload on account or chain change (PRODUCT.md §4), the wallet's capabilities once connected. Reconnect on
// load lives in the wallet layer (web3.ts).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { loadCapabilities, useWallet } from "../../chain/index.ts";
import { useLeadSignature } from "../tracking/index.ts";

export function WalletLifecycle() {
  const { address, chainId, status } = useWallet();
  const qc = useQueryClient();
  useLeadSignature();
  // The state at mount is what the first queries were started with: reloading then would cancel and repeat them.
  const seen = useRef(`${status}:${address}:${chainId}`);
  useEffect(() => {
    const key = `${status}:${address}:${chainId}`;
    if (key === seen.current) return;
    seen.current = key;
    if (status === "connected" || status === "disconnected") void qc.invalidateQueries({ queryKey: ["presale"] });
  }, [address, chainId, status, qc]);
  // The wallet's EIP-5792 capabilities are read once it is connected, so the first purchase finds them cached.
  useEffect(() => {
    if (status === "connected" && address) void loadCapabilities().then((m) => m.prefetchCapabilities(address));
  }, [address, status]);
  return null;
}
