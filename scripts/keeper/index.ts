/**
 * npm run keeper -- [--pair local|testnet|mainnet] [--once] [--interval 15] [--state file] [--batch-size N]
 *                   [--eth-block-tag finalized|safe|latest] [--resend-after 900] [--block-chunk 2000]
 *                   [--eth-url URL] [--base-url URL] [--deployments dir]
 *
 * --once: one tick, then exit 0 (done), 1 (refused: presales not linked, wrong chain...), 2 (a chain is unreachable).
 * Otherwise runs until Ctrl-C, retrying with exponential backoff while a chain is down.
 * Keys: local chains use Hardhat account #1; public chains KEEPER_PRIVATE_KEY (env or `npx hardhat keystore set`), on
 * Ethereum only: it pays the relays' gas and holds no role anywhere (it only reads Base).
 */
import path from "node:path";
import { connect, parse, Refusal, runMain } from "../lib/cli.js";
import { DEPLOYMENTS_DIR, readDeployment } from "../lib/deployments.js";
import { LOCAL_KEEPER, networkInfo, PAIRS, ROOT } from "../lib/networks.js";
import { Keeper, runLoop, type KeeperSide } from "./keeper.js";

const log = (m: string) => console.log(`${new Date().toISOString()} keeper ${m}`);

export async function sideFor(
  network: string,
  url: string | undefined,
  check: boolean,
  dir = DEPLOYMENTS_DIR,
): Promise<KeeperSide> {
  const info = networkInfo(network);
  const record = readDeployment(info.chainId, dir);
  if (record === undefined) throw new Refusal(`no deployment for ${network} (chain ${info.chainId}): deploy first`);
  const conn = await connect(network, info.role === "eth" ? "keeper" : "none", { url, check });
  if (info.role === "base") return { name: network, conn, record };
  let signer: string;
  if (info.local) signer = LOCAL_KEEPER;
  else {
    const [s] = await conn.ethers.getSigners();
    if (s === undefined) throw new Refusal("no keeper key: set KEEPER_PRIVATE_KEY (env or hardhat keystore)");
    signer = s.address;
  }
  return { name: network, conn, record, signer };
}

const USAGE = `npm run keeper -- [--pair local|testnet|mainnet] [--once] [--interval 15] [--state file] [--batch-size N]
                  [--eth-block-tag finalized|safe|latest] [--resend-after 900] [--block-chunk 2000]
                  [--eth-url URL] [--base-url URL] [--deployments dir]

Relays Ethereum buyers' unrelayed tokens to Base (at most MAX_RELAY_BUYERS per call, the default batch size) and an
empty report when Base has not booked a quota release or the close. No role: anyone may relay.
--once: one tick, then exit 0 (done), 1 (refused: presales not linked, wrong chain...), 2 (a chain is unreachable).
Otherwise runs until Ctrl-C, retrying with exponential backoff while a chain is down.
Keys: local chains use Hardhat account #1; public chains KEEPER_PRIVATE_KEY (env or \`npx hardhat keystore set\`), on
Ethereum only (it pays the relays' gas; it only reads Base).`;

await runMain(async () => {
  if (process.argv.includes("--help")) {
    console.log(USAGE);
    return;
  }
  const { values } = parse(process.argv.slice(2), {
    pair: { type: "string", default: "local" },
    once: { type: "boolean", default: false },
    interval: { type: "string" },
    state: { type: "string" },
    "batch-size": { type: "string" },
    "block-chunk": { type: "string", default: "2000" },
    "eth-block-tag": { type: "string", default: "finalized" },
    "resend-after": { type: "string" },
    deployments: { type: "string" },
    "eth-url": { type: "string" },
    "base-url": { type: "string" },
  });
  const pair = PAIRS[values.pair];
  if (pair === undefined) throw new Refusal(`unknown pair "${values.pair}" (local, testnet, mainnet)`);
  const local = networkInfo(pair.eth).local;
  const dir = values.deployments ?? DEPLOYMENTS_DIR;
  const eth = await sideFor(pair.eth, values["eth-url"], values.once, dir);
  const base = await sideFor(pair.base, values["base-url"], values.once, dir);
  // Test hook only (tests kill the process while it waits here, i.e. after a batch is mined, before it is recorded).
  const pauseMs = Number(process.env.KEEPER_TEST_PAUSE_AFTER_BATCH_MS ?? 0);
  const tag = values["eth-block-tag"];
  if (tag !== "finalized" && tag !== "safe" && tag !== "latest")
    throw new Refusal(`--eth-block-tag ${tag}: finalized, safe or latest`);
  const keeper = new Keeper(eth, base, {
    stateFile: values.state ?? path.join(ROOT, ".local/keeper", `${eth.record.chainId}-${base.record.chainId}.json`),
    batchSize: values["batch-size"] === undefined ? undefined : Number(values["batch-size"]),
    blockChunk: Number(values["block-chunk"]),
    ethBlockTag: tag,
    resendAfterMs: Number(values["resend-after"] ?? (local ? 60 : 900)) * 1000,
    log,
    hooks: pauseMs > 0 ? { afterRelayBatch: () => new Promise((r) => setTimeout(r, pauseMs)) } : undefined,
  });
  keeper.checkStateFile();
  if (values.once) {
    const r = await keeper.tick();
    log(
      `once: Ethereum block ${r.ethBlock}, relayed ${r.relayed} buyer(s) in ${r.batches} batch(es), ${r.reported ? "an empty report for a quota release or the close, " : ""}${r.inFlight} report(s) on their way, ${r.pending} pending`,
    );
    return 0;
  }
  const interval = Number(values.interval ?? (local ? 3 : 15)) * 1000;
  log(`running on ${pair.eth} + ${pair.base} every ${interval / 1000} s (Ctrl-C to stop)`);
  const loop = runLoop(keeper, interval, log);
  await new Promise<void>((resolve) => {
    const stop = () => {
      log("stopping");
      void loop.stop().then(resolve);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
});
