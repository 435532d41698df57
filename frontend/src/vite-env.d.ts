/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_APP_ENV: "local" | "testnet" | "production";
  readonly VITE_API_URL?: string;
  readonly VITE_ETH_RPC_URL?: string;
  readonly VITE_ETH_BACKUP_RPC_URL?: string;
  readonly VITE_BASE_RPC_URL?: string;
  readonly VITE_BASE_BACKUP_RPC_URL?: string;
  readonly VITE_WALLETCONNECT_PROJECT_ID?: string;
  readonly VITE_SITE_DOMAIN?: string;
  readonly VITE_DOCS_URL?: string;
}
declare module "virtual:deployed-addresses" {
  import type { DeployedContracts } from "@deployments";
  /** The generated map without the ABIs (build/addresses.ts). */
  export const deployedAddresses: {
    [C in keyof DeployedContracts]: {
      [N in keyof DeployedContracts[C]]: { address: `0x${string}`; deployBlock?: number };
    };
  };
}
declare module "virtual:local-test-wallet" {
  import type { CreateConnectorFn } from "wagmi";
  export const localTestWallet: (() => CreateConnectorFn) | null;
  export const LOCAL_TEST_WALLET_ID: string | null;
}
