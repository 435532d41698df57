/**
 * The one table of the real external contracts per public chain: what each `external.*` parameter must be on that
 * chain, and the public source it was looked up in (docs/OPERATING.md "Deploy" prints it). The deploy preflight and
 * `npm run params:check` refuse any other address; an entry without an address says why none is used.
 * Looked up, never guessed; re-check a source before changing an entry.
 */
import { getAddress } from "ethers";
import type { ExternalField } from "./schema.js";

export interface Canonical {
  /** What it is, for the messages ("Base's L1CrossDomainMessenger"). */
  name: string;
  /** The address, or null: none exists on this chain (or none could be confirmed), see `source`. */
  address: string | null;
  /** Where it was looked up (page and table), or why there is no address. */
  source: string;
}

/** Chain ids where real money moves: no stand-in, no placeholder, every external address canonical. */
export const MAINNET_IDS: ReadonlySet<number> = new Set([1, 8453]);

const CIRCLE = "Circle, developers.circle.com/stablecoins/usdc-contract-addresses";
const CHAINLINK =
  "Chainlink data feeds (docs.chain.link/data-feeds/price-feeds/addresses; the feed list of @chainlink/mcp-server 0.0.1-alpha.17, data/feeds)";
const BASE_L1 = 'Base docs, docs.base.org/base-chain/network-information/base-contracts, "L1 Contract Addresses"';
const BASE_L2 =
  'Base docs, docs.base.org/base-chain/network-information/base-contracts, "L2 Contract Addresses" (the OP Stack predeploy)';
const MULTICALL3 = "Multicall3 (github.com/mds1/multicall3): the same address on every chain it is deployed to";

export const CANONICAL: Record<number, Record<ExternalField, Canonical>> = {
  1: {
    usdt: {
      name: "Tether USD (USDT)",
      address: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
      source:
        'Tether, tether.to/en/supported-protocols, "ERC20 Token via Ethereum Blockchain" (address matched by independent listings)',
    },
    usdc: {
      name: "Circle's USDC",
      address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
      source: `${CIRCLE}, Mainnet, Ethereum`,
    },
    ethUsdFeed: {
      name: "Chainlink ETH / USD",
      address: "0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419",
      source: `${CHAINLINK}, Ethereum Mainnet`,
    },
    sequencerFeed: {
      name: "an L2 sequencer uptime feed",
      address: null,
      source: "Ethereum is the L1: no sequencer feed",
    },
    sanctionsList: {
      name: "Chainalysis' sanctions oracle",
      address: "0x40C57923924B5c5c5455c48D93317139ADDaC8fb",
      source:
        "Chainalysis oracle docs, go.chainalysis.com/chainalysis-oracle-docs.html, Ethereum (as cited by independent integrations)",
    },
    multicall3: { name: "Multicall3", address: "0xcA11bde05977b3631167028862bE2a173976CA11", source: MULTICALL3 },
    messenger: {
      name: "Base's L1CrossDomainMessenger",
      address: "0x866E82a600A1414e583f7F13623F1aC5d58b0Afa",
      source: `${BASE_L1}, Ethereum Mainnet`,
    },
  },
  8453: {
    usdt: { name: "USDT", address: null, source: "not sold on Base (PRODUCT.md §1)" },
    usdc: {
      name: "Circle's USDC",
      address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      source: `${CIRCLE}, Mainnet, Base`,
    },
    ethUsdFeed: {
      name: "Chainlink ETH / USD",
      address: "0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70",
      source: `${CHAINLINK}, Base Mainnet`,
    },
    sequencerFeed: {
      name: "Chainlink's L2 sequencer uptime feed",
      address: "0xBCF85224fc0756B9Fa45aA7892530B47e10b6433",
      source: `${CHAINLINK}, Base Mainnet, L2 Sequencer Uptime Status Feed (docs.chain.link/data-feeds/l2-sequencer-feeds)`,
    },
    sanctionsList: {
      name: "Chainalysis' sanctions oracle",
      address: null,
      source:
        "not confirmed from Chainalysis' own page (third-party listings give 0x3A91A31cB3dC49b4db9Ce721F50a9D076c8D739B); list it under unverified to use it",
    },
    multicall3: { name: "Multicall3", address: "0xcA11bde05977b3631167028862bE2a173976CA11", source: MULTICALL3 },
    messenger: {
      name: "the L2CrossDomainMessenger",
      address: "0x4200000000000000000000000000000000000007",
      source: BASE_L2,
    },
  },
  11155111: {
    usdt: {
      name: "USDT",
      address: null,
      source: "Tether publishes no USDT on Sepolia: a stand-in, where standIns says so",
    },
    usdc: {
      name: "Circle's testnet USDC",
      address: "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238",
      source: `${CIRCLE}, Testnet, Ethereum Sepolia`,
    },
    ethUsdFeed: {
      name: "Chainlink ETH / USD",
      address: "0x694AA1769357215DE4FAC081bf1f309aDC325306",
      source: `${CHAINLINK}, Sepolia Testnet`,
    },
    sequencerFeed: {
      name: "an L2 sequencer uptime feed",
      address: null,
      source: "Sepolia is the L1: no sequencer feed",
    },
    sanctionsList: {
      name: "a sanctions oracle",
      address: null,
      source: "Chainalysis publishes no oracle on Sepolia: a stand-in, where standIns says so",
    },
    multicall3: { name: "Multicall3", address: "0xcA11bde05977b3631167028862bE2a173976CA11", source: MULTICALL3 },
    messenger: {
      name: "Base Sepolia's L1CrossDomainMessenger",
      address: "0xC34855F4De64F1840e5686e64278da901e261f20",
      source: `${BASE_L1}, Ethereum Testnet (Sepolia)`,
    },
  },
  84532: {
    usdt: { name: "USDT", address: null, source: "not sold on Base (PRODUCT.md §1)" },
    usdc: {
      name: "Circle's testnet USDC",
      address: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
      source: `${CIRCLE}, Testnet, Base Sepolia`,
    },
    ethUsdFeed: {
      name: "Chainlink ETH / USD",
      address: "0x4aDC67696bA383F43DD60A9e78F2C97Fbbfc7cb1",
      source: `${CHAINLINK}, Base Sepolia testnet`,
    },
    sequencerFeed: {
      name: "an L2 sequencer uptime feed",
      address: null,
      source: "Chainlink lists no sequencer uptime feed for Base Sepolia: a stand-in, where standIns says so",
    },
    sanctionsList: {
      name: "a sanctions oracle",
      address: null,
      source: "Chainalysis publishes no oracle on Base Sepolia: a stand-in, where standIns says so",
    },
    multicall3: { name: "Multicall3", address: "0xcA11bde05977b3631167028862bE2a173976CA11", source: MULTICALL3 },
    messenger: {
      name: "the L2CrossDomainMessenger",
      address: "0x4200000000000000000000000000000000000007",
      source: BASE_L2,
    },
  },
};

/** Real contracts that are easy to take for one of ours: named when a parameter holds one. */
export const KNOWN_ELSEWHERE: Record<string, string> = {
  "0x25ace71c97B33Cc4729CF772ae268934F7ab5fA1":
    "OP Mainnet's L1CrossDomainMessenger (Optimism's network docs), not Base's",
  "0x3A91A31cB3dC49b4db9Ce721F50a9D076c8D739B":
    "the address third-party listings give for Chainalysis' oracle on Base (not confirmed)",
};

/** What an address is known to be elsewhere, if anything (for a refusal's message). */
export const knownElsewhere = (address: string): string | undefined => KNOWN_ELSEWHERE[getAddress(address)];
