import type { Config } from "../config.ts";
import type { Repository } from "./repository.ts";

export type { Repository } from "./repository.ts";

/** PostgreSQL when DATABASE_URL is set, else the embedded SQLite file. Migrations are applied before returning. */
export async function openRepository(db: Config["database"]): Promise<Repository> {
  let repo: Repository;
  if (db.url) {
    const { PostgresRepository } = await import("./postgres.ts");
    repo = new PostgresRepository(db.url);
  } else {
    const { SqliteRepository } = await import("./sqlite.ts");
    repo = new SqliteRepository(db.sqlitePath);
  }
  try {
    await repo.migrate();
  } catch (e) {
    await repo.close().catch(() => {});
    throw e;
  }
  return repo;
}
