/**
 * Which chains and contracts the indexer follows: the pair named by `INDEXER_NETWORK` (local, testnet, production),
 * with addresses and deploy blocks from the generated map `deployments/deployedContracts.ts` (or, with
 * `DEPLOYMENTS_DIR`, from the `<chainId>.json` records there: a test stack on other ports writes its own). RPC URLs
 * come from `PONDER_RPC_URL_<chainId>` (the local pair defaults to the local stack's nodes).
 */
import fs from "node:fs";
import path from "node:path";
import { deployedContracts } from "../../deployments/deployedContracts";

export type IndexerNetwork = "local" | "testnet" | "production";

export const CHAIN_PAIRS: Record<IndexerNetwork, { eth: number; base: number }> = {
  local: { eth: 31337, base: 31338 },
  testnet: { eth: 11155111, base: 84532 },
  production: { eth: 1, base: 8453 },
};

const LOCAL_RPC: Record<number, string> = { 31337: "http://127.0.0.1:8545", 31338: "http://127.0.0.1:8546" };

export interface Placement {
  address: `0x${string}`;
  startBlock: number;
}

export interface IndexerTarget {
  network: IndexerNetwork;
  eth: { id: number; rpc: string; presale: Placement; messenger: Placement };
  base: { id: number; rpc: string; presale: Placement; staking: Placement };
}

type Env = Record<string, string | undefined>;

interface RecordedContract {
  address: string;
  deployBlock: number;
}

function contractsOf(chainId: number, env: Env): Record<string, RecordedContract> {
  const dir = env.DEPLOYMENTS_DIR;
  if (dir) {
    const file = path.resolve(dir, `${chainId}.json`);
    if (!fs.existsSync(file)) throw new Error(`indexer: no deployment of chain ${chainId} in ${file}`);
    return (JSON.parse(fs.readFileSync(file, "utf8")) as { contracts: Record<string, RecordedContract> }).contracts;
  }
  const map = deployedContracts as unknown as Record<number, Record<string, RecordedContract> | undefined>;
  const found = map[chainId];
  if (!found) throw new Error(`indexer: deployments/deployedContracts.ts has no chain ${chainId} (deploy it first)`);
  return found;
}

function placement(contracts: Record<string, RecordedContract>, name: string, chainId: number): Placement {
  const c = contracts[name];
  if (!c) throw new Error(`indexer: the deployment of chain ${chainId} has no ${name}`);
  return { address: c.address.toLowerCase() as `0x${string}`, startBlock: c.deployBlock };
}

function rpcOf(chainId: number, env: Env): string {
  const url = env[`PONDER_RPC_URL_${chainId}`] ?? LOCAL_RPC[chainId];
  if (!url) throw new Error(`indexer: set PONDER_RPC_URL_${chainId} (the RPC URL of chain ${chainId})`);
  return url;
}

export function resolveTarget(env: Env = process.env): IndexerTarget {
  const network = (env.INDEXER_NETWORK ?? "local") as IndexerNetwork;
  const pair = CHAIN_PAIRS[network];
  if (!pair) throw new Error(`indexer: INDEXER_NETWORK must be local, testnet or production, got "${network}"`);
  const eth = contractsOf(pair.eth, env);
  const base = contractsOf(pair.base, env);
  return {
    network,
    eth: {
      id: pair.eth,
      rpc: rpcOf(pair.eth, env),
      presale: placement(eth, "Presale", pair.eth),
      messenger: placement(eth, "Messenger", pair.eth),
    },
    base: {
      id: pair.base,
      rpc: rpcOf(pair.base, env),
      presale: placement(base, "Presale", pair.base),
      staking: placement(base, "Staking", pair.base),
    },
  };
}

/** ABIs (types included) from the generated map: the local pair's are the same contracts as every other pair's. */
export const ETHEREUM_PRESALE_ABI = deployedContracts[31337].Presale.abi;
export const BASE_PRESALE_ABI = deployedContracts[31338].Presale.abi;
export const STAKING_ABI = deployedContracts[31338].Staking.abi;
export const L1_MESSENGER_ABI = deployedContracts[31337].Messenger.abi;
