import { randomBytes } from "node:crypto";
import path from "node:path";
import { configVariable, defineConfig } from "hardhat/config";
import hardhatToolboxMochaEthers from "@nomicfoundation/hardhat-toolbox-mocha-ethers";
import type { HardhatPlugin } from "hardhat/types/plugins";

// The compiler cannot be downloaded on our machines: use the pinned solc-js build from node_modules.
const solcPath = path.resolve(import.meta.dirname, "node_modules/solc/soljson.js");

// `npm run bench:mutation` compiles each mutant without viaIR and without the optimizer (several times faster) into a
// build of its own, so the real artifacts and their gas figures are never touched. Its gas-limit mutants ask for the
// optimizer (MUTATION_OPTIMIZE=1, a second build) to be measured against code like the deployed one.
const mutationBuild = process.env.MUTATION_BUILD === "1";
const mutationOptimized = mutationBuild && process.env.MUTATION_OPTIMIZE === "1";
const mutationDir = mutationOptimized ? ".mutation/optimized" : ".mutation";
// `--coverage` (Hardhat's global option, also HARDHAT_COVERAGE=true) compiles instrumented bytecode. That build, too,
// has folders of its own and leaves typechain-types alone: a command that deploys without compiling (a benchmark, an
// owner tool, `npm start --no-compile`) after `npm run coverage` still finds the normal artifacts.
const coverageBuild = process.argv.includes("--coverage") || process.env.HARDHAT_COVERAGE === "true";
// Presale's non-viaIR (mutation) and instrumented (coverage) builds are above the 24 KiB limit: only those builds may
// deploy above it. Every other run keeps the real chains' limit, so a contract that grows past it fails the tests.
const oversizeBuild = mutationBuild || coverageBuild;

// The seed of `npm run bench:invariants` (the "invariants" test profile); `npm test` keeps Hardhat's fixed seed.
// 64 random bits are plenty for a fuzz seed, and a recorded seed then never looks like a 32-byte private key.
const invariantSeed = process.env.INVARIANT_SEED ?? `0x${randomBytes(8).toString("hex")}`;

/** Local pair of chains: "Ethereum" and an OP Stack "Base", each a `hardhat node` on loopback. */
export const LOCAL_CHAINS = {
  localEth: { chainId: 31337, port: 8545 },
  localBase: { chainId: 31338, port: 8546 },
} as const;

/** TypeChain types of the official OP Stack contracts the local bridge deploys (scripts/lib/opstack-typechain.ts). */
const opStackTypes: HardhatPlugin = {
  id: "shaft-opstack-types",
  hookHandlers: { solidity: () => import("./scripts/lib/opstack-typechain.js") },
};

export default defineConfig({
  // A mutation build runs in a worker's copy without scripts/ and generates no types (the real ones are linked).
  plugins: mutationBuild ? [hardhatToolboxMochaEthers] : [hardhatToolboxMochaEthers, opStackTypes],
  solidity: {
    version: "0.8.28",
    path: solcPath,
    // A mutant's mocha run builds the contracts only: the Solidity tests (their handlers hold whole systems) doubled
    // the compile of every mutant, and only a Solidity test run needs them.
    splitTestsCompilation: mutationBuild,
    settings: {
      optimizer: { enabled: !mutationBuild || mutationOptimized, runs: 200 },
      evmVersion: "cancun",
      viaIR: !mutationBuild,
      // NatSpec into Hardhat's build info, where `npm run docs:contracts` reads it (docs/contracts/).
      outputSelection: { "*": { "*": ["devdoc", "userdoc"] } },
    },
  },
  paths: {
    tests: { mocha: "test/mocha", solidity: "test/solidity" },
    ...(mutationBuild ? { artifacts: `${mutationDir}/artifacts`, cache: `${mutationDir}/cache` } : {}),
    ...(coverageBuild ? { artifacts: "coverage/build/artifacts", cache: "coverage/build/cache" } : {}),
  },
  typechain: { outDir: "typechain-types", dontOverrideCompile: coverageBuild },
  // `npm run verify`: the key only from the environment or `hardhat keystore set ETHERSCAN_API_KEY`.
  verify: { etherscan: { apiKey: configVariable("ETHERSCAN_API_KEY") } },
  test: {
    // A mutant's run is niced beside other work: a test past mocha's 40 s default under load would count as a kill
    // (two "kills" of an earlier partial run were such timeouts). The runner keeps its own 15-minute limit per run.
    ...(mutationBuild ? { mocha: { timeout: 600_000 } } : {}),
    solidity: {
      profiles: {
        // `npm test`: every invariant campaign 256 runs of 64 calls. A handler call that reverts fails the campaign:
        // the handlers predict and check every outcome themselves, so a revert means a handler bug or a contract
        // that broke a rule, never noise to skip.
        default: { fuzz: { runs: 256 }, invariant: { runs: 256, depth: 64, failOnRevert: true } },
        // `npm run bench:invariants`: the same handlers 10 times deeper, on a fresh seed each time (recorded in
        // reports/invariants.json; INVARIANT_SEED starts from one: see scripts/bench/invariants.ts).
        invariants: {
          fuzz: { runs: 256, seed: invariantSeed },
          invariant: {
            runs: Number(process.env.INVARIANT_RUNS ?? 256),
            depth: Number(process.env.INVARIANT_DEPTH ?? 640),
            failOnRevert: true,
          },
        },
      },
    },
  },
  networks: {
    // In-process simulated chains used by tests and by `hardhat node`.
    hardhat: {
      type: "edr-simulated",
      chainType: "l1",
      chainId: LOCAL_CHAINS.localEth.chainId,
      allowUnlimitedContractSize: oversizeBuild,
    },
    hardhatEth: {
      type: "edr-simulated",
      chainType: "l1",
      chainId: LOCAL_CHAINS.localEth.chainId,
      allowUnlimitedContractSize: oversizeBuild,
    },
    hardhatBase: {
      type: "edr-simulated",
      chainType: "op",
      chainId: LOCAL_CHAINS.localBase.chainId,
      allowUnlimitedContractSize: oversizeBuild,
    },
    // The local stack's nodes.
    localEth: {
      type: "http",
      chainType: "l1",
      url: `http://127.0.0.1:${LOCAL_CHAINS.localEth.port}`,
      chainId: LOCAL_CHAINS.localEth.chainId,
    },
    localBase: {
      type: "http",
      chainType: "op",
      url: `http://127.0.0.1:${LOCAL_CHAINS.localBase.port}`,
      chainId: LOCAL_CHAINS.localBase.chainId,
    },
    // Public networks: URLs and keys only from the environment or `hardhat keystore`.
    sepolia: {
      type: "http",
      chainType: "l1",
      chainId: 11155111,
      url: configVariable("SEPOLIA_RPC_URL"),
      accounts: [configVariable("DEPLOYER_PRIVATE_KEY")],
    },
    baseSepolia: {
      type: "http",
      chainType: "op",
      chainId: 84532,
      url: configVariable("BASE_SEPOLIA_RPC_URL"),
      accounts: [configVariable("DEPLOYER_PRIVATE_KEY")],
    },
    mainnet: {
      type: "http",
      chainType: "l1",
      chainId: 1,
      url: configVariable("MAINNET_RPC_URL"),
      accounts: [configVariable("DEPLOYER_PRIVATE_KEY")],
    },
    base: {
      type: "http",
      chainType: "op",
      chainId: 8453,
      url: configVariable("BASE_RPC_URL"),
      accounts: [configVariable("DEPLOYER_PRIVATE_KEY")],
    },
  },
});
