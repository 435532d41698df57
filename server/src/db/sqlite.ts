/** Embedded store: Node's built-in node:sqlite (no native build step). One connection, WAL, synchronous calls. */
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { classifyStoreError, SqlRepository, type Param, type Row } from "./repository.ts";

export class SqliteRepository extends SqlRepository {
  readonly kind = "sqlite" as const;
  private db: DatabaseSync;

  /** `timeoutMs`: how long a statement waits for a lock held by another connection before failing. */
  constructor(file: string, opts: { timeoutMs?: number } = {}) {
    super();
    if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec(
      `PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = ${opts.timeoutMs ?? 5000}; PRAGMA foreign_keys = ON;`,
    );
  }

  // node:sqlite is synchronous: each statement's result or classified error is handed over as a settled promise.
  protected all(sql: string, params: Param[] = []): Promise<Row[]> {
    return settled(() => this.db.prepare(sql).all(...params));
  }

  protected run(sql: string, params: Param[] = []): Promise<number> {
    return settled(() => Number(this.db.prepare(sql).run(...params).changes));
  }

  async migrate(): Promise<number[]> {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const applied = await this.applyMigrations((sql, params) => this.all(sql, params));
      this.db.exec("COMMIT");
      return applied;
    } catch (e) {
      this.db.exec("ROLLBACK");
      throw e;
    }
  }

  close(): Promise<void> {
    return settled(() => {
      if (this.db.isOpen) this.db.close();
    });
  }
}

function settled<T>(statement: () => T): Promise<T> {
  try {
    return Promise.resolve(statement());
  } catch (e) {
    const err = classifyStoreError(e);
    return Promise.reject(err instanceof Error ? err : new Error("SQLite statement failed", { cause: err }));
  }
}
