import { randomBytes } from "node:crypto";
/**
 * The local two-chain stack, on loopback only:
 *   local Ethereum  (hardhat node, network hardhatEth, chain 31337, l1) on 127.0.0.1:8545
 *   local Base      (hardhat node, network hardhatBase, chain 31338, op) on 127.0.0.1:8546
 * deployed with the real Ignition code on OP's own bridge contracts (deploy/params/localEth.json: the L1 messenger
 * behind its portal, then localBase.json: the L2 messenger at its predeploy, trusting it) and linked (each presale
 * learns the other), test accounts #3..#6 funded with ETH and every stand-in token (USDT, USDC), the sale open, the keeper and the bridge
 * relayer (the OP node's deposit derivation: the portal's deposits executed on Base) running in-process, then the API server (server/) and the dapp dev server (frontend/)
 * when they exist. `npm start` runs it; e2e tests call startLocalStack().
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import hre from "hardhat";
import { Contract, parseEther, parseUnits, Wallet, type ContractTransactionResponse } from "ethers";
import { Presale__factory } from "../../typechain-types/index.js";
import { connect, Refusal } from "../lib/cli.js";
import { deploySystem, linkPresales, loadNetworkParams, type Connection } from "../lib/deploy.js";
import { DEPLOYMENTS_DIR, type DeploymentRecord } from "../lib/deployments.js";
import { LOCAL_KEEPER, ROOT } from "../lib/networks.js";
import { Keeper, runLoop } from "../keeper/keeper.js";
import { runLoop as runWorker } from "../lib/loop.js";
import { L2_MESSENGER_PREDEPLOY, Relayer } from "../relayer/relayer.js";
import { localKey } from "./accounts.js";

/** What the local stand-in tokens share (contracts/mocks: a faucet `mint`, the token's decimals). */
const STAND_IN_ABI = ["function mint(address to, uint256 amount)", "function decimals() view returns (uint8)"];

export interface LocalStackOptions {
  ethPort?: number; // 8545
  basePort?: number; // 8546
  apiPort?: number; // 8787
  dappPort?: number; // 5173
  /** Stand-in card widget (server's "widget" script), started with the API server when it exists. */
  widgetPort?: number; // $WIDGET_PORT or 8788
  /** Start the API server when server/package.json exists (default true). */
  server?: boolean;
  /** Start the dapp dev server when frontend/package.json exists (default true). */
  frontend?: boolean;
  /** Start the indexer (indexer/, Ponder on an embedded database) when it exists (default true). */
  indexer?: boolean;
  indexerPort?: number; // 42069
  keeper?: boolean; // default true
  /** The local bridge relayer (delivers Ethereum's messages to Base); default true. */
  relayer?: boolean;
  relayerIntervalMs?: number; // 1000
  /** Compile before deploying (default true; false = use the artifacts as they are). */
  compile?: boolean;
  keeperIntervalMs?: number; // 2000
  /** Where deployments/<chainId>.json + deployedContracts.ts go (default: the repository's deployments/). */
  deploymentsDir?: string;
  /** Accounts (by index) funded with ETH and every stand-in token (`standInTokens`). */
  fundAccounts?: number[]; // [3,4,5,6]
  log?: (msg: string) => void;
  /** Delete this stack's log folder on stop() (only for stacks on non-default ports; tests). */
  removeLogsOnStop?: boolean;
}

export interface LocalAccount {
  index: number;
  role: string;
  address: string;
  privateKey: string;
}

export interface LocalStack {
  urls: { eth: string; base: string; dapp?: string; api?: string; widget?: string; indexer?: string };
  chainIds: { eth: number; base: number };
  deployments: { eth: DeploymentRecord; base: DeploymentRecord };
  accounts: LocalAccount[];
  connections: { eth: Connection; base: Connection };
  startedInMs: number;
  /** Where the children's logs and the keeper log go. */
  logDir: string;
  stop: () => Promise<void>;
}

const LOGS_ROOT = path.join(ROOT, ".local/logs");
const HARDHAT_CLI = path.join(ROOT, "node_modules/hardhat/dist/src/cli.js");

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: "127.0.0.1", port });
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  child?: ChildProcess,
  logFile?: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      const tail =
        logFile && fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").split("\n").slice(-15).join("\n") : "";
      throw new Error(`${what} exited with code ${child.exitCode}\n${tail}`);
    }
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s${logFile ? ` (log: ${logFile})` : ""}`);
}

async function rpcUp(url: string): Promise<boolean> {
  const r = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
  });
  return r.ok;
}

function spawnLogged(
  logDir: string,
  name: string,
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = ROOT,
): { child: ChildProcess; logFile: string } {
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}.log`);
  const fd = fs.openSync(logFile, "w");
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", fd, fd], detached: true });
  fs.closeSync(fd);
  return { child, logFile };
}

async function killTree(child: ChildProcess, graceMs = 4000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const t = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      /* gone */
    }
  }, graceMs);
  await exited;
  clearTimeout(t);
}

export function localAccounts(): LocalAccount[] {
  const roles = [
    "deployer / owner",
    "keeper (pays the relays; no role)",
    "card provider (Base)",
    "buyer (dapp's local test wallet)",
    "buyer",
    "buyer",
    "buyer",
  ];
  return roles.map((role, index) => {
    const privateKey = localKey(index);
    return { index, role, address: new Wallet(privateKey).address, privateKey };
  });
}

export async function startLocalStack(opts: LocalStackOptions = {}): Promise<LocalStack> {
  const t0 = Date.now();
  const log = opts.log ?? (() => {});
  const ethPort = opts.ethPort ?? 8545;
  const basePort = opts.basePort ?? 8546;
  const ethUrl = `http://127.0.0.1:${ethPort}`;
  const baseUrl = `http://127.0.0.1:${basePort}`;
  // Stacks on other ports (tests) keep their logs and Ignition journals apart from `npm start`'s.
  const LOG_DIR = path.join(LOGS_ROOT, ethPort === 8545 ? "" : `stack-${ethPort}`);
  const journalId = (chainId: number, port: number) =>
    port === 8545 || port === 8546 ? `chain-${chainId}` : `local-${port}`;
  const children: { name: string; child: ChildProcess }[] = [];
  let keeperLoop: { stop: () => Promise<void> } | undefined;
  let relayerLoop: { stop: () => Promise<void> } | undefined;
  let stopped = false;

  // If this process exits without stop() (crash, process.exit), take the detached children down with it.
  const killAllSync = () => {
    for (const c of children) {
      try {
        if (c.child.pid !== undefined && c.child.exitCode === null) process.kill(-c.child.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
  };
  process.once("exit", killAllSync);

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener("exit", killAllSync);
    await Promise.all([keeperLoop?.stop(), relayerLoop?.stop()]);
    await Promise.all(children.reverse().map((c) => killTree(c.child)));
    if (opts.removeLogsOnStop && LOG_DIR !== LOGS_ROOT) fs.rmSync(LOG_DIR, { recursive: true, force: true });
    // Journals of throw-away chains on non-default ports are useless once the chains are gone.
    for (const [id, port] of [
      [31337, ethPort],
      [31338, basePort],
    ] as const) {
      if (journalId(id, port).startsWith("local-"))
        fs.rmSync(path.join(ROOT, "ignition/deployments", journalId(id, port)), { recursive: true, force: true });
    }
  };

  try {
    const wantServer = opts.server !== false && fs.existsSync(path.join(ROOT, "server/package.json"));
    const wantDapp = opts.frontend !== false && fs.existsSync(path.join(ROOT, "frontend/package.json"));
    const wantIndexer = opts.indexer !== false && fs.existsSync(path.join(ROOT, "indexer/package.json"));
    const indexerPort = opts.indexerPort ?? 42069;
    const wantWidget =
      wantServer && /"widget"\s*:/.test(fs.readFileSync(path.join(ROOT, "server/package.json"), "utf8"));
    const widgetPort = opts.widgetPort ?? (Number(process.env.WIDGET_PORT) || 8788);
    const ports: [number, string][] = [
      [ethPort, "local Ethereum"],
      [basePort, "local Base"],
    ];
    if (wantServer) ports.push([opts.apiPort ?? 8787, "API server"]);
    if (wantDapp) ports.push([opts.dappPort ?? 5173, "dapp dev server"]);
    if (wantIndexer) ports.push([indexerPort, "indexer"]);
    if (wantWidget) ports.push([widgetPort, "stand-in card widget"]);
    for (const [port, what] of ports) {
      if (await portInUse(port))
        throw new Refusal(
          `port ${port} (${what}) is already in use on 127.0.0.1 (another stack, node or dev server is running): stop it first`,
        );
    }
    // 1. Two fresh chains (in parallel with the compile).
    for (const [name, network, port] of [
      ["eth-node", "hardhatEth", ethPort],
      ["base-node", "hardhatBase", basePort],
    ] as const) {
      const { child } = spawnLogged(
        LOG_DIR,
        name,
        process.execPath,
        [HARDHAT_CLI, "--network", network, "node", "--hostname", "127.0.0.1", "--port", String(port)],
        { HARDHAT_DISABLE_TELEMETRY: "true" },
      );
      children.push({ name, child });
    }
    if (opts.compile !== false) {
      log("compiling contracts…");
      await hre.tasks.getTask("build").run({ quiet: true });
    }
    await Promise.all(
      children.map((c, i) =>
        waitFor(
          `hardhat node ${c.name}`,
          () => rpcUp(i === 0 ? ethUrl : baseUrl),
          60_000,
          c.child,
          path.join(LOG_DIR, `${c.name}.log`),
        ),
      ),
    );
    log(`chains up: ${ethUrl} (31337, l1), ${baseUrl} (31338, op)`);

    // 2. Deploy both systems with the real Ignition code; local journals belong to the previous (dead) chains.
    for (const id of [journalId(31337, ethPort), journalId(31338, basePort)])
      fs.rmSync(path.join(ROOT, "ignition/deployments", id), { recursive: true, force: true });
    const ethConn = await connect("localEth", "deployer", { url: ethUrl });
    const baseConn = await connect("localBase", "deployer", { url: baseUrl });
    const outDir = opts.deploymentsDir ?? DEPLOYMENTS_DIR;
    // Ethereum first: OP's L2 messenger on Base trusts the Ethereum side's L1 messenger (its aliased address delivers).
    // One anchor for both chains: identical round end times, one ladder (`admin status` compares them).
    const anchor = Number((await ethConn.ethers.provider.getBlock("latest"))!.timestamp);
    const ethDep = await deploySystem(ethConn, loadNetworkParams("localEth"), {
      outDir,
      anchor,
      deploymentId: journalId(31337, ethPort),
    });
    const baseDep = await deploySystem(baseConn, loadNetworkParams("localBase"), {
      outDir,
      anchor,
      deploymentId: journalId(31338, basePort),
      l1Messenger: ethDep.contracts.Messenger.address,
    });
    await linkPresales({ conn: ethConn, record: ethDep }, { conn: baseConn, record: baseDep });
    log(
      `deployed: Presale ${ethDep.contracts.Presale.address} on 31337, Presale ${baseDep.contracts.Presale.address} + Staking on 31338, linked through the messengers; wrote ${path.relative(ROOT, outDir) || "."}/deployedContracts.ts`,
    );

    // 3. Fund the test accounts and make sure the sale is open.
    const accounts = localAccounts();
    const funded = opts.fundAccounts ?? [3, 4, 5, 6];
    await Promise.all([fund(ethConn, ethDep, accounts, funded), fund(baseConn, baseDep, accounts, funded)]);
    await Promise.all([openSale(ethConn, ethDep), openSale(baseConn, baseDep)]);
    log(`funded accounts #${funded.join(", #")} with ${fundedSummary({ eth: ethDep, base: baseDep })}`);

    // 4. Bridge relayer and keeper (in-process), fresh state for the fresh chains.
    const logTo = (file: string) => {
      fs.writeFileSync(path.join(LOG_DIR, file), "");
      return (m: string) => fs.appendFileSync(path.join(LOG_DIR, file), `${new Date().toISOString()} ${m}\n`);
    };
    if (opts.relayer !== false) {
      const stateFile = path.join(ROOT, ".local/relayer", `local-${ethPort}-${basePort}.json`);
      fs.rmSync(stateFile, { force: true });
      const relayerLog = logTo("relayer.log");
      const relayer = new Relayer(
        { name: "localEth", conn: ethConn, messenger: ethDep.contracts.Messenger.address },
        { name: "localBase", conn: baseConn, messenger: L2_MESSENGER_PREDEPLOY },
        { stateFile, fromBlock: ethDep.contracts.Messenger.deployBlock, log: relayerLog },
      );
      relayerLoop = runWorker(relayer, opts.relayerIntervalMs ?? 1000, relayerLog);
      log(`bridge relayer running (log: ${path.relative(ROOT, path.join(LOG_DIR, "relayer.log"))})`);
    }
    if (opts.keeper !== false) {
      const stateFile = path.join(ROOT, ".local/keeper", `local-${ethPort}-${basePort}.json`);
      fs.rmSync(stateFile, { force: true });
      const keeperLog = logTo("keeper.log");
      // Local chains have no finality and nothing to wait for: a report not delivered within a minute is not waited for.
      const keeper = new Keeper(
        { name: "localEth", conn: ethConn, record: ethDep, signer: LOCAL_KEEPER },
        { name: "localBase", conn: baseConn, record: baseDep },
        { stateFile, log: keeperLog, resendAfterMs: 60_000 },
      );
      await keeper.preflight();
      keeperLoop = runLoop(keeper, opts.keeperIntervalMs ?? 2000, keeperLog);
      log(`keeper running (log: ${path.relative(ROOT, path.join(LOG_DIR, "keeper.log"))})`);
    }

    // 5. API server and dapp, when present.
    const apiPort = opts.apiPort ?? 8787;
    const dappPort = opts.dappPort ?? 5173;
    // The card on-ramp's signing key, made fresh for every local run (never stored): the API server signs card
    // sessions with it and the stand-in widget checks the signature, as the real provider does.
    const cardSignerKey = randomBytes(32).toString("hex");
    const widgetOrigin = `http://127.0.0.1:${opts.widgetPort ?? (Number(process.env.WIDGET_PORT) || 8788)}`;
    const env = {
      WERT_SIGNER_PRIVATE_KEY: cardSignerKey,
      WERT_PARTNER_ID: "local-partner",
      VITE_WERT_PARTNER_ID: "local-partner",
      WERT_ORIGIN: widgetOrigin,
      VITE_WERT_ORIGIN: widgetOrigin,
      HOST: "127.0.0.1",
      ETH_RPC_URL: ethUrl,
      BASE_RPC_URL: baseUrl,
      RPC_URL_31337: ethUrl,
      RPC_URL_31338: baseUrl,
      ETH_CHAIN_ID: "31337",
      BASE_CHAIN_ID: "31338",
      VITE_ETH_RPC_URL: ethUrl,
      VITE_BASE_RPC_URL: baseUrl,
      VITE_API_URL: `http://127.0.0.1:${apiPort}`,
      VITE_INDEXER_URL: `http://127.0.0.1:${indexerPort}`,
      INDEXER_URL: `http://127.0.0.1:${indexerPort}`,
      VITE_APP_ENV: "local",
      HARDHAT_DISABLE_TELEMETRY: "true",
    };
    const urls: LocalStack["urls"] = { eth: ethUrl, base: baseUrl };
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const waits: Promise<void>[] = [];
    if (wantServer) {
      // A fresh database for the fresh chains, as the indexer's: the same chain ids repeat the same transaction
      // hashes, which would meet the previous run's conversions and leads.
      const dbFile = path.join(ROOT, ".local/server", `local-${ethPort}-${basePort}.sqlite`);
      for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) fs.rmSync(f, { force: true });
      const { child, logFile } = spawnLogged(LOG_DIR, "server", npm, ["--prefix", "server", "run", "dev"], {
        ...env,
        PORT: String(apiPort),
        SQLITE_PATH: dbFile,
      });
      children.push({ name: "server", child });
      urls.api = `http://127.0.0.1:${apiPort}`;
      waits.push(waitFor("API server", () => portInUse(apiPort), 60_000, child, logFile));
    }
    if (wantWidget) {
      const { child, logFile } = spawnLogged(LOG_DIR, "widget", npm, ["--prefix", "server", "run", "widget"], {
        ...env,
        WIDGET_PORT: String(widgetPort),
        WIDGET_HOST: "127.0.0.1",
        WIDGET_RPC_URL: baseUrl,
        WIDGET_PRESALE_ADDRESS: baseDep.contracts.Presale.address,
      });
      children.push({ name: "widget", child });
      urls.widget = `http://127.0.0.1:${widgetPort}`;
      waits.push(waitFor("stand-in card widget", () => portInUse(widgetPort), 60_000, child, logFile));
    }
    if (wantIndexer) {
      // A fresh database for the fresh chains (the same chain ids would otherwise resume the previous run's rows).
      const dbDir = path.join(ROOT, ".local/indexer", `local-${ethPort}-${basePort}`);
      fs.rmSync(dbDir, { recursive: true, force: true });
      const { child, logFile } = spawnLogged(
        LOG_DIR,
        "indexer",
        npm,
        [
          "--prefix",
          "indexer",
          "start",
          "--",
          "--schema",
          "local",
          "--hostname",
          "127.0.0.1",
          "--port",
          String(indexerPort),
        ],
        {
          ...env,
          PONDER_RPC_URL_31337: ethUrl,
          PONDER_RPC_URL_31338: baseUrl,
          DEPLOYMENTS_DIR: outDir,
          INDEXER_PGLITE_DIR: dbDir,
        },
      );
      children.push({ name: "indexer", child });
      urls.indexer = `http://127.0.0.1:${indexerPort}`;
      const ready = `${urls.indexer}/ready`;
      waits.push(waitFor("indexer", async () => (await fetch(ready)).ok, 120_000, child, logFile));
    }
    if (wantDapp) {
      const { child, logFile } = spawnLogged(
        LOG_DIR,
        "frontend",
        npm,
        ["--prefix", "frontend", "run", "dev", "--", "--host", "127.0.0.1", "--port", String(dappPort), "--strictPort"],
        env,
      );
      children.push({ name: "frontend", child });
      urls.dapp = `http://127.0.0.1:${dappPort}`;
      waits.push(waitFor("dapp dev server", () => portInUse(dappPort), 60_000, child, logFile));
    }
    await Promise.all(waits);
    return {
      urls,
      chainIds: { eth: 31337, base: 31338 },
      deployments: { eth: ethDep, base: baseDep },
      accounts,
      connections: { eth: ethConn, base: baseConn },
      startedInMs: Date.now() - t0,
      logDir: LOG_DIR,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

/**
 * The payment-token stand-ins this deploy installed (its "mock" externals with a faucet `mint`): the tokens a local
 * buyer is funded with. A real token (a public chain's) has none; a new payment token's mock is found here unnamed.
 */
export function standInTokens(dep: DeploymentRecord): { key: string; address: string }[] {
  const hasFunction = (abi: unknown[], name: string) =>
    abi.some(
      (f) => (f as { type?: string; name?: string }).type === "function" && (f as { name?: string }).name === name,
    );
  return Object.entries(dep.contracts)
    .filter(([, c]) => !c.external && c.artifact.startsWith("Mock") && hasFunction(c.abi, "mint"))
    .map(([key, c]) => ({ key, address: c.address }));
}

/** How many whole units of each stand-in token a funded account gets. */
export const FUNDED_TOKENS = "100000";

async function fund(conn: Connection, dep: DeploymentRecord, accounts: LocalAccount[], which: number[]) {
  const [deployer] = await conn.ethers.getSigners();
  const tokens = await Promise.all(
    standInTokens(dep).map(async ({ address }) => {
      const token = new Contract(address, STAND_IN_ABI, deployer);
      return { token, units: parseUnits(FUNDED_TOKENS, Number(await token.getFunction("decimals")())) };
    }),
  );
  let nonce = await deployer.getNonce();
  const txs = [];
  for (const i of which) {
    const a = accounts[i]?.address ?? new Wallet(localKey(i)).address;
    await conn.provider.request({ method: "hardhat_setBalance", params: [a, `0x${parseEther("10000").toString(16)}`] });
    for (const { token, units } of tokens)
      txs.push((await token.getFunction("mint")(a, units, { nonce: nonce++ })) as ContractTransactionResponse);
  }
  await Promise.all(txs.map((t) => t.wait()));
}

/** What a funded account holds, for the logs: "10000 ETH, 100000 USDT, USDC (Ethereum), 100000 USDC (Base)". */
export function fundedSummary(deployments: { eth: DeploymentRecord; base: DeploymentRecord }): string {
  const on = (dep: DeploymentRecord, chain: string) => {
    const keys = standInTokens(dep).map((t) => t.key);
    return keys.length > 0 ? [`${FUNDED_TOKENS} ${keys.join(", ")} (${chain})`] : [];
  };
  return ["10000 ETH", ...on(deployments.eth, "Ethereum"), ...on(deployments.base, "Base")].join(", ");
}

async function openSale(conn: Connection, dep: DeploymentRecord) {
  const [deployer] = await conn.ethers.getSigners();
  const p = Presale__factory.connect(dep.contracts.Presale.address, deployer);
  if (await p.paused()) await (await p.unpause()).wait();
  const now = BigInt((await conn.ethers.provider.getBlock("latest"))!.timestamp);
  const [start, end] = [await p.startTime(), await p.endTime()];
  if (now < start || now >= end)
    throw new Error(`the local sale on chain ${dep.chainId} is not open (start ${start}, end ${end}, now ${now})`);
}
