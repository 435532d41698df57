/**
 * npm run relayer -- [--once] [--interval 1] [--state file] [--delay-blocks 2] [--delay-ms 2000] [--eth-url URL]
 *                    [--base-url URL] [--deployments dir]
 *
 * The local stand-in for the OP Stack bridge (see relayer.ts). `npm start` runs it in-process; this entry point is for
 * a stack started without it, or to watch it work. Local pair only.
 * --once: one tick, then exit 0 (done), 2 (a chain is unreachable).
 */
import path from "node:path";
import { connect, parse, Refusal, runMain } from "../lib/cli.js";
import { DEPLOYMENTS_DIR, readDeployment } from "../lib/deployments.js";
import { runLoop } from "../lib/loop.js";
import { PAIRS, ROOT } from "../lib/networks.js";
import { L2_MESSENGER_PREDEPLOY, Relayer } from "./relayer.js";

const log = (m: string) => console.log(`${new Date().toISOString()} relayer ${m}`);

await runMain(async () => {
  if (process.argv.includes("--help")) {
    console.log(
      "npm run relayer -- [--once] [--interval 1] [--state file] [--delay-blocks 2] [--delay-ms 2000] [--eth-url URL] [--base-url URL] [--deployments dir]",
    );
    return;
  }
  const { values } = parse(process.argv.slice(2), {
    once: { type: "boolean", default: false },
    interval: { type: "string", default: "1" },
    state: { type: "string" },
    "delay-blocks": { type: "string", default: "2" },
    "delay-ms": { type: "string", default: "2000" },
    deployments: { type: "string" },
    "eth-url": { type: "string" },
    "base-url": { type: "string" },
  });
  const pair = PAIRS.local;
  const dir = values.deployments ?? DEPLOYMENTS_DIR;
  const ethDep = readDeployment(31337, dir);
  if (ethDep?.contracts.Messenger === undefined)
    throw new Refusal(
      `no local Ethereum deployment with a messenger stand-in in ${dir}: start the stack (npm start) or deploy first`,
    );
  const eth = await connect(pair.eth, "none", { url: values["eth-url"], check: values.once });
  const base = await connect(pair.base, "none", { url: values["base-url"], check: values.once });
  const relayer = new Relayer(
    { name: pair.eth, conn: eth, messenger: ethDep.contracts.Messenger.address },
    { name: pair.base, conn: base, messenger: L2_MESSENGER_PREDEPLOY },
    {
      stateFile: values.state ?? path.join(ROOT, ".local/relayer", "31337-31338.json"),
      fromBlock: ethDep.contracts.Messenger.deployBlock,
      delayBlocks: Number(values["delay-blocks"]),
      delayMs: Number(values["delay-ms"]),
      log,
    },
  );
  if (values.once) {
    const r = await relayer.tick();
    log(
      `once: ${r.seen} new message(s), ${r.delivered} delivered, ${r.failed} failed on Base, ${r.skipped} already delivered, ${r.queued} waiting`,
    );
    return 0;
  }
  log(`bridging ${pair.eth} → ${pair.base} every ${values.interval} s (Ctrl-C to stop)`);
  const loop = runLoop(relayer, Number(values.interval) * 1000, log);
  await new Promise<void>((resolve) => {
    const stop = () => void loop.stop().then(resolve);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
});
