/**
 * Where the end-to-end stack lives. Defaults are the project's local ports (docs/CONVENTIONS.md); the chain ports can
 * be moved with E2E_ETH_PORT / E2E_BASE_PORT (e.g. to run the suite next to a running `npm start` inside a separate
 * network namespace without sharing the keeper's state file).
 */
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const E2E_DIR = path.join(ROOT, ".local/e2e");
export const STATE_FILE = path.join(E2E_DIR, "stack.json");
export const DIST_DIR = path.join(E2E_DIR, "dist");
export const LOG_DIR = path.join(ROOT, ".local/logs");

const num = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
export const PORTS = {
  eth: num(process.env.E2E_ETH_PORT, 8545),
  base: num(process.env.E2E_BASE_PORT, 8546),
  api: num(process.env.E2E_API_PORT, 8787),
  widget: num(process.env.E2E_WIDGET_PORT, 8788),
  dapp: num(process.env.E2E_DAPP_PORT, 5173), // the API server's default CORS origin and the widget's frame-ancestors
};
export const URLS = {
  eth: `http://127.0.0.1:${PORTS.eth}`,
  base: `http://127.0.0.1:${PORTS.base}`,
  api: `http://127.0.0.1:${PORTS.api}`,
  widget: `http://127.0.0.1:${PORTS.widget}`,
  dapp: `http://127.0.0.1:${PORTS.dapp}`,
};
export const CHAIN_IDS = { eth: 31337, base: 31338 } as const;

/** Buyer account (index in Hardhat's default mnemonic) of each spec file; the global setup funds all of them. */
export const BUYERS = {
  ethBuy: 10,
  usdtBuy: 11,
  baseBuy: 12,
  card: 13,
  errors: 14,
  poor: 15,
  chains: 16,
  bridge: 17,
  claim: 18,
  stake: 19,
  claimAndStake: 6,
  i18n: 3,
  /** 31-activity: an Ethereum purchase seen in "My activity", and the owner console. */
  activity: 4,
  quote: 5,
  /** 16-one-prompt: one buyer per wallet mode (#8 and #9 are the local split and payment wallets: not buyers). */
  promptBatch: 7,
  promptPlain: 20,
  promptLegacy: 21,
  /** 17-status-languages: the one-prompt statuses in every language. */
  statusTexts: 22,
  /** 19-contract-wallet: the key that owns the contract-account buyer, and the Base address it names (claims in 40). */
  contractWalletOwner: 24,
  contractWalletRecipient: 25,
} as const;
export const FUNDED = [3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 24, 25];

export interface StackState {
  pid: number;
  urls: typeof URLS;
  chainIds: typeof CHAIN_IDS;
  contracts: {
    eth: Record<string, { address: `0x${string}`; abi: unknown[] }>;
    base: Record<string, { address: `0x${string}`; abi: unknown[] }>;
  };
  widget: { started: "stack" | "e2e" | "missing"; url: string };
  startedInMs: number;
}
