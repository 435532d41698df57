/**
 * Global setup: the real local stack once (child process running scripts/local/stack.ts's startLocalStack()), a
 * production build of the dapp for the local environment, served on loopback. The returned function tears it all
 * down. E2E_SKIP_BUILD=1 reuses an existing build (local iteration only).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildDapp } from "./support/build-dapp.ts";
import { DIST_DIR, LOG_DIR, PORTS, ROOT, STATE_FILE, type StackState } from "./support/config.ts";
import { serveStatic } from "./support/static-server.ts";

const log = (m: string) => console.log(`[e2e] ${m}`);

function reusableStack(): boolean {
  if (process.env.E2E_REUSE_STACK !== "1" || !fs.existsSync(STATE_FILE)) return false;
  try {
    process.kill((JSON.parse(fs.readFileSync(STATE_FILE, "utf8")) as StackState).pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function globalSetup() {
  const t0 = Date.now();
  fs.mkdirSync(LOG_DIR, { recursive: true });
  if (reusableStack()) {
    // Local iteration only: a stack started by hand with `node --import tsx e2e/support/stack-runner.ts`.
    log("reusing the running e2e stack (E2E_REUSE_STACK=1)");
    if (process.env.E2E_SKIP_BUILD !== "1" || !fs.existsSync(path.join(DIST_DIR, "index.html")))
      buildDapp(DIST_DIR, log);
    const server = await serveStatic(DIST_DIR, PORTS.dapp);
    return async () => server.close();
  }
  fs.rmSync(STATE_FILE, { force: true });
  const logFile = path.join(LOG_DIR, "e2e-stack.log");
  const fd = fs.openSync(logFile, "w");
  const runner = spawn(process.execPath, ["--import", "tsx", "e2e/support/stack-runner.ts"], {
    cwd: ROOT,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: "true" },
    stdio: ["pipe", fd, fd],
    detached: true,
  });
  fs.closeSync(fd);
  const stopRunner = async () => {
    if (runner.exitCode !== null || runner.signalCode !== null) return;
    const exited = new Promise<void>((r) => runner.once("exit", () => r()));
    try {
      process.kill(runner.pid!, "SIGTERM");
    } catch {
      return;
    }
    const killer = setTimeout(() => {
      try {
        process.kill(-runner.pid!, "SIGKILL");
      } catch {
        /* gone */
      }
    }, 20_000);
    await exited;
    clearTimeout(killer);
  };

  try {
    log("starting the local stack (log: .local/logs/e2e-stack.log)…");
    const deadline = Date.now() + 600_000; // includes a full contract compile when the artifacts are stale
    while (!fs.existsSync(STATE_FILE)) {
      if (runner.exitCode !== null) {
        const tail = fs.readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n");
        throw new Error(`the local stack failed to start (exit ${runner.exitCode}):\n${tail}`);
      }
      if (Date.now() > deadline)
        throw new Error("the local stack did not come up within 600 s (see .local/logs/e2e-stack.log)");
      await new Promise((r) => setTimeout(r, 250));
    }
    log(`stack up after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    if (process.env.E2E_SKIP_BUILD === "1" && fs.existsSync(path.join(DIST_DIR, "index.html")))
      log("reusing the existing dapp build (E2E_SKIP_BUILD=1)");
    else buildDapp(DIST_DIR, log);
    const server = await serveStatic(DIST_DIR, PORTS.dapp);
    log(`dapp served at ${server.url}; setup took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return async () => {
      await server.close();
      await stopRunner();
      log("stack stopped");
    };
  } catch (e) {
    await stopRunner();
    throw e;
  }
}
