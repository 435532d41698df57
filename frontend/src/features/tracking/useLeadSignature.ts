// Asks a connected wallet for its lead signature once per browser session when tracking is on (production), as soon
// as no purchase or card payment is waiting on the wallet. Mounted once, by the wallet's lifecycle component.
import { useEffect } from "react";
import { useWallet } from "../../chain/index.ts";
import { env } from "../../config/env.ts";
import { useStore } from "../../shared/store.ts";
import { swapStore } from "../buy/index.ts";
import { shouldAskLead, waitingOnWallet } from "./askRules.ts";

export function useLeadSignature(tracking = env.production) {
  const { address, chainId, status } = useWallet();
  const busy = waitingOnWallet(useStore(swapStore));
  useEffect(() => {
    const ask = { tracking, connected: status === "connected", address, busy, store: sessionStorage };
    if (!shouldAskLead(ask) || chainId === undefined) return;
    void import("./askWallet.ts").then((m) => m.askWalletForLead(ask.address, chainId));
  }, [tracking, address, chainId, status, busy]);
}
