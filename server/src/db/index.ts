import type { Config } from "../config.ts";
import { withoutCredentials } from "../env.ts";
import { StoreUnavailableError, type Repository } from "./repository.ts";

export type { Repository } from "./repository.ts";

/** The server cannot start with its configuration as it is (the message names what to fix). Exit code 2. */
export class StartupError extends Error {}

/**
 * PostgreSQL when DATABASE_URL is set, else the embedded SQLite file. Migrations are applied before returning. A store
 * that cannot be opened or written is a StartupError naming the variable and where it points (never the password).
 */
export async function openRepository(db: Config["database"]): Promise<Repository> {
  const where = db.url ? `DATABASE_URL (${withoutCredentials(db.url)})` : `SQLITE_PATH (${db.sqlitePath})`;
  let repo: Repository | undefined;
  try {
    if (db.url) {
      const { PostgresRepository } = await import("./postgres.ts");
      repo = new PostgresRepository(db.url, { timeoutMs: db.timeoutMs });
    } else {
      const { SqliteRepository } = await import("./sqlite.ts");
      repo = new SqliteRepository(db.sqlitePath, { timeoutMs: db.timeoutMs });
    }
    await repo.migrate();
    return repo;
  } catch (e) {
    await repo?.close().catch(() => {});
    const cause = e instanceof StoreUnavailableError ? e.cause : e;
    const message = String((cause as Error)?.message ?? cause).split("\n")[0];
    const hint = db.url
      ? "is the server up and the URL right?"
      : "does the folder exist, and may this user write the file?";
    throw new StartupError(`${where} cannot be opened: ${message} (${hint})`, { cause: e });
  }
}
