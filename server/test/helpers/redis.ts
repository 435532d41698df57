/**
 * A throwaway redis-server for the tests on a free loopback port (Debian's `redis-server`, installed with apt-get
 * when missing and we are root, as for PostgreSQL). Nothing is persisted.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import { freePort } from "./net.ts";

export interface TestRedis {
  url: string;
  /** SIGSTOP: the server keeps its sockets open and answers nothing (a frozen host), until `resume`. */
  freeze(): void;
  resume(): void;
  stop(): Promise<void>;
}

function findBin(): string | undefined {
  for (const p of ["/usr/bin/redis-server", "/usr/local/bin/redis-server"]) if (fs.existsSync(p)) return p;
  return undefined;
}

function ensureBinary(): string | undefined {
  const bin = findBin();
  if (bin || process.getuid?.() !== 0) return bin;
  const opts = {
    stdio: "ignore" as const,
    timeout: 300_000,
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  };
  if (spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "redis-server"], opts).status !== 0) {
    spawnSync("apt-get", ["update"], opts);
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "redis-server"], opts);
  }
  return findBin();
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => s.write("PING\r\n"));
    s.once("data", (d) => {
      s.destroy();
      resolve(d.toString().startsWith("+PONG"));
    });
    s.once("error", () => resolve(false));
  });

export async function startRedis(): Promise<TestRedis | { skip: string }> {
  const bin = ensureBinary();
  if (!bin) return { skip: "redis-server not found and could not be installed" };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "server-redis-"));
  const port = await freePort();
  const child: ChildProcess = spawn(
    bin,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      dir,
      "--daemonize",
      "no",
    ],
    { stdio: "ignore" },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => child.kill("SIGSTOP"),
    resume: () => child.kill("SIGCONT"),
    stop: async () => {
      child.kill("SIGCONT"); // a frozen process cannot act on SIGTERM
      await stop();
    },
  };
}
