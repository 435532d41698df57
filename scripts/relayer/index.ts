/**
 * npm run relayer -- [--once] [--interval 1] [--state file] [--delay-blocks 2] [--delay-ms 2000] [--eth-url URL]
 *                    [--base-url URL] [--deployments dir] [--l1-messenger address --from-block n]
 *
 * The local stand-in for the OP Stack bridge (see relayer.ts). `npm start` runs it in-process; this entry point is for
 * a stack started without it, or to watch it work. Local pair only.
 * --once: one tick, then exit 0 (done), 2 (a chain is unreachable).
 * --l1-messenger: bridge this L1 messenger (scanning from --from-block) instead of the deployment's Messenger.
 */
import path from "node:path";
import { isAddress } from "ethers";
import { connect, parse, Refusal, runMain } from "../lib/cli.js";
import { DEPLOYMENTS_DIR, readDeployment } from "../lib/deployments.js";
import { runLoop } from "../lib/loop.js";
import { PAIRS, ROOT } from "../lib/networks.js";
import { L2_MESSENGER_PREDEPLOY, Relayer } from "./relayer.js";

const log = (m: string) => console.log(`${new Date().toISOString()} relayer ${m}`);

await runMain(async () => {
  if (process.argv.includes("--help")) {
    console.log(
      "npm run relayer -- [--once] [--interval 1] [--state file] [--delay-blocks 2] [--delay-ms 2000] [--eth-url URL] [--base-url URL] [--deployments dir] [--l1-messenger address --from-block n]",
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
    "l1-messenger": { type: "string" },
    "from-block": { type: "string" },
  });
  const pair = PAIRS.local;
  const dir = values.deployments ?? DEPLOYMENTS_DIR;
  const l1 = l1Messenger(values["l1-messenger"], values["from-block"], dir);
  const eth = await connect(pair.eth, "none", { url: values["eth-url"], check: values.once });
  const base = await connect(pair.base, "none", { url: values["base-url"], check: values.once });
  // Test hook only (tests kill the process while it waits here, i.e. after a delivery is mined, before it is recorded).
  const pauseMs = Number(process.env.RELAYER_TEST_PAUSE_AFTER_DELIVERY_MS ?? 0);
  const relayer = new Relayer(
    { name: pair.eth, conn: eth, messenger: l1.address },
    { name: pair.base, conn: base, messenger: L2_MESSENGER_PREDEPLOY },
    {
      stateFile: values.state ?? path.join(ROOT, ".local/relayer", "31337-31338.json"),
      fromBlock: l1.fromBlock,
      delayBlocks: Number(values["delay-blocks"]),
      delayMs: Number(values["delay-ms"]),
      log,
      hooks:
        pauseMs > 0
          ? {
              afterDelivery: async (d) => {
                log(`test pause: delivered the deposit of L1 tx ${d.l1Tx}, not yet recorded`);
                await new Promise((r) => setTimeout(r, pauseMs));
              },
            }
          : undefined,
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

/** The L1 messenger to bridge: given on the command line, else the local Ethereum deployment's. */
function l1Messenger(address: string | undefined, fromBlock: string | undefined, dir: string) {
  if (address !== undefined) {
    if (!isAddress(address)) throw new Refusal(`--l1-messenger ${JSON.stringify(address)} is not an address`);
    const from = Number(fromBlock ?? Number.NaN);
    if (!Number.isInteger(from) || from < 0)
      throw new Refusal(`--l1-messenger needs --from-block: the block the messenger was deployed in`);
    return { address, fromBlock: from };
  }
  const ethDep = readDeployment(31337, dir);
  if (ethDep?.contracts.Messenger === undefined)
    throw new Refusal(
      `no local Ethereum deployment with a messenger in ${dir}: start the stack (npm start) or deploy first`,
    );
  return { address: ethDep.contracts.Messenger.address, fromBlock: ethDep.contracts.Messenger.deployBlock };
}
