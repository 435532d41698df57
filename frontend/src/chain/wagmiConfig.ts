// wagmi config: both chains of the environment, fallback RPC transports, EIP-6963 discovery, and every connector
// (WalletConnect and Base Account as stand-ins that load their SDKs only when used: lazyConnectors.ts).
import { createConfig, createStorage, type CreateConnectorFn } from "wagmi";
import { localTestWallet } from "virtual:local-test-wallet";
import { RPC } from "../config/constants.ts";
import { env } from "../config/env.ts";
import { lazyConnector } from "./lazyConnectors.ts";
import { baseChain, ethChain, transportFor } from "../config/viemChains.ts";
import { WAGMI_STORAGE_KEY } from "./walletState.ts";

const connectors: CreateConnectorFn[] = [lazyConnector("walletConnect"), lazyConnector("baseAccount")];
if (localTestWallet) connectors.unshift(localTestWallet());

export const wagmiConfig = createConfig({
  chains: [ethChain, baseChain],
  connectors,
  multiInjectedProviderDiscovery: true,
  transports: { [ethChain.id]: transportFor(env.eth), [baseChain.id]: transportFor(env.base) },
  pollingInterval: RPC.pollingInterval,
  storage: createStorage({
    storage: typeof window !== "undefined" ? window.localStorage : undefined,
    key: WAGMI_STORAGE_KEY,
  }),
});

declare module "wagmi" {
  interface Register {
    config: typeof wagmiConfig;
  }
}
