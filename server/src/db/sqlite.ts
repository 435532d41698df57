/** Embedded store: Node's built-in node:sqlite (no native build step). One connection, WAL, synchronous calls. */
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { classifyStoreError, SqlRepository, type Param, type Row } from "./repository.ts";

export class SqliteRepository extends SqlRepository {
  readonly kind = "sqlite" as const;
  private db: DatabaseSync;

  constructor(file: string) {
    super();
    if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;");
  }

  protected async all(sql: string, params: Param[] = []): Promise<Row[]> {
    try {
      return this.db.prepare(sql).all(...params) as Row[];
    } catch (e) {
      throw classifyStoreError(e);
    }
  }

  protected async run(sql: string, params: Param[] = []): Promise<number> {
    try {
      return Number(this.db.prepare(sql).run(...params).changes);
    } catch (e) {
      throw classifyStoreError(e);
    }
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

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}
