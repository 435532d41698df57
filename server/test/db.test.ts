/** The repository contract, run against both stores: SQLite (node:sqlite) and PostgreSQL. */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SqliteRepository } from "../src/db/sqlite.ts";
import { PostgresRepository } from "../src/db/postgres.ts";
import type { Repository } from "../src/db/repository.ts";
import { migrations } from "../src/db/migrations.ts";
import { startPostgres, type TestPostgres } from "./helpers/postgres.ts";
import {
  json,
  logLine,
  makeApp,
  type ErrorBody,
  type ReadyBody,
  type RecordedBody,
  type ReferralBody,
} from "./helpers/app.ts";
import { signedLead } from "./helpers/lead.ts";
import { freePort } from "./helpers/net.ts";
import { loadConfig } from "../src/config.ts";
import { Chains } from "../src/chain.ts";
import { buildApp } from "../src/app.ts";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "server-db-"));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

let pgServer: TestPostgres | undefined;
let pgSkip: string | false = false;
before(async () => {
  const r = await startPostgres();
  if ("skip" in r) pgSkip = r.skip;
  else pgServer = r;
});
after(async () => {
  await pgServer?.stop();
});

interface Store {
  name: string;
  /** Opens the same database again (a restart). */
  open: () => Promise<Repository>;
}

const stores: Array<{ name: string; make: () => Promise<Store> }> = [
  {
    name: "sqlite",
    make: () => {
      const file = path.join(tmp, `db-${Math.random().toString(36).slice(2)}.sqlite`);
      return Promise.resolve({ name: "sqlite", open: () => Promise.resolve(new SqliteRepository(file)) });
    },
  },
  {
    name: "postgres",
    make: async () => {
      const url = await pgServer!.newDatabase();
      return { name: "postgres", open: () => Promise.resolve(new PostgresRepository(url, { max: 4 })) };
    },
  },
];

const lead = (over: Partial<Parameters<Repository["recordLead"]>[0]> = {}) => ({
  dedupKey: "k1",
  walletAddress: "0xabc",
  event: "lead_success",
  clickId: "c1",
  chainId: 31338,
  signedMessage: "example.com wants you to sign in…",
  signature: "0x01",
  chainHeads: { 31338: 100n },
  ...over,
});

const conversion = (over: Partial<Parameters<Repository["recordConversion"]>[0]> = {}) => ({
  chainId: 31338,
  txHash: "0x" + "11".repeat(32),
  publicAddress: "0xabc",
  event: "conversion",
  isBw: false,
  txFrom: "0xdef",
  blockNumber: 12n,
  blockTime: 1_700_000_000_000,
  onchainTokens: "100",
  buyer: "0xabc",
  recipient: "0xabc",
  paymentToken: "0x0000000000000000000000000000000000000000",
  ...over,
});

for (const s of stores) {
  void describe(`repository: ${s.name}`, () => {
    let store: Store;
    let repo: Repository;
    before(async () => {
      if (s.name === "postgres" && pgSkip) return;
      store = await s.make();
      repo = await store.open();
    });
    after(async () => {
      await repo?.close();
    });
    const maybe = (name: string, fn: () => Promise<void>) =>
      test(name, async (t) => {
        if (s.name === "postgres" && pgSkip) return t.skip(pgSkip);
        await fn();
      });

    void maybe("migrations apply once, then are a no-op", async () => {
      assert.deepEqual(
        await repo.migrate(),
        migrations.map((m) => m.id),
      );
      assert.deepEqual(await repo.migrate(), []);
      await repo.ping();
    });

    void maybe("referral: created once, stable, unique codes", async () => {
      const a = await repo.getOrCreateReferral("0xaaa", "iid-1", () => "code000001");
      assert.equal(a.created, true);
      assert.equal(a.referral.code, "code000001");
      assert.equal(a.referral.iid, "iid-1");
      const again = await repo.getOrCreateReferral("0xaaa", "other", () => "code000009");
      assert.equal(again.created, false);
      assert.equal(again.referral.code, "code000001");
      // A colliding code is retried with the next one.
      const codes = ["code000001", "code000002"];
      const b = await repo.getOrCreateReferral("0xbbb", undefined, () => codes.shift()!);
      assert.equal(b.referral.code, "code000002");
      assert.equal((await repo.findReferralByCode("code000002"))?.walletAddress, "0xbbb");
      assert.equal(await repo.findReferralByCode("nope"), undefined);
    });

    void maybe("referral: concurrent first calls agree on one code", async () => {
      let i = 0;
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          repo.getOrCreateReferral("0xccc", undefined, () => `conc${String(++i).padStart(6, "0")}`),
        ),
      );
      assert.equal(new Set(results.map((r) => r.referral.code)).size, 1);
    });

    void maybe("lead: deduplicated by key, counting repeats", async () => {
      assert.deepEqual(await repo.recordLead(lead()), { duplicate: false, seenCount: 1 });
      assert.deepEqual(await repo.recordLead(lead()), { duplicate: true, seenCount: 2 });
      assert.deepEqual(await repo.recordLead(lead({ dedupKey: "k2" })), { duplicate: false, seenCount: 1 });
      assert.equal(await repo.countLeads(), 2);
    });

    void maybe(
      "first touch: the wallet's earliest signed lead with attribution recorded before the purchase's block",
      async () => {
        const t0 = Date.now();
        await repo.recordLead(lead({ dedupKey: "ft-1", walletAddress: "0xf1", clickId: undefined }));
        await repo.recordLead(
          lead({ dedupKey: "ft-2", walletAddress: "0xf1", clickId: "first", chainHeads: { 31338: 10n } }),
        );
        await new Promise((r) => setTimeout(r, 5));
        await repo.recordLead(lead({ dedupKey: "ft-3", walletAddress: "0xf1", clickId: "second", chainHeads: {} }));
        const at = (blockNumber: bigint, blockTime = Date.now() + 1) => ({ chainId: 31338, blockNumber, blockTime });
        assert.equal((await repo.firstTouch("0xf1", at(11n)))?.clickId, "first");
        // In block 10 or earlier the purchase came before the first lead; the second one (recorded while the chain did
        // not answer) is placed by time.
        assert.equal((await repo.firstTouch("0xf1", at(10n)))?.clickId, "second");
        assert.equal(
          await repo.firstTouch("0xf1", at(10n, t0 - 1)),
          undefined,
          "recorded after the purchase: no touch",
        );
        assert.equal(await repo.firstTouch("0xf2", at(11n)), undefined);
      },
    );

    void maybe("lead nonces are single-use; lead sessions belong to one wallet until they expire", async () => {
      const later = Date.now() + 60_000;
      assert.equal(await repo.useLeadNonce("n".repeat(20), "0xabc", later), true);
      assert.equal(await repo.useLeadNonce("n".repeat(20), "0xabc", later), false);
      await repo.createLeadSession("h1", "0xabc", later);
      await repo.createLeadSession("h2", "0xabc", Date.now() - 1);
      assert.equal(await repo.leadSessionWallet("h1"), "0xabc");
      assert.equal(await repo.leadSessionWallet("h2"), undefined, "expired");
      assert.equal(await repo.leadSessionWallet("nope"), undefined);
    });

    void maybe("conversion: keyed by chain and hash", async () => {
      assert.deepEqual(await repo.recordConversion(conversion()), { duplicate: false });
      assert.deepEqual(await repo.recordConversion(conversion({ publicAddress: "0xother" })), { duplicate: true });
      assert.deepEqual(await repo.recordConversion(conversion({ chainId: 31337 })), { duplicate: false });
      const found = await repo.findConversion(31338, "0x" + "11".repeat(32));
      assert.equal(found?.publicAddress, "0xabc");
      assert.equal(await repo.countConversions(), 2);
    });

    void maybe("card session stored", async () => {
      await repo.recordCardSession({
        clickId: "11111111-1111-4111-8111-111111111111",
        address: "0xabc",
        tokenAmount: "100",
        stake: true,
        chainId: 31338,
        scAddress: "0xdef",
        ethNeededWei: "1000",
        commodityAmount: "0.00000001",
      });
      assert.equal(await repo.countCardSessions(), 1);
    });

    void maybe("data survives a restart", async () => {
      await repo.close();
      repo = await store.open();
      assert.deepEqual(await repo.migrate(), []);
      assert.equal(
        (await repo.getOrCreateReferral("0xaaa", undefined, () => "zzzzzzzzzz")).referral.code,
        "code000001",
      );
      assert.equal(await repo.countLeads(), 5);
      assert.equal(await repo.countConversions(), 2);
      assert.equal(await repo.countCardSessions(), 1);
    });
  });
}

void describe("the API on PostgreSQL (DATABASE_URL)", () => {
  void test("referral and lead through HTTP, kept across a restart of the server", async (t) => {
    if (pgSkip) return t.skip(pgSkip);
    const url = await pgServer!.newDatabase();
    const wallet = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
    const a = await makeApp({ DATABASE_URL: url });
    assert.equal(a.repo.kind, "postgres");
    const r1 = await a.app.inject({ method: "POST", url: "/api/referral", ...json({ walletAddress: wallet }) });
    assert.equal(r1.statusCode, 201);
    assert.equal(
      (
        await a.app.inject({
          method: "POST",
          url: "/api/track/lead",
          ...json(await signedLead({ attribution: { clickId: "pg" } })),
        })
      ).statusCode,
      201,
    );
    assert.equal((await a.app.inject("/readyz")).json<ReadyBody>().db, "postgres");
    await a.close();
    const b = await makeApp({ DATABASE_URL: url });
    try {
      const r2 = await b.app.inject({ method: "POST", url: "/api/referral", ...json({ walletAddress: wallet }) });
      assert.equal(r2.statusCode, 200);
      assert.equal(r2.json<ReferralBody>().data.url, r1.json<ReferralBody>().data.url);
      assert.equal(
        (
          await b.app.inject({
            method: "POST",
            url: "/api/track/lead",
            ...json(await signedLead({ attribution: { clickId: "pg" } })),
          })
        ).json<RecordedBody>().data.status,
        "duplicate",
      );
    } finally {
      await b.close();
    }
  });
});

void describe("PostgreSQL failures", () => {
  void test("a NUL character in a text field is a 400 (PostgreSQL refuses NUL in TEXT), not a 500", async (t) => {
    if (pgSkip) return t.skip(pgSkip);
    const a = await makeApp({ DATABASE_URL: await pgServer!.newDatabase() });
    try {
      const r = await a.app.inject({
        method: "POST",
        url: "/api/track/lead",
        ...json({ walletAddress: "0x90F79bf6EB2c4f870365E785982E1f101E93b906", clickId: "a\u0000b" }),
      });
      assert.equal(r.statusCode, 400, r.body);
      assert.equal(r.json<ErrorBody>().error, "invalid_input");
      assert.equal(await a.repo.countLeads(), 0);
    } finally {
      await a.close();
    }
  });

  void test("PostgreSQL frozen (SIGSTOP): writes answer 503 db_unavailable within DB_TIMEOUT_MS, and it recovers", async (t) => {
    if (pgSkip || !pgServer?.freeze) return t.skip(pgSkip || "an external DATABASE_URL cannot be frozen");
    const a = await makeApp({ DATABASE_URL: await pgServer.newDatabase(), DB_TIMEOUT_MS: "800" });
    const referral = () =>
      a.app.inject({
        method: "POST",
        url: "/api/referral",
        ...json({ walletAddress: "0x90F79bf6EB2c4f870365E785982E1f101E93b906" }),
      });
    try {
      assert.ok((await referral()).statusCode < 300);
      pgServer.freeze(true);
      try {
        const started = performance.now();
        const r = await referral();
        const ms = performance.now() - started;
        assert.equal(r.statusCode, 503, r.body);
        assert.equal(r.json<ErrorBody>().error, "db_unavailable");
        assert.ok(ms < 3000, `answered after ${Math.round(ms)} ms`);
      } finally {
        pgServer.freeze(false);
      }
      let ok = false;
      for (let i = 0; i < 30 && !ok; i++) {
        ok = (await referral()).statusCode < 300;
        if (!ok) await new Promise((r) => setTimeout(r, 200));
      }
      assert.ok(ok, "writes pass again once the server answers, without a restart");
    } finally {
      await a.close();
    }
  });

  void test("PostgreSQL down: writes answer 503 db_unavailable with retry-after, logged once per interval", async () => {
    const port = await freePort(); // nothing listens there
    const config = await loadConfig({
      NODE_ENV: "test",
      SITE_ORIGIN: "http://127.0.0.1:5173",
      DEPLOYMENTS_DIR: tmp,
      RPC_URL_31338: "http://127.0.0.1:9",
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/x`,
    });
    const repo = new PostgresRepository(config.database.url!, { max: 2 });
    const lines: string[] = [];
    const app = await buildApp(
      { config, repo, chains: new Chains(config) },
      { logger: { level: "info", stream: { write: (l: string) => void lines.push(l) } } },
    );
    try {
      for (let i = 0; i < 20; i++) {
        const r = await app.inject({
          method: "POST",
          url: "/api/referral",
          ...json({ walletAddress: "0x90F79bf6EB2c4f870365E785982E1f101E93b906" }),
        });
        assert.equal(r.statusCode, 503, r.body);
        assert.equal(r.json<ErrorBody>().error, "db_unavailable");
        assert.ok(Number(r.headers["retry-after"]) > 0);
      }
      const logged = lines.map((l) => logLine(l)).filter((l) => l.level >= 40);
      assert.equal(logged.length, 1, JSON.stringify(logged));
    } finally {
      await app.close();
      await repo.close();
    }
  });
});
