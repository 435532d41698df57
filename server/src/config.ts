/**
 * Server configuration, read once from the environment. Every variable is documented in README.md.
 * Invalid values stop the process at start-up with a readable message (never half-configured).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isAddress, getAddress, type Abi, type Address } from "viem";

export const LOCAL_CHAIN_IDS = [31337, 31338] as const;
export const BASE_CHAIN_IDS = { mainnet: 8453, sepolia: 84532 } as const;

export interface ChainConfig {
  chainId: number;
  rpcUrl: string;
  /** Presale address on this chain, if known (env override, else the generated deployments map). */
  presale?: Address;
  /** Presale ABI: the deployments map's, else the compiled artifact's, else the built-in interface fragment. */
  presaleAbi?: Abi;
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
  siteOrigins: string[];
  bodyLimit: number;
  rateLimit: { max: number; windowMs: number; cardMax: number };
  database: { url?: string; sqlitePath: string };
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
  conversion: { receiptAttempts: number; receiptDelayMs: number };
  rpcTimeoutMs: number;
  /** Identical server-side errors are logged at most once per this interval (with a count of the others). */
  errorLogIntervalMs: number;
  deploymentsDir: string;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const serverRoot = path.resolve(import.meta.dirname, "..");

function int(env: Env, name: string, def: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer in [${min}, ${max}], got "${raw}"`);
  return n;
}

function bool(env: Env, name: string, def: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return def;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(name: string, raw: string): string {
  try {
    const u = new URL(raw);
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error("protocol");
    return raw;
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
}

function origin(name: string, raw: string): string {
  const u = new URL(url(name, raw));
  return u.origin;
}

function address(name: string, raw: string): Address {
  if (!isAddress(raw, { strict: false })) throw new ConfigError(`${name} must be a 0x address, got "${raw}"`);
  return getAddress(raw);
}

export interface PresaleInfo {
  address?: Address;
  abi?: Abi;
}

/**
 * The presale of a chain from the generated deployments: `deployedContracts.ts` (the typed map, see CONVENTIONS.md),
 * else `<chainId>.json`, tolerating `{Presale: {address, abi}}` with or without a `contracts` wrapper.
 */
export async function presaleFromDeployments(dir: string, chainId: number): Promise<PresaleInfo> {
  const fs = await import("node:fs");
  const pick = (entry: unknown): PresaleInfo | undefined => {
    const e = entry as { address?: string; abi?: Abi } | string | undefined;
    const a = typeof e === "string" ? e : e?.address;
    if (!a || !isAddress(a, { strict: false })) return undefined;
    return { address: getAddress(a), abi: typeof e === "object" && Array.isArray(e.abi) ? e.abi : undefined };
  };
  const mapFile = path.join(dir, "deployedContracts.ts");
  if (fs.existsSync(mapFile)) {
    try {
      const mod = (await import(pathToFileURL(mapFile).href)) as { deployedContracts?: Record<number, Record<string, unknown>> };
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

/** The compiled presale ABI from Hardhat's artifacts, if present. */
async function presaleAbiFromArtifacts(dir: string): Promise<Abi | undefined> {
  const fs = await import("node:fs");
  for (const f of ["contracts/Presale.sol/Presale.json", "contracts/interfaces/IPresale.sol/IPresale.json"]) {
    const p = path.join(dir, f);
    if (!fs.existsSync(p)) continue;
    try {
      const abi = (JSON.parse(fs.readFileSync(p, "utf8")) as { abi?: Abi }).abi;
      if (Array.isArray(abi)) return abi;
    } catch {
      // unreadable: try the next
    }
  }
  return undefined;
}

/** The local stack's names (ETH_/BASE_RPC_URL with ETH_/BASE_CHAIN_ID) as RPC_URL_<chainId>, unless already set. */
function withChainAliases(env: Env, production: boolean): Env {
  const out: Env = { ...env };
  for (const [name, def] of [["ETH", production ? 1 : 31337], ["BASE", production ? BASE_CHAIN_IDS.mainnet : 31338]] as const) {
    const rpc = env[`${name}_RPC_URL`];
    if (!rpc) continue;
    const id = int(env, `${name}_CHAIN_ID`, def, 1);
    out[`RPC_URL_${id}`] ??= rpc;
  }
  return out;
}

export async function loadConfig(rawEnv: Env = process.env): Promise<Config> {
  const production = rawEnv.NODE_ENV === "production";
  const env = withChainAliases(rawEnv, production);
  const defaultCardChain = env.BASE_CHAIN_ID ? int(env, "BASE_CHAIN_ID", 0, 1) : production ? BASE_CHAIN_IDS.mainnet : 31338;
  const cardChainId = int(env, "CARD_CHAIN_ID", defaultCardChain, 1);
  const deploymentsDir = path.resolve(serverRoot, env.DEPLOYMENTS_DIR ?? "../deployments");
  const artifactsDir = path.resolve(serverRoot, env.ARTIFACTS_DIR ?? "../artifacts");

  // RPC URLs: RPC_URL_<chainId>=url. Without any, the local pair of chains is used.
  const chains = new Map<number, ChainConfig>();
  for (const [k, v] of Object.entries(env)) {
    const m = /^RPC_URL_(\d+)$/.exec(k);
    if (m && v) chains.set(Number(m[1]), { chainId: Number(m[1]), rpcUrl: url(k, v) });
  }
  if (chains.size === 0) {
    if (production) throw new ConfigError("at least one RPC_URL_<chainId> is required in production");
    chains.set(31337, { chainId: 31337, rpcUrl: "http://127.0.0.1:8545" });
    chains.set(31338, { chainId: 31338, rpcUrl: "http://127.0.0.1:8546" });
  }
  if (!chains.has(cardChainId)) throw new ConfigError(`CARD_CHAIN_ID ${cardChainId} has no RPC_URL_${cardChainId}`);
  for (const c of chains.values()) {
    const override = env[`PRESALE_ADDRESS_${c.chainId}`];
    const deployed = await presaleFromDeployments(deploymentsDir, c.chainId);
    c.presale = override ? address(`PRESALE_ADDRESS_${c.chainId}`, override) : deployed.address;
    c.presaleAbi = deployed.abi ?? (await presaleAbiFromArtifacts(artifactsDir));
  }

  const siteOrigins = (env.SITE_ORIGIN ?? (production ? "" : "http://127.0.0.1:5173,http://localhost:5173"))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => origin("SITE_ORIGIN", s));
  if (production && siteOrigins.length === 0) throw new ConfigError("SITE_ORIGIN is required in production");

  const signerKey = env.WERT_SIGNER_PRIVATE_KEY?.trim() || undefined;
  if (signerKey && !/^(0x)?[0-9a-fA-F]{64}$/.test(signerKey)) {
    throw new ConfigError("WERT_SIGNER_PRIVATE_KEY must be 32 bytes of hex (an Ed25519 secret)");
  }

  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  if (redisUrl && !/^rediss?:\/\/[^\s]+$/.test(redisUrl)) throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// URL, got "${redisUrl}"`);

  const referralBaseUrl = url("REFERRAL_BASE_URL", env.REFERRAL_BASE_URL ?? siteOrigins[0] ?? "http://127.0.0.1:5173");
  const providerRaw = env.CARD_PROVIDER_ADDRESS?.trim();

  return {
    host: env.HOST ?? "127.0.0.1",
    port: int(env, "PORT", 8787, 0, 65535),
    production,
    logLevel: env.LOG_LEVEL ?? (production ? "info" : "debug"),
    trustProxy,
    redisUrl,
    siteOrigins,
    bodyLimit: int(env, "BODY_LIMIT_BYTES", 16 * 1024, 256, 1024 * 1024),
    rateLimit: {
      max: int(env, "RATE_LIMIT_MAX", 120, 1),
      windowMs: int(env, "RATE_LIMIT_WINDOW_MS", 60_000, 1000),
      cardMax: int(env, "CARD_RATE_LIMIT_MAX", 20, 1),
    },
    database: {
      url: env.DATABASE_URL || undefined,
      sqlitePath: path.resolve(serverRoot, env.SQLITE_PATH ?? "data/server.sqlite"),
    },
    chains,
    card: {
      chainId: cardChainId,
      network: env.WERT_NETWORK ?? (cardChainId === BASE_CHAIN_IDS.mainnet ? "base" : "base_sepolia"),
      partnerId: env.WERT_PARTNER_ID || (production ? undefined : "local-partner"),
      signerPrivateKey: signerKey,
      origin: origin("WERT_ORIGIN", env.WERT_ORIGIN ?? (production ? "https://widget.wert.io" : "http://127.0.0.1:8788")),
      commodity: "ETH",
      tokenSymbol: env.TOKEN_SYMBOL ?? "SHAFT",
      minTokens: BigInt(int(env, "MIN_TOKENS", 10, 1)),
      providerAddress: providerRaw
        ? address("CARD_PROVIDER_ADDRESS", providerRaw)
        : (LOCAL_CHAIN_IDS as readonly number[]).includes(cardChainId)
          ? "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" // Hardhat account #2, the local card provider
          : undefined,
      lang: env.WERT_LANG ?? "en",
      theme: env.WERT_THEME ?? "dark",
      currency: env.WERT_CURRENCY ?? "USD",
    },
    referralBaseUrl,
    referralParam: env.REFERRAL_PARAM ?? "referrer",
    conversion: {
      receiptAttempts: int(env, "CONVERSION_RECEIPT_ATTEMPTS", 3, 1, 20),
      receiptDelayMs: int(env, "CONVERSION_RECEIPT_DELAY_MS", 1000, 0, 30_000),
    },
    rpcTimeoutMs: int(env, "RPC_TIMEOUT_MS", 10_000, 100),
    errorLogIntervalMs: int(env, "ERROR_LOG_INTERVAL_MS", 10_000, 0),
    deploymentsDir,
  };
}

export { bool as envBool };

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/**
 * TRUST_PROXY: how many proxies stand in front of the server (a hop count: the client is the address the
 * outermost trusted proxy saw), or the proxies' own addresses/CIDRs (the client is the first address from the right
 * that is not one of them). `true` ("trust every hop") is refused: any client could then pick its own IP by sending
 * X-Forwarded-For, which defeats the rate limit and falsifies the stored IP.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const v = raw?.trim() ?? "";
  if (v === "" || /^(0|false|no|off)$/i.test(v)) return false;
  if (/^(true|yes|on)$/i.test(v)) {
    throw new ConfigError(
      `TRUST_PROXY=${v} would trust every X-Forwarded-For hop, so any client could choose its own IP and pass the rate limit: ` +
        `give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8)`,
    );
  }
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    if (n < 1 || n > 10) throw new ConfigError(`TRUST_PROXY hop count must be 1..10, got "${v}"`);
    return n;
  }
  const list = v.split(",").map((s) => s.trim()).filter(Boolean);
  for (const item of list) {
    const [ip, bits, extra] = item.split("/");
    const v4 = IPV4.test(ip!);
    const v6 = !v4 && /^[0-9a-f:.]+$/i.test(ip!) && ip!.includes(":");
    const maxBits = v4 ? 32 : 128;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if ((!v4 && !v6) || !bitsOk || extra !== undefined) {
      throw new ConfigError(`TRUST_PROXY: "${item}" is neither a hop count nor a proxy address/CIDR (e.g. 1, or 10.0.0.5,10.1.0.0/16)`);
    }
  }
  return list;
}
