/**
 * The networks the tooling knows, how they pair up (one Ethereum-side sale chain + one Base-side claim chain) and
 * where their parameter files live. Names are the Hardhat network names from hardhat.config.ts.
 */
import path from "node:path";

export type ChainRole = "eth" | "base";
export interface NetworkInfo {
  name: string;
  chainId: number;
  role: ChainRole;
  /** Local chains: Hardhat's default accounts, fresh on every start. */
  local: boolean;
  /** In-process simulated twin used by tests (`hardhatEth` / `hardhatBase`). */
  simulated?: boolean;
  paramsFile: string;
  explorer?: string;
}

export const ROOT = path.resolve(import.meta.dirname, "../..");
/** Hardhat's default account #1: pays the keeper's relays on the local chains (it holds no role). */
export const LOCAL_KEEPER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const p = (f: string) => path.join(ROOT, "deploy/params", f);

export const NETWORKS: Record<string, NetworkInfo> = {
  localEth: { name: "localEth", chainId: 31337, role: "eth", local: true, paramsFile: p("localEth.json") },
  localBase: { name: "localBase", chainId: 31338, role: "base", local: true, paramsFile: p("localBase.json") },
  hardhatEth: {
    name: "hardhatEth",
    chainId: 31337,
    role: "eth",
    local: true,
    simulated: true,
    paramsFile: p("localEth.json"),
  },
  hardhatBase: {
    name: "hardhatBase",
    chainId: 31338,
    role: "base",
    local: true,
    simulated: true,
    paramsFile: p("localBase.json"),
  },
  sepolia: {
    name: "sepolia",
    chainId: 11155111,
    role: "eth",
    local: false,
    paramsFile: p("sepolia.json"),
    explorer: "https://sepolia.etherscan.io",
  },
  baseSepolia: {
    name: "baseSepolia",
    chainId: 84532,
    role: "base",
    local: false,
    paramsFile: p("baseSepolia.json"),
    explorer: "https://sepolia.basescan.org",
  },
  mainnet: {
    name: "mainnet",
    chainId: 1,
    role: "eth",
    local: false,
    paramsFile: p("mainnet.json"),
    explorer: "https://etherscan.io",
  },
  base: {
    name: "base",
    chainId: 8453,
    role: "base",
    local: false,
    paramsFile: p("base.json"),
    explorer: "https://basescan.org",
  },
};

/** Pairs of chains that share one ladder. */
export const PAIRS: Record<string, { eth: string; base: string }> = {
  local: { eth: "localEth", base: "localBase" },
  testnet: { eth: "sepolia", base: "baseSepolia" },
  mainnet: { eth: "mainnet", base: "base" },
};

/**
 * Every network two pairs name, one sentence each (none: an empty list). A network belongs to one pair: its params file
 * names that pair's L1 messenger, its deployment record is keyed by chain id and `pairOf` answers one pair, so a second
 * OP Stack chain on an already paired L1 needs an L1 of its own (docs/CONVENTIONS.md, "Adding a chain pair"). Two
 * names for one chain id count as one network.
 */
export function networksInTwoPairs(
  pairs: Record<string, { eth: string; base: string }>,
  networks: Record<string, Pick<NetworkInfo, "chainId">> = NETWORKS,
): string[] {
  const seen = new Map<string, { pair: string; network: string }[]>();
  for (const [pair, sides] of Object.entries(pairs))
    for (const network of [sides.eth, sides.base]) {
      const chainId = networks[network]?.chainId;
      const key = chainId === undefined ? `name ${network}` : `chain ${chainId}`;
      seen.set(key, [...(seen.get(key) ?? []), { pair, network }]);
    }
  return [...seen.entries()]
    .filter(([, uses]) => uses.length > 1)
    .map(
      ([key, uses]) =>
        `${key.startsWith("chain ") ? `chain id ${key.slice(6)}` : key.slice(5)} is in ${uses.length} pairs (${uses.map((u) => `${u.pair}: ${u.network}`).join(", ")}): a network belongs to one pair`,
    );
}

export class UsageError extends Error {
  override name = "UsageError";
}

export function networkInfo(name: string | undefined): NetworkInfo {
  if (name === undefined || name === "") {
    throw new UsageError(`--network is required (one of: ${Object.keys(NETWORKS).join(", ")})`);
  }
  const info = NETWORKS[name];
  if (info === undefined) {
    throw new UsageError(`unknown network "${name}" (known: ${Object.keys(NETWORKS).join(", ")})`);
  }
  return info;
}

/** The pair a network belongs to. */
export function pairOf(name: string): { eth: string; base: string } {
  for (const pair of Object.values(PAIRS)) if (pair.eth === name || pair.base === name) return pair;
  if (name === "hardhatEth" || name === "hardhatBase") return { eth: "hardhatEth", base: "hardhatBase" };
  throw new UsageError(`network "${name}" belongs to no pair`);
}

/** A pair by name (`hardhat` is the in-process test pair); a usage error for anything else. */
export function pairNamed(name: string): { eth: string; base: string } {
  if (name === "hardhat") return { eth: "hardhatEth", base: "hardhatBase" };
  const pair = PAIRS[name];
  if (pair === undefined) throw new UsageError(`unknown pair "${name}" (one of: ${Object.keys(PAIRS).join(", ")})`);
  return pair;
}
