// Build-time environment configuration, one block per chain, mirroring PRODUCT.md §3 "Environment configuration".
// Secrets never live here: only public URLs and ids, overridable through VITE_ variables.
// Deliberately free of viem: this module is in the first-paint bundle; viem chain objects are built from these
// blocks in the lazily loaded read and wallet layers (config/viemChains.ts).
import type { Address } from "viem";
import type { AppEnv } from "../../vite.env.ts";
import { addressesFor, ZERO_ADDRESS, type ChainAddresses } from "./addresses.ts";

export type ChainKey = "eth" | "base";

/** Chain ids, names and explorers per environment (PRODUCT.md §1 and §3). */
const NETWORKS: Record<AppEnv, Record<ChainKey, { id: number; name: string; explorer: string }>> = {
  local: {
    eth: { id: 31337, name: "Local Ethereum", explorer: "" },
    base: { id: 31338, name: "Local Base", explorer: "" },
  },
  testnet: {
    eth: { id: 11155111, name: "Sepolia", explorer: "https://sepolia.etherscan.io" },
    base: { id: 84532, name: "Base Sepolia", explorer: "https://sepolia.basescan.org" },
  },
  production: {
    eth: { id: 1, name: "Ethereum", explorer: "https://etherscan.io" },
    base: { id: 8453, name: "Base", explorer: "https://basescan.org" },
  },
};

const toHex = (n: number) => `0x${n.toString(16)}` as const;

type ChainInfo = {
  chainId: `0x${string}`;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls: string[];
};

export type ChainBlock = {
  key: ChainKey;
  chainId: `0x${string}`;
  chainIdInt: number;
  chainName: string;
  gasFees: number;
  purchaseToken: "ETH" | "BASE";
  hasStaking: boolean;
  presaleAddress: Address;
  multicall: Address;
  /** The generated map's contracts on this chain (addresses only; the payment tokens' are looked up by their row). */
  contracts: ChainAddresses;
  stakingAddress: Address | "";
  saleTokenAddress: Address | "";
  rpcURL: string;
  backupRPC: string;
  blockExplorerURL: string;
  chainInfo: ChainInfo;
};

export type EnvConfig = {
  env: AppEnv;
  production: boolean;
  eth: ChainBlock;
  base: ChainBlock;
  minToken: number;
  tokenName: string;
  stakeUnlockTime: number;
  iidDashFx: string;
  apiUrl: string;
  /** The indexer's read-only API ("My activity", the owner console); unreachable is a normal state. */
  indexerUrl: string;
  referUrl: string;
  leadUrl: string;
  conversionUrl: string;
  wertUrl: string;
  wertOrigin: string;
  partnerId: string;
  walletConnectId: string;
  apyCalcConst: number;
  partnerWalletName: string;
  bwUniversalLink: string;
  bwDeepLink: string;
  bwDownloadUrl: string;
  bwApiUrl: string;
  showBestWallet: boolean;
  buyEthCardUrl: string;
  docsUrl: string;
  domain: string;
  sseUrl: string;
  notificationTimeout: number;
  presaleStartDate: number;
};

type Vars = Partial<Record<string, string>>;

const DEFAULT_RPC: Record<AppEnv, Record<ChainKey, [string, string]>> = {
  local: {
    eth: ["http://127.0.0.1:8545", "http://localhost:8545"],
    base: ["http://127.0.0.1:8546", "http://localhost:8546"],
  },
  testnet: {
    eth: ["https://ethereum-sepolia-rpc.publicnode.com", "https://rpc.sepolia.org"],
    base: ["https://sepolia.base.org", "https://base-sepolia-rpc.publicnode.com"],
  },
  production: {
    eth: ["https://ethereum-rpc.publicnode.com", "https://eth.llamarpc.com"],
    base: ["https://mainnet.base.org", "https://base-rpc.publicnode.com"],
  },
};

function block(env: AppEnv, key: ChainKey, rpc: string, backup: string, explorerOverride?: string): ChainBlock {
  const net = NETWORKS[env][key];
  const c = addressesFor(net.id) ?? {};
  const explorer = explorerOverride ?? net.explorer;
  const name = net.name;
  return {
    key,
    chainId: toHex(net.id),
    chainIdInt: net.id,
    chainName: name,
    gasFees: key === "eth" ? 0.005 : 0.00001,
    purchaseToken: key === "eth" ? "ETH" : "BASE",
    hasStaking: key === "base",
    presaleAddress: c.Presale?.address ?? ZERO_ADDRESS,
    // Public chains without a generated entry use the canonical deployment that viem's chain objects carry
    // (resolved in viemChains.ts); the map wins whenever it has one.
    multicall: c.Multicall3?.address ?? ZERO_ADDRESS,
    contracts: c,
    stakingAddress: c.Staking?.address ?? "",
    saleTokenAddress: c.SaleToken?.address ?? "",
    rpcURL: rpc,
    backupRPC: backup,
    blockExplorerURL: explorer ? `${explorer.replace(/\/$/, "")}/tx/` : "",
    chainInfo: {
      chainId: toHex(net.id),
      chainName: name,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: [rpc, backup],
      blockExplorerUrls: explorer ? [explorer] : [],
    },
  };
}

export function buildEnvConfig(env: AppEnv, vars: Vars): EnvConfig {
  const v = (k: string, d: string) => (vars[k] && vars[k].length > 0 ? vars[k] : d);
  const rpc = {
    eth: [v("VITE_ETH_RPC_URL", DEFAULT_RPC[env].eth[0]), v("VITE_ETH_BACKUP_RPC_URL", DEFAULT_RPC[env].eth[1])],
    base: [v("VITE_BASE_RPC_URL", DEFAULT_RPC[env].base[0]), v("VITE_BASE_BACKUP_RPC_URL", DEFAULT_RPC[env].base[1])],
  } as const;
  const apiUrl = v("VITE_API_URL", env === "local" ? "http://127.0.0.1:8787" : "/");
  const api = apiUrl.replace(/\/$/, "");
  const production = env === "production";
  return {
    env,
    production,
    eth: block(env, "eth", rpc.eth[0], rpc.eth[1], env === "local" ? (vars.VITE_LOCAL_ETH_EXPLORER ?? "") : undefined),
    base: block(
      env,
      "base",
      rpc.base[0],
      rpc.base[1],
      env === "local" ? (vars.VITE_LOCAL_BASE_EXPLORER ?? "") : undefined,
    ),
    minToken: 10,
    tokenName: "SHAFT",
    stakeUnlockTime: Number(v("VITE_STAKE_UNLOCK_TIME", "2592000")),
    iidDashFx: v("VITE_IID", "shaft-presale"),
    apiUrl: api,
    indexerUrl: v("VITE_INDEXER_URL", env === "local" ? "http://127.0.0.1:42069" : "/indexer").replace(/\/$/, ""),
    referUrl: `${api}/api/referral`,
    leadUrl: `${api}/api/track/lead`,
    conversionUrl: `${api}/api/track/conversion`,
    wertUrl: `${api}/api/card/session`,
    wertOrigin: v(
      "VITE_WERT_ORIGIN",
      env === "local" ? "http://127.0.0.1:8788" : production ? "https://widget.wert.io" : "https://sandbox.wert.io",
    ),
    partnerId: v("VITE_WERT_PARTNER_ID", "01SHAFTLOCAL"),
    walletConnectId: v("VITE_WALLETCONNECT_PROJECT_ID", ""),
    apyCalcConst: 1_000_000_000,
    partnerWalletName: v("VITE_PARTNER_WALLET_NAME", "Best Wallet"),
    bwUniversalLink: v("VITE_BW_UNIVERSAL_LINK", "https://best.wallet/"),
    bwDeepLink: v("VITE_BW_DEEP_LINK", "bestwallet://"),
    bwDownloadUrl: v("VITE_BW_DOWNLOAD_URL", "https://best.wallet/download"),
    bwApiUrl: v("VITE_BW_API_URL", ""),
    showBestWallet: v("VITE_SHOW_PARTNER_WALLET", "true") === "true",
    buyEthCardUrl: v("VITE_BUY_ETH_CARD_URL", "https://widget.wert.io/default/widget?commodity=ETH&network=ethereum"),
    docsUrl: v("VITE_DOCS_URL", "https://docs.shaft.finance"),
    domain: v("VITE_SITE_DOMAIN", env === "local" ? "http://127.0.0.1:5173" : "https://shaft.finance"),
    sseUrl: v("VITE_SSE_URL", ""),
    notificationTimeout: 7000,
    presaleStartDate: 1746439200000,
  };
}

export const env: EnvConfig = buildEnvConfig(import.meta.env.VITE_APP_ENV, import.meta.env);
const chainBlocks = (): ChainBlock[] => [env.eth, env.base];
export const blockById = (id: number | undefined): ChainBlock | undefined =>
  chainBlocks().find((b) => b.chainIdInt === id);
