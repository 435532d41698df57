/**
 * The API server killed with SIGKILL under write load, on SQLite and on PostgreSQL (helpers/chaos.ts): every write it
 * acknowledged is in the store after the restart. The bench (`npm run bench:chaos`) does the same 5 times per store.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { tempDir } from "./helpers/app.ts";
import { killUnderLoad, postgresStore, sqliteStore } from "./helpers/chaos.ts";
import { startPostgres, type TestPostgres } from "./helpers/postgres.ts";

let pg: TestPostgres | undefined;
let pgSkip: string | false = false;
before(async () => {
  const r = await startPostgres();
  if ("skip" in r) pgSkip = r.skip;
  else pg = r;
});
after(async () => pg?.stop());

void test("SQLite: kill -9 under write load loses no acknowledged write", async () => {
  const r = await killUnderLoad(sqliteStore(path.join(tempDir(), "db.sqlite")), 1);
  console.log(`sqlite: ${JSON.stringify(r)}`);
  assert.ok(r.acknowledged > 0, "the load was acknowledged before the kill");
  assert.equal(r.lost, 0);
});

void test("PostgreSQL: kill -9 under write load loses no acknowledged write", async (t) => {
  if (pgSkip) return t.skip(pgSkip);
  const r = await killUnderLoad(postgresStore(await pg!.newDatabase()), 1);
  console.log(`postgres: ${JSON.stringify(r)}`);
  assert.ok(r.acknowledged > 0, "the load was acknowledged before the kill");
  assert.equal(r.lost, 0);
});
