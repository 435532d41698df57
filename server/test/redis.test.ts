/** REDIS_URL: several server instances share one rate limit through a real redis-server. */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { json, makeApp, type ErrorBody, type ReadyBody, type TestApp } from "./helpers/app.ts";
import { startRedis, type TestRedis } from "./helpers/redis.ts";

const WALLET = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

let redis: TestRedis | undefined;
let skip: string | false = false;
before(async () => {
  const r = await startRedis();
  if ("skip" in r) skip = r.skip;
  else redis = r;
});
after(async () => redis?.stop());

/** `n` requests from one client IP, alternating between the instances; the status codes in order. */
async function alternate(apps: TestApp[], n: number, ip: string): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await apps[i % apps.length].app.inject({
      method: "POST",
      url: "/api/referral",
      remoteAddress: ip,
      ...json({ walletAddress: WALLET }),
    });
    codes.push(r.statusCode);
  }
  return codes;
}

void describe("rate limit across instances", () => {
  void test("without REDIS_URL each instance counts alone: two instances let twice the limit through", async () => {
    const apps = [await makeApp({ RATE_LIMIT_MAX: "4" }), await makeApp({ RATE_LIMIT_MAX: "4" })];
    try {
      const codes = await alternate(apps, 10, "198.51.100.20");
      assert.equal(codes.filter((c) => c < 300).length, 8);
    } finally {
      for (const a of apps) await a.close();
    }
  });

  void test("with REDIS_URL two instances share one limit: the 5th request of a client is refused whichever instance gets it", async (t) => {
    if (skip) return t.skip(skip);
    const env = { RATE_LIMIT_MAX: "4", REDIS_URL: redis!.url };
    const apps = [await makeApp(env), await makeApp(env)];
    try {
      const codes = await alternate(apps, 10, "198.51.100.21");
      assert.deepEqual(
        codes.map((c) => (c < 300 ? "ok" : c)),
        ["ok", "ok", "ok", "ok", 429, 429, 429, 429, 429, 429],
      );
      const limited = await apps[1].app.inject({
        method: "POST",
        url: "/api/referral",
        remoteAddress: "198.51.100.21",
        ...json({ walletAddress: WALLET }),
      });
      assert.ok(Number(limited.headers["retry-after"]) > 0);
      // Another client still has its own budget.
      assert.equal((await alternate(apps, 1, "198.51.100.22"))[0] < 300, true);
      const ready = await apps[0].app.inject("/readyz");
      assert.equal(ready.json<ReadyBody>().checks.redis, "ok");
    } finally {
      for (const a of apps) await a.close();
    }
  });

  void test("Redis down: requests answer 503 rate_limit_unavailable with retry-after (not 500), readyz says so", async (t) => {
    if (skip) return t.skip(skip);
    const own = await startRedis();
    if ("skip" in own) return t.skip(own.skip);
    const a = await makeApp({ RATE_LIMIT_MAX: "4", REDIS_URL: own.url });
    try {
      assert.ok((await alternate([a], 1, "198.51.100.23"))[0] < 300);
      await own.stop();
      const r = await a.app.inject({
        method: "POST",
        url: "/api/referral",
        remoteAddress: "198.51.100.23",
        ...json({ walletAddress: WALLET }),
      });
      assert.equal(r.statusCode, 503, r.body);
      assert.equal(r.json<ErrorBody>().error, "rate_limit_unavailable");
      assert.ok(Number(r.headers["retry-after"]) > 0);
      assert.equal((await a.app.inject("/readyz")).json<ReadyBody>().checks.redis, "unavailable");
    } finally {
      await a.close();
    }
  });

  void test(
    "Redis frozen (SIGSTOP): requests answer 503 rate_limit_unavailable within 1 s instead of hanging; it recovers on SIGCONT",
    { timeout: 20_000 },
    async (t) => {
      if (skip) return t.skip(skip);
      const own = await startRedis();
      if ("skip" in own) return t.skip(own.skip);
      const a = await makeApp({ RATE_LIMIT_MAX: "50", REDIS_URL: own.url });
      try {
        assert.ok((await alternate([a], 1, "198.51.100.24"))[0] < 300);
        own.freeze();
        for (let i = 0; i < 3; i++) {
          const started = performance.now();
          const r = await a.app.inject({
            method: "POST",
            url: "/api/referral",
            remoteAddress: "198.51.100.24",
            ...json({ walletAddress: WALLET }),
          });
          const ms = performance.now() - started;
          assert.equal(r.statusCode, 503, r.body);
          assert.equal(r.json<ErrorBody>().error, "rate_limit_unavailable");
          assert.ok(Number(r.headers["retry-after"]) > 0);
          assert.ok(ms < 1000, `answered after ${Math.round(ms)} ms`);
        }
        own.resume();
        let recovered = false;
        for (let i = 0; i < 20 && !recovered; i++) {
          recovered = (await alternate([a], 1, "198.51.100.24"))[0] < 300;
          if (!recovered) await new Promise((r) => setTimeout(r, 100));
        }
        assert.ok(recovered, "requests pass again once Redis answers, without a restart");
      } finally {
        await a.close();
        await own.stop();
      }
    },
  );
});
