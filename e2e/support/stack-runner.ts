/**
 * Child process of the Playwright global setup (run with tsx from the repository root, so Hardhat finds its config):
 * starts the real local stack through scripts/local/stack.ts's startLocalStack() (two Hardhat nodes, the real
 * Ignition deployment, funded buyers, the keeper and the bridge relayer, the API server), makes sure the stand-in card widget is up, writes
 * the state file the tests read, and stops everything on SIGTERM/SIGINT or when its parent goes away.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { startLocalStack } from "../../scripts/local/stack.ts";
import { FUNDED, LOG_DIR, PORTS, ROOT, STATE_FILE, URLS, type StackState } from "./config.ts";

const log = (m: string) => console.log(`[e2e-stack] ${m}`);

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: "127.0.0.1", port });
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });
}

async function waitPort(port: number, ms: number, child?: ChildProcess): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await portOpen(port)) return true;
    if (child && child.exitCode !== null) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

// The API server and the widget read RPC_URL_<chainId>; the stack's children inherit this environment.
process.env.RPC_URL_31337 = URLS.eth;
process.env.RPC_URL_31338 = URLS.base;
process.env.WIDGET_RPC_URL = URLS.base;
process.env.WIDGET_PORT = String(PORTS.widget);
process.env.SITE_ORIGIN = URLS.dapp;

fs.rmSync(STATE_FILE, { force: true });
const stack = await startLocalStack({
  ethPort: PORTS.eth,
  basePort: PORTS.base,
  frontend: false, // the suite serves a production build of the dapp itself
  fundAccounts: FUNDED,
  keeperIntervalMs: 1000,
  compile: process.env.E2E_COMPILE !== "0", // 0: use the artifacts as they are (local iteration)
  widgetPort: PORTS.widget,
  apiPort: PORTS.api,
  log,
});

// The stand-in card widget: started by the stack when it knows how; otherwise here.
let widgetChild: ChildProcess | undefined;
let widgetStarted: StackState["widget"]["started"] = "stack";
if (!(await waitPort(PORTS.widget, 1500))) {
  const logFile = path.join(LOG_DIR, "e2e-widget.log");
  const fd = fs.openSync(logFile, "w");
  widgetChild = spawn("npm", ["--prefix", "server", "run", "widget"], {
    cwd: ROOT,
    env: { ...process.env },
    stdio: ["ignore", fd, fd],
    detached: true,
  });
  fs.closeSync(fd);
  widgetStarted = (await waitPort(PORTS.widget, 60_000, widgetChild)) ? "e2e" : "missing";
  log(
    `stand-in widget ${widgetStarted === "e2e" ? "started by the e2e harness" : "could not start (see .local/logs/e2e-widget.log)"}`,
  );
}

const pick = (dep: typeof stack.deployments.eth) =>
  Object.fromEntries(
    Object.entries(dep.contracts).map(([k, c]) => [k, { address: c.address as `0x${string}`, abi: c.abi }]),
  );
const state: StackState = {
  pid: process.pid,
  urls: URLS,
  chainIds: { eth: 31337, base: 31338 },
  contracts: { eth: pick(stack.deployments.eth), base: pick(stack.deployments.base) },
  widget: { started: widgetStarted, url: URLS.widget },
  startedInMs: stack.startedInMs,
};
fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
fs.writeFileSync(STATE_FILE, JSON.stringify(state));
log(`ready in ${(stack.startedInMs / 1000).toFixed(1)} s`);

let stopping = false;
async function shutdown(why: string) {
  if (stopping) return;
  stopping = true;
  log(`stopping (${why})`);
  if (widgetChild?.pid && widgetChild.exitCode === null) {
    try {
      process.kill(-widgetChild.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  }
  await stack.stop();
  fs.rmSync(STATE_FILE, { force: true });
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
// The parent (Playwright) holds our stdin open; when it dies without tearing down, stdin closes.
process.stdin.on("end", () => void shutdown("parent gone"));
process.stdin.resume();
