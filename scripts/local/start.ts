/**
 * `npm start`: brings up the local two-chain stack (see stack.ts), prints the URLs and the test accounts, and stops
 * every child cleanly on Ctrl-C. Flags: --no-frontend, --no-server, --no-keeper, --no-compile.
 */
import { parse, runMain } from "../lib/cli.js";
import { startLocalStack } from "./stack.js";

await runMain(async () => {
  const { values } = parse(process.argv.slice(2), {
    "no-frontend": { type: "boolean", default: false },
    "no-server": { type: "boolean", default: false },
    "no-keeper": { type: "boolean", default: false },
    "no-compile": { type: "boolean", default: false },
  });
  const log = (m: string) => console.log(`[stack] ${m}`);
  const stack = await startLocalStack({ frontend: !values["no-frontend"], server: !values["no-server"], keeper: !values["no-keeper"], compile: !values["no-compile"], log });
  const line = "─".repeat(78);
  console.log(`\n${line}\nLocal stack up in ${(stack.startedInMs / 1000).toFixed(1)} s (loopback only)\n`);
  if (stack.urls.dapp) console.log(`  dapp        ${stack.urls.dapp}   ← open this`);
  else console.log("  dapp        (not started: --no-frontend or no frontend/package.json)");
  console.log(`  API server  ${stack.urls.api ?? "(not started: --no-server or no server/package.json)"}`);
  console.log(`  Ethereum    ${stack.urls.eth}  chain 31337  Presale ${stack.deployments.eth.contracts.Presale.address}`);
  console.log(`  Base        ${stack.urls.base}  chain 31338  Presale ${stack.deployments.base.contracts.Presale.address}  Staking ${stack.deployments.base.contracts.Staking.address}`);
  console.log(`  keeper      in-process, log .local/logs/keeper.log; node logs in .local/logs/\n`);
  console.log("  Test accounts (Hardhat's well-known keys — LOCAL ONLY, never use them elsewhere):");
  for (const a of stack.accounts) console.log(`    #${a.index} ${a.address}  ${a.privateKey}  ${a.role}`);
  console.log(`\n  #3..#6 hold 10000 ETH, 100000 USDT (Ethereum) and 100000 USDC (both chains).\n  Owner commands: npm run admin -- status\n\nCtrl-C stops everything.\n${line}`);
  await new Promise<void>((resolve) => {
    const shutdown = (sig: string) => {
      console.log(`\n[stack] ${sig}: stopping…`);
      stack.stop().then(() => {
        console.log("[stack] stopped.");
        resolve();
      });
    };
    process.once("SIGINT", () => shutdown("SIGINT"));
    process.once("SIGTERM", () => shutdown("SIGTERM"));
  });
});
