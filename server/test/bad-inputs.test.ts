/**
 * Bad input, as an outsider sends it, on SQLite and on PostgreSQL, through every channel (helpers/bad-inputs.ts):
 * every field of every endpoint, the body's shape and JSON oddities, paths and query strings, methods, headers,
 * X-Forwarded-For under each TRUST_PROXY mode, and raw bytes on a socket (helpers/raw-http.ts). Each request is
 * answered at once with `{error, reason}` (a 4xx, or a 503 with retry-after where a valid request needs the chain,
 * which is down here), never a 500 or a stack, and no row of any table changes.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import type { AddressInfo } from "node:net";
import { json, makeApp, SITE, tempDir, TEST_SIGNER_KEY, type TestApp } from "./helpers/app.ts";
import {
  CHAIN_DOWN,
  channelCases,
  FOUR_XX,
  fieldCases,
  methodCases,
  PROXY_MODES,
  shapeCases,
  signedLeadCases,
  urlCases,
  WALLET,
  widgetCases,
  type Case,
  type ProxyMode,
} from "./helpers/bad-inputs.ts";
import { KEYS, signedLead, type LeadAnswer } from "./helpers/lead.ts";
import { rawCases, rawRequest } from "./helpers/raw-http.ts";
import { startPostgres, type TestPostgres } from "./helpers/postgres.ts";
import { freePort } from "./helpers/net.ts";
import { createWidgetServer } from "../src/widget/server.ts";
import { loadWidgetConfig } from "../src/widget/config.ts";

/** The review's count per database: the floor. */
const FLOOR = 698;
const REQUEST_TIMEOUT_MS = 1000;
const HASH = `0x${"ab".repeat(32)}`;
const PRESALE = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

/** The valid bodies the cases start from, and the state they need (a referral, a lead and its session). */
async function prepare(app: TestApp) {
  await app.app.inject({ method: "POST", url: "/api/referral", ...json({ walletAddress: WALLET }) });
  const used = await signedLead({ key: KEYS.buyer, attribution: { clickId: "c" } });
  const r = await app.app.inject({ method: "POST", url: "/api/track/lead", ...json(used) });
  assert.equal(r.statusCode, 201, r.body);
  const session = r.json<LeadAnswer>().data.session;
  return {
    referral: { walletAddress: WALLET, iid: "i" },
    lead: await signedLead({ key: KEYS.buyer2, attribution: { clickId: "c" } }),
    /** Replayed: the lead above again (409 nonce_used), after every check before the store. */
    usedLead: used,
    conversion: { publicAddress: used.walletAddress, session, event: "conversion", hash: HASH, chainId: 31338 },
    card: { address: WALLET, tokenAmount: 1000, stake: false },
  };
}

/** The cases by input channel (the counts are printed). */
async function allCases(app: TestApp): Promise<Record<string, Case[]>> {
  const v = await prepare(app);
  const each = (f: (url: string, body: Record<string, unknown>) => Case[]) => [
    ...f("/api/referral", v.referral),
    ...f("/api/track/lead", v.lead),
    ...f("/api/track/conversion", v.conversion),
    ...f("/api/card/session", v.card),
  ];
  return {
    fields: each(fieldCases),
    "body shapes and JSON": each(shapeCases),
    // Carriers that store nothing whatever the channel does: the referral exists already (200), the lead is a
    // replay (409), the conversion and the card session need the chain (503).
    "headers and X-Forwarded-For": [
      ...channelCases("/api/referral", v.referral, [200, ...CHAIN_DOWN]),
      ...channelCases("/api/track/lead", v.usedLead, CHAIN_DOWN),
      ...channelCases("/api/track/conversion", v.conversion, CHAIN_DOWN),
      ...channelCases("/api/card/session", v.card, CHAIN_DOWN),
    ],
    "signed messages": await signedLeadCases(),
    "paths and query strings": urlCases(),
    methods: methodCases(),
  };
}

/** Every row of every table of the store (what a bad request must never change). */
async function storedRows(app: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const { url, sqlitePath } = app.config.database;
  if (url) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const tables = await c.query<{ t: string }>(
        "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public'",
      );
      for (const { t } of tables.rows)
        out[t] = Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM "${t}"`)).rows[0].n);
    } finally {
      await c.end();
    }
    return out;
  }
  const db = new DatabaseSync(sqlitePath, { readOnly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
    for (const { name } of tables)
      out[name] = Number((db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n);
  } finally {
    db.close();
  }
  return out;
}

/** Why an answer is wrong, or undefined when it is right. */
function judge(status: number, headers: Record<string, unknown>, body: string, expect: number[], head: boolean) {
  if (status === 500 || /\bat .+\.(ts|js):\d+/.test(body)) return "a 500 or a stack";
  if (!expect.includes(status)) return `status ${status}, expected ${expect.length > 20 ? "a 4xx" : expect.join("/")}`;
  if (status === 503 && headers["retry-after"] === undefined) return "a 503 without retry-after";
  if (status < 300 || head) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `a body that is not JSON: ${body.slice(0, 80)}`;
  }
  const keys = parsed !== null && typeof parsed === "object" ? Object.keys(parsed).sort().join(",") : "";
  return keys === "error,reason" ? undefined : `a body that is not {error, reason}: ${body.slice(0, 80)}`;
}

let pg_: TestPostgres | undefined;
let pgSkip: string | false = false;
before(async () => {
  const r = await startPostgres();
  if ("skip" in r) pgSkip = r.skip;
  else pg_ = r;
});
after(async () => pg_?.stop());

for (const store of ["sqlite", "postgres"] as const) {
  void describe(`bad input on ${store}`, () => {
    void test(`at least ${FLOOR} bad requests, each answered at once with {error, reason}, never a 500, nothing stored`, async (t) => {
      if (store === "postgres" && pgSkip) return t.skip(pgSkip);
      const db =
        store === "postgres"
          ? { DATABASE_URL: await pg_!.newDatabase() }
          : { SQLITE_PATH: path.join(tempDir(), "db.sqlite") };
      const apps = new Map<ProxyMode, TestApp>();
      for (const mode of PROXY_MODES)
        apps.set(
          mode,
          await makeApp({
            RATE_LIMIT_MAX: "100000",
            CARD_RATE_LIMIT_MAX: "100000",
            PRESALE_ADDRESS_31338: PRESALE,
            REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
            ...db,
            ...(mode === "off" ? {} : { TRUST_PROXY: mode }),
          }),
        );
      const main = apps.get("off")!;
      try {
        const groups = await allCases(main);
        const cases = Object.values(groups).flat();
        const rows = await storedRows(main);
        const wrong: string[] = [];
        const slowest = { refused: 0, chain: 0 };
        const slowNames = { refused: "", chain: "" };
        const timed = (kind: "refused" | "chain", ms: number, name: string) => {
          if (ms > slowest[kind]) [slowest[kind], slowNames[kind]] = [ms, name];
        };
        // 8 at a time: the ones that need the chain wait for its retries (about 0.5 s) while the others run.
        const queue = [...cases];
        const worker = async () => {
          for (let c = queue.shift(); c; c = queue.shift()) {
            const started = Date.now();
            const r = await apps.get(c.app ?? "off")!.app.inject({
              method: c.method ?? "POST",
              url: c.url,
              payload: c.payload,
              remoteAddress: c.remoteAddress,
              headers: { "content-type": "application/json", ...c.headers },
            });
            timed(c.expect?.includes(503) ? "chain" : "refused", Date.now() - started, c.name);
            const why = judge(r.statusCode, r.headers, r.body, c.expect ?? FOUR_XX, c.method === "HEAD");
            if (why) wrong.push(`${c.name}: ${why}`);
          }
        };
        await Promise.all(Array.from({ length: 8 }, worker));

        // Raw bytes on a socket: the server's HTTP parser and timeouts, not just its routes.
        await main.app.listen({ host: "127.0.0.1", port: 0 });
        const { port } = main.app.server.address() as AddressInfo;
        const raw = rawCases('{"walletAddress":1}', REQUEST_TIMEOUT_MS);
        const answers = await Promise.all(raw.map((c) => rawRequest(port, c.bytes, c.waitMs)));
        for (const [i, c] of raw.entries()) {
          const { responses, ms } = answers[i];
          const final = responses.filter((r) => r.status >= 200);
          if (final.length === 0) wrong.push(`raw ${c.name}: no answer in ${ms} ms`);
          for (const r of final) {
            const why = judge(r.status, r.headers, r.body, c.expect ?? FOUR_XX, false);
            if (why) wrong.push(`raw ${c.name}: ${why}`);
          }
          if (c.waitMs === undefined) timed("refused", ms, `raw ${c.name}`);
        }

        const total = cases.length + raw.length;
        const by = Object.entries({ ...groups, "raw bytes": raw }).map(([k, list]) => `${k} ${list.length}`);
        console.log(
          `bad input on ${store}: ${total} requests (${by.join(", ")}), ${total - wrong.length} answered right; slowest refusal ${slowest.refused} ms (${slowNames.refused}), slowest that may need the chain ${slowest.chain} ms`,
        );
        assert.deepEqual(wrong, [], `${wrong.length} of ${total} answered wrongly`);
        assert.ok(total >= FLOOR, `${total} requests, fewer than ${FLOOR}`);
        // "At once": a refusal waits for nothing; a request that may need the chain waits for the RPC's two retries
        // (150 + 300 ms) at most.
        assert.ok(slowest.refused < 1000, `the slowest refusal took ${slowest.refused} ms (${slowNames.refused})`);
        assert.ok(slowest.chain < 2000, `the slowest request that may need the chain took ${slowest.chain} ms`);
        assert.deepEqual(await storedRows(main), rows, "no row of any table changed");
      } finally {
        for (const a of apps.values()) await a.close();
      }
    });
  });
}

void test("the signed lead these cases start from is itself accepted (the refusals above are the bad values')", async () => {
  const app = await makeApp({ SITE_ORIGIN: SITE });
  try {
    const r = await app.app.inject({ method: "POST", url: "/api/track/lead", ...json(await signedLead()) });
    assert.equal(r.statusCode, 201, r.body);
  } finally {
    await app.close();
  }
});

void test("the stand-in widget's routes: every bad request answered with {error, reason}, never a 5xx", async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = createWidgetServer(
    loadWidgetConfig({
      WIDGET_PORT: String(port),
      WERT_SIGNER_PRIVATE_KEY: TEST_SIGNER_KEY,
      WERT_PARTNER_ID: "test-partner",
      WIDGET_RPC_URL: "http://127.0.0.1:9",
      WIDGET_PRESALE_ADDRESS: PRESALE,
    }),
  );
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  try {
    const cases = widgetCases("test-partner", origin);
    const wrong: string[] = [];
    const answers = await Promise.all(cases.map(([, bytes]) => rawRequest(port, bytes)));
    for (const [i, [name, , expect]] of cases.entries()) {
      const r = answers[i].responses.at(-1);
      const why = r ? judge(r.status, r.headers, r.body, expect, false) : `no answer in ${answers[i].ms} ms`;
      if (why) wrong.push(`${name}: ${why}`);
    }
    console.log(`the widget: ${cases.length} bad requests, ${cases.length - wrong.length} answered right`);
    assert.deepEqual(wrong, []);
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});
