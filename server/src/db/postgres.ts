/** PostgreSQL store (DATABASE_URL), for deployments that run several server instances against one database. */
import pg from "pg";
import { classifyStoreError, SqlRepository, type Param, type Row } from "./repository.ts";

/** Any constant shared by all instances: serialises concurrent migrations. */
const MIGRATION_LOCK = 0x5348_4654; // "SHFT"

function numbered(sql: string): string {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
}

export class PostgresRepository extends SqlRepository {
  readonly kind = "postgres" as const;
  private pool: pg.Pool;

  /** `timeoutMs` bounds the connect and every query (client side, and the server's statement_timeout). */
  constructor(connectionString: string, opts: { max?: number; timeoutMs?: number } = {}) {
    super();
    const timeoutMs = opts.timeoutMs ?? 5000;
    this.pool = new pg.Pool({
      connectionString,
      max: opts.max ?? 10,
      connectionTimeoutMillis: timeoutMs,
      // A frozen server (SIGSTOP, a full disk) neither answers nor closes the socket: a query waits this long at most.
      query_timeout: timeoutMs,
      statement_timeout: timeoutMs,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    this.pool.on("error", () => {});
  }

  protected async all(sql: string, params: Param[] = []): Promise<Row[]> {
    return (await this.query(sql, params)).rows as Row[];
  }

  protected async run(sql: string, params: Param[] = []): Promise<number> {
    return (await this.query(sql, params)).rowCount ?? 0;
  }

  private async query(sql: string, params: Param[]) {
    try {
      return await this.pool.query(numbered(sql), params.map(pgValue));
    } catch (e) {
      throw classifyStoreError(e);
    }
  }

  async migrate(): Promise<number[]> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      const applied = await this.applyMigrations(
        async (sql, params = []) => (await client.query(numbered(sql), params.map(pgValue))).rows as Row[],
      );
      await client.query("COMMIT");
      return applied;
    } catch (e) {
      await client.query("ROLLBACK").catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function pgValue(v: Param): string | number | null {
  return typeof v === "bigint" ? v.toString() : v;
}
