// knip: unused files, exports, types and dependencies across the workspace; part of `npm run lint`.
// Entries are what runs: the scripts package.json names, tests, specs, and files started by path.
import type { KnipConfig } from "knip";

const config: KnipConfig = {
  // An export that its own file also uses is that file's interface; one used nowhere is dead code and fails.
  ignoreExportsUsedInFile: true,
  workspaces: {
    ".": {
      entry: [
        "scripts/local/start.ts",
        "scripts/bench/{gas,invariants,chaos}.ts", // `hardhat run`, which knip does not read
        "ignition/modules/{Eth,Base}System.ts", // `hardhat ignition deploy` takes them by path
        "test/mocha/**/*.test.ts",
        "test/support/*.ts", // run by path from the tooling tests
        "e2e/global-setup.ts",
        "e2e/support/stack-runner.ts", // started by path from the global setup
        "e2e/specs/*.spec.ts",
      ],
      project: ["*.ts", "{scripts,ignition,deploy,test,e2e}/**/*.ts"],
      // Compiled by Hardhat from contracts/ (imports in Solidity, the compiler by path in hardhat.config.ts); husky is
      // run by scripts/prepare.sh (npm's prepare); OP's bridge contracts are read as artifact files by path
      // (scripts/lib/opstack-artifacts.ts).
      ignoreDependencies: ["@openzeppelin/contracts", "solc", "husky", "@eth-optimism/contracts-bedrock"],
    },
    frontend: {
      entry: ["src/main.tsx", "scripts/*.ts", "src/**/*.typecheck.ts"],
      project: ["src/**/*.{ts,tsx}", "{build,scripts}/**/*.{ts,mjs}", "*.ts"],
      // wagmi's connectors import these optional peers themselves (WalletConnect, Base Account).
      ignoreDependencies: ["@base-org/account", "@walletconnect/ethereum-provider"],
    },
    // Ponder loads its config, schema and handlers by convention (`ponder:schema`, `ponder:registry` are virtual).
    indexer: {
      entry: ["ponder.config.ts", "ponder.schema.ts", "src/**/*.ts", "test/*.test.ts"],
      project: ["*.ts", "{src,lib,test}/**/*.ts"],
    },
    server: {
      entry: ["scripts/*.ts", "test/*.test.ts"],
      project: ["{src,scripts,test}/**/*.ts"],
    },
  },
};

export default config;
