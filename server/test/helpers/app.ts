import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CardSessionData, CardSessionMeta, ItemInfo } from "@shaft/card-options";
import type { FastifyInstance } from "fastify";
import { loadConfig, type Config } from "../../src/config.ts";
import { openRepository, type Repository } from "../../src/db/index.ts";
import { Chains } from "../../src/chain.ts";
import { buildApp } from "../../src/app.ts";

/** A throwaway Ed25519 secret for the card signer, new for every test process. */
export const TEST_SIGNER_KEY = randomBytes(32).toString("hex");
export const SITE = "http://127.0.0.1:5173";

export interface TestApp {
  app: FastifyInstance;
  repo: Repository;
  config: Config;
  close(): Promise<void>;
}

export function tempDir(prefix = "server-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Builds the app as index.ts does, from an environment (defaults: temp SQLite, no chain reachable). */
export async function makeApp(
  env: Record<string, string | undefined> = {},
  opts: { logLines?: string[] } = {},
): Promise<TestApp> {
  const config = await loadConfig({
    NODE_ENV: "test",
    SITE_ORIGIN: SITE,
    SQLITE_PATH: path.join(tempDir(), "db.sqlite"),
    DEPLOYMENTS_DIR: path.join(os.tmpdir(), "no-deployments-here"),
    RPC_URL_31338: "http://127.0.0.1:9", // nothing listens: chain calls fail fast
    RPC_TIMEOUT_MS: "2000",
    WERT_SIGNER_PRIVATE_KEY: TEST_SIGNER_KEY,
    WERT_PARTNER_ID: "test-partner",
    CONVERSION_RECEIPT_ATTEMPTS: "2",
    CONVERSION_RECEIPT_DELAY_MS: "50",
    ...env,
  });
  const repo = await openRepository(config.database);
  // With `logLines`, the server's JSON log lines are collected there (tests of what is logged).
  const logger = opts.logLines
    ? { level: "info", stream: { write: (l: string) => void opts.logLines!.push(l) } }
    : false;
  const app = await buildApp({ config, repo, chains: new Chains(config) }, { logger });
  await app.ready();
  return {
    app,
    repo,
    config,
    async close() {
      await app.close();
      await repo.close();
    },
  };
}

export const json = (body: unknown) => ({
  payload: JSON.stringify(body),
  headers: { "content-type": "application/json" },
});

/** The API's answer bodies as the tests read them (server/README.md, Endpoints): `res.json<ErrorBody>()`. */
export interface ErrorBody {
  error: string;
  reason: string;
}
export interface ReferralBody {
  data: { url: string; code: string; walletAddress: string; createdAt: string };
}
export interface RecordedBody {
  data: {
    status: "recorded" | "duplicate";
    seenCount?: number;
    tokens?: string;
    blockNumber?: string;
    purchaseType?: string;
    paid?: string;
    usdValue?: string;
    attribution?: string;
  };
}
/** GET /readyz (GET /healthz has only `status`). */
export interface ReadyBody {
  status: string;
  db: string;
  checks: { db: string; redis?: string; rpc: Record<string, string> };
}
/** A card session's answer as this server sends it: every display option present. */
export interface SessionBody {
  data: Required<Omit<CardSessionData, "extra">> & { extra: { item_info: Required<ItemInfo> } };
  meta: Required<CardSessionMeta>;
}
/** One of the server's pino log lines. */
export interface LogLine {
  level: number;
  msg: string;
  code?: string;
  suppressed?: number;
}
export const logLine = (line: string) => JSON.parse(line) as LogLine;
