/**
 * `npm start`: brings up the local two-chain stack (see stack.ts), prints the URLs and the test accounts, and stops
 * every child cleanly on Ctrl-C (also during start-up). Flags: --no-frontend, --no-server, --no-indexer, --no-keeper,
 * --no-relayer, --no-compile, --eth-port/--base-port/--api-port/--dapp-port/--widget-port/--indexer-port (defaults
 * 8545/8546/8787/5173/8788/42069).
 */
import { parse, runMain } from "../lib/cli.js";
import { fundedSummary, startLocalStack, type LocalStack } from "./stack.js";

await runMain(async () => {
  const { values } = parse(process.argv.slice(2), {
    "no-frontend": { type: "boolean", default: false },
    "no-indexer": { type: "boolean", default: false },
    "no-server": { type: "boolean", default: false },
    "no-keeper": { type: "boolean", default: false },
    "no-relayer": { type: "boolean", default: false },
    "no-compile": { type: "boolean", default: false },
    "eth-port": { type: "string" },
    "base-port": { type: "string" },
    "api-port": { type: "string" },
    "dapp-port": { type: "string" },
    "widget-port": { type: "string" },
    "indexer-port": { type: "string" },
  });
  const port = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const log = (m: string) => console.log(`[stack] ${m}`);
  let stack: LocalStack | undefined = undefined; // set once started; a signal before that exits at once
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  const onSignal = (sig: string) => {
    if (stack === undefined) {
      // Still starting: exiting runs the stack's exit hook, which kills the children started so far.
      console.log(`\n[stack] ${sig} during start-up: stopping.`);
      process.exit(130);
    }
    console.log(`\n[stack] ${sig}: stopping…`);
    void stack.stop().then(() => {
      console.log("[stack] stopped.");
      done();
    });
  };
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(sig, () => onSignal(sig));

  stack = await startLocalStack({
    frontend: !values["no-frontend"],
    indexer: !values["no-indexer"],
    server: !values["no-server"],
    keeper: !values["no-keeper"],
    relayer: !values["no-relayer"],
    compile: !values["no-compile"],
    log,
    ethPort: port(values["eth-port"]),
    basePort: port(values["base-port"]),
    apiPort: port(values["api-port"]),
    dappPort: port(values["dapp-port"]),
    widgetPort: port(values["widget-port"]),
    indexerPort: port(values["indexer-port"]),
  });
  const line = "─".repeat(78);
  console.log(`\n${line}\nLocal stack up in ${(stack.startedInMs / 1000).toFixed(1)} s (loopback only)\n`);
  if (stack.urls.dapp) console.log(`  dapp        ${stack.urls.dapp}   ← open this`);
  else console.log("  dapp        (not started: --no-frontend or no frontend/package.json)");
  console.log(`  API server  ${stack.urls.api ?? "(not started: --no-server or no server/package.json)"}`);
  if (stack.urls.widget) console.log(`  card widget ${stack.urls.widget}  (stand-in on-ramp)`);
  if (stack.urls.indexer)
    console.log(`  indexer     ${stack.urls.indexer}  (purchases, relays, claims; /graphql, /sql)`);
  console.log(
    `  Ethereum    ${stack.urls.eth}  chain 31337  Presale ${stack.deployments.eth.contracts.Presale.address}`,
  );
  console.log(
    `  Base        ${stack.urls.base}  chain 31338  Presale ${stack.deployments.base.contracts.Presale.address}  Staking ${stack.deployments.base.contracts.Staking.address}`,
  );
  console.log(
    `  keeper      ${values["no-keeper"] ? "not started" : "in-process"} (relays Ethereum's purchases, quota releases and close to Base; no role)`,
  );
  console.log(
    `  bridge      ${values["no-relayer"] ? "not started (npm run relayer)" : "in-process"} (delivers Ethereum's messages to Base a few blocks later); logs of everything in .local/logs/\n`,
  );
  console.log("  Test accounts (Hardhat's well-known keys — LOCAL ONLY, never use them elsewhere):");
  for (const a of stack.accounts) console.log(`    #${a.index} ${a.address}  ${a.privateKey}  ${a.role}`);
  console.log(
    `\n  #3..#6 hold ${fundedSummary(stack.deployments)}.\n  Owner commands: npm run admin -- status\n\nCtrl-C stops everything.\n${line}`,
  );
  await finished;
});
