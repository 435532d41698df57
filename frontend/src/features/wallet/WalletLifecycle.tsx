// Data reload on account or chain change (spec section 4). Reconnect on load lives in the wallet layer (web3.ts).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useWallet } from "./walletState.ts";

export function WalletLifecycle() {
  const { address, chainId, status } = useWallet();
  const qc = useQueryClient();
  useEffect(() => {
    if (status === "connected" || status === "disconnected") void qc.invalidateQueries({ queryKey: ["presale"] });
  }, [address, chainId, status, qc]);
  return null;
}
