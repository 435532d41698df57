/**
 * Ponder's configuration: both presales, Base's staking and Ethereum's L1 messenger (only its messages to the Base
 * presale), each from its deployment block in the generated map (lib/deployments.ts). Local chains (31337/31338) are
 * restarted fresh by `npm start` with the same chain ids, so Ponder's RPC cache is off for them: cached blocks of a
 * previous chain would be replayed as if they belonged to the new one.
 */
import { createConfig } from "ponder";
import {
  BASE_PRESALE_ABI,
  ETHEREUM_PRESALE_ABI,
  L1_MESSENGER_ABI,
  STAKING_ABI,
  resolveTarget,
} from "./lib/deployments";

const target = resolveTarget();
const local = target.network === "local";
const pollingInterval = Number(process.env.INDEXER_POLLING_MS ?? (local ? 250 : 2_000));
/**
 * Ponder 0.16.6 throttles each RPC URL to 20 requests a second at first (raised by 5 % only after ten busy seconds,
 * not configurable) and sends one `eth_getLogs` per indexed event per block range (about 80 here), so a catch-up from a
 * local node spent most of its time waiting for that limiter, not for the node. A local node has no provider quota:
 * its URL is listed `INDEXER_RPC_FANOUT` times (default 8), which Ponder load-balances as that many providers. Testnet
 * and production keep one URL per chain and Ponder's limiter, which real providers' quotas need.
 */
const fanout = Number(process.env.INDEXER_RPC_FANOUT ?? (local ? 8 : 1));
const rpcOf = (url: string) => (fanout > 1 ? Array.from({ length: fanout }, () => url) : url);

export default createConfig({
  ordering: "multichain",
  database: process.env.DATABASE_URL
    ? { kind: "postgres", connectionString: process.env.DATABASE_URL }
    : { kind: "pglite", directory: process.env.INDEXER_PGLITE_DIR ?? ".ponder/pglite" },
  chains: {
    ethereum: { id: target.eth.id, rpc: rpcOf(target.eth.rpc), pollingInterval, disableCache: local },
    base: { id: target.base.id, rpc: rpcOf(target.base.rpc), pollingInterval, disableCache: local },
  },
  contracts: {
    EthereumPresale: {
      abi: ETHEREUM_PRESALE_ABI,
      chain: "ethereum",
      address: target.eth.presale.address,
      startBlock: target.eth.presale.startBlock,
    },
    L1Messenger: {
      abi: L1_MESSENGER_ABI,
      chain: "ethereum",
      address: target.eth.messenger.address,
      filter: { event: "SentMessage", args: { target: target.base.presale.address } },
      startBlock: target.eth.presale.startBlock,
    },
    BasePresale: {
      abi: BASE_PRESALE_ABI,
      chain: "base",
      address: target.base.presale.address,
      startBlock: target.base.presale.startBlock,
    },
    Staking: {
      abi: STAKING_ABI,
      chain: "base",
      address: target.base.staking.address,
      startBlock: target.base.staking.startBlock,
    },
  },
});
