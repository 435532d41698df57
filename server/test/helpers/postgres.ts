/**
 * A throwaway PostgreSQL for the tests: DATABASE_URL when set, else a fresh cluster in a temp dir on a loopback
 * port (Debian's binaries; installed with apt-get when missing and we are root). As root the server runs as the
 * `postgres` system user (or `nobody`), since PostgreSQL refuses to run as root.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./net.ts";

export interface TestPostgres {
  /** Freezes (true) or thaws (false) the whole cluster; only for a cluster this helper started. */
  freeze?: (on: boolean) => void;
  /** A URL to a new empty database in the cluster. */
  newDatabase(): Promise<string>;
  stop(): Promise<void>;
}

function findBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

function ensureBinaries(): string | undefined {
  let bin = findBin();
  if (bin || process.getuid?.() !== 0) return bin;
  const opts = {
    stdio: "ignore" as const,
    timeout: 300_000,
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  };
  if (spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "postgresql"], opts).status !== 0) {
    spawnSync("apt-get", ["update"], opts);
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "postgresql"], opts);
  }
  bin = findBin();
  return bin;
}

/** util-linux's runuser lives in /usr/sbin, which a non-login shell's PATH may lack. */
const RUNUSER = ["/usr/sbin/runuser", "/sbin/runuser"].find((p) => fs.existsSync(p)) ?? "runuser";

/** Runs a PostgreSQL binary as a non-root user when we are root. */
function runAs(user: string | undefined, cmd: string, args: string[]) {
  if (!user) return execFileSync(cmd, args, { stdio: "pipe" });
  return execFileSync(RUNUSER, ["-u", user, "--", cmd, ...args], { stdio: "pipe" });
}

export async function startPostgres(): Promise<TestPostgres | { skip: string }> {
  const external = process.env.DATABASE_URL;
  if (external) return fromUrl(external, async () => {});

  const bin = ensureBinaries();
  if (!bin)
    return {
      skip: "PostgreSQL binaries not found and could not be installed (set DATABASE_URL to use a running server)",
    };
  const root = process.getuid?.() === 0;
  const user = root ? (userExists("postgres") ? "postgres" : "nobody") : undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "server-pg-"));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, "data");
  fs.mkdirSync(data, { mode: 0o700 });
  if (user) execFileSync("chown", ["-R", user, dir]);
  const port = await freePort();
  try {
    runAs(user, path.join(bin, "initdb"), [
      "-D",
      data,
      "-U",
      "postgres",
      "--auth=trust",
      "--no-sync",
      "-E",
      "UTF8",
      "--locale=C",
    ]);
    runAs(user, path.join(bin, "pg_ctl"), [
      "-D",
      data,
      "-w",
      "-t",
      "60",
      "-l",
      path.join(dir, "log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=50`,
      "start",
    ]);
  } catch (e) {
    const log = fs.existsSync(path.join(dir, "log")) ? fs.readFileSync(path.join(dir, "log"), "utf8") : "";
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start PostgreSQL: ${(e as Error).message}\n${log}`, { cause: e });
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      try {
        signalCluster(data, false); // a frozen server cannot stop
        runAs(user, path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      resolve();
    });
  return {
    ...fromUrl(`postgres://postgres@127.0.0.1:${port}/postgres`, stop),
    freeze: (on) => signalCluster(data, on),
  };
}

/** SIGSTOP (or SIGCONT) to the cluster's server process and every backend it started: a frozen database host. */
function signalCluster(data: string, stop: boolean): void {
  const postmaster = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  const children = fs
    .readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return Number(fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ")[1]) === postmaster;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
  for (const pid of [postmaster, ...children]) {
    try {
      process.kill(pid, stop ? "SIGSTOP" : "SIGCONT");
    } catch {
      // exited meanwhile (a backend that ended)
    }
  }
}

function userExists(name: string): boolean {
  return spawnSync("id", ["-u", name], { stdio: "ignore" }).status === 0;
}

function fromUrl(adminUrl: string, stop: () => Promise<void>): TestPostgres {
  let n = 0;
  return {
    async newDatabase() {
      const name = `t_${process.pid}_${Date.now()}_${++n}`;
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`CREATE DATABASE ${name}`);
      } finally {
        await c.end();
      }
      const u = new URL(adminUrl);
      u.pathname = `/${name}`;
      return u.toString();
    },
    stop,
  };
}
