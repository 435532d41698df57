/** The API server as its own process (src/index.ts through tsx), as `npm start` runs it: for kills and benchmarks. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { TEST_SIGNER_KEY } from "./app.ts";
import { freePort } from "./net.ts";

const serverDir = path.resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean shutdown), resolved once the process is gone. */
  stop(): Promise<void>;
}

/** Resolves once `url` answers 2xx; throws after `ms`. */
export async function waitReady(url: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} did not become ready`);
}

/** Starts the server on a free port with `env` (no chain reachable unless it says so) once /healthz answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/index.ts"], {
    cwd: serverDir,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "100000000",
      CARD_RATE_LIMIT_MAX: "100000000",
      WERT_SIGNER_PRIVATE_KEY: TEST_SIGNER_KEY,
      WERT_PARTNER_ID: "test-partner",
      RPC_URL_31338: "http://127.0.0.1:9",
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const gone = new Promise<void>((r) => child.once("exit", () => r()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await gone;
  };
  try {
    await waitReady(`${url}/healthz`);
  } catch (e) {
    await end("SIGKILL");
    throw e;
  }
  return { url, child, kill: () => end("SIGKILL"), stop: () => end("SIGTERM") };
}
