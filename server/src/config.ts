/**
 * Server configuration, read once from the environment with the zod schemas of env.ts. Every variable is documented
 * in README.md and listed in .env.example. Invalid values stop the process at start-up with a message naming each
 * bad variable (never half-configured).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isAddress, getAddress, type Address } from "viem";
import { z } from "zod/v4";
import {
  address,
  ConfigError,
  hex32,
  httpUrl,
  integer,
  matching,
  optional,
  origin,
  originList,
  parseEnv,
  postgresUrl,
  redisUrl,
  serverRoot,
  trustProxy,
  type Env,
} from "./env.ts";

export { ConfigError } from "./env.ts";

export const LOCAL_CHAIN_IDS = [31337, 31338] as const;
export const BASE_CHAIN_IDS = { mainnet: 8453, sepolia: 84532 } as const;

export interface ChainConfig {
  chainId: number;
  rpcUrl: string;
  /** Presale address on this chain, if known (env override, else the generated deployments map). */
  presale?: Address;
}

export interface Config {
  host: string;
  port: number;
  production: boolean;
  logLevel: string;
  /** Proxies whose X-Forwarded-For is believed: a hop count, or their addresses/CIDRs; false = none. */
  trustProxy: false | number | string[];
  /** Shared rate-limit counters (several instances); unset = in-process. */
  redisUrl?: string;
  /** A Redis command that has not answered in this time fails (a frozen Redis answers 503, never hangs a request). */
  redisTimeoutMs: number;
  /** A request whose headers and body have not all arrived in this time gets a 408 and its connection is closed. */
  requestTimeoutMs: number;
  siteOrigins: string[];
  bodyLimit: number;
  rateLimit: { max: number; windowMs: number; cardMax: number };
  /** `timeoutMs`: bound on every query (PostgreSQL: connect and each query; SQLite: waiting for a lock). */
  database: { url?: string; sqlitePath: string; timeoutMs: number };
  chains: Map<number, ChainConfig>;
  card: {
    chainId: number;
    network: string;
    partnerId?: string;
    signerPrivateKey?: string;
    origin: string;
    commodity: "ETH";
    tokenSymbol: string;
    minTokens: bigint;
    /** Account that executes buyWithETHWert; when set, each session is simulated from it before signing. */
    providerAddress?: Address;
    lang: string;
    theme: string;
    currency: string;
  };
  referralBaseUrl: string;
  referralParam: string;
  /**
   * The owner console's sign-in (PRODUCT.md §2 "Owner console"): the Base chain, where the owner role is read live
   * and sign-in messages name; the indexer the purchases export reads (unset: the export answers 503).
   */
  owner: { chainId: number; indexerUrl?: string };
  conversion: { receiptAttempts: number; receiptDelayMs: number };
  rpcTimeoutMs: number;
  /** Identical server-side errors are logged at most once per this interval (with a count of the others). */
  errorLogIntervalMs: number;
  deploymentsDir: string;
}

/**
 * The presale of a chain from the generated deployments: `deployedContracts.ts` (the typed map, see CONVENTIONS.md),
 * else `<chainId>.json`, tolerating `{Presale: {address}}` with or without a `contracts` wrapper. The ABI is not
 * read here: it is compiled in (contracts.ts).
 */
export async function presaleFromDeployments(dir: string, chainId: number): Promise<{ address?: Address }> {
  const fs = await import("node:fs");
  const pick = (entry: unknown): { address: Address } | undefined => {
    const a: unknown = typeof entry === "object" && entry !== null && "address" in entry ? entry.address : entry;
    return typeof a === "string" && isAddress(a, { strict: false }) ? { address: getAddress(a) } : undefined;
  };
  const mapFile = path.join(dir, "deployedContracts.ts");
  if (fs.existsSync(mapFile)) {
    try {
      const mod = (await import(pathToFileURL(mapFile).href)) as {
        deployedContracts?: Record<number, Record<string, unknown>>;
      };
      const found = pick(mod.deployedContracts?.[chainId]?.Presale);
      if (found) return found;
    } catch {
      // Fall through to the JSON file (e.g. a Node without TypeScript stripping).
    }
  }
  const jsonFile = path.join(dir, `${chainId}.json`);
  if (fs.existsSync(jsonFile)) {
    try {
      const j = JSON.parse(fs.readFileSync(jsonFile, "utf8")) as Record<string, unknown>;
      const c = (j.contracts as Record<string, unknown> | undefined) ?? j;
      return pick(c.Presale) ?? {};
    } catch {
      return {};
    }
  }
  return {};
}

const text = optional(z.string());

/** Every fixed variable of the API server (RPC_URL_<id> and PRESALE_ADDRESS_<id> are matched by name). */
export const serverVariables = z.object({
  HOST: text,
  PORT: optional(integer(0, 65535)),
  LOG_LEVEL: text,
  TRUST_PROXY: optional(trustProxy),
  REDIS_URL: optional(redisUrl),
  ERROR_LOG_INTERVAL_MS: optional(integer(0)),
  SITE_ORIGIN: optional(originList),
  BODY_LIMIT_BYTES: optional(integer(256, 1024 * 1024)),
  RATE_LIMIT_MAX: optional(integer(1)),
  RATE_LIMIT_WINDOW_MS: optional(integer(1000)),
  CARD_RATE_LIMIT_MAX: optional(integer(1)),
  DATABASE_URL: optional(postgresUrl),
  DB_TIMEOUT_MS: optional(integer(100, 60_000)),
  REDIS_TIMEOUT_MS: optional(integer(50, 10_000)),
  REQUEST_TIMEOUT_MS: optional(integer(100, 300_000)),
  SQLITE_PATH: text,
  ETH_RPC_URL: optional(httpUrl),
  ETH_CHAIN_ID: optional(integer(1)),
  BASE_RPC_URL: optional(httpUrl),
  BASE_CHAIN_ID: optional(integer(1)),
  RPC_TIMEOUT_MS: optional(integer(100)),
  DEPLOYMENTS_DIR: text,
  CARD_CHAIN_ID: optional(integer(1)),
  WERT_NETWORK: text,
  WERT_PARTNER_ID: text,
  WERT_SIGNER_PRIVATE_KEY: optional(hex32("an Ed25519 secret")),
  WERT_ORIGIN: optional(origin),
  WERT_LANG: text,
  WERT_THEME: text,
  WERT_CURRENCY: text,
  TOKEN_SYMBOL: text,
  MIN_TOKENS: optional(integer(1)),
  CARD_PROVIDER_ADDRESS: optional(address),
  REFERRAL_BASE_URL: optional(httpUrl),
  REFERRAL_PARAM: text,
  INDEXER_URL: optional(httpUrl),
  CONVERSION_RECEIPT_ATTEMPTS: optional(integer(1, 20)),
  CONVERSION_RECEIPT_DELAY_MS: optional(integer(0, 30_000)),
});

/** Hardhat account #2, the local stack's card provider (only ever assumed on a local card chain). */
const LOCAL_CARD_PROVIDER: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

export async function loadConfig(rawEnv: Env = process.env): Promise<Config> {
  const production = rawEnv.NODE_ENV === "production";
  const { env, rpcUrls, presales } = parseEnv(
    z.object({
      env: serverVariables,
      rpcUrls: matching(rawEnv, /^RPC_URL_\d+$/, optional(httpUrl)),
      presales: matching(rawEnv, /^PRESALE_ADDRESS_\d+$/, optional(address)),
    }),
    { env: rawEnv, rpcUrls: rawEnv, presales: rawEnv },
  );
  const cardChainId = env.CARD_CHAIN_ID ?? env.BASE_CHAIN_ID ?? (production ? BASE_CHAIN_IDS.mainnet : 31338);
  const deploymentsDir = path.resolve(serverRoot, env.DEPLOYMENTS_DIR ?? "../deployments");

  // RPC URLs: RPC_URL_<chainId>=url, then the local stack's names (ETH_/BASE_RPC_URL with ETH_/BASE_CHAIN_ID) for
  // chain ids not set explicitly. Without any, the local pair of chains is used.
  const chains = new Map<number, ChainConfig>();
  for (const [name, rpcUrl] of Object.entries(rpcUrls)) {
    const chainId = Number(name.slice("RPC_URL_".length));
    if (rpcUrl !== undefined) chains.set(chainId, { chainId, rpcUrl });
  }
  const aliases = [
    [env.ETH_RPC_URL, env.ETH_CHAIN_ID ?? (production ? 1 : 31337)],
    [env.BASE_RPC_URL, env.BASE_CHAIN_ID ?? (production ? BASE_CHAIN_IDS.mainnet : 31338)],
  ] as const;
  for (const [rpcUrl, chainId] of aliases) {
    if (rpcUrl !== undefined && !chains.has(chainId)) chains.set(chainId, { chainId, rpcUrl });
  }
  if (chains.size === 0) {
    if (production) throw new ConfigError("at least one RPC_URL_<chainId> is required in production");
    chains.set(31337, { chainId: 31337, rpcUrl: "http://127.0.0.1:8545" });
    chains.set(31338, { chainId: 31338, rpcUrl: "http://127.0.0.1:8546" });
  }
  if (!chains.has(cardChainId)) throw new ConfigError(`CARD_CHAIN_ID ${cardChainId} has no RPC_URL_${cardChainId}`);
  for (const c of chains.values()) {
    c.presale =
      presales[`PRESALE_ADDRESS_${c.chainId}`] ?? (await presaleFromDeployments(deploymentsDir, c.chainId)).address;
  }

  const siteOrigins = env.SITE_ORIGIN ?? (production ? [] : ["http://127.0.0.1:5173", "http://localhost:5173"]);
  if (production && siteOrigins.length === 0) throw new ConfigError("SITE_ORIGIN is required in production");

  return {
    host: env.HOST ?? "127.0.0.1",
    port: env.PORT ?? 8787,
    production,
    logLevel: env.LOG_LEVEL ?? (production ? "info" : "debug"),
    trustProxy: env.TRUST_PROXY ?? false,
    redisUrl: env.REDIS_URL,
    redisTimeoutMs: env.REDIS_TIMEOUT_MS ?? 500,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS ?? 10_000,
    siteOrigins,
    bodyLimit: env.BODY_LIMIT_BYTES ?? 16 * 1024,
    rateLimit: {
      max: env.RATE_LIMIT_MAX ?? 120,
      windowMs: env.RATE_LIMIT_WINDOW_MS ?? 60_000,
      cardMax: env.CARD_RATE_LIMIT_MAX ?? 20,
    },
    database: {
      url: env.DATABASE_URL,
      sqlitePath: path.resolve(serverRoot, env.SQLITE_PATH ?? "data/server.sqlite"),
      timeoutMs: env.DB_TIMEOUT_MS ?? 5000,
    },
    chains,
    card: {
      chainId: cardChainId,
      network: env.WERT_NETWORK ?? (cardChainId === BASE_CHAIN_IDS.mainnet ? "base" : "base_sepolia"),
      partnerId: env.WERT_PARTNER_ID ?? (production ? undefined : "local-partner"),
      signerPrivateKey: env.WERT_SIGNER_PRIVATE_KEY,
      origin: env.WERT_ORIGIN ?? (production ? "https://widget.wert.io" : "http://127.0.0.1:8788"),
      commodity: "ETH",
      tokenSymbol: env.TOKEN_SYMBOL ?? "SHAFT",
      minTokens: BigInt(env.MIN_TOKENS ?? 10),
      providerAddress:
        env.CARD_PROVIDER_ADDRESS ??
        ((LOCAL_CHAIN_IDS as readonly number[]).includes(cardChainId) ? LOCAL_CARD_PROVIDER : undefined),
      lang: env.WERT_LANG ?? "en",
      theme: env.WERT_THEME ?? "dark",
      currency: env.WERT_CURRENCY ?? "USD",
    },
    referralBaseUrl: env.REFERRAL_BASE_URL ?? siteOrigins[0] ?? "http://127.0.0.1:5173",
    referralParam: env.REFERRAL_PARAM ?? "referrer",
    owner: {
      chainId: env.BASE_CHAIN_ID ?? (production ? BASE_CHAIN_IDS.mainnet : 31338),
      indexerUrl: (env.INDEXER_URL ?? (production ? undefined : "http://127.0.0.1:42069"))?.replace(/\/$/, ""),
    },
    conversion: {
      receiptAttempts: env.CONVERSION_RECEIPT_ATTEMPTS ?? 3,
      receiptDelayMs: env.CONVERSION_RECEIPT_DELAY_MS ?? 1000,
    },
    rpcTimeoutMs: env.RPC_TIMEOUT_MS ?? 10_000,
    errorLogIntervalMs: env.ERROR_LOG_INTERVAL_MS ?? 10_000,
    deploymentsDir,
  };
}

/** TRUST_PROXY alone (see env.ts): false, a hop count, or the proxies' addresses/CIDRs; throws ConfigError. */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  return parseEnv(z.object({ TRUST_PROXY: optional(trustProxy) }), { TRUST_PROXY: raw }).TRUST_PROXY ?? false;
}
