/**
 * `npm run bench:chaos` (server part): the API server killed with SIGKILL under write load, CHAOS_KILLS times (5) per
 * store, SQLite and PostgreSQL (test/helpers/chaos.ts). Writes its section of ../reports/chaos.json: kills,
 * acknowledged writes, lost (must be 0), requests cut by the kills, time. Exits 1 on any loss.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { killUnderLoad, postgresStore, sqliteStore, type KillReport } from "../test/helpers/chaos.ts";
import { startPostgres } from "../test/helpers/postgres.ts";
import { writeSection } from "./report.ts";

const KILLS = Number(process.env.CHAOS_KILLS ?? 5);
const PER_KILL = Number(process.env.CHAOS_WRITES_PER_KILL ?? 500);
async function main() {
  const results: Record<string, KillReport | { skipped: string }> = {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "server-chaos-"));
  try {
    results.sqlite = await killUnderLoad(sqliteStore(path.join(dir, "db.sqlite")), KILLS, PER_KILL);
    console.log(`sqlite: ${JSON.stringify(results.sqlite)}`);
    const pg = await startPostgres();
    if ("skip" in pg) results.postgres = { skipped: pg.skip };
    else {
      try {
        results.postgres = await killUnderLoad(postgresStore(await pg.newDatabase()), KILLS, PER_KILL);
      } finally {
        await pg.stop();
      }
    }
    console.log(`postgres: ${JSON.stringify(results.postgres)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const out = writeSection("server", {
    generatedAt: new Date().toISOString(),
    setup: `the server as its own process (tsx src/index.ts), 8 clients writing referrals and signed leads without pause; SIGKILL once ${PER_KILL} writes were acknowledged (+0-300 ms, writes in flight), restarted on the same store; every 2xx checked in the store after the last restart`,
    results,
  });
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
  if (Object.values(results).some((r) => "lost" in r && r.lost > 0)) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
