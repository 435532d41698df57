/** Start-up refusals of the real entry point (src/index.ts): each names what to fix, with the right exit code. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { tempDir } from "./helpers/app.ts";
import { freePort } from "./helpers/net.ts";

const SERVER = path.resolve(import.meta.dirname, "..");

/** util-linux's runuser, wherever the system keeps it (sbin is not on every PATH). */
const RUNUSER = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/sbin"]
  .map((dir) => path.join(dir, "runuser"))
  .find((file) => fs.existsSync(file));

/** Runs the server with `env` until it exits (or 20 s pass); its exit code and what it printed. */
function start(env: Record<string, string>, as?: string): Promise<{ code: number | null; output: string }> {
  const args = ["--import", "tsx", "src/index.ts"];
  const [cmd, argv] = as && RUNUSER ? [RUNUSER, ["-u", as, "--", process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(cmd, argv, {
    cwd: SERVER,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", RPC_URL_31338: "http://127.0.0.1:9", ...env },
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

void test("DATABASE_URL=not-a-url stops the start naming the variable (exit 2), not with a DNS error", async () => {
  const r = await start({ DATABASE_URL: "not-a-url" });
  assert.equal(r.code, 2, r.output);
  assert.match(r.output, /configuration error: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
  assert.doesNotMatch(r.output, /EAI_AGAIN|getaddrinfo/);
});

void test("a PostgreSQL that cannot be reached names DATABASE_URL and its host, never the password (exit 2)", async () => {
  const port = await freePort();
  const r = await start({ DATABASE_URL: `postgres://app:hunter2@127.0.0.1:${port}/x`, DB_TIMEOUT_MS: "1000" });
  assert.equal(r.code, 2, r.output);
  assert.match(r.output, new RegExp(`DATABASE_URL \\(postgres://…@127.0.0.1:${port}/x\\) cannot be opened`));
  assert.doesNotMatch(r.output, /hunter2/);
});

void test("a SQLite file that cannot be opened names SQLITE_PATH and the path (exit 2)", async () => {
  const dir = tempDir();
  const notADir = path.join(dir, "file");
  fs.writeFileSync(notADir, "");
  const notADatabase = path.join(dir, "garbage.sqlite");
  fs.writeFileSync(notADatabase, "this is not a database file, just text".repeat(200));
  for (const file of [path.join(notADir, "db.sqlite"), notADatabase]) {
    const r = await start({ SQLITE_PATH: file });
    assert.equal(r.code, 2, r.output);
    assert.match(
      r.output,
      new RegExp(`configuration error: SQLITE_PATH \\(${file.replace(/[.]/g, "\\.")}\\) cannot be opened`),
    );
  }
});

void test("a read-only SQLite file names SQLITE_PATH and the path (exit 2)", async (t) => {
  // Root writes any file: run the server as another user (PostgreSQL's, present where its tests run).
  if (
    process.getuid?.() !== 0 ||
    RUNUSER === undefined ||
    spawnSync("id", ["-u", "postgres"], { stdio: "ignore" }).status !== 0
  )
    return t.skip("needs root, runuser and a postgres user to run the server as a user that may not write the file");
  const dir = tempDir();
  fs.chmodSync(dir, 0o755);
  const file = path.join(dir, "readonly.sqlite");
  fs.writeFileSync(file, "");
  fs.chmodSync(file, 0o444);
  const r = await start({ SQLITE_PATH: file }, "postgres");
  assert.equal(r.code, 2, r.output);
  assert.match(
    r.output,
    new RegExp(`SQLITE_PATH \\(${file.replace(/[.]/g, "\\.")}\\) cannot be opened: .*may this user write the file`),
  );
});

void test("a second server on a taken port names the port and exits 1", async () => {
  const port = await freePort();
  const taken = net.createServer().listen(port, "127.0.0.1");
  try {
    const r = await start({ PORT: String(port), SQLITE_PATH: path.join(tempDir(), "db.sqlite") });
    assert.equal(r.code, 1, r.output);
    assert.match(r.output, new RegExp(`port ${port} on 127.0.0.1 is already in use`));
  } finally {
    taken.close();
  }
});
